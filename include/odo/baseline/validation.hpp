#pragma once
#include "odo/baseline/config_set.hpp"
#include "odo/baseline/coverage.hpp"
#include "odo/baseline/detail/sku_stem.hpp"
#include "odo/baseline/metrics.hpp"
#include "odo/baseline/quality.hpp"
#include "odo/core/capped_list.hpp"
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/surface/case_expansion.hpp"

#include <set>
#include <string>
#include <vector>

namespace odo::baseline {

// One defect of a committed baseline: the file, what it concerns (a config key, a case key,
// a case key and SKU) and the rule it breaks with the offending value.
struct ValidationIssue {
    std::string file;
    std::string subject;
    std::string problem;

    std::string text() const { return file + ": " + subject + ": " + problem; }
};

struct ValidationSummary {
    std::size_t files = 0;
    std::size_t configs = 0;
    std::size_t cases = 0;       // expected case keys
    std::size_t metric_rows = 0; // case × SKU objects checked
    std::vector<ValidationIssue> issues;

    bool ok() const noexcept { return issues.empty(); }
};

// Which committed baselines to check; empty sets mean all. Timings are read for the layout's
// languages only: a C++-only library's stray Python figure is never compared.
struct BaselineSelection {
    std::set<std::string> files; // OperatorFile::path as a string
    std::set<std::string> config_keys;
    LanguageSet languages;

    bool includes_file(const std::string& path) const { return files.empty() || files.count(path); }
    bool includes_config(const std::string& key) const {
        return config_keys.empty() || config_keys.count(key);
    }
};

namespace detail {

#if ODO_BASELINE_DEFINITIONS
inline void report_coverage(const BaselineCoverage& coverage, const std::string& file,
                            ValidationSummary& out) {
    for (const std::string& invalid : coverage.invalid)
        out.issues.push_back({file, "coverage", invalid});
    for (std::size_t i = 0; i < coverage.missing.size();) {
        const std::string& case_key = coverage.missing[i].case_key;
        if (coverage.missing[i].sku == whole_case) {
            out.issues.push_back({file, case_key, "missing baseline case"});
            ++i;
            continue;
        }
        std::vector<std::string> skus;
        for (; i < coverage.missing.size() && coverage.missing[i].case_key == case_key; ++i)
            skus.push_back(coverage.missing[i].sku);
        out.issues.push_back({file, case_key, "missing SKU baseline(s) " + capped_list_repr(skus)});
    }
}

// The problems of one case × SKU row: its metric schema, then the quality gate.
inline std::vector<std::string> sku_row_problems(const boost::json::value& metrics,
                                                 const BenchmarkQuality& quality,
                                                 LanguageSet languages) {
    std::vector<std::string> problems;
    const auto m = read_metrics(metrics, MetricsSchema::Committed, problems, languages);
    if (m)
        problems = quality_problems(*m, quality, languages);
    return problems;
}

inline void validate_case(const std::string& file, const std::string& case_key,
                          const boost::json::value& payload,
                          const std::vector<std::string>& sku_stems, const QualityPolicy& quality,
                          ValidationSummary& out) {
    if (!payload.is_object())
        return; // the coverage check reports it
    for (const auto& sku : payload.get_object()) {
        const std::string_view stem = sku.key();
        // The subject is spelled only for a row with problems: most rows have none.
        const auto subject = [&] { return case_key + " " + std::string(stem); };
        if (std::find(sku_stems.begin(), sku_stems.end(), stem) == sku_stems.end()) {
            out.issues.push_back({file, subject(), sku_stem_problem(sku_stems, std::string(stem))});
            continue;
        }
        ++out.metric_rows;
        for (std::string& problem :
             sku_row_problems(sku.value(), quality.for_sku(stem), quality.languages))
            out.issues.push_back({file, subject(), std::move(problem)});
    }
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace detail

// What validate_entry checks: everything, or everything but missing cases and SKUs — for
// preflight's PRE-3, where BEN-7 already judges completeness.
enum class ValidationScope { Complete, PresentRows };

// Checks one config's committed baselines (bench-harness.md §5.3 steps 1–6): the baselines
// object, coverage of every expected case × SKU stem (coverage.hpp, shared with the review check),
// every present case key against the config, SKU stems, the metric schema and the quality gate.
ODO_API void validate_entry(const surface::ConfigEntry& entry, const std::string& file,
                            const std::vector<std::string>& sku_stems, const QualityPolicy& quality,
                            ValidationSummary& out,
                            ValidationScope scope = ValidationScope::Complete);
// Validates the selected committed baselines of a config set; issues in file and key order.
ODO_API ValidationSummary validate_baselines(const ConfigSet& set,
                                             const std::vector<std::string>& sku_stems,
                                             const BaselineSelection& selection = {},
                                             const QualityPolicy& quality = {});
#if ODO_BASELINE_DEFINITIONS
ODO_API void validate_entry(const surface::ConfigEntry& entry, const std::string& file,
                            const std::vector<std::string>& sku_stems, const QualityPolicy& quality,
                            ValidationSummary& out, ValidationScope scope) {
    ++out.configs;
    const boost::json::object* baselines = nullptr;
    std::vector<surface::AxisSpec> specs;
    try {
        baselines = &surface::entry_baselines(entry.fields, entry.key);
        specs = surface::case_axis_specs(entry.fields, entry.key);
    } catch (const InputError& e) {
        out.issues.push_back({file, entry.key, e.what()});
        return;
    }
    BaselineCoverage coverage;
    std::vector<std::string> expected;
    try {
        expected = detail::expected_nonempty_case_keys(entry, specs);
    } catch (const InputError& e) {
        coverage.invalid.push_back(e.what());
    }
    add_expected_coverage(coverage, *baselines, expected, sku_stems);
    if (scope == ValidationScope::PresentRows)
        coverage.missing.clear();
    out.cases += coverage.total_cases;
    detail::report_coverage(coverage, file, out);
    const auto valid = surface::keys_valid_by_construction(expected, specs);
    for (const auto& kv : *baselines) {
        const std::string case_key(kv.key());
        if (!valid.count(case_key)) {
            try {
                surface::validate_case_key_for_config(case_key, entry.key, specs);
            } catch (const InputError& e) {
                out.issues.push_back({file, entry.key, e.what()});
                continue;
            }
        }
        detail::validate_case(file, case_key, kv.value(), sku_stems, quality, out);
    }
}

inline void validate_operator_file(const OperatorFile& file,
                                   const std::vector<std::string>& sku_stems,
                                   const BaselineSelection& selection, const QualityPolicy& quality,
                                   ValidationSummary& out) {
    ++out.files;
    for (const surface::ConfigEntry& entry : file.config.entries)
        if (selection.includes_config(entry.key))
            validate_entry(entry, file.path.string(), sku_stems, quality, out);
}

ODO_API ValidationSummary validate_baselines(const ConfigSet& set,
                                             const std::vector<std::string>& sku_stems,
                                             const BaselineSelection& selection,
                                             const QualityPolicy& quality) {
    ValidationSummary summary;
    for (const OperatorFile& file : set.files())
        if (selection.includes_file(file.path.string()))
            validate_operator_file(file, sku_stems, selection, quality, summary);
    return summary;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
