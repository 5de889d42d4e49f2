#pragma once
// Writes a v1 summary from metadata, benchmark data and the human-authored fields
// (summary.md §5.1). Whatever it returns parses, provisional or final: the reference returned
// unparseable provisional text for, e.g., empty profiler evidence (§8.7).
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/summary/checklist.hpp"
#include "odo/summary/derive.hpp"
#include "odo/summary/document.hpp"
#include "odo/summary/host_reference.hpp"
#include "odo/summary/learnings.hpp"
#include "odo/summary/markers.hpp"
#include "odo/summary/parse.hpp"
#include "odo/summary/render.hpp"
#include "odo/summary/validate.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace odo::summary {

// What people write; generation keeps it, refresh carries it over.
struct HumanContent {
    Bottleneck bottleneck = Bottleneck::MemoryBound;
    std::string profile_evidence;
    std::vector<ChecklistItem> checklist = placeholder_checklist();
    std::vector<std::string> learnings; // none: the provisional default
    std::string lead_text;              // kept text inside the block before the title
    std::string preamble_notes;         // kept text between the status and bottleneck lines
};

// Where the block goes: between `prefix` and `suffix`, its lines joined by `newline`.
struct Placement {
    std::string prefix;
    std::string suffix;
    std::string newline = "\n";
    Markers markers;
};

namespace detail {

#if ODO_SUMMARY_DEFINITIONS
inline bool is_one_line(std::string_view text) {
    return !pytext::strip(text).empty() && !pytext::has_line_break(text);
}

// Rules the reference left to its parser to discover after the fact.
inline void require_printable_human_content(const HumanContent& h) {
    if (pytext::strip(h.profile_evidence).empty())
        throw SummaryError("profile evidence must not be empty");
    if (!has_canonical_labels(h.checklist))
        throw SummaryError("checklist labels are incomplete or out of order");
    for (const ChecklistItem& item : h.checklist)
        if (!is_one_line(item.evidence))
            throw SummaryError("checklist evidence for '" + item.label +
                               "' must be one non-empty line");
    if (h.learnings.size() > max_learnings)
        throw SummaryError("Top learnings may hold at most five items");
    for (const std::string& learning : h.learnings)
        if (!is_one_line(learning))
            throw SummaryError("each top learning must be one non-empty line");
}

inline std::string timing_kind(ImpactMetric metric) {
    return metric == ImpactMetric::CppTime ? "C++ timing" : "Python/C++ timing";
}

inline SummaryBody derived_body(const Metadata& m, const SummaryArtifacts& a,
                                const HumanContent& h) {
    if (std::string problem = impact_metric_problem(m.impact_metric, a.languages); !problem.empty())
        throw SummaryError(problem);
    const Surfaces surfaces = build_surfaces(a);
    if (!benchmark_names_operator(surfaces.candidate, m))
        throw SummaryError("candidate benchmark '" + surfaces.candidate.benchmark +
                           "' does not match operator '" + m.operator_name + "'");
    require_same_benchmark(surfaces.baseline, surfaces.candidate);
    require_comparable(surfaces.baseline, surfaces.candidate);
    const auto optimized = resolve_optimized_cases(m, surfaces.candidate);
    const SkuReport skus = report_skus(surfaces, a.sku_map, m.impact_metric);
    if (m.state == State::Final && !skus.missing_references.empty())
        throw SummaryError(
            "final summary lacks full before/after " + timing_kind(m.impact_metric) +
            " coverage for reference SKU(s): " + text::join(skus.missing_references, ", "));
    if (skus.complete.empty())
        throw SummaryError("no SKU has full before/after C++ timing coverage");
    const auto reported = skus.reported_timings();
    std::vector<std::string> reported_stems;
    for (const SkuTimings* t : reported)
        reported_stems.push_back(t->stem);
    SummaryBody b;
    b.lead_text = h.lead_text;
    b.preamble_notes = h.preamble_notes;
    b.status_line =
        status_line(m) + host_reference_note(host_references(a.sku_map, reported_stems));
    b.warnings = local_sku_warnings(skus);
    b.bottleneck = h.bottleneck;
    b.profile_evidence = std::string(pytext::trim_blank_lines(h.profile_evidence));
    b.optimized_count = static_cast<long long>(optimized.size());
    b.total_count = static_cast<long long>(surfaces.candidate.cases.size());
    b.categories = optimized_categories(surfaces.candidate, optimized);
    b.impact_rows =
        impact_rows(reported, optimized, surfaces.candidate.cases.size(), m.impact_metric);
    b.layout_rows = layout_rows(reported, layout_pairing(surfaces.candidate));
    if (!a.planar_not_applicable.empty() && all_not_available(b.layout_rows)) {
        b.layout_not_applicable = layout_not_applicable_text(a.planar_not_applicable);
        b.layout_rows.clear();
    }
    b.checklist = h.checklist;
    b.learnings =
        h.learnings.empty() ? std::vector<std::string>{std::string(default_learning)} : h.learnings;
    return b;
}

inline void require_final_summary_valid(const std::string& description, const SummaryArtifacts& a,
                                        const Markers& markers) {
    ValidationOptions options;
    options.baseline_config = &a.baseline_config;
    options.candidate_config = &a.candidate_config;
    options.sku_map = &a.sku_map;
    options.languages = a.languages;
    options.markers = markers;
    const ValidationResult result = validate_summary(description, options);
    if (result.ok())
        return;
    auto first = issue_lines(result.errors);
    if (first.size() > 6)
        first.resize(6);
    throw SummaryError("cannot render an invalid final summary: " + text::join(first, "; "));
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace detail

// The description with a freshly derived block between placement.prefix and placement.suffix.
// A final summary must validate against the artifacts; a provisional one must parse.
ODO_API std::string generate_summary(const Metadata& m, const SummaryArtifacts& a,
                                     const HumanContent& h, const Placement& placement = {});
#if ODO_SUMMARY_DEFINITIONS
ODO_API std::string generate_summary(const Metadata& m, const SummaryArtifacts& a,
                                     const HumanContent& h, const Placement& placement) {
    validate_metadata(m);
    detail::require_printable_human_content(h);
    const SummaryBody body = detail::derived_body(m, a, h);
    const std::string block = render_block(m, body, placement.markers, placement.newline);
    std::string description =
        join_description(placement.prefix, block, placement.suffix, placement.newline);
    if (m.state == State::Final) {
        detail::require_final_summary_valid(description, a, placement.markers);
        return description;
    }
    try {
        parse_summary(description, placement.markers);
    } catch (const SummaryError& e) {
        throw SummaryError("generated summary does not parse: " + std::string(e.what()));
    }
    return description;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
