#pragma once
// The independent evidence checks (gates.md §4) as pure functions of gathered facts: ODO-0 and
// ODO-11 here, the others in the evidence_checks_*.hpp headers this one includes. Gathering the
// facts from git is gates/evidence_facts.hpp's job (host-only).
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/gates/evidence_checks_api.hpp"
#include "odo/gates/evidence_checks_baselines.hpp"
#include "odo/gates/evidence_checks_commits.hpp"
#include "odo/gates/evidence_checks_common.hpp"
#include "odo/gates/evidence_checks_memory.hpp"
#include "odo/gates/evidence_checks_scope.hpp"

#include <optional>
#include <string>

namespace odo::gates {

#if ODO_GATES_DEFINITIONS
// ODO-0 exists only to say there is nothing to optimize-check: N-A when the change leaves the
// operator's implementation alone, nothing (nullopt) when it changes it. An unknown change is
// MANUAL rather than "no optimization", which the reference reported (gates.md §8.16).
inline std::optional<Finding> check_odo0_no_optimization(const ChangeRange& range,
                                                         const repo::OperatorPaths& op,
                                                         const std::string& guide) {
    constexpr std::string_view id = "ODO-0";
    if (auto unknown = detail::unknown_change(id, range, guide))
        return unknown;
    if (!range.implementation_changed.empty())
        return std::nullopt;
    return detail::evidence_finding(id, Status::NotApplicable,
                                    "No optimization detected: no " + op.operator_name +
                                        " implementation change vs " + range.base,
                                    "changed implementation files: none", guide);
}

// ODO-11 re-judges the final FakePlanar coverage from BEN-6 (review::check_planar_coverage) run
// on the committed config; nullopt when no BEN-6 finding was produced.
inline Finding check_odo11_fake_planar_rerun(const std::optional<Finding>& ben6,
                                             const std::string& guide) {
    constexpr std::string_view id = "ODO-11";
    if (!ben6)
        return detail::evidence_finding(id, Status::Manual,
                                        "Final FakePlanar coverage result is missing",
                                        "review_op bench output has no BEN-6 finding", guide);
    const std::string evidence = ben6->id + ":" + ben6->summary;
    switch (ben6->status) {
    case Status::Gap:
        return detail::evidence_finding(
            id, Status::Gap, "Final FakePlanar coverage is incomplete", evidence, guide,
            "Add the exact advanced same-tier native/FakePlanar pairs, then rerun evidence.");
    case Status::NotApplicable:
        return detail::evidence_finding(id, Status::NotApplicable,
                                        "FakePlanar comparison is not applicable", evidence, guide);
    case Status::Pass:
        return detail::evidence_finding(id, Status::Pass, "Final FakePlanar coverage is exact",
                                        evidence, guide);
    case Status::Manual:
        break;
    }
    return detail::evidence_finding(
        id, Status::Manual, "Final FakePlanar coverage status is unresolved",
        ben6->id + " status=" + python_str_repr(to_string(ben6->status)) + ": " + ben6->summary,
        guide);
}
#endif // ODO_GATES_DEFINITIONS

} // namespace odo::gates
