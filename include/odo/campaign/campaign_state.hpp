#pragma once
// Where a campaign stands, folded from its ledger's records: the leads and how each ended, the
// wins, the strikes since the last win, the latest profile, which stop condition holds, and which
// cases were profiled and targeted (docs/campaign.md). An evaluation's outcome is not taken from
// the record: it is computed again from the runs the record holds, by the same rule that wrote it
// (evaluate_lead), and a record whose outcome, deltas or bands disagree with its runs is a problem
// — a strike relabelled a win stays a strike.
#include "odo/campaign/lead_outcome.hpp"
#include "odo/campaign/ledger_read.hpp"
#include "odo/campaign/ledger_record.hpp"
#include "odo/core/error.hpp"
#include "odo/core/json_write.hpp"
#include "odo/profile/evidence_text.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace odo::campaign {

enum class LeadState { Open, Win, Strike };

constexpr std::string_view to_string(LeadState s) noexcept {
    return s == LeadState::Open ? "open" : s == LeadState::Win ? "win" : "strike";
}

// A lead as opened, and its evaluation once closed (recomputed from the recorded runs).
struct Lead {
    std::string id;
    std::uint64_t seq = 0; // of the lead record
    std::string hypothesis, category;
    std::vector<std::string> targets;
    LeadState state = LeadState::Open;
    std::uint64_t evaluation_seq = 0; // 0 while open
    std::optional<LeadEvaluation> evaluation;
    std::optional<std::string> kept_commit;
    std::string language;
};

// The profile record a stop rule reads.
struct ProfileMark {
    std::uint64_t seq = 0;
    std::string source, case_key, bottleneck;
    std::vector<std::string> represents;
    double ceiling_pct = 0, ridge_pct = 0;
    bool at_ridge = false;
};

inline constexpr std::string_view stop_ridge = "ridge";
inline constexpr std::string_view stop_three_strikes = "three-strikes";

struct CampaignState {
    int wins = 0;
    int strikes_since_last_win = 0;
    std::vector<profile::Strike> strikes; // since the last win, oldest first (target's speed-up)
    std::optional<std::string> stop;      // "ridge" | "three-strikes"
    std::optional<std::string> open_lead;
    std::vector<Lead> leads;        // in the order opened
    std::uint64_t last_win_seq = 0; // 0: no win yet
    // The case the campaign optimizes: the case of its first profile. Profiles of other cases
    // cover the surface; only this case's profile decides the ridge.
    std::optional<std::string> dominant_case;
    std::optional<ProfileMark> latest_profile;
    // The dominant case's latest profile after the last win: what the ridge rule reads.
    std::optional<ProfileMark> profile_since_last_win;
    // The evaluation seq of a kept change without a review, one recorded while its lead was open
    // (refactor_op assess before the commit) or after the evaluation; 0 when none waits.
    std::uint64_t unreviewed_kept_seq = 0;
    std::uint64_t last_review_seq = 0;   // 0: no review yet
    std::set<std::string> profiled;      // profiled cases and the cases their profiles represent
    std::set<std::string> targeted;      // every lead's targets
    std::vector<LedgerProblem> problems; // records the rules refuse (beside the parse's problems)
};

// The surface's coverage by the campaign's records.
struct Coverage {
    std::set<std::string> surface, baselined, profiled, targeted, uncovered;
};

