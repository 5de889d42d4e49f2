#pragma once
#include "odo/baseline/compare.hpp"
#include "odo/baseline/detail/median.hpp"
#include "odo/baseline/detail/number_text.hpp"
#include "odo/baseline/row_label.hpp"
#include "odo/core/junit.hpp"
#include "odo/core/linkage.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace odo::baseline {

// "matched=N regressions=N improvements=N missing=N new=N missing_sku=N".
ODO_API std::string compare_counts_line(const CompareResult& r);
#if ODO_BASELINE_DEFINITIONS
ODO_API std::string compare_counts_line(const CompareResult& r) {
    return "matched=" + std::to_string(r.matched()) +
           " regressions=" + std::to_string(r.count(CompareClass::Regression)) +
           " improvements=" + std::to_string(r.count(CompareClass::UnexpectedImprovement)) +
           " missing=" + std::to_string(r.count(CompareClass::MissingInCurrent)) +
           " new=" + std::to_string(r.count(CompareClass::NewInCurrent)) +
           " missing_sku=" + std::to_string(r.count(CompareClass::MissingSku));
}
#endif // ODO_BASELINE_DEFINITIONS

namespace detail {

#if ODO_BASELINE_DEFINITIONS
inline std::string compare_row_text(const CompareRow& row) {
    std::string out = case_label(row.config_key, row.language, row.case_key) + " -- ";
    if (!row.matched())
        return out + row.reason;
    return out + signed_fixed(row.delta_pct, 2) + "% (" + fixed(row.base->time_us, 2) + " -> " +
           fixed(row.current->time_us, 2) + " us)";
}

inline std::string cannot_tell_text(const CompareRow& row) {
    return compare_row_text(row) + " -- " +
           (row.band.thin_evidence.empty()
                ? "noise band " + signed_fixed(row.band.low_pct, 2) + "% .. " +
                      signed_fixed(row.band.high_pct, 2) + "% reaches a limit"
                : row.band.thin_evidence);
}

inline std::string abs_delta_lines(const CompareResult& r) {
    std::vector<double> all, flagged;
    for (const CompareRow& row : r.rows)
        if (row.matched()) {
            all.push_back(std::fabs(row.delta_pct));
            if (row.flagged())
                flagged.push_back(std::fabs(row.delta_pct));
        }
    if (all.empty())
        return "";
    std::string out = "- all-rows |Delta|: median " + fixed(median(all), 2) + "%, max " +
                      fixed(*std::max_element(all.begin(), all.end()), 2) + "%\n";
    if (!flagged.empty())
        out += "- flagged |Delta|: min " +
               fixed(*std::min_element(flagged.begin(), flagged.end()), 2) + "%, median " +
               fixed(median(flagged), 2) + "%, max " +
               fixed(*std::max_element(flagged.begin(), flagged.end()), 2) + "%\n";
    return out;
}

inline std::string verdict_line(const CompareResult& r) {
    std::array<std::size_t, 4> counts{};
    for (const CompareRow& row : r.rows)
        if (row.matched())
            ++counts[std::size_t(row.verdict)];
    return "- Verdicts (noise band ±" + general3(r.options.band_sigmas) + " standard errors): " +
           "faster=" + std::to_string(counts[std::size_t(ChangeVerdict::Faster)]) +
           " same=" + std::to_string(counts[std::size_t(ChangeVerdict::Same)]) +
           " slower=" + std::to_string(counts[std::size_t(ChangeVerdict::Slower)]) +
           " cannot_tell=" + std::to_string(counts[std::size_t(ChangeVerdict::CannotTell)]) + "\n";
}
#endif // ODO_BASELINE_DEFINITIONS

template <class Select, class Text>
std::string section(const CompareResult& r, std::string_view title, Select select, Text text,
                    std::size_t cap) {
    std::string out = "\n## " + std::string(title) + "\n\n";
    std::size_t shown = 0, total = 0;
    for (const CompareRow& row : r.rows)
        if (select(row) && ++total <= cap) {
            out += "- " + text(row) + "\n";
            ++shown;
        }
    if (total == 0)
        out += "_none_\n";
    else if (shown < total)
        out += "- … " + std::to_string(total - shown) + " more\n";
    return out;
}

} // namespace detail

// The JUnit report: one suite per SKU, one failing test case per flagged row.
ODO_API std::string render_compare_junit(const CompareResult& r);
// The Markdown report of a comparison (§5.4) plus odo's verdict line and "Cannot tell" section.
// `cap` limits the rows of each section.
ODO_API std::string
render_compare_markdown(const CompareResult& r, const std::string& baseline_source,
                        const std::string& current_source,
                        std::size_t cap = std::numeric_limits<std::size_t>::max());
#if ODO_BASELINE_DEFINITIONS
ODO_API std::string render_compare_markdown(const CompareResult& r,
                                            const std::string& baseline_source,
                                            const std::string& current_source, std::size_t cap) {
    std::string out = "# Performance regression report -- " + r.sku + "\n\n";
    out += "- Baseline: " + baseline_source + "\n";
    out += "- Current: " + current_source + "\n";
    out += "- Thresholds: regression > " + detail::general3(r.options.regression) +
           ", improvement > " + detail::general3(r.options.improvement) + "\n";
    out += "- Counts: " + compare_counts_line(r) + "\n";
    out += detail::abs_delta_lines(r) + detail::verdict_line(r);
    const std::array<std::pair<CompareClass, std::string_view>, 5> sections{{
        {CompareClass::Regression, "Regressions"},
        {CompareClass::UnexpectedImprovement, "Unexpected improvements"},
        {CompareClass::MissingInCurrent, "Missing in current"},
        {CompareClass::NewInCurrent, "New in current"},
        {CompareClass::MissingSku, "Missing SKU"},
    }};
    for (const auto& [kind, title] : sections)
        out += detail::section(
            r, title, [kind = kind](const CompareRow& row) { return row.kind == kind; },
            detail::compare_row_text, cap);
    out += detail::section(
        r, "Cannot tell",
        [](const CompareRow& row) {
            return row.matched() && !row.flagged() && row.verdict == ChangeVerdict::CannotTell;
        },
        detail::cannot_tell_text, cap);
    return out;
}

ODO_API std::string render_compare_junit(const CompareResult& r) {
    const std::size_t tests = r.matched() + r.count(CompareClass::MissingInCurrent) +
                              r.count(CompareClass::NewInCurrent) +
                              r.count(CompareClass::MissingSku);
    std::string out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<testsuite name=\"" +
                      odo::detail::xml_text("cvcuda.perf_regression." + r.sku, true) +
                      "\" tests=\"" + std::to_string(tests) + "\" failures=\"" +
                      std::to_string(r.flagged()) + "\" errors=\"0\">\n";
    for (const CompareRow& row : r.rows)
        if (row.flagged())
            out += "  <testcase classname=\"cvcuda.perf." + std::string(junit_name(row.kind)) +
                   "\" name=\"" +
                   odo::detail::xml_text(case_label(row.config_key, row.language, row.case_key),
                                         true) +
                   "\">\n    <failure message=\"" +
                   odo::detail::xml_text(detail::compare_row_text(row), true) +
                   "\"/>\n  </testcase>\n";
    return out + "</testsuite>\n";
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
