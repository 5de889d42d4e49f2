#pragma once
#include "odo/baseline/config_set.hpp"
#include "odo/baseline/regression.hpp"
#include "odo/baseline/row_label.hpp"
#include "odo/baseline/validation.hpp"
#include "odo/core/error_output.hpp"
#include "odo/core/junit.hpp"
#include "odo/core/linkage.hpp"

#include <filesystem>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace odo::baseline {

// `odo_baseline validate` as findings, one JUnit suite per operator file, for the test report a
// CI system shows. The phase is preflight's because validate's exit policy is: a MANUAL (a row
// the regression gate cannot tell) is shown but does not fail.
inline constexpr std::string_view baselines_junit_kind = "baselines";
inline constexpr std::string_view baselines_guideline = "docs/baselines.md";

namespace detail {

#if ODO_BASELINE_DEFINITIONS
inline std::string operator_of(const std::string& file) {
    return std::filesystem::path(file).stem().string();
}

inline JunitSuite& suite_for(std::map<std::string, JunitSuite>& suites, const std::string& file) {
    JunitSuite& suite = suites[file];
    if (suite.report.operator_name.empty()) {
        suite.kind = std::string(baselines_junit_kind);
        suite.report = {operator_of(file), operator_of(file), Phase::Preflight, {}};
    }
    return suite;
}

inline void add(JunitSuite& suite, Finding f, std::string item) {
    f.phase = Phase::Preflight;
    f.guideline = std::string(baselines_guideline);
    suite.report.findings.push_back(std::move(f));
    suite.items.push_back(std::move(item));
}

// BASE-VALID: an operator file's committed baselines meet the schema, quality, parity and
// coverage rules (every expected case on every SKU); one GAP per issue, else one PASS.
inline void add_validity(std::map<std::string, JunitSuite>& suites,
                         const std::vector<std::string>& files, const ValidationSummary& summary) {
    const std::string id = "BASE-VALID";
    std::map<std::string, std::vector<const ValidationIssue*>> by_file;
    for (const ValidationIssue& issue : summary.issues)
        by_file[issue.file].push_back(&issue);
    for (const std::string& file : files)
        if (!by_file.count(file))
            add(suite_for(suites, file),
                {id, {}, Status::Pass, "committed baselines valid and complete", file, {}, {}}, {});
    for (const auto& [file, issues] : by_file)
        for (const ValidationIssue* issue : issues)
            add(suite_for(suites, file),
                {id,
                 {},
                 Status::Gap,
                 issue->subject + ": " + issue->problem,
                 issue->text(),
                 {},
                 "Re-import the baselines from CI runs covering every case on every SKU "
                 "(odo_baseline import)"},
                issue->subject);
}

// BASE-REGRESSION: one committed timing row against the same row at the gate's ref. Regressed
// is a GAP, a row the noise band cannot judge MANUAL, a row without a counterpart N-A.
inline Finding regression_finding(const RegressionReport& report, const RegressionRow& row) {
    const std::string id = "BASE-REGRESSION";
    if (row.regressed)
        return {id,
                {},
                Status::Gap,
                regression_message(report, row),
                "limit +" + fixed(report.policy.max_regression_pct, 1) + "% vs " + report.ref,
                {},
                "Find the slowdown on this SKU, or measure again; accept an intended one with "
                "--allow-regressions"};
    if (row.cannot_tell())
        return {id,
                {},
                Status::Manual,
                cannot_tell_message(report, row),
                {},
                {},
                "Measure the case again with more runs"};
    if (!row.base)
        return {id, {}, Status::NotApplicable, new_row_message(row), {}, {}, {}};
    return {id,
            {},
            Status::Pass,
            row_prefix(row) + ": within the limit vs " + report.ref + " (" +
                signed_fixed(row.pct, 2) + "%, " + times_text(row) + ")",
            {},
            {},
            {}};
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace detail

// The suites of a validate run: BASE-VALID for each selected file (`files`), then, when the
// regression gate ran, BASE-REGRESSION for each of its rows, named by SKU, config, language and
// case. Sorted by file.
ODO_API std::vector<JunitSuite> validation_suites(const std::vector<std::string>& files,
                                                  const ValidationSummary& summary,
                                                  const RegressionReport* regressions);
#if ODO_BASELINE_DEFINITIONS
ODO_API std::vector<JunitSuite> validation_suites(const std::vector<std::string>& files,
                                                  const ValidationSummary& summary,
                                                  const RegressionReport* regressions) {
    std::map<std::string, JunitSuite> suites;
    detail::add_validity(suites, files, summary);
    if (regressions)
        for (const RegressionRow& row : regressions->rows)
            detail::add(
                detail::suite_for(suites, row.file), detail::regression_finding(*regressions, row),
                row_label(row.key.sku, row.key.config_key, row.key.language, row.key.case_key));
    std::vector<JunitSuite> out;
    for (auto& [file, suite] : suites)
        out.push_back(std::move(suite));
    return out;
}
#endif // ODO_BASELINE_DEFINITIONS

// Validation issues as validate and compare print them: the first few, one line each.
ODO_API void print_validation_issues(std::ostream& os, const std::vector<ValidationIssue>& issues);
#if ODO_BASELINE_DEFINITIONS
ODO_API void print_validation_issues(std::ostream& os, const std::vector<ValidationIssue>& issues) {
    std::vector<std::string> lines;
    for (const ValidationIssue& issue : issues)
        lines.push_back(issue.text());
    print_capped(os, lines, max_problem_lines);
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
