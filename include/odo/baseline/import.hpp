#pragma once
#include "odo/baseline/committed_timing.hpp"
#include "odo/baseline/config_set.hpp"
#include "odo/baseline/detail/number_text.hpp"
#include "odo/baseline/merge.hpp"
#include "odo/baseline/metrics.hpp"
#include "odo/baseline/operator_file.hpp"
#include "odo/baseline/quality.hpp"
#include "odo/baseline/row_label.hpp"
#include "odo/baseline/validation.hpp"
#include "odo/core/capped_list.hpp"
#include "odo/core/error.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace odo::baseline {

struct ImportOptions {
    std::vector<std::string> operators; // empty: every operator the inputs measured
    double max_regression_pct = default_max_regression_pct;
    bool allow_regressions = false;
    QualityPolicy quality; // per SKU: quality_policy(sku_map, limits)
};

// One language of one imported row against what was committed.
struct ImportChange {
    std::string file;
    std::string sku;
    std::string config_key;
    std::string case_key;
    Language language = Language::Cpp;
    std::optional<double> previous_us; // nullopt: a new row
    double new_us = 0;
    std::int64_t n_runs = 0;

    // (new / previous − 1) · 100 when there is a positive previous time.
    std::optional<double> pct() const {
        if (!previous_us || !(*previous_us > 0))
            return std::nullopt;
        return slowdown_pct(*previous_us, new_us);
    }
};

// What an import would write into one operator file.
struct PlannedFile {
    std::size_t file = 0; // index into ConfigSet::files()
    std::string bytes;    // the whole new file
    std::size_t rows = 0; // case × SKU rows replaced or added
    std::set<std::string> skus;
    bool changed = false; // bytes differ from the committed ones
};

// The outcome of checking an import before anything is written (update_baseline, §5.2).
// Failures are quality, regression and coverage refusals: with any, nothing may be written.
struct ImportPlan {
    std::vector<ImportChange> changes; // per row × language, in row order
    std::vector<PlannedFile> files;
    std::vector<std::string> failures;
    // The case keys of the rows the quality gate or the regression limit refused: what a caller
    // measuring again for longer re-measures.
    std::set<std::string> refused_cases;

    bool ok() const noexcept { return failures.empty(); }
};

