#pragma once
// HOST-ONLY: gathers git facts through odo::repo::Git. Never include from a .cu file.
//
// The evidence phase (gates.md §4): gathers what each ODO check judges — the change since the
// merge base, the v1 summary in the MR description, the committed baselines, the review checks —
// and runs the standard composition ODO-0 … ODO-12.
#include "odo/baseline/config_set.hpp"
#include "odo/baseline/operator_file.hpp"
#include "odo/baseline/regression_at_ref.hpp"
#include "odo/baseline/validation.hpp"
#include "odo/core/file.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/linkage.hpp"
#include "odo/devcode/compile_command.hpp"
#include "odo/devcode/compiler_sandbox.hpp"
#include "odo/devcode/device_proof.hpp"
#include "odo/gates/campaign_ledger_facts.hpp"
#include "odo/gates/config_documents.hpp"
#include "odo/gates/evidence_checks.hpp"
#include "odo/gates/evidence_checks_binding_impact.hpp"
#include "odo/gates/evidence_checks_campaign.hpp"
#include "odo/gates/evidence_checks_checklist.hpp"
#include "odo/gates/evidence_checks_regression.hpp"
#include "odo/gates/evidence_checks_summary.hpp"
#include "odo/gates/evidence_facts.hpp"
#include "odo/gates/gate.hpp"
#include "odo/gates/repository_universe.hpp"
#include "odo/refactor/assess_phase.hpp"
#include "odo/refactor/checklist_evidence.hpp"
#include "odo/refactor/settings.hpp"
#include "odo/refactor/verify.hpp"
#include "odo/repo/git.hpp"
#include "odo/repo/layout.hpp"
#include "odo/repo/operator.hpp"
#include "odo/repo/source_tree.hpp"
#include "odo/review/bench_checks.hpp"
#include "odo/review/curated_data.hpp"
#include "odo/review/support_probe.hpp"
#include "odo/review/test_checks.hpp"
#include "odo/summary/description_text.hpp"
#include "odo/summary/parse.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace odo::gates {

struct EvidenceContext {
    std::filesystem::path repo_root;
    repo::Layout layout;
    repo::OperatorPaths op;
    repo::OperatorSet all_ops;
    std::string guide;

    EvidenceFacts facts;
    std::optional<std::string> results; // the MR description; nullopt: not given
    SummaryFormatFacts summary;         // ODO-3's view, also the source of the checklist
    std::map<std::string, ChecklistEntry> checklist; // label -> item of the live block
    std::vector<Finding> test_review;                // TST-1, TST-2
    std::optional<Finding> ben6;
    RegressionGateFacts regression;
    RefactorRerun refactor; // ODO-8's own run of refactor_op assess on the change
    ScopeDeclaration scope;
    SecondaryScopePolicy policy;
    BindingImpactFacts binding_impact;
    CampaignLedgerFacts ledger; // ODO-4 and CAMPAIGN-COVERAGE when the branch carries one

    std::optional<ChecklistEntry> item(const std::string& label) const {
        const auto it = checklist.find(label);
        return it == checklist.end() ? std::nullopt : std::optional<ChecklistEntry>(it->second);
    }
};

