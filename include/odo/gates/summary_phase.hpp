#pragma once
// HOST-ONLY: reads the baseline benchmark config from git. Never include from a .cu file.
//
// The summary phase of optimize_op (gates.md §5): initializes the v1 MR optimization summary
// from a benchmark base, or refreshes an existing one against the working tree, and optionally
// writes it to a file atomically.
#include "odo/campaign/campaign_state.hpp"
#include "odo/campaign/ledger_append.hpp"
#include "odo/campaign/ledger_evidence.hpp"
#include "odo/campaign/ledger_read.hpp"
#include "odo/core/atomic_write.hpp"
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/repo/git.hpp"
#include "odo/repo/layout.hpp"
#include "odo/repo/operator.hpp"
#include "odo/repo/path_template.hpp"
#include "odo/repo/repo_path.hpp"
#include "odo/review/curated_data.hpp"
#include "odo/review/support_probe.hpp"
#include "odo/summary/generate.hpp"
#include "odo/summary/optimized_cases.hpp"
#include "odo/summary/parse.hpp"
#include "odo/summary/python_text.hpp"
#include "odo/summary/refresh.hpp"

#include <boost/json.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

namespace odo::gates {

// The phase's options (gates.md §1), already split from the command line.
struct SummaryPhaseOptions {
    std::filesystem::path repo_root;
    repo::Layout layout;
    std::string operator_name; // as typed; resolved case-insensitively
    std::optional<std::string> benchmark_base;
    std::optional<std::string> optimized_cases_file;
    std::optional<std::string> state;
    std::optional<std::string> bottleneck;
    std::optional<std::string> profile_evidence;
    std::optional<std::string> impact_metric;
    std::vector<std::string> secondary_operators;
    // The MR description to refresh: a path, or "-" for standard input (then `results_text`
    // when the caller has read it already, else std::cin). Paths, like optimized_cases_file and
    // out, are relative to the working directory, not to the repository.
    std::optional<std::string> results;
    std::optional<std::string> results_text;
    std::optional<std::filesystem::path> out;
};

namespace detail {

#if ODO_GATES_DEFINITIONS
inline std::optional<boost::json::value> parse_json_text(const std::optional<std::string>& text) {
    return text ? json::try_parse(*text) : std::nullopt;
}

inline boost::json::value baseline_config_at(const repo::Git& git, const std::string& sha,
                                             const std::string& cfg) {
    const std::string spec = sha + ":" + cfg;
    const auto objects = git.read_objects({spec});
    const auto it = objects.find(spec);
    auto doc = parse_json_text(it == objects.end() ? std::nullopt : it->second);
    if (!doc)
        throw InputError("cannot load baseline benchmark config at " + spec);
    return *std::move(doc);
}

inline summary::State state_option(const std::string& state) {
    if (state == "final")
        return summary::State::Final;
    if (state == "provisional")
        return summary::State::Provisional;
    throw InputError("--state must be provisional or final");
}

inline summary::ImpactMetric impact_metric_option(const std::string& metric) {
    if (metric == "cpp_time")
        return summary::ImpactMetric::CppTime;
    if (metric == "python_overhead")
        return summary::ImpactMetric::PythonOverhead;
    throw InputError("--impact-metric must be cpp_time or python_overhead");
}

inline std::string read_description(const SummaryPhaseOptions& o) {
    if (*o.results == "-")
        return o.results_text ? *o.results_text
                              : std::string(std::istreambuf_iterator<char>(std::cin),
                                            std::istreambuf_iterator<char>());
    if (auto text = try_read_file(*o.results))
        return *std::move(text);
    throw InputError("cannot read MR description: " + *o.results);
}

inline std::vector<std::string> read_optimized_cases(const SummaryPhaseOptions& o) {
    const std::string& name = *o.optimized_cases_file;
    std::ifstream in(name, std::ios::binary);
    if (!in)
        throw InputError("cannot read optimized cases file " + name + ": " + std::strerror(errno));
    return summary::parse_optimized_cases(
        std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()), name);
}

// `profiled`: the campaign ledger writes the bottleneck and the profile evidence.
inline void require_init_options(const SummaryPhaseOptions& o, bool profiled) {
    std::vector<std::string> missing;
    const std::pair<const std::optional<std::string>*, const char*> required[] = {
        {&o.benchmark_base, "--benchmark-base"},
        {&o.optimized_cases_file, "--optimized-cases-file"},
        {&o.state, "--state"},
        {&o.bottleneck, "--bottleneck"},
        {&o.profile_evidence, "--profile-evidence"}};
    for (const auto& [value, flag] : required)
        if (!*value && !(profiled && (value == &o.bottleneck || value == &o.profile_evidence)))
            missing.emplace_back(flag);
    if (!missing.empty())
        throw InputError("initializing a summary requires " + text::join(missing, ", "));
}
#endif // ODO_GATES_DEFINITIONS

// The operator's campaign ledger in the working tree, as far as the summary writes from it.
struct SummaryLedger {
    std::string path;
    campaign::Ledger ledger;
    campaign::CampaignState state;
};

struct PhaseInputs {
    repo::OperatorPaths op;
    repo::Git git;
    boost::json::value candidate_config;
    boost::json::value sku_map;
    summary::Markers markers;
    std::optional<SummaryLedger> ledger;
};

#if ODO_GATES_DEFINITIONS
// The ledger at the layout's paths.campaign_ledger, folded; nullopt when there is none. A ledger
// with a problem is refused (InputError naming the record): evidence is not written from it.
inline std::optional<SummaryLedger> summary_ledger(const SummaryPhaseOptions& o,
                                                   const repo::OperatorPaths& op) {
    if (o.layout.paths.campaign_ledger.empty())
        return std::nullopt;
    SummaryLedger l;
    l.path = repo::expand(o.layout.paths.campaign_ledger, {op.operator_name, op.op, op.pyname});
    const auto bytes = campaign::read_ledger_bytes(repo::repo_file_path(o.repo_root, l.path));
    if (!bytes)
        return std::nullopt;
    l.ledger = campaign::parse_ledger(*bytes, l.path);
    if (const std::string problem = campaign::first_problem(l.ledger, l.path); !problem.empty())
        throw InputError(problem);
    l.state = campaign::fold(l.ledger);
    if (!l.state.problems.empty())
        throw InputError(l.path + ": record " + std::to_string(l.state.problems.front().seq) +
                         ": " + l.state.problems.front().what);
    return l;
}

// The profile evidence, the bottleneck and the Lead exhaustion item of `body`, from the ledger.
// While no stop condition holds the item is unchecked and says where the loop stands.
inline void write_loop_evidence(const SummaryLedger& l, summary::Bottleneck& bottleneck,
                                std::string& profile_evidence,
                                std::vector<summary::ChecklistItem>& checklist) {
    if (auto text = campaign::ledger_profile_evidence(l.ledger, l.state, l.path)) {
        profile_evidence = *std::move(text);
        bottleneck = summary::parse_bottleneck(*campaign::ledger_bottleneck(l.ledger, l.state));
    }
    for (summary::ChecklistItem& item : checklist) {
        if (item.label != "Lead exhaustion")
            continue;
        const auto exhausted = campaign::ledger_lead_exhaustion(l.state, l.path);
        item.checked = exhausted.has_value();
        item.evidence = exhausted ? *exhausted
                                  : "no stop condition yet (ledger `" + l.path +
                                        "`: " + std::to_string(l.state.wins) + " win(s), " +
                                        std::to_string(l.state.strikes_since_last_win) +
                                        " strike(s) since the last win)";
    }
}

inline bool ledger_profiled(const PhaseInputs& in) {
    return in.ledger && in.ledger->state.latest_profile.has_value();
}

// Typed loop evidence beside a ledger that writes it is refused: nobody types it.
inline void refuse_typed_loop_evidence(const SummaryPhaseOptions& o, const PhaseInputs& in) {
    if (ledger_profiled(in) && (o.bottleneck || o.profile_evidence))
        throw InputError("the campaign ledger " + in.ledger->path +
                         " writes the bottleneck and the profile evidence; drop --bottleneck "
                         "and --profile-evidence");
}
#endif // ODO_GATES_DEFINITIONS

#if ODO_GATES_DEFINITIONS
// What the summary reads of the candidate: the configs, the SKU map, the languages, and, for a
// library off CV-CUDA's tools, the operator's planar opt-out, which turns a Layout comparison of
// n/a into one line (layout_not_applicable.hpp). CV-CUDA's validator wants the table, so a
// library on its tools keeps it.
inline summary::SummaryArtifacts artifacts(const SummaryPhaseOptions& o, const PhaseInputs& in,
                                           const boost::json::value& baseline) {
    summary::SummaryArtifacts a{baseline, in.candidate_config, in.sku_map, o.layout.languages};
    if (o.layout.tooling != repo::Tooling::Cvcuda) {
        const review::SupportInfo support = review::probe_support(
            o.repo_root, in.op, review::load_curated_data(o.repo_root, o.layout));
        if (support.planar_not_applicable)
            a.planar_not_applicable = support.planar_reason;
    }
    return a;
}

inline std::string refresh(const SummaryPhaseOptions& o, const PhaseInputs& in) {
    summary::ParsedSummary old = summary::parse_summary(read_description(o), in.markers);
    if (in.ledger)
        write_loop_evidence(*in.ledger, old.body.bottleneck, old.body.profile_evidence,
                            old.body.checklist);
    const boost::json::value baseline =
        baseline_config_at(in.git, old.metadata.baseline_commit, in.op.bench_cfg);
    summary::RefreshOptions refresh;
    refresh.markers = in.markers;
    refresh.candidate_commit = in.git.resolve_commit("HEAD");
    if (o.state)
        refresh.state = state_option(*o.state);
    if (o.impact_metric)
        refresh.impact_metric = impact_metric_option(*o.impact_metric);
    if (!o.secondary_operators.empty())
        refresh.secondary_operators = o.secondary_operators;
    return summary::refresh_summary(old, artifacts(o, in, baseline), refresh);
}

inline std::string initialize(const SummaryPhaseOptions& o, const PhaseInputs& in) {
    refuse_typed_loop_evidence(o, in);
    require_init_options(o, ledger_profiled(in));
    const auto base = in.git.resolve_commit(*o.benchmark_base);
    if (!base)
        throw InputError("cannot resolve benchmark base " + python_str_repr(*o.benchmark_base));
    const auto head = in.git.resolve_commit("HEAD");
    if (!head)
        throw InputError("cannot resolve HEAD");
    if (*base == *head)
        throw InputError("benchmark base must precede HEAD, not equal it");
    if (in.git.is_ancestor(*base, *head) != 0)
        throw InputError("benchmark base must be an ancestor of HEAD");
    const boost::json::value baseline = baseline_config_at(in.git, *base, in.op.bench_cfg);
    summary::Metadata m;
    m.operator_name = in.op.operator_name;
    m.state = state_option(*o.state);
    m.baseline_commit = *base;
    m.candidate_commit = *head;
    m.optimized_cases = read_optimized_cases(o);
    m.impact_metric = impact_metric_option(o.impact_metric.value_or("cpp_time"));
    m.secondary_operators = o.secondary_operators;
    summary::HumanContent human;
    if (o.bottleneck)
        human.bottleneck = summary::parse_bottleneck(*o.bottleneck);
    if (o.profile_evidence)
        human.profile_evidence = *o.profile_evidence;
    if (in.ledger)
        write_loop_evidence(*in.ledger, human.bottleneck, human.profile_evidence, human.checklist);
    summary::Placement placement;
    placement.markers = in.markers;
    return summary::generate_summary(m, artifacts(o, in, baseline), human, placement);
}
#endif // ODO_GATES_DEFINITIONS

} // namespace detail