namespace detail {

#if ODO_BASELINE_DEFINITIONS
inline std::vector<BaselineUpdate> selected_updates(const ConfigSet& set,
                                                    const std::vector<BaselineUpdate>& updates,
                                                    const std::vector<std::string>& operators) {
    std::set<std::string> measured;
    for (const BaselineUpdate& u : updates)
        measured.insert(set.operator_of(*set.find(u.config_key)));
    for (const std::string& op : operators)
        if (!measured.count(op))
            throw InputError("operator " + python_str_repr(op) +
                             " is not measured by the inputs (measured: " +
                             capped_list_repr({measured.begin(), measured.end()}) + ")");
    std::vector<BaselineUpdate> selected;
    for (const BaselineUpdate& u : updates)
        if (operators.empty() || std::count(operators.begin(), operators.end(),
                                            set.operator_of(*set.find(u.config_key))))
            selected.push_back(u);
    return selected;
}

// The committed metrics object of a row, or nullptr.
inline const boost::json::object* committed_metrics(const ConfigSet& set, const BaselineUpdate& u) {
    const auto& fields = set.entry_of(*set.find(u.config_key)).fields;
    const auto* baselines = fields.if_contains("baselines");
    const auto* payload = baselines && baselines->is_object()
                              ? baselines->get_object().if_contains(u.case_key)
                              : nullptr;
    const auto* metrics =
        payload && payload->is_object() ? payload->get_object().if_contains(u.sku) : nullptr;
    return metrics ? metrics->if_object() : nullptr;
}

inline std::vector<ImportChange> changes_of(const ConfigSet& set, const BaselineUpdate& u) {
    const IndexedConfig& config = *set.find(u.config_key);
    const boost::json::object* committed = committed_metrics(set, u);
    std::vector<ImportChange> changes;
    for (Language language : languages) {
        if (!u.metrics.of(language))
            continue;
        ImportChange c{set.file_of(config).path.string(),
                       u.sku,
                       u.config_key,
                       u.case_key,
                       language,
                       std::nullopt,
                       u.metrics.of(language)->time_us,
                       u.metrics.n_runs};
        if (const auto previous = committed ? committed_timing(*committed, language) : std::nullopt)
            c.previous_us = previous->time_us;
        changes.push_back(std::move(c));
    }
    return changes;
}

inline void check_quality(const std::vector<BaselineUpdate>& updates, const QualityPolicy& quality,
                          ImportPlan& plan) {
    for (const BaselineUpdate& u : updates)
        for (const std::string& problem :
             quality_problems(u.metrics, quality.for_sku(u.sku), quality.languages)) {
            plan.failures.push_back(row_label(u.sku, u.config_key, std::nullopt, u.case_key) +
                                    ": " + problem);
            plan.refused_cases.insert(u.case_key);
        }
}

inline void check_regressions(const std::vector<ImportChange>& changes,
                              const ImportOptions& options, ImportPlan& plan) {
    if (options.allow_regressions)
        return;
    for (const ImportChange& c : changes)
        if (const auto pct = c.pct(); pct && exceeds_limit(*pct, options.max_regression_pct)) {
            plan.refused_cases.insert(c.case_key);
            plan.failures.push_back(row_label(c.sku, c.config_key, c.language, c.case_key) +
                                    ": same-key baseline would regress " + signed_fixed(*pct, 2) +
                                    "% (" + fixed(*c.previous_us, 2) + " -> " + fixed(c.new_us, 2) +
                                    " us; limit " + fixed(options.max_regression_pct, 1) + "%)");
        }
}

// Writes `u` into a new-shape document: a missing baselines object, case or SKU is created at
// the end; an existing SKU row keeps its place.
inline void apply_update(boost::json::value& document, const BaselineUpdate& u) {
    boost::json::object& entry = document.at("configs").at(u.config_key).as_object();
    boost::json::value& baselines = entry["baselines"];
    if (!baselines.is_object())
        baselines = boost::json::object();
    boost::json::value& payload = baselines.get_object()[u.case_key];
    if (!payload.is_object())
        payload = boost::json::object();
    boost::json::value& row = payload.get_object()[u.sku];
    row = updated_metrics_object(row.if_object(), u.metrics);
}

inline PlannedFile planned_file(const ConfigSet& set, std::size_t f,
                                const std::vector<const BaselineUpdate*>& updates,
                                const std::vector<std::string>& sku_stems,
                                const QualityPolicy& quality, std::vector<std::string>& failures) {
    const OperatorFile& file = set.files()[f];
    boost::json::value document = new_shape_document(file);
    PlannedFile planned{f, {}, updates.size(), {}, false};
    for (const BaselineUpdate* u : updates) {
        apply_update(document, *u);
        planned.skus.insert(u->sku);
    }
    planned.bytes = render_operator_document(document);
    planned.changed = planned.bytes != file.bytes;
    // The file as it would be committed must be complete and valid on its own.
    ValidationSummary summary;
    validate_operator_file(parse_operator_file(file.path, planned.bytes), sku_stems, {}, quality,
                           summary);
    for (const ValidationIssue& issue : summary.issues)
        failures.push_back("refusing to write " + issue.text());
    return planned;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace detail

// Writes the planned files whose bytes changed, and `also_write` (the import's own summary), as
// one step: a file that cannot be written leaves every file untouched. Returns the config files
// written.
ODO_API std::vector<std::filesystem::path>
apply_import(const ConfigSet& set, const ImportPlan& plan,
             std::vector<std::pair<std::filesystem::path, std::string>> also_write = {});
// "+1.23% 100.00 -> 101.23 us  <label>" or "NEW 101.23 us  <label>" for each change.
ODO_API std::vector<std::string> import_change_lines(const ImportPlan& plan);
// Checks merged updates against the committed baselines, in the reference's order, stopping at
// the first failing stage: (1) only the selected operators, each of which must be measured;
// (2) the quality gate on every update; (3) no same-key slowdown beyond the limit unless
// regressions are allowed; (4) every touched file, with the updates applied, validates
// completely — every expected case × every SKU stem, so an incomplete surface is never written.
// InputError when an operator is selected that the inputs do not measure.
ODO_API ImportPlan plan_import(const ConfigSet& set, const std::vector<BaselineUpdate>& merged,
                               const std::vector<std::string>& sku_stems,
                               const ImportOptions& options = {});
// The Markdown summary table of an import (`--write-summary`).
ODO_API std::string render_import_markdown(const ImportPlan& plan);
#if ODO_BASELINE_DEFINITIONS
ODO_API ImportPlan plan_import(const ConfigSet& set, const std::vector<BaselineUpdate>& merged,
                               const std::vector<std::string>& sku_stems,
                               const ImportOptions& options) {
    ImportPlan plan;
    const auto updates = detail::selected_updates(set, merged, options.operators);
    for (const BaselineUpdate& u : updates)
        for (ImportChange& c : detail::changes_of(set, u))
            plan.changes.push_back(std::move(c));
    detail::check_quality(updates, options.quality, plan);
    if (plan.ok())
        detail::check_regressions(plan.changes, options, plan);
    if (!plan.ok())
        return plan;
    std::map<std::size_t, std::vector<const BaselineUpdate*>> by_file;
    for (const BaselineUpdate& u : updates)
        by_file[set.find(u.config_key)->file].push_back(&u);
    for (const auto& [f, file_updates] : by_file)
        plan.files.push_back(
            detail::planned_file(set, f, file_updates, sku_stems, options.quality, plan.failures));
    return plan;
}

ODO_API std::vector<std::filesystem::path>
apply_import(const ConfigSet& set, const ImportPlan& plan,
             std::vector<std::pair<std::filesystem::path, std::string>> also_write) {
    if (!plan.ok())
        throw InputError("refusing to write baselines: the import has " +
                         std::to_string(plan.failures.size()) + " failure(s)");
    std::vector<std::filesystem::path> written;
    for (const PlannedFile& planned : plan.files) {
        const OperatorFile& file = set.files()[planned.file];
        if (planned.bytes == file.bytes)
            continue; // an unchanged file keeps its timestamp
        written.push_back(file.path);
        also_write.emplace_back(file.path, planned.bytes);
    }
    write_files_atomically(also_write);
    return written;
}

ODO_API std::vector<std::string> import_change_lines(const ImportPlan& plan) {
    std::vector<std::string> lines;
    for (const ImportChange& c : plan.changes) {
        const std::string label = row_label(c.sku, c.config_key, c.language, c.case_key);
        const auto pct = c.pct();
        lines.push_back(pct ? detail::signed_fixed(*pct, 2) + "% " +
                                  detail::fixed(*c.previous_us, 2) + " -> " +
                                  detail::fixed(c.new_us, 2) + " us  " + label
                            : "NEW " + detail::fixed(c.new_us, 2) + " us  " + label);
    }
    return lines;
}

ODO_API std::string render_import_markdown(const ImportPlan& plan) {
    std::string out = "| SKU | Delta | Before (us) | After (us) | n_runs | Benchmark |\n"
                      "|---|---|---|---|---|---|\n";
    for (const ImportChange& c : plan.changes) {
        const auto pct = c.pct();
        out += "| " + c.sku + " | " + (pct ? detail::signed_fixed(*pct, 2) + "%" : "NEW") + " | " +
               (c.previous_us ? detail::fixed(*c.previous_us, 2) : "") + " | " +
               detail::fixed(c.new_us, 2) + " | " + std::to_string(c.n_runs) + " | " +
               case_label(c.config_key, c.language, c.case_key) + " |\n";
    }
    return out;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
