#pragma once
// Whether a lead of the optimization loop is a win or a strike, computed from what was measured
// before and after its change, never typed: a win improves every case it targets beyond the noise
// both measurements recorded, and slows no case beyond the regression gate's limit. Anything
// else — an improvement inside the noise, a target that got slower, a regression elsewhere, or
// evidence too thin to tell — is a strike (docs/campaign.md).
#include "odo/baseline/merge.hpp"
#include "odo/baseline/quality.hpp"
#include "odo/baseline/verdict.hpp"
#include "odo/core/error.hpp"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
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

namespace detail {

inline std::optional<baseline::TimedSide> timed_side(const baseline::Metrics& m,
                                                     baseline::Language language) {
    const auto& figures = m.of(language);
    if (!figures)
        return std::nullopt;
    return baseline::TimedSide{figures->time_us, figures->noise_us, m.n_runs};
}

inline const baseline::BaselineUpdate* find_row(const std::vector<baseline::BaselineUpdate>& rows,
                                                const baseline::BaselineUpdate& like) {
    for (const auto& row : rows)
        if (row.case_key == like.case_key && row.sku == like.sku)
            return &row;
    return nullptr;
}

inline CaseChange compare_case(const baseline::BaselineUpdate& before,
                               const baseline::BaselineUpdate& after, bool targeted,
                               baseline::Language language, const LeadRule& rule) {
    const auto b = timed_side(before.metrics, language);
    const auto a = timed_side(after.metrics, language);
    if (!b || !a || !(b->time_us > 0))
        throw InputError(before.case_key + " " + before.sku + ": no positive " +
                         std::string(baseline::to_string(language)) +
                         " time on both sides of the lead");
    CaseChange c{before.case_key, before.sku, targeted, *b, *a, {}, {}};
    c.band = baseline::change_band(*b, *a, rule.band_sigmas);
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

// Evaluates a lead from the merged measurements before and after its change (`before` is the
// yardstick) in one language. Every case measured before must be measured after and every target
// on both sides; InputError otherwise, as a lead that cannot be judged is no strike either.
inline LeadEvaluation evaluate_lead(const std::vector<baseline::BaselineUpdate>& before,
                                    const std::vector<baseline::BaselineUpdate>& after,
                                    const std::set<std::string>& targets,
                                    baseline::Language language, const LeadRule& rule = {}) {
    if (targets.empty())
        throw InputError("a lead needs at least one target case");
    LeadEvaluation e;
    std::set<std::string> seen_targets;
    for (const auto& b : before) {
        const auto* a = detail::find_row(after, b);
        if (!a)
            throw InputError(b.case_key + " " + b.sku + ": measured before the lead, not after");
        const bool targeted = targets.count(b.case_key) > 0;
        if (targeted)
            seen_targets.insert(b.case_key);
        e.cases.push_back(detail::compare_case(b, *a, targeted, language, rule));
    }
    for (const std::string& target : targets)
        if (!seen_targets.count(target))
            throw InputError(target + ": a target case not measured on both sides of the lead");
    std::sort(e.cases.begin(), e.cases.end(), [](const CaseChange& x, const CaseChange& y) {
        return std::tie(x.case_key, x.sku) < std::tie(y.case_key, y.sku);
    });
    for (const CaseChange& c : e.cases)
        if (std::string reason = detail::strike_reason(c); !reason.empty())
            e.reasons.push_back(std::move(reason));
    e.outcome = e.reasons.empty() ? LeadOutcome::Win : LeadOutcome::Strike;
    return e;
}

} // namespace odo::campaign
