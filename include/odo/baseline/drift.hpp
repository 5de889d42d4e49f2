#pragma once
#include "odo/baseline/artifact.hpp"
#include "odo/baseline/detail/median.hpp"
#include "odo/baseline/detail/number_text.hpp"
#include "odo/core/json_write.hpp"
#include "odo/core/linkage.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace odo::baseline {

// bench_drift's knobs (bench-harness.md §5.6, §8).
struct DriftOptions {
    double recent_fraction = 0.3; // the newest part of each series, in (0, 1)
    std::size_t min_samples = 8;  // per half; a series needs twice as many
    double sigma = 4.0;           // robust sigmas a shift must reach
    double min_shift_pct = 2.0;   // smaller shifts are ignored
    double large_shift_pct = 8.0; // from here on a shift is "likely a landed change"
    bool any_run_context = false; // also read artifacts that are not nightly runs
};

inline constexpr double mad_to_sigma = 1.4826;

// A (config, case, SKU) whose recent nightly C++ times moved away from the earlier ones.
struct DriftFinding {
    std::string config_key;
    std::string case_key;
    std::string sku;
    double baseline_us = 0; // median of the earlier part
    double recent_us = 0;   // median of the recent part
    double shift_pct = 0;
    double spread_pct = 0; // robust spread of the earlier part, percent of its median
    double sigmas = 0;
    std::size_t n_baseline = 0;
    std::size_t n_recent = 0;
};

struct DriftReport {
    DriftOptions options;
    std::size_t artifacts = 0;          // read
    std::size_t artifacts_used = 0;     // after the nightly filter
    std::size_t series = 0;             // long enough to analyse
    std::size_t short_series = 0;       // skipped: fewer than 2 · min_samples points
    std::vector<DriftFinding> findings; // by descending sigmas

    bool large(const DriftFinding& f) const {
        return std::fabs(f.shift_pct) >= options.large_shift_pct;
    }
};

