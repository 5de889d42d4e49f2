#pragma once
// What every evidence check (gates.md §4) shares: the range of the change under review, and the
// shape of an evidence finding. The facts come from gates/evidence_facts.hpp (host-only); the
// checks are pure functions of them, so every outcome can be driven from a unit test.
#include "odo/core/finding.hpp"
#include "odo/core/linkage.hpp"
#include "odo/repo/implementation.hpp"
#include "odo/repo/layout.hpp"
#include "odo/repo/operator.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::gates {

// The change under review: everything since the merge base of the base and HEAD.
struct ChangeRange {
    std::string base;                      // as given (--base)
    std::optional<std::string> merge_base; // nullopt: the base does not resolve, or no common
                                           // ancestor (a shallow clone)
    // `git diff --name-only --no-renames <merge base> HEAD`; nullopt when git could not list or
    // read the change.
    std::optional<std::vector<std::string>> changed;
    std::vector<std::string> implementation_changed; // changed paths of the operator's
                                                     // implementation, in diff order
    std::string problem;                             // why merge_base or changed is missing
};

#if ODO_GATES_DEFINITIONS
// The changed paths that are the operator's binding or kernels (repo::is_op_implementation).
inline std::vector<std::string> implementation_changes(const std::vector<std::string>& changed,
                                                       const repo::OperatorPaths& op,
                                                       const repo::OperatorSet& ops,
                                                       const repo::Layout& layout) {
    std::vector<std::string> out;
    for (const std::string& path : changed)
        if (repo::is_op_implementation(path, op, ops, layout))
            out.push_back(path);
    return out;
}

inline bool range_contains(const ChangeRange& range, std::string_view path) {
    if (!range.changed || path.empty())
        return false;
    for (const std::string& changed : *range.changed)
        if (changed == path)
            return true;
    return false;
}
#endif // ODO_GATES_DEFINITIONS

namespace detail {

#if ODO_GATES_DEFINITIONS
inline Finding evidence_finding(std::string_view id, Status status, std::string summary,
                                std::string evidence, const std::string& guide,
                                std::string fix = {}) {
    return {std::string(id),     Phase::Evidence, status,        std::move(summary),
            std::move(evidence), guide,           std::move(fix)};
}

// A check that judges the changed files cannot pass without them: MANUAL naming why git could
// not list them (gates.md §8.16: the reference saw an empty change and passed).
inline std::optional<Finding> unknown_change(std::string_view id, const ChangeRange& range,
                                             const std::string& guide) {
    if (range.changed)
        return std::nullopt;
    return evidence_finding(
        id, Status::Manual, "Changed files since the base could not be determined",
        range.problem.empty() ? "git could not list the change vs " + range.base : range.problem,
        guide, "Fetch the base and full history, then re-run the evidence phase.");
}
#endif // ODO_GATES_DEFINITIONS

} // namespace detail

} // namespace odo::gates