namespace detail {

inline std::vector<std::string> string_list(const boost::json::value& v) {
    std::vector<std::string> out;
    for (const auto& item : v.get_array())
        out.emplace_back(item.get_string());
    return out;
}

inline std::vector<RunTiming> recorded_runs(const boost::json::value& side) {
    std::vector<RunTiming> runs;
    for (const auto& item : side.get_array()) {
        const auto& o = item.get_object();
        runs.push_back({std::string(o.at("case").get_string()),
                        std::string(o.at("sku").get_string()), *json::as_number(o.at("time_us")),
                        *json::as_number(o.at("noise_us"))});
    }
    return runs;
}

inline bool same_figure(double recorded, double computed) {
    return std::fabs(recorded - computed) <= 1e-9 * std::max(1.0, std::fabs(computed));
}

// What the recorded cases say that the runs do not; empty when they agree.
inline std::vector<std::string> case_disagreements(const boost::json::array& recorded,
                                                   const std::vector<CaseChange>& computed) {
    if (recorded.size() != computed.size())
        return {"records " + std::to_string(recorded.size()) + " cases; its runs measure " +
                std::to_string(computed.size())};
    std::vector<std::string> wrong;
    for (std::size_t i = 0; i < computed.size(); ++i) {
        const auto& r = recorded[i].get_object();
        const CaseChange& c = computed[i];
        const std::string where = "cases[" + std::to_string(i) + "]";
        if (r.at("case").get_string() != c.case_key || r.at("sku").get_string() != c.sku ||
            r.at("targeted").get_bool() != c.targeted) {
            wrong.push_back(where + " names another case, SKU or target than its runs");
            continue;
        }
        const std::pair<const char*, double> figures[] = {{"delta_pct", c.band.delta_pct},
                                                          {"band_low_pct", c.band.low_pct},
                                                          {"band_high_pct", c.band.high_pct}};
        for (const auto& [name, value] : figures)
            if (!same_figure(*json::as_number(r.at(name)), value))
                wrong.push_back(where + " " + name + " " + json::dumps(r.at(name)) +
                                "; its runs compute " + json::dumps(boost::json::value(value)));
    }
    return wrong;
}

inline ProfileMark profile_mark(const LedgerRecord& r) {
    const auto& f = r.fields;
    ProfileMark mark;
    mark.seq = r.seq;
    mark.source = std::string(f.at("source").get_string());
    mark.case_key = std::string(f.at("case").get_string());
    mark.bottleneck = std::string(f.at("bottleneck").get_string());
    mark.represents = string_list(f.at("represents"));
    mark.ceiling_pct = *json::as_number(f.at("ceiling_pct"));
    mark.ridge_pct = *json::as_number(f.at("ridge_pct"));
    mark.at_ridge = f.at("at_ridge").get_bool();
    return mark;
}

class Folder {
public:
    explicit Folder(CampaignState& s) : s_(s) {}

    void add(const LedgerRecord& r) {
        switch (r.kind) {
        case RecordKind::Profile:
            return profile(r);
        case RecordKind::Lead:
            return lead(r);
        case RecordKind::Evaluation:
            return evaluation(r);
        case RecordKind::Review:
            s_.unreviewed_kept_seq = 0;
            s_.last_review_seq = r.seq;
            return;
        case RecordKind::Note:
            return;
        }
    }

private:
    void problem(const LedgerRecord& r, std::string what) {
        s_.problems.push_back({r.seq, std::move(what)});
    }

    void profile(const LedgerRecord& r) {
        ProfileMark mark = profile_mark(r);
        s_.profiled.insert(mark.case_key);
        s_.profiled.insert(mark.represents.begin(), mark.represents.end());
        if (!s_.dominant_case)
            s_.dominant_case = mark.case_key;
        s_.latest_profile = mark;
        if (mark.case_key == *s_.dominant_case)
            s_.profile_since_last_win = std::move(mark);
    }

    void lead(const LedgerRecord& r) {
        const std::string id(r.fields.at("id").get_string());
        if (!ids_.insert(id).second)
            return problem(r, "lead id " + id + " was opened before (ids are unique)");
        if (s_.open_lead)
            return problem(r,
                           "lead " + id + " opened while lead " + *s_.open_lead + " is still open");
        Lead lead;
        lead.id = id;
        lead.seq = r.seq;
        lead.hypothesis = std::string(r.fields.at("hypothesis").get_string());
        lead.category = std::string(r.fields.at("category").get_string());
        lead.targets = string_list(r.fields.at("targets"));
        s_.targeted.insert(lead.targets.begin(), lead.targets.end());
        s_.open_lead = id;
        s_.leads.push_back(std::move(lead));
    }

