#pragma once
// ODO-9: the memory footprint an optimization adds stays within the limit, or a human approved
// it. Always evaluated, with or without an implementation change. The section format is
// summary/memory_section.hpp's.
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/gates/evidence_checks_common.hpp"
#include "odo/summary/memory_section.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace odo::gates {

// The largest peak-live increase that passes without review (inclusive).
inline constexpr std::uint64_t memory_increase_limit_bytes = 10'000'000;

namespace detail {

#if ODO_GATES_DEFINITIONS
// Why a well-formed declaration needs a human: over the limit, a new allocation path, or both.
inline std::vector<std::string> memory_review_reasons(const summary::MemoryDeclaration& d) {
    std::vector<std::string> reasons;
    if (summary::exceeds_bytes(d.increase_bytes, memory_increase_limit_bytes))
        reasons.push_back(d.increase_bytes + " B exceeds the 10 MB limit");
    if (d.new_allocations)
        reasons.emplace_back("a new runtime CUDA allocation/free path is declared");
    return reasons;
}

inline std::string approval_text(const summary::MemoryApproval& a) {
    return "approved by " + a.approver + " (" + a.reason + ")";
}
#endif // ODO_GATES_DEFINITIONS

} // namespace detail

#if ODO_GATES_DEFINITIONS
// `results` is the MR description; empty when none was given.
inline Finding check_odo9_memory_footprint(std::string_view results, const std::string& guide) {
    constexpr std::string_view id = "ODO-9";
    const summary::MemorySectionReading reading = summary::read_memory_section(results);
    if (reading.section_count != 1)
        return detail::evidence_finding(
            id, Status::Gap, "Memory footprint section missing or duplicated",
            "expected exactly one visible `" + std::string(summary::memory_heading) +
                "` section; found " + std::to_string(reading.section_count),
            guide,
            "Add one canonical `## Memory footprint` section outside comments and code fences, "
            "and remove duplicates.");
    if (!reading.declaration)
        return detail::evidence_finding(
            id, Status::Gap, "Memory footprint declarations are missing, duplicated, or malformed",
            text::join(reading.errors, "; "), guide,
            "Provide exactly one canonical aggregate peak-live increase (`<integer> B`), "
            "allocation/free flag (`no` or `yes`) and evidence line, at most one "
            "`Approved-by: <name> (<reason>)` line, and do not net unrelated decreases.");
    const summary::MemoryDeclaration& d = *reading.declaration;
    const std::string evidence_line = "Evidence: " + d.evidence;
    if (summary::is_placeholder_evidence(d.evidence))
        return detail::evidence_finding(
            id, Status::Gap, "Memory footprint evidence is a placeholder", evidence_line, guide,
            "Replace the placeholder with the measurement or source-inspection evidence.");

    const std::vector<std::string> reasons = detail::memory_review_reasons(d);
    if (!reasons.empty() && d.approval)
        return detail::evidence_finding(
            id, Status::Pass, "Memory footprint change approved by a named human reviewer",
            text::join(reasons, "; ") + "; " + detail::approval_text(*d.approval) + "; " +
                evidence_line,
            guide);
    if (!reasons.empty())
        return detail::evidence_finding(
            id, Status::Manual, "Memory footprint change requires explicit human review",
            text::join(reasons, "; ") + "; " + evidence_line +
                "; a human must decide whether this memory growth is acceptable for the "
                "operator and record it in the section as `Approved-by: <name> (<reason>)`",
            guide,
            "Obtain explicit human approval and record it as `Approved-by: <name> (<reason>)` "
            "in the `## Memory footprint` section.");
    std::string evidence =
        d.increase_bytes + " B increase; no new runtime CUDA allocations/frees; " + evidence_line;
    if (d.approval)
        evidence += "; " + detail::approval_text(*d.approval) + " (not required)";
    return detail::evidence_finding(id, Status::Pass,
                                    "Memory footprint change is within the 10 MB limit",
                                    std::move(evidence), guide);
}
#endif // ODO_GATES_DEFINITIONS

} // namespace odo::gates
