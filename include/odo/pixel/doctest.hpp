#pragma once
// doctest assertions over pixel comparisons. Each takes either views (and an optional
// Tolerance) or a CompareResult, e.g. one returned by EvidenceLog::record or device_compare:
//
//   ODO_CHECK_PIXELS(output, reference);                        // default tolerance of the type
//   ODO_CHECK_PIXELS(output, reference, Tolerance::absolute(1));
//   ODO_REQUIRE_PIXELS(evidence.record("u8 HWC pitched", compare(output, reference)));
//   ODO_PIXEL_EVIDENCE(evidence);                               // prints the checklist line
//
// A failure names the arguments as written and prints the full mismatch report as its values:
//
//   test_flip.cpp(12): ERROR: CHECK( output, reference ) is NOT correct!
//     values: CHECK( Pixels are not equal
//     ...
//
// The report is computed only on failure. This header is light; the comparison and the report
// are compiled in one translation unit of the test executable, e.g. doctest's main:
//
//   #define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
//   #define ODO_PIXEL_IMPLEMENT
//   #include <odo/pixel/doctest.hpp>
#include "odo/pixel/compare.hpp"
#include "odo/pixel/detail/check_arguments.hpp"
#include "odo/pixel/evidence.hpp"
#include "odo/pixel/report.hpp"

#include <doctest/doctest.h>

namespace odo::pixel::doctest_detail {

// Takes a check's report as the values doctest prints for it.
inline void take_report(void* builder, const char* report) {
    static_cast<doctest::detail::ResultBuilder*>(builder)->m_decomp = report;
}

// Fills in what doctest reports for one check: whether it failed, and the report as its values
// (also under --success, which prints passing checks). The comparison and the report run in the
// ODO_PIXEL_IMPLEMENT translation unit.
inline void judge(doctest::detail::ResultBuilder& builder,
                  const detail::CheckArguments& arguments) {
    builder.m_failed = !detail::check_pixels(arguments, doctest::getContextOptions()->success,
                                             take_report, &builder);
}

} // namespace odo::pixel::doctest_detail

// doctest's own assertion steps (ResultBuilder, log, react), with the stringized arguments as the
// expression, so the failure header shows what the test wrote.
#define ODO_PIXEL_DOCTEST_ASSERT(assert_type, ...)                                                 \
    do {                                                                                           \
        doctest::detail::ResultBuilder DOCTEST_RB(doctest::assertType::assert_type, __FILE__,      \
                                                  __LINE__, #__VA_ARGS__);                         \
        DOCTEST_WRAP_IN_TRY(::odo::pixel::doctest_detail::judge(                                   \
            DOCTEST_RB, ::odo::pixel::detail::check_arguments(__VA_ARGS__)))                       \
        if (DOCTEST_RB.log())                                                                      \
            DOCTEST_BREAK_INTO_DEBUGGER();                                                         \
        DOCTEST_RB.react();                                                                        \
    } while (false)

#define ODO_CHECK_PIXELS(...) ODO_PIXEL_DOCTEST_ASSERT(DT_CHECK, __VA_ARGS__)
#define ODO_REQUIRE_PIXELS(...) ODO_PIXEL_DOCTEST_ASSERT(DT_REQUIRE, __VA_ARGS__)
#define ODO_WARN_PIXELS(...) ODO_PIXEL_DOCTEST_ASSERT(DT_WARN, __VA_ARGS__)