    void evaluation(const LedgerRecord& r) {
        const auto& f = r.fields;
        const std::string id(f.at("lead").get_string());
        if (!s_.open_lead || *s_.open_lead != id)
            return problem(r, "evaluates lead " + id + ", which is not the open lead");
        Lead& lead = s_.leads.back();
        const std::set<std::string> targets(lead.targets.begin(), lead.targets.end());
        LeadEvaluation e;
        try {
            e = evaluate_lead(recorded_runs(f.at("runs").at("before")),
                              recorded_runs(f.at("runs").at("after")), targets);
        } catch (const InputError& error) {
            return problem(r, std::string("its runs cannot be judged: ") + error.what());
        }
        const std::string recorded(f.at("outcome").get_string());
        if (recorded != to_string(e.outcome))
            problem(r, "outcome says " + recorded + "; its runs compute " +
                           std::string(to_string(e.outcome)));
        for (std::string& wrong : case_disagreements(f.at("cases").get_array(), e.cases))
            problem(r, std::move(wrong));
        lead.state = e.outcome == LeadOutcome::Win ? LeadState::Win : LeadState::Strike;
        lead.evaluation_seq = r.seq;
        if (f.at("kept_commit").is_string())
            lead.kept_commit = std::string(f.at("kept_commit").get_string());
        lead.language = std::string(f.at("language").get_string());
        if (lead.kept_commit && s_.last_review_seq < lead.seq)
            s_.unreviewed_kept_seq = r.seq;
        s_.open_lead.reset();
        close(lead, e);
    }

    void close(Lead& lead, LeadEvaluation e) {
        if (e.outcome == LeadOutcome::Win) {
            ++s_.wins;
            s_.strikes.clear();
            s_.last_win_seq = lead.evaluation_seq;
            s_.profile_since_last_win.reset();
        } else {
            s_.strikes.push_back({lead.id, target_speedup(e)});
        }
        lead.evaluation = std::move(e);
    }

    // The speed-up of the slowest-improving target: what a strike is quoted with.
    static double target_speedup(const LeadEvaluation& e) {
        std::optional<double> worst;
        for (const CaseChange& c : e.cases)
            if (c.targeted)
                worst = worst ? std::min(*worst, c.speedup_pct()) : c.speedup_pct();
        return worst.value_or(0);
    }

    CampaignState& s_;
    std::set<std::string> ids_; // every lead id seen, opened or refused
};

} // namespace detail

// Folds the ledger's well-formed records in order. The stop condition: "ridge" when the dominant
// case's latest profile after the last win is at the ridge, else "three-strikes" with three or more
// strikes since the last win, else none.
inline CampaignState fold(const Ledger& ledger) {
    CampaignState s;
    detail::Folder folder(s);
    for (const LedgerRecord& r : ledger.records)
        folder.add(r);
    s.strikes_since_last_win = static_cast<int>(s.strikes.size());
    if (s.profile_since_last_win && s.profile_since_last_win->at_ridge)
        s.stop = std::string(stop_ridge);
    else if (s.strikes_since_last_win >= 3)
        s.stop = std::string(stop_three_strikes);
    return s;
}

// The surface (the union of the basic and advanced case keys) against the campaign: a case is
// covered when a profile names it directly or as a case it represents.
inline Coverage coverage(const CampaignState& s, const std::set<std::string>& surface,
                         const std::set<std::string>& baselined) {
    Coverage c{surface, {}, s.profiled, s.targeted, {}};
    for (const std::string& key : surface) {
        if (baselined.count(key))
            c.baselined.insert(key);
        if (!s.profiled.count(key))
            c.uncovered.insert(key);
    }
    return c;
}

// The first profile record whose `represents`, with its own case, covers the whole surface: one
// case standing for every other is the author's claim alone. nullopt when none does.
inline std::optional<ProfileMark> whole_surface_profile(const Ledger& ledger,
                                                        const std::set<std::string>& surface) {
    for (const LedgerRecord& r : ledger.records) {
        if (r.kind != RecordKind::Profile)
            continue;
        ProfileMark mark = detail::profile_mark(r);
        std::set<std::string> covered(mark.represents.begin(), mark.represents.end());
        covered.insert(mark.case_key);
        if (!mark.represents.empty() &&
            std::includes(covered.begin(), covered.end(), surface.begin(), surface.end()))
            return mark;
    }
    return std::nullopt;
}

} // namespace odo::campaign
