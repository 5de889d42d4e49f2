#pragma once
// ODO-7 (gates.md §4): the comparable committed-baseline regression gate, run in-process with
// the baseline layer's validator and regression gate. Its "cannot tell" outcome — a noise band
// that straddles the limit, or thin evidence — is MANUAL, never PASS.
#include "odo/baseline/regression.hpp"
#include "odo/baseline/validation.hpp"
#include "odo/gates/evidence_checks_common.hpp"

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

// The reference's clipping of tool output in evidence: 1,200 characters.
inline std::string clipped(std::string text) {
    constexpr std::size_t limit = 1200;
    if (text.size() <= limit)
        return text;
    text.resize(limit);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.pop_back();
    return text + "\n... output truncated ...";
}

inline std::string joined_lines(const std::vector<std::string>& lines) {
    return text::join(lines, "\n");
}

} // namespace detail

inline Finding check_odo7_baseline_regression(const RegressionGateFacts& f,
                                              const std::string& guide) {
    const std::string command = "odo_baseline validate --reject-regressions-from " + f.compared_to;
    const std::string golden = guide + "#golden-rules";
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
            command + "\nexit=1\n" + detail::clipped(detail::joined_lines(lines)), golden, fix);
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
    const std::string output = detail::clipped(detail::joined_lines(lines));
    switch (report.status()) {
    case Status::Gap:
        return detail::evidence_finding(
            "ODO-7", Status::Gap,
            "Comparable committed baseline regression(s) detected or validation failed",
            command + "\nexit=1\n" + output, golden, fix);
    case Status::Manual:
        return detail::evidence_finding(
            "ODO-7", Status::Manual,
            "Committed baselines cannot be told apart from a regression vs " + f.compared_to,
            command + "\n" + output +
                "\ndecide: re-measure the named rows with more runs until their noise bands clear "
                "the limit, or accept them as unchanged and record that decision in the MR",
            golden, fix);
    default:
        return detail::evidence_finding("ODO-7", Status::Pass,
                                        "Comparable committed baselines do not regress vs " +
                                            f.compared_to,
                                        command + "\n" + output, golden);
    }
}

} // namespace odo::gates
