#pragma once
// ODO-3 (gates.md §4): the versioned v1 summary, validated against git and against the other
// gates' outcomes. It runs after every other evidence check so that a checked box can be
// cross-checked with its gate's status.
#include "odo/core/linkage.hpp"
#include "odo/gates/evidence_checks_common.hpp"
#include "odo/summary/validate.hpp"

#include <boost/json.hpp>

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace odo::gates {

#if ODO_GATES_DEFINITIONS
// The checklist label each gate backs.
inline const std::map<std::string, std::string>& checklist_gates() {
    static const std::map<std::string, std::string> gates{
        {"Pixelwise equality to reference", "ODO-1"},
        {"Memory-footprint checks", "ODO-9"},
        {"Baselines updated", "ODO-2"},
        {"Baseline validation", "ODO-7"},
        {"Lead exhaustion", "ODO-4"},
        {"Review/refactor gate", "ODO-8"}};
    return gates;
}
#endif // ODO_GATES_DEFINITIONS

// What ODO-3 reads besides the summary: git's view of its revisions and the benchmark data.
struct SummaryFormatFacts {
    std::optional<std::string> results; // nullopt: not given or unreadable
    std::optional<summary::ParsedSummary> parsed;
    std::string parse_error;
    std::string head_sha;
    std::optional<int> baseline_is_ancestor_rc; // merge-base --is-ancestor <baseline> HEAD
    std::string baseline_config_spec;           // "<sha>:<config path>"
    // The config documents, shared with ODO-12 rather than copied (each can be megabytes).
    std::shared_ptr<const boost::json::value> baseline_config; // null: missing or invalid there
    std::shared_ptr<const boost::json::value> candidate_config;
    std::optional<boost::json::value> sku_map;
    repo::LanguageSet languages; // the layout's
};

#if ODO_GATES_DEFINITIONS
inline Finding check_odo3_results_format(const SummaryFormatFacts& f, const repo::OperatorPaths& op,
                                         const summary::Markers& markers,
                                         const std::map<std::string, std::string>& gate_status,
                                         const std::string& guide) {
    constexpr std::string_view id = "ODO-3";
    if (!f.results || text::strip(*f.results).empty())
        return detail::evidence_finding(
            id, Status::Gap,
            "Results summary not provided (pass --results <file> or the MR description)",
            "expected one bounded " + markers.token() + " block", guide,
            "Generate the v1 summary with --phase summary and put it in the MR description.");
    if (!f.parsed)
        return detail::evidence_finding(id, Status::Gap, "Results summary is missing or malformed",
                                        f.parse_error, guide,
                                        "Regenerate the bounded v1 block with --phase summary.");
    const summary::Metadata& m = f.parsed->metadata;
    if (m.baseline_commit == m.candidate_commit)
        return detail::evidence_finding(id, Status::Gap,
                                        "Summary baseline and candidate revisions are identical",
                                        "commit=" + m.baseline_commit, guide,
                                        "Initialise the summary with the pre-optimization "
                                        "--benchmark-base, then refresh it.");
    if (f.baseline_is_ancestor_rc != 0)
        return detail::evidence_finding(
            id, Status::Gap, "Summary baseline is not an ancestor of the candidate",
            "baseline=" + m.baseline_commit + "; candidate=" + f.head_sha, guide,
            "Choose a baseline commit on this branch's history, then refresh.");
    if (!f.baseline_config)
        return detail::evidence_finding(
            id, Status::Gap, "Declared baseline benchmark config cannot be loaded",
            "baseline=" + f.baseline_config_spec, guide,
            "Choose a baseline commit containing valid config JSON, then refresh.");
    summary::ValidationOptions options;
    options.baseline_config = &*f.baseline_config;
    options.candidate_config = f.candidate_config ? &*f.candidate_config : nullptr;
    options.sku_map = f.sku_map ? &*f.sku_map : nullptr;
    options.expected_operator = op.operator_name;
    options.expected_candidate_commit = f.head_sha;
    options.evidence_results = gate_status;
    options.markers = markers;
    options.languages = f.languages;
    const summary::ValidationResult result = summary::validate_summary(*f.parsed, options);
    if (!result.ok()) {
        std::vector<std::string> lines = summary::issue_lines(result.errors);
        const bool more = lines.size() > 8;
        lines.resize(std::min<std::size_t>(lines.size(), 8));
        return detail::evidence_finding(
            id, Status::Gap, "Versioned optimization summary failed deterministic validation",
            text::join(lines, "; ") + (more ? " ..." : ""), guide,
            "Refresh the summary with --phase summary, supply the named hard evidence, and rerun.");
    }
    const boost::json::object* candidate =
        f.candidate_config ? f.candidate_config->if_object() : nullptr;
    const boost::json::value* configs = candidate ? candidate->if_contains("configs") : nullptr;
    std::size_t full_cases = 0;
    if (configs && configs->is_object())
        for (const auto& entry : configs->get_object())
            if (const auto* e = entry.value().if_object())
                if (const auto* baselines = e->if_contains("baselines");
                    baselines && baselines->is_object())
                    full_cases += baselines->get_object().size();
    std::string evidence = "optimized cases=" + std::to_string(m.optimized_cases.size()) +
                           "; full cases=" + std::to_string(full_cases);
    if (!result.warnings.empty())
        evidence += "; warnings: " + text::join(summary::issue_lines(result.warnings), "; ");
    return detail::evidence_finding(
        id, Status::Pass, "Versioned optimization summary is structurally and numerically valid",
        evidence, guide);
}
#endif // ODO_GATES_DEFINITIONS

} // namespace odo::gates
