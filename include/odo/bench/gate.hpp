#pragma once
#include "odo/baseline/detail/number_text.hpp"
#include "odo/baseline/metrics.hpp"
#include "odo/baseline/quality.hpp"
#include "odo/baseline/verdict.hpp"
#include "odo/bench/result.hpp"
#include "odo/bench/sku.hpp"
#include "odo/core/report.hpp"
#include "odo/core/text.hpp"
#include "odo/surface/bench_config.hpp"

#include <boost/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace odo::bench {

// The limits of the embedded gate. The defaults are the baseline layer's, the single source of
// truth the import and regression tools use.
struct GateLimits {
    double regression_pct = baseline::default_max_regression_pct;
    // When set, a case faster beyond it fails too: the committed baseline is stale.
    std::optional<double> improvement_pct;
    double max_noise_pct = baseline::default_benchmark_quality.max_noise_pct;
    std::string noise_limit_source = "odo's default"; // where max_noise_pct comes from
};

// `limits` with the noise limit the run's SKU is held to: `noise_pct` when the command line gives
// one, else the SKU map's `quality` entry for `sku` read through baseline::quality_policy — the
// limit odo_baseline import and validate, PRE-3 and ODO-7 hold the same rows to.
inline GateLimits gate_limits_for(GateLimits limits, const surface::SkuMap* map,
                                  const std::string& sku, std::optional<double> noise_pct) {
    if (noise_pct) {
        limits.max_noise_pct = *noise_pct;
        limits.noise_limit_source = "--gate-noise-pct";
        return limits;
    }
    if (!map)
        return limits;
    const baseline::QualityPolicy policy = baseline::quality_policy(*map);
    if (policy.by_sku.count(sku) == 0)
        return limits;
    limits.max_noise_pct = policy.for_sku(sku).max_noise_pct;
    limits.noise_limit_source = "the SKU map's quality for " + sku;
    return limits;
}

inline constexpr std::string_view gate_guideline = "docs/bench.md#the-embedded-gate";

namespace detail {

using baseline::detail::fixed;
using baseline::detail::signed_fixed;

inline std::string quoted(const std::string& case_key) {
    return "`" + case_key + "`";
}

inline Finding gate_finding(std::string id, Status status, std::string summary,
                            std::string evidence = {}, std::string fix = {}) {
    return {std::move(id),      Phase::Evidence,     status,
            std::move(summary), std::move(evidence), std::string(gate_guideline),
            std::move(fix)};
}

// "current 61.20 us ± 0.88 us (50 batch samples, thread-cpu clock, noise by mad, stopped:
// min-time)": the figures the gate judges and what they are.
inline std::string current_evidence(const CaseResult& r, const baseline::LanguageMetrics& m) {
    const Measurement& measured = r.reported_measurement();
    return "current " + fixed(m.time_us, 2) + " us ± " + fixed(m.noise_us, 2) + " us (" +
           std::to_string(r.reported_time().count) + (r.reports_batch() ? " batch" : " cold") +
           " samples, " + std::string(to_string(measured.clock)) + " clock, noise by " +
           std::string(to_string(measured.noise_statistic)) +
           ", stopped: " + std::string(to_string(measured.stop)) + ")";
}

inline std::string verdict_summary(baseline::ChangeVerdict v, const baseline::ChangeBand& band,
                                   const GateLimits& limits) {
    const std::string change = signed_fixed(band.delta_pct, 2) + "%, band " +
                               signed_fixed(band.low_pct, 2) + "% .. " +
                               signed_fixed(band.high_pct, 2) + "%";
    switch (v) {
    case baseline::ChangeVerdict::Slower:
        return "slower than the committed baseline beyond noise (" + change + "; limit +" +
               fixed(limits.regression_pct, 1) + "%)";
    case baseline::ChangeVerdict::Faster:
        return "faster than the committed baseline beyond noise (" + change + ")";
    case baseline::ChangeVerdict::Same:
        return "same as the committed baseline within noise (" + change + ")";
    case baseline::ChangeVerdict::CannotTell:
        return "cannot tell against the committed baseline (" + change +
               (band.thin_evidence.empty() ? "; the band crosses a limit"
                                           : "; " + band.thin_evidence) +
               ")";
    }
    return {};
}

} // namespace detail

// The committed metrics of `case_key` on `sku` in a config entry, or nullptr.
inline const boost::json::value* committed_metrics(const surface::ConfigEntry& entry,
                                                   const std::string& case_key,
                                                   const std::string& sku) {
    const auto& baselines = surface::entry_baselines(entry.fields, entry.key);
    const auto* skus = baselines.if_contains(case_key);
    if (!skus || !skus->is_object())
        return nullptr;
    return skus->get_object().if_contains(sku);
}