namespace detail {

#if ODO_GATES_DEFINITIONS
inline std::optional<boost::json::value> json_of(const std::optional<std::string>& text) {
    return text ? json::try_parse(*text) : std::nullopt;
}
#endif // ODO_GATES_DEFINITIONS

// The operator's config in the working tree, parsed once: BEN-6 reviews its configs, ODO-3 and
// ODO-12 read its document, ODO-7 takes the configs over once BEN-6 is judged.
struct WorkingConfig {
    std::shared_ptr<const boost::json::value> document; // null: missing or not JSON
    review::BenchConfigInput review;                    // BEN-6's view
};

#if ODO_GATES_DEFINITIONS
inline WorkingConfig working_config(const std::string& path,
                                    const std::optional<ConfigDocument>& version, bool blank_text) {
    WorkingConfig w{nullptr, {path, std::nullopt, path + ": missing"}};
    if (!version)
        return w;
    if (!version->document) {
        w.review.problem = blank_text ? path + ": file is empty" : path + version->problem;
        return w;
    }
    w.document = version->document;
    try {
        w.review =
            review::bench_config_input_of(path, surface::load_bench_config(*w.document, path));
    } catch (const InputError& e) {
        w.review.problem = e.what();
    }
    return w;
}

inline void read_summary(EvidenceContext& c, const repo::Git& git, const summary::Markers& markers,
                         std::shared_ptr<const boost::json::value> candidate_config,
                         ConfigDocuments& documents) {
    SummaryFormatFacts& s = c.summary;
    s.results = c.results;
    s.languages = c.layout.languages;
    s.head_sha = git.resolve_commit("HEAD").value_or("");
    s.candidate_config = std::move(candidate_config);
    s.sku_map = json_of(repo::try_read_repo_file(c.repo_root, c.layout.paths.sku_map));
    if (!c.results)
        return;
    try {
        s.parsed = summary::parse_summary(*c.results, markers);
    } catch (const InputError& e) {
        s.parse_error = e.what();
        return;
    }
    const summary::Metadata& m = s.parsed->metadata;
    s.baseline_is_ancestor_rc = git.is_ancestor(m.baseline_commit, "HEAD");
    s.baseline_config_spec = m.baseline_commit + ":" + c.op.bench_cfg;
    // Usually the merge base, whose version the change's facts have already read.
    std::optional<ConfigDocument> version;
    if (const auto* known = documents.known(s.baseline_config_spec))
        version = *known;
    else
        git.stream_objects({s.baseline_config_spec},
                           [&](const std::string& spec, std::string_view oid,
                               std::optional<std::string_view> contents) {
                               version = documents.from_git(spec, oid, contents);
                               return true;
                           });
    if (version && version->object())
        s.baseline_config = version->document;
    for (const summary::ChecklistItem& item : s.parsed->body.checklist)
        c.checklist[item.label] = {item.checked, item.evidence};
}

// The configs of a version the run has parsed, as the regression gate reads them at `ref`: absent
// (a new operator), or InputError naming `ref:path` when the version is not a config.
inline std::optional<surface::BenchConfig>
configs_at_ref(const std::optional<ConfigDocument>& version, const std::string& ref,
               const std::string& path) {
    if (!version)
        return std::nullopt;
    const std::string source = ref + ":" + path;
    if (!version->document)
        throw InputError(source + version->problem);
    return surface::load_bench_config(*version->document, source);
}

// ODO-7 over the operator's own committed config, against the merge base: an un-rebased branch
// must not look regressed because the base got faster, and another operator's broken file is
// not this campaign's failure (gates.md §8.15).
// `loaded`: the working tree's configs as BEN-6 read them, when it could; else the file is read
// again here, so that its problem is reported as the regression gate words it. The merge base's
// version is the one the change's facts parsed, when they could read it.
inline RegressionGateFacts regression_facts(const EvidenceContext& c, const repo::Git& git,
                                            const surface::SkuMap& sku_map,
                                            std::optional<surface::BenchConfig> loaded,
                                            const ConfigDocuments& documents) {
    RegressionGateFacts f;
    f.compared_to = c.facts.range.merge_base.value_or(c.facts.range.base);
    try {
        const std::filesystem::path absolute = repo::repo_file_path(c.repo_root, c.op.bench_cfg);
        std::vector<baseline::OperatorFile> files;
        if (loaded) {
            // The gate validates and compares configs only; it never rewrites the file, so it
            // needs neither the bytes nor the document.
            loaded->source = absolute.string();
            files.push_back({absolute, {}, {}, *std::move(loaded)});
        } else {
            files.push_back(baseline::load_operator_file(absolute));
        }
        const baseline::ConfigSet set(std::move(files));
        baseline::BaselineSelection languages;
        languages.languages = c.layout.languages;
        f.validation = baseline::validate_baselines(
            set, sku_map.stems(), languages,
            baseline::quality_policy(sku_map, baseline::default_benchmark_quality,
                                     c.layout.languages));
        const auto* base = c.facts.range.merge_base
                               ? documents.known(f.compared_to + ":" + c.op.bench_cfg)
                               : nullptr;
        if (base) {
            // Moved in: an initializer list would copy the merge base's configs once more.
            std::vector<baseline::ConfigRevision> revisions;
            revisions.push_back({absolute.string(), &set.files().front().config,
                                 configs_at_ref(*base, f.compared_to, c.op.bench_cfg)});
            f.regression = baseline::compare_revisions(revisions, f.compared_to, languages);
        } else
            f.regression = baseline::reject_regressions_from(git, f.compared_to, set, languages);
        // Reports name the file as the repository does, wherever the clone lives.
        auto repository_path = [&](std::string& file) {
            if (file == absolute.string())
                file = c.op.bench_cfg;
        };
        for (auto& row : f.regression->rows)
            repository_path(row.file);
        for (auto& issue : f.validation->issues)
            repository_path(issue.file);
    } catch (const InputError& e) {
        f.problem = e.what();
    }
    return f;
}

inline std::vector<std::string>
stems_in_file_order(const std::optional<boost::json::value>& sku_map) {
    std::vector<std::string> stems;
    const boost::json::object* root = sku_map ? sku_map->if_object() : nullptr;
    const boost::json::value* entries = root ? root->if_contains("entries") : nullptr;
    if (entries && entries->is_array())
        for (const auto& e : entries->get_array())
            if (const auto* o = e.if_object())
                if (const auto* stem = o->if_contains("stem"); stem && stem->is_string())
                    stems.emplace_back(stem->get_string());
    return stems;
}

inline BindingImpactFacts binding_impact_facts(const EvidenceContext& c) {
    BindingImpactFacts f;
    f.summary_error = c.summary.parsed ? ""
                                       : (c.summary.parse_error.empty() ? "no results summary"
                                                                        : c.summary.parse_error);
    if (c.summary.parsed) {
        f.baseline_commit = c.summary.parsed->metadata.baseline_commit;
        f.optimized_cases = c.summary.parsed->metadata.optimized_cases;
    }
    f.baseline_config = c.summary.baseline_config;
    f.candidate_config = c.summary.candidate_config;
    f.reference_skus = stems_in_file_order(c.summary.sku_map);
    f.sku_map_path = c.layout.paths.sku_map;
    f.languages = c.layout.languages;
    return f;
}

// refactor_op verify of a refactor: commit (`now`, its tree) against its parent: the findings it
// did not pass. Bit-exactness needs the author's test run, unless `proof` is given and nvcc is
// there: then the device-code proof of the commit against its parent decides VER-6 too.
inline std::vector<std::string>
reverify_open(const EvidenceContext& c, const repo::Git& git, const RefactorCommit& commit,
              const repo::Revision& now,
              const std::optional<devcode::ProofRequest>& proof = std::nullopt) {
    if (commit.parent.empty())
        return {"no parent to verify against"};
    try {
        const repo::Revision base(git, commit.parent);
        const refactor::VerifyInput in{
            git,          c.layout, c.op,
            now,          base,     commit.parent,
            std::nullopt, "",       refactor::repository_settings(c.repo_root, c.layout),
            commit.sha,   proof};
        const bool proving = proof && devcode::cuda_compiler();
        refactor::RefactorSummary summary;
        std::vector<std::string> open;
        for (const refactor::Finding& f : refactor::verify_findings(in, summary))
            if ((proving || f.id != refactor::bit_exact_id) && f.status != refactor::Status::Pass)
                open.push_back(f.id + " " + std::string(to_string(f.status)));
        return open;
    } catch (const InputError& e) {
        return {std::string("verify could not run: ") + e.what()};
    }
}

// refactor_op assess over the working tree, as the author ran it before committing, and for every
// refactor: commit the sources fingerprint its verify report must name and the gate's own verify
// (ODO-8).
inline RefactorRerun refactor_rerun(const EvidenceContext& c, const repo::Git& git) {
    RefactorRerun r;
    r.commits = refactor_commits(c.facts.commits);
    for (RefactorCommit& commit : r.commits) {
        // One tree for both, so the commit's sources are read from git once.
        const repo::Revision now(git, commit.sha);
        commit.sources = refactor::sources_fingerprint(now, c.op);
        commit.reverify_open = reverify_open(c, git, commit, now);
    }
    try {
        const repo::WorkingTree tree(c.repo_root);
        refactor::Report report;
        report.findings = refactor::assess_findings(
            {c.op, tree}, refactor::repository_settings(c.repo_root, c.layout));
        r.sources = refactor::sources_fingerprint(tree, c.op);
        r.verdict = std::string(to_string(refactor::verdict(report)));
        r.counts = refactor::counts_line(report);
        r.open = refactor::id_list_text(refactor::open_ids(report));
        for (const refactor::Finding& f : report.findings)
            if (f.status == refactor::Status::Manual)
                r.manual.push_back(f.id);
    } catch (const InputError& e) {
        r.problem = e.what();
    }
    return r;
}
#endif // ODO_GATES_DEFINITIONS

} // namespace detail

