#pragma once
// ODO-7 (gates.md §4): the comparable committed-baseline regression gate, run in-process with
// the baseline layer's validator and regression gate. Its "cannot tell" outcome — a noise band
// that straddles the limit, or thin evidence — is MANUAL, never PASS.
#include "odo/baseline/regression.hpp"
#include "odo/baseline/validation.hpp"
#include "odo/core/linkage.hpp"
#include "odo/gates/evidence_checks_common.hpp"
#include "odo/gates/guideline_anchors.hpp"

#include <optional>
#include <string>
#include <vector>

namespace odo::gates {

// What the baseline layer found for the operator's committed configs.
struct RegressionGateFacts {
    std::string compared_to; // the revision compared against (the merge base, else --base)
    std::optional<baseline::ValidationSummary> validation;
    std::optional<baseline::RegressionReport> regression;
    std::string problem; // why the gate could not run (bad config at the ref, unresolved ref…)
};

namespace detail {

#if ODO_GATES_DEFINITIONS
// The reference's clipping of tool output in evidence: 1,200 characters, marked on the same line.
inline std::string clipped(std::string text) {
    constexpr std::size_t limit = 1200;
    if (text.size() <= limit)
        return text;
    text.resize(limit);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.pop_back();
    return text + " ... output truncated ...";
}

// The parts of an evidence text on one line: the reference joined them with line breaks, which
// end the finding's Markdown bullet and spill the rest into the report as loose paragraphs.
inline std::string one_line(const std::vector<std::string>& parts) {
    return text::join(parts, "; ");
}
#endif // ODO_GATES_DEFINITIONS

} // namespace detail

#if ODO_GATES_DEFINITIONS
inline Finding check_odo7_baseline_regression(const RegressionGateFacts& f,
                                              const std::string& guide) {
    const std::string command = "odo_baseline validate --reject-regressions-from " + f.compared_to;
    const std::string golden = guide + std::string(golden_rules_anchor);
    if (!f.problem.empty() || !f.validation || !f.regression)
        return detail::evidence_finding(
            "ODO-7", Status::Gap, "Committed-baseline regression gate could not run",
            f.problem.empty() ? "no baseline facts gathered" : f.problem, guide,
            "Repair the named input, then re-run the evidence phase.");
    const std::string fix = "Fix the performance regression or revert the regressed baseline "
                            "row(s). Only new/non-comparable baseline rows may bypass this check.";
    if (!f.validation->ok()) {
        std::vector<std::string> lines;
        for (const auto& issue : f.validation->issues)
            lines.push_back(issue.text());
        return detail::evidence_finding(
            "ODO-7", Status::Gap,
            "Comparable committed baseline regression(s) detected or validation failed",
            detail::one_line({command, "exit=1", detail::clipped(detail::one_line(lines))}), golden,
            fix);
    }
    const baseline::RegressionReport& report = *f.regression;
    std::vector<std::string> lines;
    for (const auto& row : report.rows) {
        if (row.regressed)
            lines.push_back(baseline::regression_message(report, row));
        else if (row.cannot_tell())
            lines.push_back(baseline::cannot_tell_message(report, row));
    }
    lines.push_back(baseline::regression_summary(report));
    const std::string output = detail::clipped(detail::one_line(lines));
    switch (report.status()) {
    case Status::Gap:
        return detail::evidence_finding(
            "ODO-7", Status::Gap,
            "Comparable committed baseline regression(s) detected or validation failed",
            detail::one_line({command, "exit=1", output}), golden, fix);
    case Status::Manual:
        return detail::evidence_finding(
            "ODO-7", Status::Manual,
            "Committed baselines cannot be told apart from a regression vs " + f.compared_to,
            detail::one_line(
                {command, output,
                 "decide: re-measure the named rows with more runs until their noise bands clear "
                 "the limit, or accept them as unchanged and record that decision in "
                 "the MR"}),
            golden, fix);
    default:
        return detail::evidence_finding("ODO-7", Status::Pass,
                                        "Comparable committed baselines do not regress vs " +
                                            f.compared_to,
                                        detail::one_line({command, output}), golden);
    }
}
#endif // ODO_GATES_DEFINITIONS

} // namespace odo::gates
