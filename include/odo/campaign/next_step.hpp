#pragma once
// The question an agent asks after every step of the optimization loop: what now? One answer per
// state of the campaign: a step name, the command that does it (run from the repository root as
// printed, once each `{NAME}` is filled in as one shell word), what each `{NAME}` asks for, and
// why (docs/campaign.md, "The next step"). The rules, first match:
//
//   no session and nothing recorded yet     -> start
//   a preflight GAP beside baselines        -> coverage   (the agent commits tests/benchmarks)
//   a surface case without a baseline       -> baseline
//   no record yet, on the base branch       -> branch     (with a session)
//   an evaluation measured, not recorded    -> keep (a win) or revert (a strike)
//   an open lead                            -> change (nothing changed yet) or evaluate
//   a kept change without a review          -> review
//   a win without baselines measured after  -> rebaseline (with a session)
//   no profile of the dominant case since the last win -> profile
//   a stop, a surface case no profile covers -> profile it
//   a stop, records HEAD does not hold      -> commit (with a session)
//   a stop, cited files the store lacks     -> publish
//   a stop, no MR description               -> summary (its first, provisional form)
//   a stop, the evidence gate not at PASS   -> describe (the agent completes the description)
//                                              or evidence
//   a stop, the evidence gate at PASS on HEAD -> done
//   else                                    -> lead
//
// Without a session (`odo_campaign <Op> start`), the commands leave the paths to fill in.
#include "odo/campaign/campaign_session.hpp"
#include "odo/campaign/campaign_state.hpp"
#include "odo/campaign/lead_category.hpp"
#include "odo/campaign/pending_evaluation.hpp"
#include "odo/core/fixed_point.hpp"
#include "odo/core/text.hpp"

#include <cctype>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace odo::campaign {

// What a `{NAME}` of a command asks for; `choices` when the answer is one (or, where `what` says
// so, several) of a list.
struct Fill {
    std::string what;
    std::vector<std::string> choices;
};

struct NextStep {
    std::string step;
    std::optional<std::string>
        command; // nullopt: the agent's own work (change, coverage, describe)
    std::string why;
    std::map<std::string, Fill> fill;
};

// Everything beside the ledger the next step depends on; the caller gathers it.
struct LoopFacts {
    std::vector<std::string> coverage_gaps; // preflight GAPs other than missing baselines
    std::optional<CampaignSession> session;
    bool offer_start = false;  // no session, no record, no preflight report: start is the way in
    std::string branch;        // the checked-out branch ("" when detached)
    bool tree_changed = false; // the working tree differs from HEAD beside the ledger
    std::optional<PendingEvaluation> pending;
    // A commit after the last kept change touched the operator's baselines.
    bool rebaselined = true;
    bool ledger_uncommitted = false; // the ledger holds records HEAD does not
    std::size_t unpublished = 0;     // cited files the published evidence store lacks
    bool described = false;          // the MR description exists
    // The evidence gate on the description as the evidence step leaves it; nullopt: not run.
    std::optional<bool> evidence_pass;
    bool evidence_current = false;          // ... and the file is that description already
    std::vector<std::string> evidence_open; // its findings that are GAP or MANUAL
    bool description_incomplete = false;    // checklist items are still open in it
    std::string description;                // where the MR description is (or goes)
    std::string ledger;                     // the ledger's repository path
};

