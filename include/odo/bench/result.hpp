#pragma once
#include "odo/baseline/metrics.hpp"
#include "odo/bench/measurement.hpp"
#include "odo/bench/statistics.hpp"
#include "odo/bench/throughput.hpp"
#include "odo/surface/case_key.hpp"

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

namespace odo::bench {

enum class CaseOutcome { Measured, Skipped, Failed };

// Which measurement a case reports (`--timing`): the cold samples, one launch each (nvbench's
// GPU figure), or the batch samples, ~10 ms of launches each, whose spread is what is left once
// a host's scheduler and neighbours are averaged over (Google Benchmark's figure).
enum class Timing { Cold, Batch };

constexpr std::string_view to_string(Timing t) noexcept {
    return t == Timing::Cold ? "cold" : "batch";
}

constexpr std::string_view to_string(CaseOutcome o) noexcept {
    switch (o) {
    case CaseOutcome::Measured:
        return "measured";
    case CaseOutcome::Skipped:
        return "skipped";
    case CaseOutcome::Failed:
        return "failed";
    }
    return "?";
}

// Everything one case produced: its raw measurements and what the printers, the artifact and
// the gate read from them.
struct CaseResult {
    surface::CaseKey key;
    std::string tier;
    // Which entry point the body timed: the C++ API, or the Python binding layer (bench-harness.md
    // §1.4 keeps one row per language; a run measures one of them).
    baseline::Language language = baseline::Language::Cpp;
    Timing timing = Timing::Cold;
    CaseOutcome outcome = CaseOutcome::Measured;
    std::string message; // why it was skipped or failed
    Traffic traffic;
    std::int64_t warmup_iterations = 0;
    std::optional<Measurement> cold;
    std::optional<Measurement> batch;
    // Derived by `summarize_case` once the measurements are in.
    Summary cold_time;
    Summary cold_beside; // the second clock's time of the cold samples
    Summary batch_time;
    Throughput throughput;

    bool measured() const noexcept { return outcome == CaseOutcome::Measured && cold; }

    // The summary the artifact, the gate and BWUtil use: the batch one when the run reports
    // batch timing and the case has batch samples (an ExecTag::Sync case has none), else cold.
    bool reports_batch() const noexcept { return timing == Timing::Batch && batch.has_value(); }
    const Summary& reported_time() const noexcept {
        return reports_batch() ? batch_time : cold_time;
    }
    // The measurement behind reported_time(); the case must be measured.
    const Measurement& reported_measurement() const { return reports_batch() ? *batch : *cold; }
    // The reported relative noise (a fraction), by the statistic its measurement states.
    double reported_noise() const {
        return reported_time().relative_noise(reported_measurement().noise_statistic);
    }
    // The clock of the reported figures; the case must be measured.
    ClockKind reported_clock() const { return reported_measurement().clock; }
};

// Fills the summaries and rates. BWUtil comes from the reported mean (the cold one by default, as
// nvbench's does and as the baselines record it).
inline void summarize_case(CaseResult& result, std::optional<double> peak_bytes_per_second) {
    if (!result.cold)
        return;
    result.cold_time = result.cold->time();
    result.cold_beside = result.cold->beside_time();
    if (result.batch)
        result.batch_time = result.batch->time();
    result.throughput =
        throughput(result.traffic, result.reported_time().mean, peak_bytes_per_second);
}

// The case's figures in baseline units: reported mean time and absolute noise in µs (the relative
// noise of its statistic times the mean), and BWUtil (0 when it is unknown, since the artifact
// schema needs a number). nullopt when the case has no
// usable time or noise figure.
inline std::optional<baseline::LanguageMetrics> language_metrics(const CaseResult& result) {
    if (!result.measured())
        return std::nullopt;
    const double time_us = result.reported_time().mean * 1e6;
    const double noise_us = time_us * result.reported_noise();
    if (!(time_us > 0) || !std::isfinite(time_us) || !std::isfinite(noise_us))
        return std::nullopt;
    return baseline::LanguageMetrics{time_us, noise_us, result.throughput.bwutil.value_or(0.0)};
}

} // namespace odo::bench
