#pragma once
// The question an agent asks after every step of the optimization loop: what now? One answer per
// state of the campaign, as a command line to run (docs/campaign.md). The rules, first match:
// a preflight GAP -> the coverage commit; a surface case without a baseline -> measure and import;
// an open lead -> evaluate it; a kept change without a review -> refactor_op assess; no profile
// of the dominant case since the last win -> profile; a stop condition with surface cases no
// profile covers -> profile them; a stop condition with cited files the published evidence store
// lacks -> publish; a stop condition -> summary, then evidence; else the next lead.
#include "odo/campaign/campaign_state.hpp"
#include "odo/core/text.hpp"

#include <string>

namespace odo::campaign {

struct NextStep {
    std::string
        step; // coverage | baseline | evaluate | review | profile | publish | summary | lead
    std::string command; // the command line; UPPER-CASE words are the caller's to fill in
    std::string why;
};

namespace detail {

// A case key as one shell word: keys hold brackets and '=', which a shell would glob.
inline std::string shell_word(const std::string& text) {
    std::string out = "'";
    for (char c : text)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

inline std::string campaign_command(const std::string& op, const std::string& verb) {
    return "odo_campaign " + op + " " + verb;
}

// The case a profile or lead should name: the dominant case, else the first surface case.
inline std::string focus_case(const CampaignState& s, const Coverage& c) {
    if (s.dominant_case)
        return *s.dominant_case;
    return c.surface.empty() ? std::string("CASE_KEY") : *c.surface.begin();
}

// PROFILE is odo_profile's JSON report (ncu or the host roofline), or an ncu CSV with --ncu.
inline std::string profile_command(const std::string& op, const std::string& key) {
    return campaign_command(op, "profile") + " --report PROFILE --case " + shell_word(key);
}

} // namespace detail

// `unpublished`: the cited files the published evidence store does not hold.
inline NextStep next_step(const std::string& op, const CampaignState& s, const Coverage& c,
                          bool preflight_gap, std::size_t unpublished = 0) {
    using detail::campaign_command;
    using detail::shell_word;
    if (preflight_gap)
        return {"coverage", "optimize_op " + op + " --phase preflight",
                "preflight reports a GAP: commit the missing tests and benchmarks (the coverage "
                "commit), then run preflight again"};
    if (c.baselined.size() < c.surface.size())
        return {"baseline", "odo_baseline import --operator " + text::lower(op) + " --from RUNS",
                std::to_string(c.surface.size() - c.baselined.size()) + " of " +
                    std::to_string(c.surface.size()) +
                    " surface cases have no baseline: measure every basic and advanced case "
                    "into RUNS and import them"};
    if (s.open_lead)
        return {"evaluate",
                campaign_command(op, "evaluate") + " --lead " + shell_word(*s.open_lead) +
                    " --before RUNS_BEFORE --after RUNS_AFTER --kept COMMIT",
                "lead " + *s.open_lead +
                    " is open: measure the builds before and after its change (drop --kept "
                    "when the change is not kept)"};
    if (s.unreviewed_kept_seq)
        return {"review",
                "refactor_op " + op + " --phase assess --format json --out refactor-assess.json; " +
                    campaign_command(op, "review") + " --report refactor-assess.json",
                "the change evaluated in record " + std::to_string(s.unreviewed_kept_seq) +
                    " was kept without a review"};
    if (!s.stop && !s.profile_since_last_win)
        return {"profile", detail::profile_command(op, detail::focus_case(s, c)),
                s.wins ? "no profile of the dominant case since the last win"
                       : "no profile yet: profile the dominant case"};
    if (s.stop && !c.uncovered.empty())
        return {"profile", detail::profile_command(op, *c.uncovered.begin()),
                std::to_string(c.uncovered.size()) +
                    " surface cases are not profiled directly or through a representative "
                    "(--represents KEY names the cases a profile stands for)"};
    if (s.stop && unpublished > 0)
        return {"publish", campaign_command(op, "publish") + " --artifacts DIR",
                std::to_string(unpublished) +
                    " cited files are not in the published evidence store: publish them, then "
                    "push it with the branch (git push origin refs/odo/evidence)"};
    if (s.stop)
        return {"summary",
                "optimize_op " + op + " --phase summary --results DESCRIPTION --out DESCRIPTION" +
                    " && optimize_op " + op + " --phase evidence --results DESCRIPTION",
                "the stop condition holds (" + *s.stop + "): write the summary, then the evidence"};
    return {"lead",
            campaign_command(op, "lead") + " --id L" + std::to_string(s.leads.size() + 1) +
                " --hypothesis TEXT --category CATEGORY --target " +
                shell_word(detail::focus_case(s, c)),
            "below the ridge with " + std::to_string(s.strikes_since_last_win) +
                " strikes since the last win: open the next lead"};
}

} // namespace odo::campaign
