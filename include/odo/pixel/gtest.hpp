#pragma once
// GoogleTest assertions over pixel comparisons, the same as odo/pixel/doctest.hpp's. Each takes
// either views (and an optional Tolerance) or a CompareResult, e.g. one returned by
// EvidenceLog::record or device_compare; more text can be streamed in, as with EXPECT_TRUE:
//
//   ODO_EXPECT_PIXELS(output, reference);                       // default tolerance of the type
//   ODO_EXPECT_PIXELS(output, reference, Tolerance::absolute(1)) << "variant " << name;
//   ODO_ASSERT_PIXELS(evidence.record("u8 HWC pitched", compare(output, reference)));
//   ODO_PIXEL_EVIDENCE(evidence);                               // prints the checklist line
//
// A failure names the check as written, then prints the full mismatch report:
//
//   test_flip.cpp:12: Failure
//   ODO_EXPECT_PIXELS(output, reference)
//   Pixels are not equal
//   ...
//
// The report is computed only on failure. This header is light; the comparison and the report
// are compiled in one translation unit of the test executable, which defines ODO_PIXEL_IMPLEMENT
// before including it (it may be the one with main, or any test source).
#include "odo/pixel/compare.hpp"
#include "odo/pixel/detail/check_arguments.hpp"
#include "odo/pixel/evidence.hpp"
#include "odo/pixel/report.hpp"

#include <gtest/gtest.h>

#include <string>

namespace odo::pixel::gtest_detail {

inline void take_report(void* text, const char* report) {
    *static_cast<std::string*>(text) = report;
}

// `check` is the assertion as the test wrote it, e.g. "ODO_EXPECT_PIXELS(output, reference)".
// The comparison and the report run in the ODO_PIXEL_IMPLEMENT translation unit.
inline ::testing::AssertionResult judge(const char* check,
                                        const detail::CheckArguments& arguments) {
    std::string report;
    if (detail::check_pixels(arguments, false, take_report, &report))
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << check << "\n" << report;
}

} // namespace odo::pixel::gtest_detail

#define ODO_PIXEL_GTEST_ASSERT(macro, on_failure, ...)                                             \
    GTEST_ASSERT_(                                                                                 \
        ::odo::pixel::gtest_detail::judge(#macro "(" #__VA_ARGS__ ")",                             \
                                          ::odo::pixel::detail::check_arguments(__VA_ARGS__)),     \
        on_failure)

#define ODO_EXPECT_PIXELS(...)                                                                     \
    ODO_PIXEL_GTEST_ASSERT(ODO_EXPECT_PIXELS, GTEST_NONFATAL_FAILURE_, __VA_ARGS__)
#define ODO_ASSERT_PIXELS(...)                                                                     \
    ODO_PIXEL_GTEST_ASSERT(ODO_ASSERT_PIXELS, GTEST_FATAL_FAILURE_, __VA_ARGS__)