// ODO-8 asked to re-prove (optimize_op --reprove-refactors): each refactor: commit verified
// again against its parent with the device-code proof deciding VER-6 where nvcc is there (flags
// from the layout profile), so a cited PARITY-OK is checked against a proof the gate ran itself.
ODO_API void reprove_refactor_commits(EvidenceContext& c, const repo::Git& git,
                                      devcode::Isolation isolation = devcode::Isolation::automatic);
#if ODO_GATES_DEFINITIONS
ODO_API void reprove_refactor_commits(EvidenceContext& c, const repo::Git& git,
                                      devcode::Isolation isolation) {
    devcode::ProofRequest request;
    request.isolation = isolation;
    for (RefactorCommit& commit : c.refactor.commits) {
        const repo::Revision now(git, commit.sha);
        commit.reverify_open = detail::reverify_open(c, git, commit, now, request);
    }
}
#endif // ODO_GATES_DEFINITIONS

// Loads every fact of the evidence phase. Malformed repository files that the checks cannot
// judge (manifest, SKU map, curated data, scope policy) throw InputError naming the file.
// `artifacts`: the folder where files a campaign ledger cites outside the repository lie.
ODO_API EvidenceContext load_evidence_context(
    std::filesystem::path repo_root, repo::Layout layout, repo::OperatorPaths op,
    const std::string& base, std::optional<std::string> results, std::optional<std::string> mr_iid,
    const repo::Git& git, const std::optional<std::filesystem::path>& artifacts = std::nullopt);
