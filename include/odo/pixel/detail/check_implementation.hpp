#pragma once
// check_pixels()'s definition, compiled in the one translation unit that defines
// ODO_PIXEL_IMPLEMENT (see odo/pixel/compare.hpp). Deliberately not inline: a second implementing
// translation unit is a link error, not a silent duplicate.
#include "odo/pixel/detail/check_arguments.hpp"
#include "odo/pixel/detail/compare_implementation.hpp" // compare(), defined before its use here
#include "odo/pixel/report.hpp"
#include "odo/pixel/result.hpp"
#include "odo/pixel/tolerance.hpp"
#include "odo/pixel/varshape.hpp"
#include "odo/pixel/view.hpp"

#include <string>

namespace odo::pixel::detail {

// The comparison the arguments name, when they are views or batches rather than a result.
inline CompareResult compare_arguments(const CheckArguments& a) {
    if (a.output != nullptr)
        return a.tolerance != nullptr ? compare(*a.output, *a.reference, *a.tolerance)
                                      : compare(*a.output, *a.reference);
    return a.tolerance != nullptr ? compare(*a.batch_output, *a.batch_reference, *a.tolerance)
                                  : compare(*a.batch_output, *a.batch_reference);
}

inline bool check_result(const CompareResult& result, bool report_on_pass, ReportSink sink,
                         void* context) {
    const bool passed = result.passed();
    if (!passed || report_on_pass)
        sink(context, format_report(result).c_str());
    return passed;
}

bool check_pixels(const CheckArguments& arguments, bool report_on_pass, ReportSink sink,
                  void* context) {
    if (arguments.result != nullptr)
        return check_result(*arguments.result, report_on_pass, sink, context);
    return check_result(compare_arguments(arguments), report_on_pass, sink, context);
}

} // namespace odo::pixel::detail