namespace detail {

// A case key as one shell word: keys hold brackets and '=', which a shell would glob.
inline std::string shell_word(const std::string& text) {
    std::string out = "'";
    for (char c : text)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// The operator's name as a command word: as typed where it is a plain name (the usual case), else
// quoted, so that a name the agent typed oddly still runs as printed.
inline std::string op_word(const std::string& op) {
    for (char c : op)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.'))
            return shell_word(op);
    return op.empty() ? shell_word(op) : op;
}

inline std::string campaign_command(const std::string& op, const std::string& verb) {
    return "odo_campaign " + op_word(op) + " " + verb;
}

// The case a profile or lead should name: the dominant case; "" before the first profile names
// it (the profile step then asks for it).
inline std::string focus_case(const CampaignState& s) {
    return s.dominant_case ? *s.dominant_case : std::string();
}

inline std::string artifact(const LoopFacts& f, const std::string& name) {
    return f.session ? shell_word((f.session->artifacts / name).string()) : "{" + name + "}";
}

// Profiles `key` ("": the dominant case, which the agent names) and records it; with a session,
// odo_profile runs on the session's benchmark.
inline NextStep profile_step(const std::string& op, const std::string& key, const Coverage& c,
                             const LoopFacts& f, std::string why, std::size_t n) {
    NextStep out{"profile", std::nullopt, std::move(why), {}};
    std::vector<std::string> others;
    for (const std::string& k : c.uncovered)
        if (k != key)
            others.push_back(k);
    out.fill["REPRESENTS"] = {"the surface cases this profile stands for because they run the "
                              "same code as it, each as --represents 'KEY' (any number of the "
                              "choices, or nothing)",
                              others};
    if (key.empty()) {
        Fill& dominant = out.fill["CASE"];
        dominant.what = "the dominant case, as one shell word: the case the operator's users run "
                        "most; its profiles decide the ridge for the whole campaign";
        for (const std::string& k : c.surface)
            dominant.choices.push_back(shell_word(k));
        out.fill["REPRESENTS"].what += " (not CASE itself)";
    }
    const std::string case_word = key.empty() ? std::string("{CASE}") : shell_word(key);
    const std::string record = "profile-" + std::to_string(n) + ".json";
    std::string command;
    if (!f.session) {
        out.fill["PROFILE"] = {"odo_profile's JSON report of the case (ncu, nsys or the host "
                               "roofline record)",
                               {}};
        command = campaign_command(op, "profile") + " --report {PROFILE}";
    } else {
        const std::string ridge = " --ridge-pct " + fixed_point(f.session->ridge_pct, 1);
        const std::string bench =
            "odo_profile --bench " + shell_word(f.session->bench.string()) + " --case " + case_word;
        command = (f.session->profiler == "ncu"
                       ? bench + " --format json > " + artifact(f, record)
                       : bench + " --host-roofline --record " + artifact(f, record) + ridge) +
                  " && " + campaign_command(op, "profile") + " --report " + artifact(f, record) +
                  ridge;
    }
    out.command = command + " --case " + case_word + " {REPRESENTS}";
    return out;
}

inline NextStep lead_step(const std::string& op, const CampaignState& s) {
    NextStep out{"lead",
                 campaign_command(op, "lead") + " --id L" + std::to_string(s.leads.size() + 1) +
                     " --hypothesis {HYPOTHESIS} --category {CATEGORY} --target " +
                     shell_word(focus_case(s)),
                 "below the ridge with " + std::to_string(s.strikes_since_last_win) +
                     " strikes since the last win: open the next lead",
                 {}};
    out.fill["HYPOTHESIS"] = {"what one change should improve in the dominant case, and why the "
                              "profile says it will",
                              {}};
    out.fill["CATEGORY"] = {"the kind of change", {lead_categories.begin(), lead_categories.end()}};
    return out;
}

} // namespace detail

inline NextStep next_step(const std::string& op, const CampaignState& s, const Coverage& c,
                          const LoopFacts& f) {
    using detail::artifact;
    using detail::campaign_command;
    using detail::op_word;
    using detail::shell_word;
    const std::optional<CampaignSession>& session = f.session;
    if (f.offer_start && !session)
        return {
            "start",
            campaign_command(op, "start") +
                " --build-dir {BUILD_DIR} --artifacts {ARTIFACTS} {TESTS}",
            "no campaign yet: name the library's build once, and odo builds, measures, keeps "
            "and reverts from then on",
            {{"BUILD_DIR", {"the library's configured CMake build folder", {}}},
             {"ARTIFACTS", {"a folder outside the repository for run artifacts and reports", {}}},
             {"TESTS",
              {"--test-target TARGET naming the tests a win must pass before it is kept, or "
               "nothing",
               {}}}}};
    if (!f.coverage_gaps.empty())
        return {"coverage",
                std::nullopt,
                "preflight reports a GAP beside baselines (" + text::join(f.coverage_gaps, "; ") +
                    "): commit the missing tests and benchmarks as one coverage commit, then ask "
                    "status again",
                {}};
    if (c.baselined.size() < c.surface.size()) {
        const std::string why = std::to_string(c.surface.size() - c.baselined.size()) + " of " +
                                std::to_string(c.surface.size()) +
                                " surface cases have no baseline";
        if (session)
            return {"baseline",
                    campaign_command(op, "baseline") + " --commit",
                    why + ": odo measures every basic and advanced case through each entry "
                          "point, imports and commits the baselines",
                    {}};
        return {"baseline",
                "odo_baseline import --operator " + op_word(text::lower(op)) + " --from {RUNS}",
                why +
                    ": measure every basic and advanced case into a folder and import it "
                    "(or run `odo_campaign " +
                    op + " start` and let odo measure)",
                {{"RUNS", {"the folder of run artifacts of every surface case", {}}}}};
    }
    if (session && s.leads.empty() && !s.latest_profile && f.branch == session->base)
        return {"branch",
                "git switch -c " + shell_word(session->branch),
                "the baselines are on " + session->base +
                    "; the campaign's records and changes go on a branch of their own",
                {}};
    if (f.pending) {
        const bool win = f.pending->outcome == "win";
        return {win ? "keep" : "revert",
                campaign_command(op, win ? "keep" : "revert") + " --lead " +
                    shell_word(f.pending->lead),
                win ? "lead " + f.pending->lead +
                          " is a win: commit it as its perf commit and "
                          "record the evaluation"
                    : "lead " + f.pending->lead +
                          " is a strike: put the tree back (its work is "
                          "kept at " +
                          attempt_ref(text::lower(op), f.pending->lead) +
                          ") and record the evaluation",
                {}};
    }
    if (s.open_lead && session && !f.tree_changed)
        return {"change",
                std::nullopt,
                "lead " + *s.open_lead + " is open: make its one change in the working tree (" +
                    s.leads.back().hypothesis + "), run the tests, then ask status again",
                {}};
    if (s.open_lead) {
        if (session)
            return {"evaluate",
                    campaign_command(op, "evaluate") + " --lead " + shell_word(*s.open_lead),
                    "lead " + *s.open_lead +
                        " is open and the tree has its change: odo times the lead's base "
                        "against the working tree, alternating case by case",
                    {}};
        return {"evaluate",
                campaign_command(op, "evaluate") + " --lead " + shell_word(*s.open_lead) +
                    " --before {RUNS_BEFORE} --after {RUNS_AFTER}",
                "lead " + *s.open_lead +
                    " is open: measure the builds before and after its change, then record the "
                    "evaluation (with --kept COMMIT once a win is committed)",
                {{"RUNS_BEFORE", {"run artifacts of the build without the change", {}}},
                 {"RUNS_AFTER", {"run artifacts of the build with the change", {}}}}};
    }
    if (s.unreviewed_kept_seq) {
        const std::string report = artifact(f, "refactor-assess.md");
        NextStep out{"review",
                     "refactor_op " + op_word(op) + " --phase assess --out " + report + " && " +
                         campaign_command(op, "review") + " --report " + report,
                     "the change evaluated in record " + std::to_string(s.unreviewed_kept_seq) +
                         " was kept without a review",
                     {}};
        if (!session)
            out.fill["refactor-assess.md"] = {"where refactor_op's report goes", {}};
        return out;
    }
    if (session && s.wins && !f.rebaselined)
        return {"rebaseline",
                campaign_command(op, "baseline") +
                    " --commit && odo_baseline validate --operator " + op_word(text::lower(op)) +
                    " --reject-regressions-from " + shell_word(session->base) + " > " +
                    artifact(f, "validate.txt"),
                "the last kept change is not in the baselines yet: measure them again, commit, "
                "and hold them to " +
                    session->base + "'s",
                {}};
    const std::size_t n = s.latest_profile ? s.latest_profile->seq : 0;
    if (!s.stop && !s.profile_since_last_win)
        return detail::profile_step(op, detail::focus_case(s), c, f,
                                    s.wins ? "no profile of the dominant case since the last win"
                                           : "no profile yet: profile the dominant case",
                                    n + 1);
    if (s.stop && !c.uncovered.empty())
        return detail::profile_step(
            op, *c.uncovered.begin(), c, f,
            std::to_string(c.uncovered.size()) +
                " surface cases are not profiled directly or through a representative",
            n + 1);
    if (!s.stop)
        return detail::lead_step(op, s);
    if (session && f.ledger_uncommitted)
        return {"commit",
                "git add " + shell_word(f.ledger) + " && git commit -m " +
                    shell_word("bench(" + text::lower(op) + "): the campaign ledger's records"),
                "the stop condition holds and the ledger has records HEAD does not: the summary "
                "and the evidence gate read the ledger committed at HEAD",
                {}};
    if (f.unpublished > 0)
        return {"publish",
                campaign_command(op, "publish"),
                std::to_string(f.unpublished) +
                    " cited files are not in the published evidence store: publish them, then "
                    "push it with the branch (git push origin HEAD refs/odo/evidence)",
                {}};
    const std::string description =
        session ? shell_word(f.description) : std::string("{DESCRIPTION}");
    const std::map<std::string, Fill> description_fill =
        session ? std::map<std::string, Fill>()
                : std::map<std::string, Fill>{{"DESCRIPTION", {"the MR description's file", {}}}};
    if (!f.described) {
        NextStep out{"summary",
                     "printf '%s\\n' {OPTIMIZED_CASES} > " + artifact(f, "optimized-cases.txt") +
                         " && optimize_op " + op_word(op) + " --phase summary --benchmark-base " +
                         (session ? shell_word(session->base) : std::string("{BASE}")) +
                         " --optimized-cases-file " + artifact(f, "optimized-cases.txt") +
                         " --state provisional --out " + description,
                     "the stop condition holds (" + *s.stop +
                         "): write the MR description's first, provisional form",
                     description_fill};
        std::vector<std::string> keys;
        for (const std::string& k : c.surface)
            keys.push_back(shell_word(k));
        out.fill["OPTIMIZED_CASES"] = {"the surface cases the campaign's changes speed up, as "
                                       "shell words (any number of the choices)",
                                       keys};
        if (!session) {
            out.fill["BASE"] = {"the branch the merge request goes into", {}};
            out.fill["optimized-cases.txt"] = {"where the list of optimized cases goes", {}};
        }
        return out;
    }
    if (f.evidence_pass && *f.evidence_pass && f.evidence_current)
        return {"done",
                std::nullopt,
                "the evidence gate passes on HEAD; push the branch and the evidence store: git "
                "push origin HEAD refs/odo/evidence",
                {}};
    if (f.evidence_pass && !*f.evidence_pass && f.description_incomplete)
        return {"describe",
                std::nullopt,
                "the MR description " + f.description +
                    " is not complete: " + text::join(f.evidence_open, "; ") +
                    ". Check each item with the file that proves it, write the learnings, then "
                    "ask status again",
                {}};
    NextStep out{"evidence",
                 "optimize_op " + op_word(op) + " --phase summary --results " + description +
                     " --out " + description + " --state final && optimize_op " + op_word(op) +
                     " --phase evidence --results " + description +
                     (session ? " --artifacts " + shell_word(session->artifacts.string())
                              : std::string(" --artifacts {ARTIFACTS}")),
                 f.evidence_open.empty()
                     ? "refresh the description to final and run the evidence gate"
                     : "the evidence gate does not pass: " + text::join(f.evidence_open, "; "),
                 description_fill};
    if (!session)
        out.fill["ARTIFACTS"] = {"the folder the cited files outside the repository lie in", {}};
    return out;
}

} // namespace odo::campaign
