#pragma once
// ODO-3's deterministic validation of a summary (summary.md §5.4, gates.md §4): the visible
// claims against each other, the human evidence against the hard-evidence rules, and — when the
// benchmark configs are supplied — every derived number against a fresh derivation.
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/summary/canonical_text.hpp"
#include "odo/summary/checklist.hpp"
#include "odo/summary/derive.hpp"
#include "odo/summary/document.hpp"
#include "odo/summary/evidence_text.hpp"
#include "odo/summary/lead_exhaustion_text.hpp"
#include "odo/summary/learnings.hpp"
#include "odo/summary/parse.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::summary {

struct Issue {
    std::string code;
    std::string message;
};

struct ValidationResult {
    std::vector<Issue> errors;
    std::vector<Issue> warnings; // never block

    bool ok() const noexcept { return errors.empty(); }
};

struct ValidationOptions {
    // The benchmark data; all three or none (anything else is an artifact-inputs error).
    const boost::json::value* baseline_config = nullptr;
    const boost::json::value* candidate_config = nullptr;
    const boost::json::value* sku_map = nullptr;
    std::optional<std::string> expected_operator;
    std::optional<std::string> expected_candidate_commit;
    // Checklist label -> status of its gate ("PASS", "GAP", …); a checked item needs "PASS".
    std::optional<std::map<std::string, std::string>> evidence_results;
    Markers markers;
    repo::LanguageSet languages; // the layout's; without Python, python_overhead is an error
};

