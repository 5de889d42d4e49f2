#pragma once
// Whether a lead of the optimization loop is a win or a strike, computed from the runs measured
// before and after its change, never typed: a win improves every case it targets beyond the noise
// both measurements show, and slows no case beyond the regression gate's limit. Anything else —
// an improvement inside the noise, a target that got slower, a regression elsewhere, or evidence
// too thin to tell — is a strike (docs/campaign.md).
#include "odo/baseline/artifact.hpp"
#include "odo/baseline/quality.hpp"
#include "odo/baseline/verdict.hpp"
#include "odo/core/error.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace odo::campaign {

enum class LeadOutcome { Win, Strike };

constexpr std::string_view to_string(LeadOutcome o) noexcept {
    return o == LeadOutcome::Win ? "win" : "strike";
}

// What the evaluation holds a lead to.
struct LeadRule {
    double max_regression_pct = baseline::default_max_regression_pct;
    double band_sigmas = baseline::verdict_band_sigmas;
};

// One case measured on both sides of the lead's change.
struct CaseChange {
    std::string case_key;
    std::string sku;
    bool targeted = false;
    baseline::TimedSide before, after;
    baseline::ChangeBand band;
    baseline::ChangeVerdict verdict = baseline::ChangeVerdict::CannotTell;

    // The speed change in percent, positive when faster: what a strike is quoted with.
    double speedup_pct() const { return -band.delta_pct; }
};

struct LeadEvaluation {
    LeadOutcome outcome = LeadOutcome::Strike;
    std::vector<CaseChange> cases;    // sorted by case key and SKU
    std::vector<std::string> reasons; // why it is a strike; empty for a win
};

// One run of one case in one entry point: what a run artifact's row says.
struct RunTiming {
    std::string case_key;
    std::string sku;
    double time_us = 0;
    double noise_us = 0; // the run's own noise, absolute
};

// The rows of `artifacts` timed in `language`, one per run (each artifact row is one run).
inline std::vector<RunTiming> run_timings(const std::vector<baseline::Artifact>& artifacts,
                                          baseline::Language language) {
    std::vector<RunTiming> runs;
    for (const auto& artifact : artifacts)
        for (const auto& row : artifact.rows)
            if (const auto& m = row.metrics.of(language))
                runs.push_back({row.case_key, row.sku, m->time_us, m->noise_us});
    return runs;
}

namespace detail {

using CaseSku = std::pair<std::string, std::string>;

// Each case's runs as one side of a comparison: the mean time over n runs, and as noise the
// larger of the runs' mean own noise and the sample standard deviation of their times — a shift
// between runs (a neighbour's cache pressure, a frequency step) is noise too, which the runs'
// own noise would not show.
inline std::map<CaseSku, baseline::TimedSide> sides(const std::vector<RunTiming>& runs) {
    std::map<CaseSku, std::vector<const RunTiming*>> by_case;
    for (const RunTiming& run : runs)
        by_case[{run.case_key, run.sku}].push_back(&run);
    std::map<CaseSku, baseline::TimedSide> sides;
    for (const auto& [key, group] : by_case) {
        const double n = static_cast<double>(group.size());
        double time = 0, noise = 0;
        for (const RunTiming* run : group) {
            time += run->time_us / n;
            noise += run->noise_us / n;
        }
        double squares = 0;
        for (const RunTiming* run : group)
            squares += (run->time_us - time) * (run->time_us - time);
        const double spread = group.size() > 1 ? std::sqrt(squares / (n - 1)) : 0.0;
        sides[key] = {time, std::max(noise, spread), static_cast<std::int64_t>(group.size())};
    }
    return sides;
}

inline CaseChange compare_case(const CaseSku& key, const baseline::TimedSide& before,
                               const baseline::TimedSide& after, bool targeted,
                               const LeadRule& rule) {
    if (!(before.time_us > 0))
        throw InputError(key.first + " " + key.second + ": no positive time before the lead");
    CaseChange c{key.first, key.second, targeted, before, after, {}, {}};
    c.band = baseline::change_band(before, after, rule.band_sigmas);
    // A target must improve at all (faster_pct 0); elsewhere only the gate's limit matters.
    const baseline::ChangeThresholds thresholds{
        rule.max_regression_pct, targeted ? std::optional<double>(0.0) : std::nullopt};
    c.verdict = baseline::verdict(c.band, thresholds);
    return c;
}

inline std::string strike_reason(const CaseChange& c) {
    const std::string where = "`" + c.case_key + "` (" + c.sku + ")";
    if (!c.band.thin_evidence.empty())
        return where + ": " + c.band.thin_evidence;
    if (c.verdict == baseline::ChangeVerdict::Slower)
        return where + ": slower beyond the regression limit";
    if (c.targeted && c.verdict != baseline::ChangeVerdict::Faster)
        return where + ": a target not faster beyond the noise both runs measured";
    return {};
}

} // namespace detail

// Evaluates a lead from the runs before and after its change (`before` is the yardstick), each
// case compared by the noise band of its mean times. Every case measured before must be measured
// after, and every target on both sides; InputError otherwise, as a lead that cannot be judged
// is no strike either.
inline LeadEvaluation evaluate_lead(const std::vector<RunTiming>& before,
                                    const std::vector<RunTiming>& after,
                                    const std::set<std::string>& targets,
                                    const LeadRule& rule = {}) {
    if (targets.empty())
        throw InputError("a lead needs at least one target case");
    const auto before_sides = detail::sides(before);
    const auto after_sides = detail::sides(after);
    LeadEvaluation e;
    std::set<std::string> seen_targets;
    for (const auto& [key, side] : before_sides) {
        const auto found = after_sides.find(key);
        if (found == after_sides.end())
            throw InputError(key.first + " " + key.second +
                             ": measured before the lead, not after");
        const bool targeted = targets.count(key.first) > 0;
        if (targeted)
            seen_targets.insert(key.first);
        e.cases.push_back(detail::compare_case(key, side, found->second, targeted, rule));
    }
    for (const std::string& target : targets)
        if (!seen_targets.count(target))
            throw InputError(target + ": a target case not measured on both sides of the lead");
    for (const CaseChange& c : e.cases)
        if (std::string reason = detail::strike_reason(c); !reason.empty())
            e.reasons.push_back(std::move(reason));
    e.outcome = e.reasons.empty() ? LeadOutcome::Win : LeadOutcome::Strike;
    return e;
}

} // namespace odo::campaign
