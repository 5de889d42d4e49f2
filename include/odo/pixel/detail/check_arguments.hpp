#pragma once

// What a check macro's arguments stand for, whichever test framework checks them: views (and a
// tolerance) are compared, a CompareResult is taken as it is. The macros hand them to
// check_pixels(), compiled once with the comparison (ODO_PIXEL_IMPLEMENT), so that a test's own
// translation unit neither builds nor destroys a CompareResult nor a report string: it compiles
// only the call.
namespace odo::pixel {

struct CompareResult;
struct TensorView;
struct Tolerance;
struct VarShapeView;

} // namespace odo::pixel

namespace odo::pixel::detail {

// The addresses of a check's arguments. They are read while the check's full expression runs,
// where every argument, temporaries included, is still alive.
struct CheckArguments {
    const CompareResult* result = nullptr; // given: checked as it is
    const TensorView* output = nullptr;    // or two views to compare
    const TensorView* reference = nullptr;
    const VarShapeView* batch_output = nullptr; // or two VarShape batches
    const VarShapeView* batch_reference = nullptr;
    const Tolerance* tolerance = nullptr; // null: the element type's default
};

inline CheckArguments check_arguments(const CompareResult& result) noexcept {
    CheckArguments arguments;
    arguments.result = &result;
    return arguments;
}

inline CheckArguments check_arguments(const TensorView& output,
                                      const TensorView& reference) noexcept {
    CheckArguments arguments;
    arguments.output = &output;
    arguments.reference = &reference;
    return arguments;
}

inline CheckArguments check_arguments(const TensorView& output, const TensorView& reference,
                                      const Tolerance& tolerance) noexcept {
    CheckArguments arguments = check_arguments(output, reference);
    arguments.tolerance = &tolerance;
    return arguments;
}

inline CheckArguments check_arguments(const VarShapeView& output,
                                      const VarShapeView& reference) noexcept {
    CheckArguments arguments;
    arguments.batch_output = &output;
    arguments.batch_reference = &reference;
    return arguments;
}

inline CheckArguments check_arguments(const VarShapeView& output, const VarShapeView& reference,
                                      const Tolerance& tolerance) noexcept {
    CheckArguments arguments = check_arguments(output, reference);
    arguments.tolerance = &tolerance;
    return arguments;
}

// Receives the report of a check (format_report's text) while the check runs; `context` is the
// pointer the caller passed along, e.g. the framework's assertion.
using ReportSink = void (*)(void* context, const char* report);

// Compares the arguments (or takes the given result) and returns whether the check passed. The
// report is computed only when the check failed, or also on a pass when `report_on_pass`, and is
// handed to `sink`.
bool check_pixels(const CheckArguments& arguments, bool report_on_pass, ReportSink sink,
                  void* context);

} // namespace odo::pixel::detail
