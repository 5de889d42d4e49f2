#pragma once
#include "odo/baseline/detail/number_text.hpp"
#include "odo/baseline/metrics.hpp"
#include "odo/core/linkage.hpp"

#include "odo/surface/sku_map.hpp"

#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace odo::baseline {

// `DEFAULT_BENCHMARK_QUALITY` (bench-harness.md §4.1): the one place the gate limits live.
struct BenchmarkQuality {
    double max_noise_pct = 10.0;     // relative noise of each language's GPU time
    double max_perf_diff_pct = 10.0; // Python vs C++ time, relative
    double max_perf_diff_us = 100.0; // Python vs C++ time, absolute
};

inline constexpr BenchmarkQuality default_benchmark_quality{};

// The limits each SKU's rows are held to: the defaults, unless the SKU map's entry states its
// own (surface::SkuQualityLimits); and the languages every row carries, as the layout declares
// them. Converts from one BenchmarkQuality for every SKU.
struct QualityPolicy {
    BenchmarkQuality defaults = default_benchmark_quality;
    std::map<std::string, BenchmarkQuality, std::less<>> by_sku;
    LanguageSet languages;

    QualityPolicy() = default;
    QualityPolicy(const BenchmarkQuality& all) : defaults(all) {} // NOLINT: implicit on purpose

    const BenchmarkQuality& for_sku(std::string_view stem) const {
        const auto it = by_sku.find(stem);
        return it == by_sku.end() ? defaults : it->second;
    }
};

// `defaults` with each SKU map entry's own limits laid over them, for rows of `languages`.
ODO_API QualityPolicy quality_policy(const surface::SkuMap& map,
                                     const BenchmarkQuality& defaults = default_benchmark_quality,
                                     LanguageSet languages = {});
#if ODO_BASELINE_DEFINITIONS
ODO_API QualityPolicy quality_policy(const surface::SkuMap& map, const BenchmarkQuality& defaults,
                                     LanguageSet languages) {
    QualityPolicy policy(defaults);
    policy.languages = languages;
    for (const surface::SkuEntry& e : map.entries)
        if (e.quality) {
            BenchmarkQuality q = defaults;
            q.max_noise_pct = e.quality->max_noise_pct.value_or(q.max_noise_pct);
            q.max_perf_diff_pct = e.quality->max_parity_pct.value_or(q.max_perf_diff_pct);
            q.max_perf_diff_us = e.quality->max_parity_us.value_or(q.max_perf_diff_us);
            policy.by_sku[e.stem] = q;
        }
    return policy;
}
#endif // ODO_BASELINE_DEFINITIONS

// Every gate compares with this slack, so a value exactly at its limit passes despite the
// rounding of the arithmetic that produced it.
inline constexpr double limit_tolerance = 1e-9;

constexpr bool exceeds_limit(double value, double limit) noexcept {
    return value > limit + limit_tolerance;
}

// Same-key slowdown a baseline import or the regression gate accepts (§4.3), in percent.
inline constexpr double default_max_regression_pct = 10.0;
// compare_to_baseline's regression and unexpected-improvement limits, as fractions.
inline constexpr double default_compare_regression = 0.10;
inline constexpr double default_compare_improvement = 0.10;

// Relative noise in percent: the stored absolute noise over the time.
ODO_API double noise_pct(const LanguageMetrics& m) noexcept;
#if ODO_BASELINE_DEFINITIONS
ODO_API double noise_pct(const LanguageMetrics& m) noexcept {
    return m.noise_us / m.time_us * 100.0;
}
#endif // ODO_BASELINE_DEFINITIONS

// How far Python is from C++: positive when Python is slower.
struct Parity {
    double diff_pct = 0;
    double diff_us = 0;
};

// (new / previous − 1) · 100: the slowdown of a same-key time in percent.
ODO_API double slowdown_pct(double previous_us, double current_us) noexcept;
#if ODO_BASELINE_DEFINITIONS
inline Parity parity(const LanguageMetrics& cpp, const LanguageMetrics& python) noexcept {
    return {(python.time_us / cpp.time_us - 1.0) * 100.0, python.time_us - cpp.time_us};
}

ODO_API double slowdown_pct(double previous_us, double current_us) noexcept {
    return (current_us / previous_us - 1.0) * 100.0;
}

// The baseline quality gate (`validate_baseline_update_quality`, §4.2): every declared language
// present with a positive time, each noise within the limit, and — where the library has a
// Python binding — C++/Python parity within both the relative and the absolute limit, in either
// direction. Empty when the row passes.
inline std::vector<std::string>
quality_problems(const Metrics& m, const BenchmarkQuality& q = default_benchmark_quality,
                 LanguageSet declared = {}) {
    using detail::fixed;
    std::vector<std::string> problems;
    for (Language language : declared)
        if (!m.of(language))
            problems.push_back("baseline quality requires C++/Python parity (no " +
                               std::string(display_name(language)) + " metrics)");
        else if (!(m.of(language)->time_us > 0))
            problems.push_back(std::string(display_name(language)) + " time must be > 0 (got " +
                               fixed(m.of(language)->time_us, 2) + " us)");
    if (!problems.empty())
        return problems;
    for (Language language : declared) {
        const double noise = noise_pct(*m.of(language));
        if (exceeds_limit(noise, q.max_noise_pct))
            problems.push_back(std::string(display_name(language)) + " noise " + fixed(noise, 2) +
                               "% exceeds " + fixed(q.max_noise_pct, 1) + "%");
    }
    if (!declared.has_python())
        return problems;
    const Parity p = parity(*m.cpp, *m.python);
    if (exceeds_limit(std::fabs(p.diff_pct), q.max_perf_diff_pct))
        problems.push_back("parity " + detail::signed_fixed(p.diff_pct, 2) + "% exceeds ±" +
                           fixed(q.max_perf_diff_pct, 1) + "% (Python vs C++)");
    if (exceeds_limit(std::fabs(p.diff_us), q.max_perf_diff_us))
        problems.push_back("parity " + detail::signed_fixed(p.diff_us, 2) + " us exceeds ±" +
                           fixed(q.max_perf_diff_us, 1) + " us (Python vs C++)");
    return problems;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