namespace detail {

#if ODO_BASELINE_DEFINITIONS
inline std::optional<DriftFinding> drift_of(const std::vector<double>& series,
                                            const DriftOptions& o) {
    const std::size_t n = series.size();
    const std::size_t split =
        std::max(o.min_samples, std::size_t(std::floor(double(n) * (1.0 - o.recent_fraction))));
    if (split < o.min_samples || n - std::min(split, n) < o.min_samples)
        return std::nullopt;
    const std::vector<double> head(series.begin(), series.begin() + std::ptrdiff_t(split));
    const std::vector<double> tail(series.begin() + std::ptrdiff_t(split), series.end());
    DriftFinding f;
    f.baseline_us = median(head);
    f.recent_us = median(tail);
    f.shift_pct = (f.recent_us / f.baseline_us - 1.0) * 100.0;
    if (std::fabs(f.shift_pct) < o.min_shift_pct)
        return std::nullopt;
    std::vector<double> deviations;
    for (double x : head)
        deviations.push_back(std::fabs(x - f.baseline_us));
    f.spread_pct = head.size() < 2 ? 0.0 : mad_to_sigma * median(deviations) / f.baseline_us * 100;
    f.sigmas = std::fabs(f.shift_pct) / std::max(f.spread_pct, o.min_shift_pct / o.sigma);
    if (f.sigmas < o.sigma)
        return std::nullopt;
    f.n_baseline = head.size();
    f.n_recent = tail.size();
    return f;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace detail

// Slow drift over a series of artifacts, in the order given (file order, not timestamps): per
// (config, case, SKU) the C++ times form a series whose earlier part's median is compared with
// the recent part's; a shift is reported when it is at least `min_shift_pct` and at least
// `sigma` robust spreads (1.4826 · MAD, floored at min_shift / sigma). Report only.
ODO_API DriftReport detect_drift(const std::vector<Artifact>& artifacts,
                                 const DriftOptions& o = {});
#if ODO_BASELINE_DEFINITIONS
ODO_API DriftReport detect_drift(const std::vector<Artifact>& artifacts, const DriftOptions& o) {
    DriftReport report{o, artifacts.size(), 0, 0, 0, {}};
    std::map<std::tuple<std::string, std::string, std::string>, std::vector<double>> series;
    for (const Artifact& artifact : artifacts) {
        if (!o.any_run_context && !artifact.is_nightly())
            continue;
        ++report.artifacts_used;
        for (const ArtifactRow& row : artifact.rows)
            if (row.metrics.cpp)
                series[{row.config_key, row.case_key, row.sku}].push_back(row.metrics.cpp->time_us);
    }
    for (const auto& [key, times] : series) {
        if (times.size() < 2 * o.min_samples) {
            ++report.short_series;
            continue;
        }
        ++report.series;
        if (auto f = detail::drift_of(times, o)) {
            std::tie(f->config_key, f->case_key, f->sku) = key;
            report.findings.push_back(*std::move(f));
        }
    }
    std::stable_sort(
        report.findings.begin(), report.findings.end(),
        [](const DriftFinding& a, const DriftFinding& b) { return a.sigmas > b.sigmas; });
    return report;
}
#endif // ODO_BASELINE_DEFINITIONS

namespace detail {

#if ODO_BASELINE_DEFINITIONS
inline std::string drift_table(const DriftReport& r, bool large) {
    std::string out = "| Shift | Was (us) | Now (us) | Spread | Sigmas | SKU | Case |\n"
                      "|---|---|---|---|---|---|---|\n";
    std::size_t rows = 0;
    for (const DriftFinding& f : r.findings)
        if (r.large(f) == large) {
            ++rows;
            out += "| " + signed_fixed(f.shift_pct, 2) + "% | " + fixed(f.baseline_us, 2) + " | " +
                   fixed(f.recent_us, 2) + " | " + fixed(f.spread_pct, 2) + "% | " +
                   fixed(f.sigmas, 1) + " | " + f.sku + " | " + f.case_key + " |\n";
        }
    return rows ? out : "_none_\n";
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace detail

// The findings as a JSON list (`--json-out`), two-space indented.
ODO_API std::string render_drift_json(const DriftReport& r);
ODO_API std::string render_drift_markdown(const DriftReport& r);
#if ODO_BASELINE_DEFINITIONS
ODO_API std::string render_drift_markdown(const DriftReport& r) {
    const auto large = std::size_t(std::count_if(
        r.findings.begin(), r.findings.end(), [&](const DriftFinding& f) { return r.large(f); }));
    return "# Benchmark drift report\n\n- Artifacts: " + std::to_string(r.artifacts_used) +
           " used of " + std::to_string(r.artifacts) +
           "\n- Series analysed: " + std::to_string(r.series) + " (" +
           std::to_string(r.short_series) +
           " too short)\n- Quiet drift: " + std::to_string(r.findings.size() - large) +
           "\n- Large shifts (>= " + detail::fixed(r.options.large_shift_pct, 1) +
           "%, likely a landed change): " + std::to_string(large) + "\n\n## Quiet drift\n\n" +
           detail::drift_table(r, false) + "\n## Large shifts\n\n" + detail::drift_table(r, true);
}

ODO_API std::string render_drift_json(const DriftReport& r) {
    boost::json::array findings;
    for (const DriftFinding& f : r.findings)
        findings.push_back(boost::json::object{{"config_key", f.config_key},
                                               {"case_key", f.case_key},
                                               {"sku", f.sku},
                                               {"baseline_us", f.baseline_us},
                                               {"recent_us", f.recent_us},
                                               {"shift_pct", f.shift_pct},
                                               {"spread_pct", f.spread_pct},
                                               {"sigmas", f.sigmas},
                                               {"n_baseline", f.n_baseline},
                                               {"n_recent", f.n_recent}});
    return json::dumps(findings, {2, false, true}) + "\n";
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