#if ODO_GATES_DEFINITIONS
ODO_API EvidenceContext load_evidence_context(
    std::filesystem::path repo_root, repo::Layout layout, repo::OperatorPaths op,
    const std::string& base, std::optional<std::string> results, std::optional<std::string> mr_iid,
    const repo::Git& git, const std::optional<std::filesystem::path>& artifacts) {
    EvidenceContext c;
    c.repo_root = std::move(repo_root);
    c.all_ops = manifest_operators(c.repo_root, layout);
    const surface::SkuMap sku_map = reference_sku_map(c.repo_root, layout);
    c.guide = layout.guidelines.optimization;
    std::optional<std::string> working_text = repo::try_read_repo_file(c.repo_root, op.bench_cfg);
    const bool blank = working_text && text::strip(*working_text).empty();
    ConfigDocuments documents(std::move(working_text));
    c.facts = gather_evidence_facts(git, layout, op, c.all_ops, base, documents);
    documents.release_working_text();
    if (results)
        c.results = summary::normalized_description(*results);

    const review::SupportInfo support =
        review::probe_support(c.repo_root, op, review::load_curated_data(c.repo_root, layout));
    c.test_review = review::test_domain_findings(c.repo_root, op, support, layout, Phase::Evidence);
    detail::WorkingConfig config = detail::working_config(op.bench_cfg, documents.working(), blank);
    c.ben6 = review::check_planar_coverage(config.review, support, Phase::Evidence);
    c.ledger =
        load_campaign_ledger_facts(c.repo_root, layout, op, git, c.facts.range, artifacts,
                                   config.review.config, config.review.problem, sku_map.stems());

    c.layout = std::move(layout);
    c.op = std::move(op);
    detail::read_summary(c, git, summary::Markers::from_layout(c.layout),
                         std::move(config.document), documents);
    c.regression =
        detail::regression_facts(c, git, sku_map, std::move(config.review.config), documents);
    c.binding_impact = detail::binding_impact_facts(c);
    c.refactor = detail::refactor_rerun(c, git);
    c.scope.metadata_operator =
        c.summary.parsed ? c.summary.parsed->metadata.operator_name : c.op.operator_name;
    if (c.summary.parsed)
        c.scope.secondaries = c.summary.parsed->metadata.secondary_operators;
    c.scope.mr_iid = std::move(mr_iid);
    c.policy = load_secondary_scope_policy(c.repo_root, c.layout);
    return c;
}

