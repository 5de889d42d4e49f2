#pragma once
// HOST-ONLY: the regression gate reads the baselines at a ref through odo::repo::Git.
// `odo_baseline validate` as a library call: the committed baselines of the selected operator
// files and configs checked for schema, quality, parity and coverage, then, with a ref, the
// same-key regression gate against the files at that ref; optionally a JUnit report.
#include "odo/baseline/command_exit.hpp"
#include "odo/baseline/config_set.hpp"
#include "odo/baseline/loaded_repository.hpp"
#include "odo/baseline/quality.hpp"
#include "odo/baseline/regression.hpp"
#include "odo/baseline/regression_at_ref.hpp"
#include "odo/baseline/validation.hpp"
#include "odo/baseline/validation_report.hpp"
#include "odo/core/atomic_write.hpp"
#include "odo/core/error.hpp"
#include "odo/core/error_output.hpp"
#include "odo/core/junit.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/repo/git.hpp"

#include <filesystem>
#include <ostream>
#include <string>
#include <system_error>
#include <vector>

namespace odo::baseline {

struct ValidateCommandOptions {
    std::vector<std::string> files;       // operator config files; none given: every file
    std::vector<std::string> config_keys; // none given: every config
    std::string ref;                      // the regression gate's ref; empty: no gate
    RegressionPolicy policy;
    BenchmarkQuality quality_limits = default_benchmark_quality; // SKU map entries override
    bool allow_regressions = false; // with a ref: only check that it resolves
    std::string junit;              // also write a JUnit report here
};

// Runs validate on `repository`: 0 valid (and no regression beyond the limit), 1 otherwise; the
// issues and regressions on `err`, the summary lines on `out`. InputError for a file that is no
// operator config, a config key no config declares, or a ref that does not resolve.
ODO_API int validate_command(const ValidateCommandOptions& o, const LoadedRepository& repository,
                             std::ostream& out, std::ostream& err);

#if ODO_BASELINE_DEFINITIONS
namespace detail {

inline BaselineSelection validate_selection(const ValidateCommandOptions& o,
                                            const LoadedRepository& r) {
    BaselineSelection s;
    for (const std::string& path : o.files) {
        std::error_code ec;
        bool found = false;
        for (const OperatorFile& file : r.configs.files())
            if (std::filesystem::equivalent(file.path, path, ec)) {
                s.files.insert(file.path.string());
                found = true;
                break;
            }
        if (!found)
            throw InputError(path + ": not an operator config under " + r.operators_dir.string());
    }
    for (const std::string& key : o.config_keys) {
        if (!r.configs.find(key))
            throw InputError("--config-key " + python_str_repr(key) +
                             ": no operator config declares it");
        s.config_keys.insert(key);
    }
    s.languages = r.layout.languages;
    return s;
}

// The operator files validated, each with its findings.
inline void write_validate_junit(const ValidateCommandOptions& o, const ConfigSet& set,
                                 const BaselineSelection& selected,
                                 const ValidationSummary& summary, const RegressionReport* report,
                                 std::ostream& out) {
    if (o.junit.empty())
        return;
    std::vector<std::string> validated;
    for (const OperatorFile& file : set.files())
        if (selected.includes_file(file.path.string()))
            validated.push_back(file.path.string());
    write_file_atomically(o.junit, render_junit(validation_suites(validated, summary, report),
                                                "odo_baseline validate") +
                                       "\n");
    out << "JUnit report: " << o.junit << "\n";
}

inline int regressions_allowed(const ValidateCommandOptions& o, const repo::Git& git,
                               std::ostream& err) {
    if (!git.resolve_commit(o.ref))
        throw InputError("ref " + python_str_repr(o.ref) + " does not resolve to a commit");
    err << "warning: --allow-regressions: same-key regressions vs " << o.ref
        << " are not checked\n";
    return command_ok;
}

inline int print_regressions(const RegressionReport& report, std::ostream& out, std::ostream& err) {
    std::vector<std::string> regressed, cannot_tell, new_rows;
    for (const RegressionRow& row : report.rows) {
        if (row.regressed)
            regressed.push_back(regression_message(report, row));
        else if (row.cannot_tell())
            cannot_tell.push_back(cannot_tell_message(report, row));
        else if (!row.base)
            new_rows.push_back(new_row_message(row));
    }
    print_capped(err, regressed, max_problem_lines);
    print_capped(out, cannot_tell, cannot_tell.size());
    print_capped(out, new_rows, 25);
    out << regression_summary(report) << "\n";
    return report.regressed() ? command_failed : command_ok;
}

} // namespace detail

ODO_API int validate_command(const ValidateCommandOptions& o, const LoadedRepository& repository,
                             std::ostream& out, std::ostream& err) {
    const ConfigSet& set = repository.configs;
    const BaselineSelection selected = detail::validate_selection(o, repository);
    const ValidationSummary summary = validate_baselines(
        set, repository.sku_map.stems(), selected,
        quality_policy(repository.sku_map, o.quality_limits, selected.languages));
    print_validation_issues(err, summary.issues);
    if (!summary.ok()) {
        err << "JSON baseline validation failed: " << summary.issues.size() << " issue(s)\n";
        detail::write_validate_junit(o, set, selected, summary, nullptr, out);
        return command_failed;
    }
    out << "JSON baseline validation passed (" << summary.files << " file(s), " << summary.configs
        << " config(s), " << summary.cases << " case-keys, " << summary.metric_rows
        << " case/SKU rows)\n";
    const repo::Git git(repository.root);
    if (o.ref.empty() || o.allow_regressions) {
        const int code = o.ref.empty() ? command_ok : detail::regressions_allowed(o, git, err);
        detail::write_validate_junit(o, set, selected, summary, nullptr, out);
        return code;
    }
    const RegressionReport report = reject_regressions_from(git, o.ref, set, selected, o.policy);
    detail::write_validate_junit(o, set, selected, summary, &report, out);
    return detail::print_regressions(report, out, err);
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
