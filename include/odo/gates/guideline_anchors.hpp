#pragma once
// The headings of the optimization guideline (the layout's `guidelines.optimization`) that the
// gates cite, in one list: an op library's guide needs a heading for each, and
// docs/evidence.md#guideline-anchors lists them (tests/unit/docs pins that list to this one).
#include <array>
#include <string_view>

namespace odo::gates {

inline constexpr std::string_view survey_anchor = "#survey-and-scope"; // PRE-5
inline constexpr std::string_view coverage_anchor =
    "#establish-coverage-and-baseline";                                  // PRE-1/2/3/6
inline constexpr std::string_view profiling_anchor = "#profiling";       // PRE-4
inline constexpr std::string_view golden_rules_anchor = "#golden-rules"; // ODO-7

inline constexpr std::array<std::string_view, 4> optimization_guideline_anchors = {
    survey_anchor, coverage_anchor, profiling_anchor, golden_rules_anchor};

} // namespace odo::gates
