#pragma once
#include "odo/baseline/quality.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/status.hpp"

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace odo::baseline {

// What a comparison of two timings can honestly say (docs/baselines.md "Verdicts"). The
// reference has only "beyond the threshold or not", which flaps for rows whose noise straddles
// the threshold; `CannotTell` names those, and a gate treats it as MANUAL, never as PASS.
enum class ChangeVerdict { Faster, Same, Slower, CannotTell };

constexpr std::string_view to_string(ChangeVerdict v) noexcept {
    switch (v) {
    case ChangeVerdict::Faster:
        return "faster";
    case ChangeVerdict::Same:
        return "same";
    case ChangeVerdict::Slower:
        return "slower";
    case ChangeVerdict::CannotTell:
        return "cannot tell";
    }
    return "?";
}

// One side of a comparison: a stored mean time, its absolute noise and the runs it averages.
struct TimedSide {
    double time_us = 0;
    std::optional<double> noise_us; // nullopt: no noise figure
    std::int64_t n_runs = 1;
};

// Half-widths of the band, in standard errors: 3 keeps the expected number of false calls
// small when thousands of rows are compared at once.
inline constexpr double verdict_band_sigmas = 3.0;
// Artifacts round noise to 0.01 µs, so a stored 0 means "below 0.005 µs", not "exactly 0".
inline constexpr double noise_resolution_us = 0.01;

// The relative change of a timing with its noise band, all in percent of the base time.
struct ChangeBand {
    double delta_pct = 0;
    double low_pct = 0;
    double high_pct = 0;
    std::string thin_evidence; // why the evidence cannot support a verdict; empty when it can
};

namespace detail {

#if ODO_BASELINE_DEFINITIONS
inline std::optional<double> standard_error_us(const TimedSide& side) {
    if (!side.noise_us || !std::isfinite(*side.noise_us) || *side.noise_us < 0 || side.n_runs < 1)
        return std::nullopt;
    const double noise = std::fmax(*side.noise_us, noise_resolution_us / 2);
    return noise / std::sqrt(static_cast<double>(side.n_runs));
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace detail

// The band of (current / base − 1) · 100, in percent. Two positive times have a positive ratio,
// so the band is built on its logarithm and mapped back: ln(current / base) ± `sigmas` · √((e_b /
// base)² + (e_c / current)²), where each side's standard error e is its stored noise over
// √n_runs. To first order that is the change ± the combined standard errors over the base time;
// however noisy the sides, its low end stays above −100 %, which a band of the plain difference
// would cross. The base (the yardstick) must average at least two runs and both sides need a noise
// figure and a positive time; otherwise `thin_evidence` says what is missing. The base time must
// be positive.
ODO_API ChangeBand change_band(const TimedSide& base, const TimedSide& current,
                               double sigmas = verdict_band_sigmas);
#if ODO_BASELINE_DEFINITIONS
ODO_API ChangeBand change_band(const TimedSide& base, const TimedSide& current, double sigmas) {
    ChangeBand band;
    band.delta_pct = slowdown_pct(base.time_us, current.time_us);
    band.low_pct = band.high_pct = band.delta_pct;
    const auto base_error = detail::standard_error_us(base);
    const auto current_error = detail::standard_error_us(current);
    if (!base_error || !current_error) {
        band.thin_evidence = !base_error ? "no noise figure for the baseline"
                                         : "no noise figure for the current timing";
        return band;
    }
    if (!(current.time_us > 0)) {
        band.thin_evidence = "no positive current time";
        return band;
    }
    if (base.n_runs < 2)
        band.thin_evidence = "the baseline rests on a single run";
    const double log_ratio = std::log(current.time_us / base.time_us);
    const double half_width =
        sigmas * std::hypot(*base_error / base.time_us, *current_error / current.time_us);
    band.low_pct = std::expm1(log_ratio - half_width) * 100;
    band.high_pct = std::expm1(log_ratio + half_width) * 100;
    return band;
}
#endif // ODO_BASELINE_DEFINITIONS

// The change thresholds in percent. Without `faster_pct` improvements do not matter (the
// regression gate): a band reaching the improvement side is then never "cannot tell".
struct ChangeThresholds {
    double slower_pct = default_max_regression_pct;
    std::optional<double> faster_pct;
};

// Slower: the whole band lies beyond the slowdown threshold. Faster: beyond the improvement
// threshold. Same: the band lies between them. Cannot tell: the band crosses a threshold that
// matters, or the evidence is thin.
ODO_API ChangeVerdict verdict(const ChangeBand& band, const ChangeThresholds& t);
#if ODO_BASELINE_DEFINITIONS
ODO_API ChangeVerdict verdict(const ChangeBand& band, const ChangeThresholds& t) {
    if (!band.thin_evidence.empty())
        return ChangeVerdict::CannotTell;
    if (exceeds_limit(band.low_pct, t.slower_pct))
        return ChangeVerdict::Slower;
    if (exceeds_limit(band.high_pct, t.slower_pct))
        return ChangeVerdict::CannotTell;
    const double faster_pct = t.faster_pct.value_or(t.slower_pct);
    if (exceeds_limit(-band.high_pct, faster_pct))
        return ChangeVerdict::Faster;
    if (t.faster_pct && exceeds_limit(-band.low_pct, faster_pct))
        return ChangeVerdict::CannotTell;
    return ChangeVerdict::Same;
}
#endif // ODO_BASELINE_DEFINITIONS

// The finding status a verdict maps to: slower fails, cannot tell needs a human, faster fails
// only where an improvement means a stale baseline (compare_to_baseline).
constexpr Status gate_status(ChangeVerdict v, bool improvements_fail) noexcept {
    switch (v) {
    case ChangeVerdict::Slower:
        return Status::Gap;
    case ChangeVerdict::Faster:
        return improvements_fail ? Status::Gap : Status::Pass;
    case ChangeVerdict::Same:
        return Status::Pass;
    case ChangeVerdict::CannotTell:
        return Status::Manual;
    }
    return Status::Manual;
}

} // namespace odo::baseline
