#pragma once
// HOST-ONLY: runs git and the gates. Never include from a .cu file.
//
// `odo_campaign <Op> status`: the ledger folded, and with a session the facts only the gates can
// give — the preflight's GAPs at HEAD, and at the end the summary refreshed to final and the
// evidence gate on it — turned into the next step (campaign/next_step.hpp) and printed.
#include "odo/campaign/autopilot_verbs.hpp"
#include "odo/campaign/status_report.hpp"
#include "odo/gates/evidence.hpp"
#include "odo/gates/preflight.hpp"
#include "odo/gates/summary_phase.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

namespace odo::gates {

namespace fs = std::filesystem;

// The preflight's GAPs at HEAD, run here as optimize_op runs it.
inline std::vector<std::string> preflight_gaps_at_head(const campaign::Campaign& c) {
    const odo::repo::Git git(c.root());
    const odo::Report report = run_preflight(
        load_preflight_context(c.root(), c.layout(), c.paths(), c.session()->base, git));
    std::vector<std::string> gaps;
    for (const odo::Finding& f : report.findings)
        if (f.status == odo::Status::Gap)
            gaps.push_back(f.id + " " + odo::one_line(f.summary));
    return gaps;
}

// The description as the evidence step leaves it (refreshed to final), and the evidence gate on
// it at HEAD: done when it passes and the file is that description already; the agent's to
// complete while checklist items are open; else the evidence step, which writes it and runs the
// gate. A description the summary phase refuses is the agent's to fix.
inline void evidence_facts(const campaign::Campaign& c, campaign::LoopFacts& f) {
    const std::string on_disk = odo::read_file(f.description);
    std::string refreshed;
    try {
        SummaryPhaseOptions summary;
        summary.repo_root = c.root();
        summary.layout = c.layout();
        summary.operator_name = c.name();
        summary.results = "-"; // the text read above, not the file again
        summary.results_text = on_disk;
        summary.state = "final";
        refreshed = run_summary_phase(summary);
    } catch (const InputError& e) {
        f.evidence_pass = false;
        f.description_incomplete = true;
        f.evidence_open.push_back("the summary phase refuses it: " + odo::one_line(e.what()));
        return;
    }
    const odo::repo::Git git(c.root());
    const EvidenceContext context =
        load_evidence_context(c.root(), c.layout(), c.paths(), c.session()->base, refreshed,
                              std::nullopt, git, c.artifacts());
    const odo::Report report = run_evidence(context);
    f.evidence_pass = odo::verdict(report) == odo::Verdict::Pass;
    f.evidence_current = on_disk == refreshed || on_disk == refreshed + "\n";
    for (const odo::Finding& x : report.findings)
        if (x.status == odo::Status::Gap || x.status == odo::Status::Manual)
            f.evidence_open.push_back(x.id + " " + std::string(odo::to_string(x.status)) + ": " +
                                      odo::one_line(x.summary));
    f.description_incomplete = refreshed.find("- [ ] **") != std::string::npos;
}

inline campaign::LoopFacts loop_facts(const campaign::VerbOptions& o, const campaign::Campaign& c,
                                      const campaign::CampaignState& s,
                                      const campaign::Coverage& cov,
                                      const campaign::StoreStanding& store) {
    campaign::LoopFacts f;
    f.unpublished = store.unpublished;
    f.session = c.session();
    if (!f.session) {
        f.coverage_gaps = campaign::coverage_gaps(campaign::preflight_gaps(o.preflight), cov);
        f.offer_start = o.preflight.empty() && c.ledger().records.empty();
        return f;
    }
    f.coverage_gaps = campaign::coverage_gaps(preflight_gaps_at_head(c), cov);
    f.branch = checked_out_branch(c);
    // One `git status` says both whether the tree holds a change and whether the ledger holds
    // records HEAD does not.
    const std::vector<std::string> changed = campaign::changed_paths(odo::repo::Git(c.root()));
    f.ledger_uncommitted =
        std::find(changed.begin(), changed.end(), c.ledger_path()) != changed.end();
    f.tree_changed = changed.size() > (f.ledger_uncommitted ? 1u : 0u);
    if (fs::is_regular_file(pending_file(c)))
        f.pending =
            campaign::parse_pending(odo::read_file(pending_file(c)), pending_file(c).string());
    f.rebaselined = rebaselined(c, s);
    f.ledger = c.ledger_path();
    f.description = (c.artifacts() / "mr-description.md").string();
    f.described = fs::is_regular_file(f.description);
    if (s.stop && !f.ledger_uncommitted && f.unpublished == 0 && f.described &&
        cov.uncovered.empty())
        evidence_facts(c, f);
    return f;
}

inline int campaign_status(const campaign::VerbOptions& o, const campaign::Campaign& c) {
    const campaign::CampaignState s = c.state();
    const campaign::OperatorSurface surface = c.surface();
    const campaign::Coverage cov = campaign::coverage(s, surface.cases, surface.baselined);
    const campaign::StoreStanding store = store_standing(c);
    const campaign::NextStep next =
        campaign::next_step(c.name(), s, cov, loop_facts(o, c, s, cov, store));
    c.out() << (o.format == "json" ? status_json(c, s, cov, next, store)
                                   : status_markdown(c, s, cov, next, store));
    return 0;
}

} // namespace odo::gates
