#pragma once
// ODO-4 from a campaign ledger, and CAMPAIGN-COVERAGE (odo's own finding): when the branch carries
// the operator's ledger, Lead exhaustion is judged from its records instead of a checklist sentence
// (docs/campaign.md, "What the gate checks"), and the campaign must have profiled every case of
// the surface, directly or through a representative a profile record names.
#include "odo/core/capped_list.hpp"
#include "odo/core/fixed_point.hpp"
#include "odo/gates/campaign_ledger_facts.hpp"
#include "odo/gates/evidence_checks_common.hpp"
#include "odo/profile/bottleneck.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace odo::gates {

#if ODO_GATES_DEFINITIONS
namespace detail {

// "seq 5: outcome says win; its runs compute strike; seq 9: …", the first three and a count.
inline std::string ledger_problems_text(const CampaignLedgerFacts& f) {
    const auto& problems = f.verification.problems;
    std::vector<std::string> shown;
    for (std::size_t i = 0; i < problems.size() && i < 3; ++i)
        shown.push_back((problems[i].seq ? "seq " + std::to_string(problems[i].seq) : "file") +
                        ": " + problems[i].what);
    std::string text = f.path + ": " + text::join(shown, "; ");
    if (problems.size() > 3)
        text += " (+" + std::to_string(problems.size() - 3) + " more)";
    return text;
}

// One decimal; a change that rounds to zero is "0.0%", never "-0.0%".
inline std::string percent_text(double pct) {
    const std::string text = fixed_point(pct, 1);
    return (text == "-0.0" ? "0.0" : text) + "%";
}

// What the stop condition rests on: the profile at the ridge, or the three strikes.
inline std::string stop_text(const campaign::CampaignState& s) {
    if (s.stop && *s.stop == campaign::stop_ridge && s.profile_since_last_win) {
        const campaign::ProfileMark& p = *s.profile_since_last_win;
        return "stop: ridge, profile seq " + std::to_string(p.seq) + " (" + p.source + ") of " +
               p.case_key + " at " + percent_text(p.ceiling_pct) + " >= the " +
               percent_text(p.ridge_pct) + " ridge";
    }
    std::vector<std::string> strikes;
    for (const profile::Strike& strike : s.strikes)
        strikes.push_back(strike.lead + " (" + percent_text(strike.change_pct) + ")");
    return "stop: three-strikes, " + std::to_string(s.strikes_since_last_win) +
           " strikes since the last win: " + text::join(strikes, ", ");
}

// Where the campaign stands when no stop condition holds.
inline std::string standing_text(const campaign::CampaignState& s) {
    std::string text = std::to_string(s.wins) + " win(s), " +
                       std::to_string(s.strikes_since_last_win) + " strike(s) since the last win";
    if (s.profile_since_last_win)
        text += "; profile seq " + std::to_string(s.profile_since_last_win->seq) + " of " +
                s.profile_since_last_win->case_key + " at " +
                percent_text(s.profile_since_last_win->ceiling_pct) + ", below the " +
                percent_text(s.profile_since_last_win->ridge_pct) + " ridge";
    else
        text += "; no profile of the dominant case since the last win";
    if (s.open_lead)
        text += "; lead " + *s.open_lead + " is open";
    return text;
}

inline bool any_lead_evaluated(const campaign::CampaignState& s) {
    return std::any_of(s.leads.begin(), s.leads.end(), [](const campaign::Lead& lead) {
        return lead.state != campaign::LeadState::Open;
    });
}

// What keeps a ledger that checks out from proving the stop by itself: a ledger the layout moved
// (the merge base's records lay elsewhere), earlier versions left uncompared, or a ridge stop with
// no lead evaluated (a profile record alone, which a hand-written report can back). nullopt: none.
inline std::optional<Finding> odo4_for_a_reviewer(const CampaignLedgerFacts& f,
                                                  const campaign::CampaignState& s,
                                                  const std::string& guide) {
    if (!f.moved_from.empty())
        return evidence_finding(
            "ODO-4", Status::Manual, "The campaign ledger moved",
            f.path + ": the ledger at " + f.moved_from +
                " (where that commit's layout put it) is a prefix of this one, which the layout "
                "now puts here; the layout is the change's to write",
            guide,
            "A reviewer confirms the move of paths.campaign_ledger, or the change keeps the "
            "ledger where the merge base's layout put it.");
    if (f.versions_left)
        return evidence_finding(
            "ODO-4", Status::Manual, "Not every earlier version of the ledger was compared",
            f.path + ": " + std::to_string(f.versions_left) + " earlier version(s) left over the " +
                std::to_string(earlier_versions_budget >> 20) + " MiB read back (" +
                std::to_string(f.earlier_versions) + " compared)",
            guide, "A reviewer compares the ledger's history, or the change is squashed.");
    if (*s.stop == campaign::stop_ridge && !any_lead_evaluated(s))
        return evidence_finding(
            "ODO-4", Status::Manual, "The ridge stop rests on a profile alone",
            f.path + ": " + stop_text(s) + "; the ledger holds no evaluated lead", guide,
            "A reviewer confirms the profile was measured (the report it cites), or the loop "
            "records a measured lead (odo_campaign lead, evaluate) before it stops.");
    return std::nullopt;
}

} // namespace detail

