#pragma once
// ODO-5: an optimization keeps the operator's public API and ABI. The C/C++ headers are compared
// line by line (review/header_diff.hpp) and the Python binding by its snapshot
// (review/binding_snapshot.hpp); whatever cannot be decided safely goes to a human (MANUAL) with
// what they must decide. Files are named by their repository-relative paths (the reference gave
// bare file names, which ODO-12's paths then seemed to contradict: OpInvert.cpp is both the
// binding and a kernel source).
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/gates/evidence_checks_common.hpp"
#include "odo/review/binding_snapshot.hpp"
#include "odo/review/header_diff.hpp"
#include "odo/review/source_text.hpp"

#include <optional>
#include <string>
#include <vector>

namespace odo::gates {

// The operator's public surface at both ends of the change.
struct ApiSurfaceChange {
    // The added and removed lines of the public headers' diff; nullopt when a header changed and
    // its diff could not be read.
    std::optional<std::vector<review::DiffLine>> header_lines;
    std::optional<std::string> binding_before; // at the merge base; nullopt: absent
    std::optional<std::string> binding_after;  // at HEAD; nullopt: absent
};

namespace detail {

#if ODO_GATES_DEFINITIONS
// Up to three diff lines, each "<sign><text>" stripped and cut to 80 characters.
inline std::string shown_lines(const std::vector<review::DiffLine>& lines) {
    std::vector<std::string> shown;
    for (const review::DiffLine& line : lines) {
        if (shown.size() == 3)
            break;
        const std::string whole = line.sign + line.text;
        shown.emplace_back(review::first_characters(text::strip(whole), 80));
    }
    return text::join(shown, "; ");
}

// ODO-5's binding step: nullopt when the binding did not change its surface.
inline std::optional<Finding> binding_surface_change(const ApiSurfaceChange& s,
                                                     const repo::OperatorPaths& op,
                                                     const repo::Layout& layout,
                                                     std::string_view id, const std::string& guide,
                                                     const std::string& feature_fix) {
    const std::string feature = "Public Python API signature(s) changed — that is feature work, "
                                "not optimization";
    // A binding that appears or disappears adds or removes Python API: feature work, even for a
    // brand-new operator (gates.md §8.20: the reference could only say MANUAL).
    if (!s.binding_before || !s.binding_after)
        return evidence_finding(id, Status::Gap, feature,
                                op.pybind + (s.binding_after ? " added" : " removed") +
                                    " since the merge base",
                                guide, feature_fix);
    const review::BindingGrammar grammar = review::binding_grammar(layout, op.operator_name);
    const review::SnapshotResult before = review::binding_api_snapshot(*s.binding_before, grammar);
    const review::SnapshotResult after = review::binding_api_snapshot(*s.binding_after, grammar);
    if (!before.snapshot || !after.snapshot) {
        std::string evidence = "unable to compare " + grammar.export_function +
                               " registrations and bound callable signatures";
        if (!before.snapshot)
            evidence += "; merge base: " + before.problem;
        if (!after.snapshot)
            evidence += "; HEAD: " + after.problem;
        return evidence_finding(
            id, Status::Manual, "Python binding surface could not be parsed safely",
            evidence + "; a human must decide whether the Python API changed", guide);
    }
    const auto parts = review::snapshot_differences(*before.snapshot, *after.snapshot);
    if (!parts.empty())
        return evidence_finding(id, Status::Gap, feature, text::join(parts, "; "), guide,
                                feature_fix);
    return std::nullopt;
}
#endif // ODO_GATES_DEFINITIONS

} // namespace detail

#if ODO_GATES_DEFINITIONS
inline Finding check_odo5_api_abi(const ChangeRange& range, const ApiSurfaceChange& surface,
                                  const repo::OperatorPaths& op, const repo::Layout& layout,
                                  const std::string& guide) {
    constexpr std::string_view id = "ODO-5";
    if (auto unknown = detail::unknown_change(id, range, guide))
        return *unknown;
    std::vector<std::string> headers, surface_files;
    for (const std::string* path : {&op.header, &op.hpp, &op.pybind})
        if (!path->empty()) {
            surface_files.push_back(*path);
            if (path != &op.pybind && range_contains(range, *path))
                headers.push_back(*path);
        }
    const bool binding_changed = range_contains(range, op.pybind);
    if (headers.empty() && !binding_changed)
        return detail::evidence_finding(
            id, Status::Pass, "API/ABI surface unchanged (no diff in public headers/binding)",
            "no changes in " + text::join(surface_files, ", "), guide);

    const std::string feature_fix =
        "Revert the public signature change, or split it into a separate feature MR.";
    const std::vector<review::DiffLine> signatures =
        surface.header_lines
            ? review::signature_lines(*surface.header_lines, layout.grammar.public_signature_tokens)
            : std::vector<review::DiffLine>{};
    if (!signatures.empty())
        return detail::evidence_finding(
            id, Status::Gap,
            "Public API/ABI signature(s) changed — that is feature work, not optimization",
            detail::shown_lines(signatures), guide, feature_fix);
    if (binding_changed) {
        if (auto changed =
                detail::binding_surface_change(surface, op, layout, id, guide, feature_fix))
            return *changed;
        if (headers.empty())
            return detail::evidence_finding(
                id, Status::Pass, "API/ABI surface unchanged (binding implementation only)",
                op.pybind +
                    " changed with identical m.def registrations and bound callable signatures",
                guide);
    }
    const std::string decide =
        "a human must decide whether the public API/ABI is unchanged (types, struct layouts, "
        "enum values, default arguments)";
    const std::string changed_files = "diff in " + text::join(headers, ", ");
    if (!surface.header_lines)
        return detail::evidence_finding(
            id, Status::Manual, "Public header diff could not be read — verify API/ABI stability",
            changed_files + "; " + decide, guide);
    std::string evidence = changed_files;
    if (!surface.header_lines->empty())
        evidence += " (" + std::to_string(surface.header_lines->size()) +
                    " changed line(s): " + detail::shown_lines(*surface.header_lines) + ")";
    return detail::evidence_finding(
        id, Status::Manual,
        "Public headers changed but no signature lines detected — verify API/ABI stability",
        evidence + "; " + decide, guide);
}
#endif // ODO_GATES_DEFINITIONS

} // namespace odo::gates
