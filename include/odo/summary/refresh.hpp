#pragma once
// Regenerates a summary's derived fields from new benchmark data (summary.md §5.2). Everything
// people wrote survives byte for byte where it lies outside the block (intro, the
// `## Memory footprint` section) and as text inside it: bottleneck, profiler evidence, checklist
// ticks and evidence, learnings, and the notes the reference dropped (§8.8).
#include "odo/core/linkage.hpp"
#include "odo/summary/generate.hpp"
#include "odo/summary/parse.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::summary {

// What a refresh may change; anything unset keeps the old value.
struct RefreshOptions {
    std::optional<State> state;
    std::optional<std::string> candidate_commit; // empty keeps the old commit, as in the reference
    std::optional<ImpactMetric> impact_metric;
    std::optional<std::vector<std::string>> secondary_operators; // empty clears the list
    Markers markers;
};

// Refreshes an already parsed description.
ODO_API std::string refresh_summary(const ParsedSummary& old, const SummaryArtifacts& a,
                                    const RefreshOptions& o);
ODO_API std::string refresh_summary(std::string_view description, const SummaryArtifacts& a,
                                    const RefreshOptions& o);
#if ODO_SUMMARY_DEFINITIONS
ODO_API std::string refresh_summary(const ParsedSummary& old, const SummaryArtifacts& a,
                                    const RefreshOptions& o) {
    Metadata m = old.metadata;
    if (o.state)
        m.state = *o.state;
    if (o.candidate_commit && !o.candidate_commit->empty())
        m.candidate_commit = *o.candidate_commit;
    if (o.impact_metric)
        m.impact_metric = *o.impact_metric;
    if (o.secondary_operators)
        m.secondary_operators = *o.secondary_operators;
    HumanContent human;
    human.bottleneck = old.body.bottleneck;
    human.profile_evidence = old.body.profile_evidence;
    human.checklist = old.body.checklist;
    human.learnings = old.body.learnings;
    human.lead_text = old.body.lead_text;
    human.preamble_notes = old.body.preamble_notes;
    return generate_summary(m, a, human, {old.prefix, old.suffix, old.newline, o.markers});
}

ODO_API std::string refresh_summary(std::string_view description, const SummaryArtifacts& a,
                                    const RefreshOptions& o) {
    return refresh_summary(parse_summary(description, o.markers), a, o);
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
