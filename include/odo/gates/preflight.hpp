#pragma once
// HOST-ONLY: gathers git facts through odo::repo::Git. Never include from a .cu file.
//
// The preflight phase (gates.md §3): gathers the facts each PRE check judges — the native review
// checks, the committed config, PATH, git history — and runs the standard composition
// PRE-1 … PRE-6.
#include "odo/baseline/operator_file.hpp"
#include "odo/baseline/quality.hpp"
#include "odo/baseline/refresh_history.hpp"
#include "odo/baseline/validation.hpp"
#include "odo/core/file.hpp"
#include "odo/core/json_arena.hpp"
#include "odo/core/json_file.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/program_path.hpp"
#include "odo/gates/gate.hpp"
#include "odo/gates/preflight_checks.hpp"
#include "odo/gates/repository_universe.hpp"
#include "odo/repo/attribution.hpp"
#include "odo/repo/git.hpp"
#include "odo/repo/layout.hpp"
#include "odo/repo/operator.hpp"
#include "odo/repo/repo_path.hpp"
#include "odo/review/bench_checks.hpp"
#include "odo/review/curated_data.hpp"
#include "odo/review/support_probe.hpp"
#include "odo/review/test_checks.hpp"

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace odo::gates {

// The operator's committed config, read and parsed once for PRE-2 and PRE-3.
struct CommittedConfig {
    // Where the config's values live (json_arena.hpp): owned here, so that they are freed with
    // it at once, not visited one by one. Declared first, so it goes last.
    std::unique_ptr<json::ArenaResource> arena;
    bool present = false;
    review::BenchConfigInput review; // PRE-2's view: the config when review can judge its shape
    std::optional<surface::BenchConfig> other_shape; // loaded, in a shape review does not judge
    std::string load_error; // why it is not a config (names the file); "" when it loaded

    const surface::BenchConfig* loaded() const {
        return review.config ? &*review.config : other_shape ? &*other_shape : nullptr;
    }
};

#if ODO_GATES_DEFINITIONS
namespace detail {

inline CommittedConfig missing_config(const std::string& path) {
    CommittedConfig c;
    c.review = {path, std::nullopt, path + ": missing"};
    return c;
}

// A present config loaded into an arena of its own, the entries moved out of the document:
// `parse(storage)` builds the document there or throws InputError; `blank()`, asked once a
// parse failed, tells whether the file holds only whitespace.
template <class Parse, class Blank>
CommittedConfig load_committed_config(const std::string& path, Parse&& parse, Blank&& blank) {
    CommittedConfig c = missing_config(path);
    c.present = true;
    c.arena = std::make_unique<json::ArenaResource>();
    try {
        surface::BenchConfig config =
            surface::load_bench_config(parse(boost::json::storage_ptr(c.arena.get())), path);
        c.review.problem = review::bench_config_shape_problem(config, path);
        if (c.review.problem.empty())
            c.review.config = std::move(config);
        else
            c.other_shape = std::move(config);
    } catch (const InputError& e) {
        c.load_error = e.what();
        c.review.problem = blank() ? path + ": file is empty" : e.what();
    }
    return c;
}

} // namespace detail

// The config whose bytes are `text` (nullopt: the file is missing).
inline CommittedConfig committed_config(const std::string& path,
                                        const std::optional<std::string>& text) {
    if (!text)
        return detail::missing_config(path);
    return detail::load_committed_config(
        path,
        [&](const boost::json::storage_ptr& storage) { return json::parse(*text, path, storage); },
        [&] { return text::strip(*text).empty(); });
}

// The config at `path` in the repository, parsed as it is read a megabyte at a time, so that its
// text and its document are never both whole in memory (at 10,000 cases 11 and 13 MB). A path
// leading outside the repository throws InputError.
inline CommittedConfig committed_config_in(const std::filesystem::path& repo_root,
                                           const std::string& path) {
    const std::filesystem::path file = repo::repo_file_path(repo_root, path);
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec))
        return detail::missing_config(path);
    return detail::load_committed_config(
        path,
        [&](const boost::json::storage_ptr& storage) {
            return json::parse_file(file, path, storage);
        },
        [&] {
            const auto text = try_read_file(file);
            return !text || text::strip(*text).empty();
        });
}
#endif // ODO_GATES_DEFINITIONS

namespace detail {

#if ODO_GATES_DEFINITIONS
// PRE-3's facts: the operator's config read and its rows judged by odo_baseline validate's own
// rules, so preflight never calls ready what validate rejects. A config that is not JSON or not
// a config object is a reason, never an exception.
inline CapturedBaselines captured_baselines(const CommittedConfig& config, const std::string& path,
                                            const std::vector<std::string>& sku_stems,
                                            const baseline::QualityPolicy& quality) {
    CapturedBaselines out{path, config.present, "", 0, {}};
    if (!config.present)
        return out;
    if (!config.loaded()) {
        out.parse_error = config.load_error;
        return out;
    }
    baseline::ValidationSummary summary;
    try {
        for (const surface::ConfigEntry& entry : config.loaded()->entries)
            baseline::validate_entry(entry, path, sku_stems, quality, summary,
                                     baseline::ValidationScope::PresentRows);
    } catch (const InputError& e) {
        out.parse_error = e.what();
        return out;
    }
    out.metric_rows = summary.metric_rows;
    for (const baseline::ValidationIssue& issue : summary.issues)
        out.invalid.push_back(issue.subject + ": " + issue.problem);
    return out;
}
#endif // ODO_GATES_DEFINITIONS

} // namespace detail

