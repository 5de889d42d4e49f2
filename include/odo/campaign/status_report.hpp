#pragma once
// HOST-ONLY: runs git. Never include from a .cu file.
//
// What `odo_campaign <Op> status` prints (docs/campaign.md): the surface, the leads, wins and
// strikes, the stop, the evidence store and the next step, in Markdown or as JSON; and the facts
// beside the ledger it reads from files and git (a preflight report's GAPs, whether the baselines
// were measured again after the last kept change).
#include "odo/campaign/campaign_repository.hpp"
#include "odo/campaign/next_step.hpp"
#include "odo/core/fixed_point.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/json_write.hpp"
#include "odo/core/readable_file.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace odo::campaign {

namespace fs = std::filesystem;

// The GAPs of optimize_op's preflight JSON report (gates.md §1), each "ID summary"; a report
// that counts GAPs without listing them gives one line saying so.
inline std::vector<std::string> preflight_gaps(const std::string& file) {
    if (file.empty())
        return {};
    odo::require_readable_file("--preflight", file);
    const auto doc = odo::json::parse(odo::read_file(file), file);
    const auto* o = doc.if_object();
    const auto* phase = o ? o->if_contains("phase") : nullptr;
    const auto* gaps = o ? o->if_contains("exit_gap") : nullptr;
    if (!phase || *phase != "preflight" || !gaps || !gaps->is_int64())
        throw InputError("--preflight " + file +
                         ": not optimize_op's preflight JSON report (phase, exit_gap)");
    if (gaps->get_int64() == 0)
        return {};
    std::vector<std::string> out;
    if (const auto* findings = o->if_contains("findings"); findings && findings->is_array())
        for (const auto& f : findings->get_array())
            if (const auto* x = f.if_object(); x && x->if_contains("status") &&
                                               *x->if_contains("status") == "GAP" &&
                                               x->if_contains("id") && x->at("id").is_string())
                out.push_back(std::string(x->at("id").get_string()) +
                              (x->if_contains("summary") && x->at("summary").is_string()
                                   ? " " + odo::one_line(std::string(x->at("summary").get_string()))
                                   : std::string()));
    if (out.empty())
        out.push_back("the --preflight report counts a GAP");
    return out;
}

// The preflight GAPs a coverage commit fixes: with missing baselines, PRE-2's and PRE-3's GAPs
// are the baseline step's.
inline std::vector<std::string> coverage_gaps(std::vector<std::string> gaps,
                                              const campaign::Coverage& cov) {
    if (cov.baselined.size() < cov.surface.size())
        gaps.erase(std::remove_if(gaps.begin(), gaps.end(),
                                  [](const std::string& g) {
                                      return g.rfind("PRE-2 ", 0) == 0 || g.rfind("PRE-3 ", 0) == 0;
                                  }),
                   gaps.end());
    return gaps;
}

inline boost::json::array sorted_json(const std::set<std::string>& keys) {
    return boost::json::array(keys.begin(), keys.end());
}

inline boost::json::object lead_json(const campaign::Lead& lead) {
    boost::json::array deltas;
    if (lead.evaluation)
        deltas = campaign::case_changes_json(lead.evaluation->cases);
    return {{"id", lead.id},
            {"state", campaign::to_string(lead.state)},
            {"hypothesis", lead.hypothesis},
            {"category", lead.category},
            {"targets", boost::json::array(lead.targets.begin(), lead.targets.end())},
            {"kept_commit", lead.kept_commit ? boost::json::value(*lead.kept_commit) : nullptr},
            {"deltas", std::move(deltas)}};
}

inline boost::json::value profile_json(const std::optional<campaign::ProfileMark>& p) {
    if (!p)
        return nullptr;
    return boost::json::object{{"seq", p->seq},
                               {"source", p->source},
                               {"case", p->case_key},
                               {"bottleneck", p->bottleneck},
                               {"ceiling_pct", p->ceiling_pct},
                               {"ridge_pct", p->ridge_pct},
                               {"at_ridge", p->at_ridge}};
}

// The published evidence store as status reports it: how many files it holds, how many cited
// files it lacks, and why the ref is no store.
struct StoreStanding {
    std::size_t files = 0;
    std::size_t unpublished = 0;
    std::string problem;
};

inline StoreStanding store_standing(const Campaign& c) {
    const campaign::EvidenceStore store = campaign::EvidenceStore::open(odo::repo::Git(c.root()));
    StoreStanding out{store.size(), 0, store.problem()};
    std::set<std::string> cited;
    for (const campaign::LedgerRecord& r : c.ledger().records)
        for (const campaign::CitedFile& f : r.files)
            if (cited.insert(f.blake2b).second && !store.holds(f.blake2b))
                ++out.unpublished;
    return out;
}

inline boost::json::object next_json(const campaign::NextStep& next) {
    boost::json::object fill;
    for (const auto& [name, f] : next.fill)
        fill[name] = {{"what", f.what},
                      {"choices", boost::json::array(f.choices.begin(), f.choices.end())}};
    return {{"step", next.step},
            {"command", next.command ? boost::json::value(*next.command) : nullptr},
            {"why", next.why},
            {"fill", std::move(fill)}};
}

