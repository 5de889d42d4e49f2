#pragma once
// The fixed text of the v1 block (summary.md §2.1): headings, explanations, table headers,
// status phrases. Render, parse and validate share these so the three cannot drift apart.
#include "odo/core/linkage.hpp"
#include "odo/summary/metadata.hpp"

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace odo::summary {

inline constexpr std::array<std::string_view, 5> section_headings{
    "Scope", "Impact", "Layout comparison", "Evidence checklist", "Top learnings"};

#if ODO_SUMMARY_DEFINITIONS
inline std::string title_heading(std::string_view operator_name) {
    return std::string(operator_name) + " optimization summary";
}
#endif // ODO_SUMMARY_DEFINITIONS

inline constexpr std::string_view final_status = "Final reference-hardware evidence";
inline constexpr std::string_view provisional_status = "Provisional local evidence";

constexpr std::string_view status_phrase(State s) noexcept {
    return s == State::Final ? final_status : provisional_status;
}

inline constexpr std::string_view middle_dot = "\xC2\xB7";                   // U+00B7
inline constexpr std::string_view microseconds = " \xC2\xB5s";               // U+00B5 MICRO SIGN
inline constexpr std::string_view warning_sign = "\xE2\x9A\xA0\xEF\xB8\x8F"; // U+26A0 U+FE0F

inline constexpr std::string_view local_gpu_marker = "Non-reference local GPU";

inline constexpr std::string_view bottleneck_prefix = "**Primary bottleneck: ";
inline constexpr std::string_view count_prefix = "**Configurations optimized:** ";
inline constexpr std::string_view categories_label = "**Optimized categories:**";

inline constexpr std::string_view cpp_time_explanation =
    "Speedup is `before / after`; `2.00x` means twice as fast.";
inline constexpr std::string_view python_overhead_explanation =
    "Python overhead is `gpu_time_us_python - gpu_time_us_cpp`; reduction is `before - after`, "
    "so positive values mean less overhead.";
inline constexpr std::string_view layout_explanation =
    "Timing ratio is `numerator / Planar`; values above `1.00x` mean Planar is faster.";

inline constexpr std::string_view na_stats =
    "n/a \xE2\x80\x94 no matched equivalent configurations";

constexpr std::string_view impact_explanation(ImpactMetric m) noexcept {
    return m == ImpactMetric::CppTime ? cpp_time_explanation : python_overhead_explanation;
}

#if ODO_SUMMARY_DEFINITIONS
inline std::vector<std::string> impact_header(ImpactMetric m) {
    if (m == ImpactMetric::CppTime)
        return {"SKU", "Configuration scope", "Configurations", "Min", "Median", "Max"};
    return {"SKU",
            "Configuration scope",
            "Configurations",
            "Before min / median / max",
            "After min / median / max",
            "Reduction min / median / max"};
}

inline std::vector<std::string> layout_header() {
    return {"SKU", "Comparison", "Before min / median / max", "After min / median / max"};
}
#endif // ODO_SUMMARY_DEFINITIONS

inline constexpr std::string_view impact_separator = "|---|---|---:|---:|---:|---:|";
inline constexpr std::string_view layout_separator = "|---|---|---:|---:|";

} // namespace odo::summary