// Everything the preflight checks read, loaded once. Malformed repository files (manifest, SKU
// map, curated data) throw InputError naming the file; a missing or broken operator config is
// a finding, not an error.
struct PreflightContext {
    std::filesystem::path repo_root;
    repo::Layout layout;
    repo::OperatorPaths op;
    std::string base; // the campaign base ref
    const repo::Git* git = nullptr;

    repo::OperatorSet all_ops;          // the bench manifest's operators (attribution universe)
    std::vector<std::string> sku_stems; // reference SKUs, sorted
    baseline::QualityPolicy quality;    // the SKU map's quality limits, as odo_baseline applies
    review::SupportInfo support;
    // What PRE-2 and PRE-3 judge of the operator's committed config, taken while it is loaded:
    // the parsed config itself is gone before PRE-6 reads its history.
    std::vector<Finding> bench_findings;
    CapturedBaselines captured;
    PreflightGuides guides;
    repo::BaselineCapture capture; // how a fix tells this library to capture baselines
};

ODO_API PreflightContext load_preflight_context(std::filesystem::path repo_root,
                                                repo::Layout layout, repo::OperatorPaths op,
                                                std::string base, const repo::Git& git);
#if ODO_GATES_DEFINITIONS
ODO_API PreflightContext load_preflight_context(std::filesystem::path repo_root,
                                                repo::Layout layout, repo::OperatorPaths op,
                                                std::string base, const repo::Git& git) {
    PreflightContext c;
    c.repo_root = std::move(repo_root);
    c.all_ops = manifest_operators(c.repo_root, layout);
    const surface::SkuMap sku_map = reference_sku_map(c.repo_root, layout);
    c.sku_stems = sku_map.stems();
    c.quality =
        baseline::quality_policy(sku_map, baseline::default_benchmark_quality, layout.languages);
    c.support =
        review::probe_support(c.repo_root, op, review::load_curated_data(c.repo_root, layout));
    {
        const CommittedConfig config = committed_config_in(c.repo_root, op.bench_cfg);
        c.capture = {layout.tooling, op.operator_name, op.op};
        c.bench_findings = review::bench_domain_findings(config.review, c.sku_stems, c.support,
                                                         Phase::Preflight, c.capture);
        c.captured = detail::captured_baselines(config, op.bench_cfg, c.sku_stems, c.quality);
    }
    c.guides = PreflightGuides::from_guide(layout.guidelines.optimization);
    c.layout = std::move(layout);
    c.op = std::move(op);
    c.base = std::move(base);
    c.git = &git;
    return c;
}
#endif // ODO_GATES_DEFINITIONS

namespace detail {

#if ODO_GATES_DEFINITIONS
inline ApiSurface api_surface(const PreflightContext& c) {
    ApiSurface s;
    for (const std::string* path : {&c.op.header, &c.op.hpp})
        if (!path->empty())
            s.header_paths.push_back(*path);
    s.binding_path = c.op.pybind;
    std::vector<std::string> all = s.header_paths;
    if (!s.binding_path.empty())
        all.push_back(s.binding_path);
    for (const std::string& path : all)
        if (!std::filesystem::exists(c.repo_root / path))
            s.missing.push_back(path);
    return s;
}

inline FreshnessFacts freshness_facts(const PreflightContext& c) {
    const repo::Git& git = *c.git;
    FreshnessFacts f;
    f.op = c.op.op;
    f.config_path = c.op.bench_cfg;
    f.base = c.base;
    f.last_refresh = baseline::last_baseline_refresh(git, c.op.bench_cfg);
    f.base_sha = git.resolve_commit(c.base).value_or("");
    if (f.last_refresh.empty() || f.base_sha.empty())
        return f;
    f.ancestry_rc = git.is_ancestor(f.last_refresh, f.base_sha);
    if (f.ancestry_rc != 0)
        return f;
    f.refresh_commit_present = git.has_commit(f.last_refresh);
    if (f.refresh_commit_present)
        f.changed = git.changed_paths(f.last_refresh, f.base_sha);
    return f;
}
#endif // ODO_GATES_DEFINITIONS

} // namespace detail

ODO_API Report run_preflight(const PreflightContext& context);
#if ODO_GATES_DEFINITIONS
// The standard preflight composition, in contract order.
inline Gate<PreflightContext> preflight_gate() {
    using C = PreflightContext;
    return Gate<C>(
        Phase::Preflight,
        {[](const C& c) {
             return check_pre1_correctness_coverage(
                 review::test_domain_findings(c.repo_root, c.op, c.support, c.layout), c.guides);
         },
         [](const C& c) { return check_pre2_benchmark_coverage(c.bench_findings, c.guides); },
         [](const C& c) { return check_pre3_baseline_captured(c.captured, c.guides, c.capture); },
         [](const C& c) {
             return check_pre4_profiler_availability(find_on_path("ncu").has_value(),
                                                     find_on_path("nsys").has_value(), c.guides);
         },
         [](const C& c) { return check_pre5_api_abi_pointer(detail::api_surface(c), c.guides); },
         [](const C& c) {
             const repo::Attribution attribution(c.repo_root, c.layout, c.all_ops);
             return check_pre6_baseline_freshness(
                 detail::freshness_facts(c),
                 [&](const std::string& path) {
                     return attribution.operators_for_path(path).count(c.op.op) > 0;
                 },
                 c.guides, c.capture);
         }});
}

ODO_API Report run_preflight(const PreflightContext& context) {
    return preflight_gate().run(context, context.op.operator_name, context.op.op);
}
#endif // ODO_GATES_DEFINITIONS

} // namespace odo::gates