inline std::string status_json(const Campaign& c, const campaign::CampaignState& s,
                               const campaign::Coverage& cov, const campaign::NextStep& next,
                               const StoreStanding& store) {
    boost::json::array leads, strikes;
    for (const campaign::Lead& lead : s.leads)
        leads.push_back(lead_json(lead));
    for (const auto& strike : s.strikes)
        strikes.push_back({{"lead", strike.lead}, {"speedup_pct", strike.change_pct}});
    const boost::json::object out{
        {"ledger", c.ledger_path()},
        {"operator", c.name()},
        {"stop", s.stop ? boost::json::value(*s.stop) : nullptr},
        {"wins", s.wins},
        {"strikes_since_last_win", s.strikes_since_last_win},
        {"strikes", std::move(strikes)},
        {"open_lead", s.open_lead ? boost::json::value(*s.open_lead) : nullptr},
        {"dominant_case", s.dominant_case ? boost::json::value(*s.dominant_case) : nullptr},
        {"latest_profile", profile_json(s.profile_since_last_win)},
        {"next", next_json(next)},
        {"evidence_store",
         {{"ref", campaign::evidence_store_ref},
          {"files", store.files},
          {"unpublished", store.unpublished},
          {"problem", store.problem}}},
        {"surface",
         {{"cases", sorted_json(cov.surface)},
          {"baselined", sorted_json(cov.baselined)},
          {"profiled", sorted_json(cov.profiled)},
          {"targeted", sorted_json(cov.targeted)},
          {"uncovered", sorted_json(cov.uncovered)}}},
        {"leads", std::move(leads)}};
    return odo::json::dumps(out, {2, false, false}) + "\n";
}

inline std::string status_markdown(const Campaign& c, const campaign::CampaignState& s,
                                   const campaign::Coverage& cov, const campaign::NextStep& next,
                                   const StoreStanding& store) {
    std::string out = "# Campaign of " + c.name() + "\n\n";
    out += "- Ledger: `" + c.ledger_path() + "`\n";
    out += "- Surface: " + std::to_string(cov.surface.size()) + " cases (basic and advanced); " +
           std::to_string(cov.baselined.size()) + " baselined; " +
           std::to_string(cov.surface.size() - cov.uncovered.size()) +
           " profiled directly or through a representative; " +
           std::to_string(cov.targeted.size()) + " targeted\n";
    if (!cov.uncovered.empty())
        out += "- Not profiled: " +
               odo::text::join({cov.uncovered.begin(), cov.uncovered.end()}, ", ") + "\n";
    if (const auto& p = s.profile_since_last_win)
        out += "- Latest profile of the dominant case `" + p->case_key + "` (record " +
               std::to_string(p->seq) + ", " + p->source + "): " + p->bottleneck + ", " +
               odo::fixed_point(p->ceiling_pct, 1) + "% against a ridge of " +
               odo::fixed_point(p->ridge_pct, 1) + "%" +
               (p->at_ridge ? " (at the ridge)" : " (below the ridge)") + "\n";
    else
        out += "- No profile of the dominant case since the last win\n";
    const odo::repo::Git git(c.root());
    for (const campaign::Lead& lead : s.leads) {
        const std::string ref = campaign::attempt_ref(c.paths().op, lead.id);
        const bool shelved =
            lead.state == campaign::LeadState::Strike && git.resolve_commit(ref).has_value();
        out += "- Lead " + lead.id + " (" + lead.category +
               "): " + std::string(campaign::to_string(lead.state)) +
               (shelved ? ", its work kept at " + ref : std::string()) + "\n";
    }
    out += "- Wins: " + std::to_string(s.wins) +
           "; strikes since the last win: " + std::to_string(s.strikes_since_last_win) + "\n";
    out += "- Stop: " + (s.stop ? *s.stop : std::string("none")) + "\n";
    out += "- Evidence store: `" + std::string(campaign::evidence_store_ref) + "`, " +
           (store.problem.empty()
                ? std::to_string(store.files) + " files; " + std::to_string(store.unpublished) +
                      " cited files not published"
                : store.problem) +
           "\n";
    out += "\nNext step (" + next.step + "): " + next.why + "\n";
    if (next.command)
        out += "\n    " + *next.command + "\n";
    for (const auto& [name, fill] : next.fill)
        out += "\n- `{" + name + "}`: " + fill.what +
               (fill.choices.empty() ? std::string()
                                     : " (choices: " + odo::text::join(fill.choices, ", ") + ")");
    if (!next.fill.empty())
        out += "\n";
    return out;
}

// Whether a commit after the last kept change touched the operator's baselines.
inline bool rebaselined(const Campaign& c, const campaign::CampaignState& s) {
    for (auto lead = s.leads.rbegin(); lead != s.leads.rend(); ++lead)
        if (lead->kept_commit) {
            const auto log = odo::repo::Git(c.root()).output(
                {"log", "--format=%H", *lead->kept_commit + "..HEAD", "--", c.paths().bench_cfg});
            return log && !odo::text::strip(*log).empty();
        }
    return true;
}

} // namespace odo::campaign