// BENCH-TIME: a measured case against its committed baseline on this SKU, by the baseline
// layer's three-way verdict. Slower fails; cannot tell (or no baseline) needs a human; faster
// fails only when `improvement_pct` is set.
inline Finding time_finding(const CaseResult& r, const boost::json::value* committed,
                            const SkuIdentity& sku, const GateLimits& limits) {
    const std::string id = "BENCH-TIME";
    const std::string label = detail::quoted(r.key.str()) + ": ";
    if (r.outcome == CaseOutcome::Failed)
        return detail::gate_finding(id, Status::Gap, label + "failed: " + r.message, {},
                                    "Fix the benchmark so the case runs");
    if (r.outcome == CaseOutcome::Skipped)
        return committed ? detail::gate_finding(id, Status::Gap,
                                                label + "skipped (" + r.message +
                                                    ") but has a committed baseline on " + sku.stem,
                                                {}, "Run the case again, or remove its baseline")
                         : detail::gate_finding(id, Status::NotApplicable,
                                                label + "skipped: " + r.message);
    const auto current = language_metrics(r);
    if (!current)
        return detail::gate_finding(id, Status::Manual,
                                    label + "no time or noise figure (" +
                                        std::to_string(r.cold_time.count) + " samples)");
    if (!committed)
        return detail::gate_finding(id, Status::Manual,
                                    label + "no committed baseline on SKU " + sku.stem,
                                    detail::current_evidence(r, *current) + "; " + sku.note);
    std::vector<std::string> problems;
    const auto base =
        baseline::read_metrics(*committed, baseline::MetricsSchema::Artifact, problems);
    std::optional<baseline::LanguageMetrics> committed_side; // the language this run timed
    if (base)
        committed_side = r.language == baseline::Language::Cpp ? base->cpp : base->python;
    if (!committed_side)
        return detail::gate_finding(
            id, Status::Gap, label + "committed baseline on " + sku.stem + " is unusable",
            problems.empty() ? "no " + std::string(baseline::display_name(r.language)) + " metrics"
                             : text::join(problems, "; "),
            "Re-import the baseline from a CI run");
    const baseline::TimedSide base_side{committed_side->time_us, committed_side->noise_us,
                                        base->n_runs};
    const baseline::TimedSide current_side{current->time_us, current->noise_us, 1};
    const auto band = baseline::change_band(base_side, current_side);
    const auto verdict = baseline::verdict(band, {limits.regression_pct, limits.improvement_pct});
    const Status status = baseline::gate_status(verdict, limits.improvement_pct.has_value());
    const std::string evidence = "baseline " + detail::fixed(base_side.time_us, 2) + " us ± " +
                                 detail::fixed(committed_side->noise_us, 2) + " us over " +
                                 std::to_string(base->n_runs) + " run(s) on " + sku.stem + "; " +
                                 detail::current_evidence(r, *current);
    const std::string fix = verdict == baseline::ChangeVerdict::Faster
                                ? "Refresh the baseline from a CI run on the reference SKU"
                                : "Find the slowdown, or refresh the baseline if it is intended";
    return detail::gate_finding(id, status, label + detail::verdict_summary(verdict, band, limits),
                                evidence, fix);
}

// BENCH-NOISE: the fresh measurement's relative noise within the quality limit (the baseline
// layer's `noise_pct` and `exceeds_limit`, so equality passes).
inline Finding noise_finding(const CaseResult& r, const GateLimits& limits) {
    const std::string id = "BENCH-NOISE";
    const std::string label = detail::quoted(r.key.str()) + ": ";
    const auto current = language_metrics(r);
    if (!current)
        return detail::gate_finding(id, Status::NotApplicable, label + "no measurement");
    const double noise = baseline::noise_pct(*current);
    const std::string figures = "noise " + detail::fixed(noise, 2) + "%";
    const std::string limit =
        detail::fixed(limits.max_noise_pct, 1) + "% (" + limits.noise_limit_source + ")";
    if (baseline::exceeds_limit(noise, limits.max_noise_pct))
        return detail::gate_finding(id, Status::Gap, label + figures + " exceeds " + limit,
                                    detail::current_evidence(r, *current),
                                    "Quiet the machine (lock clocks, stop other work) or raise "
                                    "--min-time, then measure again");
    return detail::gate_finding(id, Status::Pass, label + figures + " within " + limit,
                                detail::current_evidence(r, *current));
}

// The embedded gate over a run: BENCH-TIME then BENCH-NOISE for every selected case, in run
// order. Evidence phase: MANUAL blocks as GAP does, so "cannot tell" never passes.
inline Report gate_report(const surface::BenchConfig& config,
                          const std::vector<CaseResult>& results, const SkuIdentity& sku,
                          const GateLimits& limits) {
    Report report{config.benchmark, config.benchmark, Phase::Evidence, {}};
    for (const CaseResult& r : results) {
        const surface::ConfigEntry* entry = config.find(r.key.config_key);
        const boost::json::value* committed =
            entry ? committed_metrics(*entry, r.key.str(), sku.stem) : nullptr;
        report.findings.push_back(time_finding(r, committed, sku, limits));
        report.findings.push_back(noise_finding(r, limits));
    }
    return report;
}

} // namespace odo::bench