// Runs the phase and returns the rendered description. With `out`, also writes it — trailing
// whitespace removed, one final newline — atomically, so refreshing a file in place (`--results
// F --out F`) either replaces it whole or, on any error, leaves it untouched. Errors are
// InputError (summary::SummaryError included); drivers print "optimize-op summary: <message>"
// and exit 2.
ODO_API std::string run_summary_phase(const SummaryPhaseOptions& o);
#if ODO_GATES_DEFINITIONS
ODO_API std::string run_summary_phase(const SummaryPhaseOptions& o) {
    detail::PhaseInputs in{repo::resolve_operator(o.repo_root, o.layout, o.operator_name),
                           repo::Git(o.repo_root),
                           {},
                           {},
                           summary::Markers::from_layout(o.layout),
                           std::nullopt};
    in.ledger = detail::summary_ledger(o, in.op);
    auto candidate =
        detail::parse_json_text(repo::try_read_repo_file(o.repo_root, in.op.bench_cfg));
    if (!candidate)
        throw InputError("cannot load candidate benchmark config: " + in.op.bench_cfg);
    in.candidate_config = *std::move(candidate);
    auto sku_map =
        detail::parse_json_text(repo::try_read_repo_file(o.repo_root, o.layout.paths.sku_map));
    if (!sku_map)
        throw InputError("cannot load " + o.layout.paths.sku_map);
    in.sku_map = *std::move(sku_map);
    const std::string description = o.results ? detail::refresh(o, in) : detail::initialize(o, in);
    if (o.out)
        write_file_atomically(*o.out, std::string(summary::pytext::rstrip(description)) + "\n");
    return description;
}
#endif // ODO_GATES_DEFINITIONS

} // namespace odo::gates