namespace detail {

class Issues {
public:
    explicit Issues(ValidationResult& r) : r_(r) {}
    void error(std::string code, std::string message) {
        r_.errors.push_back({std::move(code), std::move(message)});
    }
    // An error in a final summary, a warning in a provisional one.
    void blocking_when(bool final_state, std::string code, std::string message) {
        (final_state ? r_.errors : r_.warnings).push_back({std::move(code), std::move(message)});
    }

private:
    ValidationResult& r_;
};

template <typename Row, typename Kind>
std::vector<std::pair<std::string, std::vector<Kind>>> rows_by_label(const std::vector<Row>& rows,
                                                                     Kind Row::*kind) {
    std::vector<std::pair<std::string, std::vector<Kind>>> groups;
    for (const Row& row : rows) {
        auto it = std::find_if(groups.begin(), groups.end(),
                               [&](const auto& g) { return g.first == row.sku; });
        if (it == groups.end())
            it = groups.insert(groups.end(), {row.sku, {}});
        it->second.push_back(row.*kind);
    }
    return groups;
}

template <typename Row>
std::vector<std::string> labels_in_order(const std::vector<Row>& rows) {
    std::vector<std::string> labels;
    for (const Row& row : rows)
        if (std::find(labels.begin(), labels.end(), row.sku) == labels.end())
            labels.push_back(row.sku);
    return labels;
}

#if ODO_SUMMARY_DEFINITIONS
inline void check_identity(const ParsedSummary& s, const ValidationOptions& o, Issues& issues) {
    const Metadata& m = s.metadata;
    if (o.expected_operator &&
        pytext::casefold(*o.expected_operator) != pytext::casefold(m.operator_name))
        issues.error("operator-mismatch", "metadata operator '" + m.operator_name +
                                              "' does not match '" + *o.expected_operator + "'");
    if (o.expected_candidate_commit && *o.expected_candidate_commit != m.candidate_commit)
        issues.error("candidate-commit", "metadata candidate_commit '" + m.candidate_commit +
                                             "' does not match '" + *o.expected_candidate_commit +
                                             "'");
    const std::string& status = s.body.status_line;
    if (status.find(status_phrase(m.state)) == std::string::npos)
        issues.error("state-status", "status line does not say " +
                                         std::string(status_phrase(m.state)) + " for state " +
                                         std::string(to_string(m.state)));
    for (const auto& [sha, which] :
         {std::pair{&m.baseline_commit, "base"}, std::pair{&m.candidate_commit, "candidate"}})
        if (status.find(sha->substr(0, 12)) == std::string::npos)
            issues.error("status-commit",
                         "status line does not show the " + std::string(which) + " commit");
    if (!is_measured_profile_evidence(s.body.profile_evidence))
        issues.blocking_when(m.state == State::Final, "profile-evidence",
                             "profile evidence must quote a measured percentage and a profiler "
                             "metric (SOL, BWUtil, DRAM, compute, memory, stall, scoreboard, "
                             "throughput or occupancy)");
}

inline void check_impact_table(const ParsedSummary& s, Issues& issues) {
    const SummaryBody& b = s.body;
    if (b.optimized_count != static_cast<long long>(s.metadata.optimized_cases.size()))
        issues.error("optimized-count", "Scope shows " + std::to_string(b.optimized_count) +
                                            " optimized configurations but the metadata lists " +
                                            std::to_string(s.metadata.optimized_cases.size()));
    for (const ImpactRow& row : b.impact_rows) {
        const long long expected =
            row.scope == ImpactScope::Optimized ? b.optimized_count : b.total_count;
        if (row.count != expected)
            issues.error("impact-count", row.sku + " " + std::string(to_string(row.scope)) +
                                             " count does not match Scope");
    }
    static const std::vector<std::string> speedup{"speedup"};
    static const std::vector<std::string> durations{"before", "after", "reduction"};
    for (const ImpactRow& row : b.impact_rows) {
        const auto& names = row.values.size() == 1 ? speedup : durations;
        for (std::size_t i = 0; i < row.values.size(); ++i)
            if (!row.values[i].ordered())
                issues.error("impact-order", row.sku + " " + std::string(to_string(row.scope)) +
                                                 " " + names[i] +
                                                 " min / median / max is not ordered");
    }
    const std::vector<ImpactScope> expected_scopes{ImpactScope::Optimized,
                                                   ImpactScope::FullOperator};
    for (const auto& [label, scopes] : rows_by_label(b.impact_rows, &ImpactRow::scope))
        if (scopes != expected_scopes)
            issues.error("impact-rows", label + " must have exactly an Optimized row followed by "
                                                "a Full operator row");
}

inline void check_layout_table(const ParsedSummary& s, Issues& issues) {
    const SummaryBody& b = s.body;
    for (const LayoutRow& row : b.layout_rows)
        for (const auto& [stats, when] :
             {std::pair{&row.before, "before"}, std::pair{&row.after, "after"}})
            if (*stats && !(*stats)->ordered())
                issues.error("layout-order", row.sku + " " +
                                                 std::string(to_string(row.comparison)) + " " +
                                                 when + " min / median / max is not ordered");
    const std::vector<LayoutComparison> expected{LayoutComparison::InterleavedPlanar,
                                                 LayoutComparison::FakePlanarPlanar};
    for (const auto& [label, comparisons] : rows_by_label(b.layout_rows, &LayoutRow::comparison))
        if (comparisons != expected)
            issues.error("layout-rows", label + " must have exactly an Interleaved / Planar row "
                                                "followed by a FakePlanar / Planar row");
    if (b.layout_not_applicable.empty() &&
        labels_in_order(b.impact_rows) != labels_in_order(b.layout_rows))
        issues.error("sku-rows",
                     "Impact and Layout comparison tables must list the same SKUs in order");
}

inline void check_checklist(const ParsedSummary& s, const ValidationOptions& o, Issues& issues) {
    const bool final_state = s.metadata.state == State::Final;
    for (const ChecklistItem& item : s.body.checklist) {
        if (final_state && !item.checked)
            issues.error("checklist-unchecked", item.label + " is unchecked");
        if (const std::string gap = item.checked ? hard_evidence_gap(item.evidence) : "";
            !gap.empty())
            issues.error("checklist-evidence",
                         item.label + " is checked without concrete hard evidence: " + gap + " (" +
                             hard_evidence_rule + ")");
        if (item.checked && item.label == "Lead exhaustion")
            if (const std::string said = read_lead_exhaustion(item.evidence).contradiction;
                !said.empty())
                issues.error("checklist-evidence",
                             "Lead exhaustion is checked, but its evidence says otherwise (" +
                                 said + ")");
        if (item.checked && o.evidence_results) {
            const auto it = o.evidence_results->find(item.label);
            const std::string status = it == o.evidence_results->end() ? "" : it->second;
            if (status != "PASS")
                issues.error("checklist-gate", item.label + " is checked but its hard gate is " +
                                                   (status.empty() ? "missing" : status));
        }
        if (!item.checked && contains_placeholder(item.evidence))
            issues.blocking_when(final_state, "checklist-placeholder",
                                 item.label + " still contains a placeholder");
    }
}

inline void check_learnings(const ParsedSummary& s, Issues& issues) {
    const bool final_state = s.metadata.state == State::Final;
    for (const std::string& learning : s.body.learnings) {
        const bool is_default = learning == default_learning;
        const bool unusable = pytext::code_points(learning) > max_learning_code_points ||
                              contains_placeholder(learning);
        if (is_default || unusable) {
            issues.blocking_when(final_state || !is_default, "learning-placeholder",
                                 is_default
                                     ? "Top learnings still contains the provisional default"
                                     : "Top learnings contains a placeholder or oversized item");
            continue;
        }
        const int faults = !ends_as_sentence(learning) + starts_another_sentence(learning);
        for (int i = 0; i < faults; ++i)
            issues.error("learning-sentence", "Each top learning must be one sentence");
    }
}
#endif // ODO_SUMMARY_DEFINITIONS

template <typename Row>
std::string first_difference(const std::vector<Row>& shown, const std::vector<Row>& derived) {
    std::size_t i = 0;
    while (i < shown.size() && i < derived.size() && shown[i] == derived[i])
        ++i;
    if (i < shown.size() && i < derived.size())
        return "row " + std::to_string(i + 1) + " (" + shown[i].sku + ") differs";
    return std::to_string(shown.size()) + " rows shown, " + std::to_string(derived.size()) +
           " derived";
}

#if ODO_SUMMARY_DEFINITIONS
// The artifact claims, in the reference's order; a SummaryError ends them (benchmark-surface).
inline void check_artifact_claims(const ParsedSummary& s, const SummaryArtifacts& a,
                                  Issues& issues) {
    const Metadata& m = s.metadata;
    const Surfaces surfaces = build_surfaces(a);
    require_same_benchmark(surfaces.baseline, surfaces.candidate);
    require_comparable(surfaces.baseline, surfaces.candidate);
    if (!benchmark_names_operator(surfaces.candidate, m))
        throw SummaryError("metadata operator does not match candidate benchmark identity");
    const auto optimized = resolve_optimized_cases(m, surfaces.candidate);
    const auto total = static_cast<long long>(surfaces.candidate.cases.size());
    if (s.body.total_count != total)
        issues.error("full-count", "Scope total " + std::to_string(s.body.total_count) +
                                       " does not match the " + std::to_string(total) +
                                       " expanded candidate cases");
    const auto categories = optimized_categories(surfaces.candidate, optimized);
    if (s.body.categories != categories)
        issues.error("categories", "Scope categories do not match the optimized cases: expected " +
                                       python_list_repr(categories));
    const SkuReport skus = report_skus(surfaces, a.sku_map, m.impact_metric);
    if (m.state == State::Final && !skus.missing_references.empty())
        issues.error("reference-coverage", "final summary lacks full basic+advanced timing "
                                           "coverage for reference SKU(s): " +
                                               text::join(skus.missing_references, ", "));
    if (skus.complete.empty())
        throw SummaryError("no SKU has timings for every expanded candidate case");
    const auto reported = skus.reported_timings();
    const auto impact =
        impact_rows(reported, optimized, surfaces.candidate.cases.size(), m.impact_metric);
    if (s.body.impact_rows != impact)
        issues.error("impact-statistics",
                     "Impact rows do not match the statistics derived from the benchmark "
                     "configs: " +
                         first_difference(s.body.impact_rows, impact));
    const auto layout = layout_rows(reported, layout_pairing(surfaces.candidate));
    if (!s.body.layout_not_applicable.empty()) {
        // The one-line form stands for a table of n/a only: a pair it would hide is an error.
        if (!all_not_available(layout))
            issues.error("layout-statistics",
                         "Layout comparison says not applicable, but the benchmark configs pair "
                         "cases with planar ones: " +
                             first_difference(s.body.layout_rows, layout));
    } else if (s.body.layout_rows != layout)
        issues.error("layout-statistics",
                     "Layout comparison rows do not match the ratios derived from the benchmark "
                     "configs: " +
                         first_difference(s.body.layout_rows, layout));
    std::vector<std::string> unwarned;
    const std::string warnings = text::join(s.body.warnings, "\n");
    for (const std::string& stem : skus.local_stems)
        if (warnings.find(sku_label(stem)) == std::string::npos)
            unwarned.push_back(sku_label(stem) + " results need a " +
                               std::string(local_gpu_marker) + " warning");
    if (!s.body.warnings.empty() && skus.local_stems.empty())
        unwarned.push_back(std::string(local_gpu_marker) +
                           " warning present, but every reported SKU is a reference SKU");
    for (std::string& message : unwarned)
        issues.error("local-sku-warning", std::move(message));
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace detail

// Validates a parsed summary. Never throws for bad summary content: every problem is an Issue.
ODO_API ValidationResult validate_summary(const ParsedSummary& s, const ValidationOptions& o);
// Parses and validates a description; a parse failure is the single error `parse`.
ODO_API ValidationResult validate_summary(std::string_view description, const ValidationOptions& o);
// "code: message" for each issue, as reports print them.
ODO_API std::vector<std::string> issue_lines(const std::vector<Issue>& issues);
#if ODO_SUMMARY_DEFINITIONS
ODO_API ValidationResult validate_summary(const ParsedSummary& s, const ValidationOptions& o) {
    ValidationResult result;
    detail::Issues issues(result);
    detail::check_identity(s, o, issues);
    detail::check_impact_table(s, issues);
    detail::check_layout_table(s, issues);
    detail::check_checklist(s, o, issues);
    detail::check_learnings(s, issues);
    const int supplied =
        (o.baseline_config != nullptr) + (o.candidate_config != nullptr) + (o.sku_map != nullptr);
    const std::string metric = impact_metric_problem(s.metadata.impact_metric, o.languages);
    if (!metric.empty()) {
        issues.error("impact-metric", metric); // the figures it would compare do not exist
    } else if (supplied != 0 && supplied != 3) {
        issues.error("artifact-inputs",
                     "validation needs the baseline config, the candidate config and the SKU "
                     "map together");
    } else if (supplied == 3) {
        try {
            detail::check_artifact_claims(
                s,
                SummaryArtifacts{*o.baseline_config, *o.candidate_config, *o.sku_map, o.languages},
                issues);
        } catch (const SummaryError& e) {
            issues.error("benchmark-surface", e.what());
        }
    }
    return result;
}

ODO_API ValidationResult validate_summary(std::string_view description,
                                          const ValidationOptions& o) {
    ParsedSummary parsed;
    try {
        parsed = parse_summary(description, o.markers);
    } catch (const SummaryError& e) {
        ValidationResult result;
        result.errors.push_back({"parse", e.what()});
        return result;
    }
    return validate_summary(parsed, o);
}

ODO_API std::vector<std::string> issue_lines(const std::vector<Issue>& issues) {
    std::vector<std::string> lines;
    for (const Issue& issue : issues)
        lines.push_back(issue.code + ": " + issue.message);
    return lines;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