// ODO-4 when the branch carries a ledger: PASS only when every record checks out and a stop
// condition holds; a GAP names the records that do not.
inline Finding check_odo4_from_ledger(const CampaignLedgerFacts& f, const std::string& guide) {
    const std::string fix_records = "A ledger only grows: record what was measured with "
                                    "odo_campaign (never by hand), commit it, and keep every "
                                    "cited file in the repository or under --artifacts.";
    if (!f.problem.empty())
        return detail::evidence_finding("ODO-4", Status::Manual,
                                        "The campaign ledger could not be examined",
                                        f.path + ": " + f.problem, guide,
                                        "Fetch the base and full history, then re-run evidence.");
    if (!f.verification.ok())
        return detail::evidence_finding("ODO-4", Status::Gap,
                                        "The campaign ledger does not check out",
                                        detail::ledger_problems_text(f), guide, fix_records);
    campaign::CampaignState s = f.verification.state;
    if (f.implementation_changed && f.verification.ledger.records.size() <= f.records_at_base)
        return detail::evidence_finding(
            "ODO-4", Status::Gap, "The campaign ledger holds no record of this change",
            f.path + ": its " + std::to_string(f.records_at_base) +
                " records were all at the merge base already; their stop condition is a former "
                "campaign's",
            guide,
            "Record this campaign's profile, leads and evaluations in the ledger (odo_campaign) "
            "and commit them with the change.");
    if (!s.stop)
        return detail::evidence_finding(
            "ODO-4", Status::Gap, "No stop condition holds in the campaign ledger",
            f.path + ": " + detail::standing_text(s), guide,
            "Go on with the loop (odo_campaign <Op> status names the next step) until the "
            "dominant case is profiled at the ridge or three strikes follow the last win.");
    // A profile judged against a ridge of its own choosing must not stop the loop: the ridge is
    // the guidance's, and a lower one recorded with --ridge-pct is a test's, not a campaign's.
    const double guidance_ridge = profile::BottleneckThresholds{}.ridge_sol_pct;
    const bool lowered_ridge = *s.stop == campaign::stop_ridge && s.profile_since_last_win &&
                               s.profile_since_last_win->ridge_pct < guidance_ridge;
    if (lowered_ridge && s.strikes_since_last_win >= 3)
        s.stop = std::string(campaign::stop_three_strikes); // the strikes stop it, not that ridge
    else if (lowered_ridge)
        return detail::evidence_finding(
            "ODO-4", Status::Gap, "The campaign stopped at a ridge below the guidance's",
            f.path + ": profile seq " + std::to_string(s.profile_since_last_win->seq) + " judged " +
                detail::percent_text(s.profile_since_last_win->ceiling_pct) +
                " against a ridge of " + detail::percent_text(s.profile_since_last_win->ridge_pct) +
                ", below the guidance's " + detail::percent_text(guidance_ridge),
            guide,
            "Profile against the guidance's ridge (odo_campaign profile without a lower "
            "--ridge-pct), or go on until three strikes follow the last win.");
    if (auto manual = detail::odo4_for_a_reviewer(f, s, guide))
        return *manual;
    return detail::evidence_finding(
        "ODO-4", Status::Pass, "Lead exhaustion recorded in the campaign ledger, which checks out",
        f.path + ": " + std::to_string(f.verification.ledger.records.size()) +
            " records check out (" + std::to_string(f.verification.cited_files) + " cited files, " +
            std::to_string(f.earlier_versions) + " earlier versions); " + detail::stop_text(s),
        guide);
}

// CAMPAIGN-COVERAGE: every case key of the basic + advanced surface is profiled, directly or
// through a representative a profile record names. N-A without a ledger.
inline Finding check_campaign_coverage(const CampaignLedgerFacts& f, const std::string& guide) {
    constexpr std::string_view id = "CAMPAIGN-COVERAGE";
    if (!f.present)
        return detail::evidence_finding(id, Status::NotApplicable,
                                        "No campaign ledger -> profile coverage N-A",
                                        f.path + ": not in the change", guide);
    if (!f.surface)
        return detail::evidence_finding(
            id, Status::Gap, "The surface the campaign must cover cannot be read",
            f.surface_problem.empty() ? "no benchmark config" : f.surface_problem, guide,
            "Fix the operator's benchmark config so its basic and advanced cases expand.");
    const campaign::Coverage c = campaign::coverage(f.verification.state, f.surface->cases, {});
    const std::vector<std::string> uncovered(c.uncovered.begin(), c.uncovered.end());
    if (!uncovered.empty())
        return detail::evidence_finding(
            id, Status::Gap, "Surface cases neither profiled nor represented by a profile",
            std::to_string(uncovered.size()) + " of " + std::to_string(c.surface.size()) +
                " uncovered: " + capped_list_repr(uncovered),
            guide,
            "Profile each uncovered case, or name it in the `represents` of a profile record of "
            "a case that stands for it (odo_campaign <Op> profile --represents KEY).");
    if (const auto whole = campaign::whole_surface_profile(f.verification.ledger, c.surface))
        return detail::evidence_finding(
            id, Status::Manual, "One profile represents every other surface case",
            "profile seq " + std::to_string(whole->seq) + " of " + whole->case_key +
                " represents the other " + std::to_string(c.surface.size() - 1) +
                " surface cases: that one case stands for all is the author's claim",
            guide,
            "Profile the cases unlike the profiled one (another dtype, layout or input kind) "
            "directly, or a reviewer confirms that one case stands for the whole surface.");
    std::size_t direct = 0;
    for (const campaign::LedgerRecord& r : f.verification.ledger.records)
        if (r.kind == campaign::RecordKind::Profile)
            direct += c.surface.count(std::string(r.fields.at("case").get_string()));
    return detail::evidence_finding(
        id, Status::Pass, "Every surface case is profiled or represented",
        std::to_string(c.surface.size()) + " surface cases covered by " + std::to_string(direct) +
            " profile record(s) of surface cases and their representatives",
        guide);
}
#endif // ODO_GATES_DEFINITIONS

} // namespace odo::gates