// ODO-1 … ODO-12 except ODO-3, which judges the others' outcomes, and ODO-0, which is reported
// only when N-A (run_evidence adds both).
inline Gate<EvidenceContext> evidence_gate() {
    using C = EvidenceContext;
    return Gate<C>(
        Phase::Evidence,
        {[](const C& c) {
             return check_odo1_regression_evidence(
                 c.facts.range, c.test_review, c.item("Pixelwise equality to reference"), c.guide);
         },
         [](const C& c) {
             return check_odo2_baselines_updated(c.facts.range, c.facts.config, c.op, c.guide,
                                                 c.layout.tooling);
         },
         [](const C& c) {
             return c.ledger.present
                        ? check_odo4_from_ledger(c.ledger, c.guide)
                        : check_odo4_lead_exhaustion(c.item("Lead exhaustion"), c.guide);
         },
         [](const C& c) {
             return check_odo5_api_abi(c.facts.range, c.facts.api, c.op, c.layout, c.guide);
         },
         [](const C& c) {
             return check_odo6_perf_hygiene(c.facts.range, c.facts.commits, c.op, c.all_ops,
                                            c.layout, c.guide);
         },
         [](const C& c) { return check_odo7_baseline_regression(c.regression, c.guide); },
         [](const C& c) {
             return check_odo8_review_refactor(c.facts.range, c.results.has_value(),
                                               c.item("Review/refactor gate"), c.op, c.refactor,
                                               c.guide);
         },
         [](const C& c) { return check_odo9_memory_footprint(c.results.value_or(""), c.guide); },
         [](const C& c) {
             return check_odo10_operator_scope(c.facts.range, c.all_ops, c.layout, c.op, c.scope,
                                               c.policy, c.guide);
         },
         [](const C& c) { return check_odo11_fake_planar_rerun(c.ben6, c.guide); },
         [](const C& c) {
             return check_odo12_binding_impact(c.facts.range, c.op, c.binding_impact, c.guide);
         }});
}
#endif // ODO_GATES_DEFINITIONS

namespace detail {

#if ODO_GATES_DEFINITIONS
// The status ODO-3 cross-checks a checked box against. A box whose gate is N-A because nothing
// in the implementation changed may be checked when its evidence says so — otherwise a campaign
// without implementation change could never reach a final summary (gates.md §8.12).
inline std::string checklist_gate_status(const EvidenceContext& c, const std::string& label,
                                         const Finding& gate) {
    const auto item = c.item(label);
    if (gate.status == Status::NotApplicable && c.facts.range.changed &&
        c.facts.range.implementation_changed.empty() && item &&
        item->evidence.find("N-A: no implementation change") != std::string::npos)
        return std::string(to_string(Status::Pass));
    return std::string(to_string(gate.status));
}
#endif // ODO_GATES_DEFINITIONS

} // namespace detail

ODO_API Report run_evidence(const EvidenceContext& c);
#if ODO_GATES_DEFINITIONS
ODO_API Report run_evidence(const EvidenceContext& c) {
    Report report = evidence_gate().run(c, c.op.operator_name, c.op.op);
    std::map<std::string, std::string> gate_status;
    for (const auto& [label, id] : checklist_gates())
        for (const Finding& f : report.findings)
            if (f.id == id)
                gate_status[label] = detail::checklist_gate_status(c, label, f);
    // ODO-3 is reported in contract order, after ODO-1 and ODO-2.
    report.findings.insert(report.findings.begin() + 2,
                           check_odo3_results_format(c.summary, c.op,
                                                     summary::Markers::from_layout(c.layout),
                                                     gate_status, c.guide));
    if (auto odo0 = check_odo0_no_optimization(c.facts.range, c.op, c.guide))
        report.findings.insert(report.findings.begin(), *odo0);
    // odo's own finding, after the reference's: a report without a ledger stays the reference's.
    if (c.ledger.present)
        report.findings.push_back(check_campaign_coverage(c.ledger, c.guide));
    return report;
}
#endif // ODO_GATES_DEFINITIONS

} // namespace odo::gates
