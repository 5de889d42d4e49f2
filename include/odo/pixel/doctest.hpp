#pragma once
#include "odo/pixel/compare.hpp"
#include "odo/pixel/evidence.hpp"
#include "odo/pixel/report.hpp"

#include <doctest/doctest.h>

#include <iostream>

// doctest assertions over pixel comparisons. Each takes either views (and an optional
// Tolerance) or a CompareResult, e.g. one returned by EvidenceLog::record or device_compare:
//
//   ODO_CHECK_PIXELS(output, reference);                        // default tolerance of the type
//   ODO_CHECK_PIXELS(output, reference, Tolerance::absolute(1));
//   ODO_REQUIRE_PIXELS(evidence.record("u8 HWC pitched", compare(output, reference)));
//   ODO_PIXEL_EVIDENCE(evidence);                               // prints the checklist line
//
// A failure prints the full mismatch report. The report is computed only on failure.
namespace odo::pixel::doctest_detail {

inline const CompareResult& result_of(const CompareResult& result) {
    return result;
}

inline CompareResult result_of(const TensorView& output, const TensorView& reference) {
    return compare(output, reference);
}

inline CompareResult result_of(const TensorView& output, const TensorView& reference,
                               const Tolerance& tolerance) {
    return compare(output, reference, tolerance);
}

inline CompareResult result_of(const VarShapeView& output, const VarShapeView& reference) {
    return compare(output, reference);
}

inline CompareResult result_of(const VarShapeView& output, const VarShapeView& reference,
                               const Tolerance& tolerance) {
    return compare(output, reference, tolerance);
}

// The line goes to stdout on its own, so it can be pasted as it is into the MR description.
inline void print_evidence(const EvidenceLog& log) {
    std::cout << log.checklist_line() << std::endl;
}

} // namespace odo::pixel::doctest_detail

// The condition's name is what doctest prints: "CHECK( pixels_match_reference ) is NOT correct!"
// The result is copied: the argument may be a temporary, or a reference to one, as
// EvidenceLog::record returns.
#define ODO_PIXEL_ASSERT_IMPL(doctest_check, ...)                                                  \
    do {                                                                                           \
        const ::odo::pixel::CompareResult odo_pixel_result =                                       \
            ::odo::pixel::doctest_detail::result_of(__VA_ARGS__);                                  \
        const bool pixels_match_reference = odo_pixel_result.passed();                             \
        doctest_check(pixels_match_reference, ::odo::pixel::format_report(odo_pixel_result));      \
    } while (false)

#define ODO_CHECK_PIXELS(...) ODO_PIXEL_ASSERT_IMPL(DOCTEST_CHECK_MESSAGE, __VA_ARGS__)
#define ODO_REQUIRE_PIXELS(...) ODO_PIXEL_ASSERT_IMPL(DOCTEST_REQUIRE_MESSAGE, __VA_ARGS__)
#define ODO_WARN_PIXELS(...) ODO_PIXEL_ASSERT_IMPL(DOCTEST_WARN_MESSAGE, __VA_ARGS__)

#define ODO_PIXEL_EVIDENCE(log) ::odo::pixel::doctest_detail::print_evidence(log)
