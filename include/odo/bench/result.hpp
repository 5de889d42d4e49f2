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
    CaseOutcome outcome = CaseOutcome::Measured;
    std::string message; // why it was skipped or failed
    Traffic traffic;
    std::int64_t warmup_iterations = 0;
    std::optional<Measurement> cold;
    std::optional<Measurement> batch;
    // Derived by `summarize_case` once the measurements are in.
    Summary cold_time;
    Summary cold_cpu;
    Summary batch_time;
    Throughput throughput;

    bool measured() const noexcept { return outcome == CaseOutcome::Measured && cold; }
};

// Fills the summaries and rates. BWUtil comes from the cold mean, as nvbench's does and as the
// baselines record it.
inline void summarize_case(CaseResult& result, std::optional<double> peak_bytes_per_second) {
    if (!result.cold)
        return;
    result.cold_time = result.cold->time();
    result.cold_cpu = result.cold->cpu_time();
    if (result.batch)
        result.batch_time = result.batch->time();
    result.throughput = throughput(result.traffic, result.cold_time.mean, peak_bytes_per_second);
}

// The case's figures in baseline units: cold mean time and absolute noise in µs, and BWUtil (0
// when it is unknown, since the artifact schema needs a number). nullopt when the case has no
// usable time or noise figure.
inline std::optional<baseline::LanguageMetrics> language_metrics(const CaseResult& result) {
    if (!result.measured())
        return std::nullopt;
    const double time_us = result.cold_time.mean * 1e6;
    const double noise_us = time_us * result.cold_time.relative_noise();
    if (!(time_us > 0) || !std::isfinite(time_us) || !std::isfinite(noise_us))
        return std::nullopt;
    return baseline::LanguageMetrics{time_us, noise_us, result.throughput.bwutil.value_or(0.0)};
}

} // namespace odo::bench
