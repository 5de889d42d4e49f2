#pragma once
#include "odo/baseline/artifact.hpp"
#include "odo/baseline/committed_timing.hpp"
#include "odo/baseline/config_set.hpp"
#include "odo/baseline/metrics.hpp"
#include "odo/baseline/quality.hpp"
#include "odo/baseline/verdict.hpp"
#include "odo/core/capped_list.hpp"
#include "odo/core/error.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/core/status.hpp"
#include "odo/surface/bench_config.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace odo::baseline {

struct CompareOptions {
    std::optional<std::string> sku;                 // required when the artifact holds several SKUs
    std::vector<std::string> operators;             // empty: every operator
    double regression = default_compare_regression; // fraction of the baseline time
    double improvement = default_compare_improvement; // fraction of the baseline time
    double band_sigmas = verdict_band_sigmas;
    LanguageSet languages; // the layout's: a committed figure of another language is not read
};

enum class CompareClass {
    Matched,               // within both limits
    Regression,            // slower beyond the regression limit
    UnexpectedImprovement, // faster beyond the improvement limit: the baseline is stale
    MissingInCurrent,      // committed, not measured now
    NewInCurrent,          // measured now, no committed case
    MissingSku,            // the case is committed for other SKUs only
};

// The class names of the JUnit report (`cvcuda.perf.<name>`).
constexpr std::string_view junit_name(CompareClass c) noexcept {
    switch (c) {
    case CompareClass::Matched:
        return "matched";
    case CompareClass::Regression:
        return "regression";
    case CompareClass::UnexpectedImprovement:
        return "unexpected_improvement";
    case CompareClass::MissingInCurrent:
        return "missing_in_current";
    case CompareClass::NewInCurrent:
        return "new_in_current";
    case CompareClass::MissingSku:
        return "missing_sku";
    }
    return "?";
}

// One (config, case, language) row of the comparison.
struct CompareRow {
    CompareClass kind = CompareClass::Matched;
    std::string config_key;
    std::string case_key;
    Language language = Language::Cpp;
    std::optional<TimedSide> base;
    std::optional<TimedSide> current;
    double delta_pct = 0; // (current / base − 1) · 100, rows with both sides
    ChangeBand band;
    ChangeVerdict verdict = ChangeVerdict::CannotTell;
    std::string reason; // rows with one side: why

    bool matched() const { return base && current; }
    bool flagged() const { return kind != CompareClass::Matched; }
};

// A fresh run against the committed baselines of one SKU (`compare_to_baseline`, §5.4).
struct CompareResult {
    std::string sku;
    std::string sku_source; // "--sku" or "the only SKU in the artifact"
    CompareOptions options;
    std::vector<CompareRow> rows; // sorted by (config key, case key, language)

    std::size_t count(CompareClass c) const {
        return std::size_t(std::count_if(rows.begin(), rows.end(),
                                         [&](const CompareRow& r) { return r.kind == c; }));
    }
    std::size_t matched() const {
        return std::size_t(std::count_if(rows.begin(), rows.end(),
                                         [](const CompareRow& r) { return r.matched(); }));
    }
    std::size_t flagged() const {
        return std::size_t(std::count_if(rows.begin(), rows.end(),
                                         [](const CompareRow& r) { return r.flagged(); }));
    }
    std::size_t cannot_tell() const {
        return std::size_t(std::count_if(rows.begin(), rows.end(), [](const CompareRow& r) {
            return r.matched() && !r.flagged() && r.verdict == ChangeVerdict::CannotTell;
        }));
    }

    // GAP for any flagged row (the reference fails on each); MANUAL when a row within the
    // limits cannot be told apart from one beyond them; PASS otherwise.
    Status status() const {
        if (flagged())
            return Status::Gap;
        return cannot_tell() ? Status::Manual : Status::Pass;
    }
};

namespace detail {

using CompareKey = std::tuple<std::string, std::string, Language>; // config, case, language

#if ODO_BASELINE_DEFINITIONS
inline std::string resolve_sku(const Artifact& current, const CompareOptions& options,
                               std::string& source) {
    std::set<std::string> skus;
    for (const ArtifactRow& row : current.rows)
        skus.insert(row.sku);
    const std::vector<std::string> listed(skus.begin(), skus.end());
    if (options.sku) {
        if (!skus.count(*options.sku))
            throw InputError("--sku " + python_str_repr(*options.sku) + " is not in " +
                             current.source + " (it has " + capped_list_repr(listed) + ")");
        source = "--sku";
        return *options.sku;
    }
    if (skus.size() != 1)
        throw InputError(current.source + " holds " + std::to_string(skus.size()) + " SKUs " +
                         capped_list_repr(listed) + "; choose one with --sku");
    source = "the only SKU in the artifact";
    return *skus.begin();
}

inline void check_operator_selection(const ConfigSet& set, const Artifact& current,
                                     const std::vector<std::string>& operators) {
    if (operators.empty())
        return;
    std::set<std::string> known;
    for (const OperatorFile& file : set.files())
        known.insert(file.config.benchmark);
    for (const std::string& op : operators)
        if (!known.count(op))
            throw InputError("unknown operator " + python_str_repr(op));
    for (const ArtifactRow& row : current.rows) {
        const std::string& op = set.operator_of(*set.find(row.config_key));
        if (std::find(operators.begin(), operators.end(), op) == operators.end())
            throw InputError(current.source + " measures operator " + python_str_repr(op) +
                             ", which is not selected");
    }
}

// Committed rows of the SKU for every config in the tier scope and operator selection, and the
// case keys committed for any SKU (to tell a missing SKU from a new case).
inline void committed_rows(const ConfigSet& set, const std::set<std::string>& tiers,
                           const std::vector<std::string>& operators, LanguageSet languages,
                           const std::string& sku, std::map<CompareKey, TimedSide>& rows,
                           std::set<std::string>& committed_cases) {
    for (const OperatorFile& file : set.files()) {
        if (!operators.empty() &&
            std::find(operators.begin(), operators.end(), file.config.benchmark) == operators.end())
            continue;
        for (const surface::ConfigEntry& entry : file.config.entries) {
            if (!tiers.count(surface::raw_tier_text(entry.fields)))
                continue;
            for (const auto& c : surface::entry_baselines(entry.fields, entry.key)) {
                committed_cases.insert(std::string(c.key()));
                const auto* metrics =
                    c.value().is_object() ? c.value().get_object().if_contains(sku) : nullptr;
                if (!metrics || !metrics->is_object())
                    continue;
                for (Language language : languages)
                    if (auto side = committed_timing(metrics->get_object(), language))
                        rows.emplace(CompareKey{entry.key, std::string(c.key()), language}, *side);
            }
        }
    }
}

inline CompareRow keyed_row(const CompareKey& key) {
    CompareRow row;
    std::tie(row.config_key, row.case_key, row.language) = key;
    return row;
}

inline CompareRow matched_row(const CompareKey& key, const TimedSide& base,
                              const TimedSide& current, const CompareOptions& o) {
    CompareRow row = keyed_row(key);
    row.base = base;
    row.current = current;
    row.delta_pct = slowdown_pct(base.time_us, current.time_us);
    if (exceeds_limit(row.delta_pct, o.regression * 100))
        row.kind = CompareClass::Regression;
    else if (exceeds_limit(-row.delta_pct, o.improvement * 100))
        row.kind = CompareClass::UnexpectedImprovement;
    row.band = change_band(base, current, o.band_sigmas);
    row.verdict = verdict(row.band, {o.regression * 100, o.improvement * 100});
    return row;
}

// A row on one side only: committed but not measured, or measured but not committed (for this
// SKU, or at all).
inline CompareRow one_sided_row(const CompareKey& key, const TimedSide* base,
                                const TimedSide* fresh, const std::string& sku,
                                const std::set<std::string>& committed_cases) {
    CompareRow row = keyed_row(key);
    if (base) {
        row.kind = CompareClass::MissingInCurrent;
        row.base = *base;
        row.reason = "committed for " + sku + " but not measured in this run";
        return row;
    }
    row.current = *fresh;
    const bool case_known = committed_cases.count(row.case_key) > 0;
    row.kind = case_known ? CompareClass::MissingSku : CompareClass::NewInCurrent;
    row.reason = case_known ? "the case has no committed baseline for " + sku
                            : "no committed baseline for this case";
    return row;
}

// The run's rows of the SKU, and the tiers of every config it measured (the tier scope).
inline std::map<CompareKey, TimedSide> fresh_rows(const ConfigSet& set, const Artifact& current,
                                                  const std::string& sku,
                                                  std::set<std::string>& tiers) {
    std::map<CompareKey, TimedSide> rows;
    for (const ArtifactRow& row : current.rows) {
        tiers.insert(surface::raw_tier_text(set.entry_of(*set.find(row.config_key)).fields));
        if (row.sku != sku)
            continue;
        for (Language language : languages)
            if (const auto& m = row.metrics.of(language))
                rows.emplace(CompareKey{row.config_key, row.case_key, language},
                             TimedSide{m->time_us, m->noise_us, row.metrics.n_runs});
    }
    return rows;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace detail

// Compares a fresh, ingested run with the committed baselines of one SKU. The caller validates
// every committed baseline first (a defect anywhere is bad input there). The tier scope is the
// tiers of the configs the run measured; within it every committed row of the SKU must be
// measured and every measured row must be committed. InputError for an unresolvable SKU or an
// operator selection the run contradicts.
ODO_API CompareResult compare_to_baseline(const ConfigSet& set, const Artifact& current,
                                          const CompareOptions& options = {});
#if ODO_BASELINE_DEFINITIONS
ODO_API CompareResult compare_to_baseline(const ConfigSet& set, const Artifact& current,
                                          const CompareOptions& options) {
    CompareResult result{{}, {}, options, {}};
    result.sku = detail::resolve_sku(current, options, result.sku_source);
    detail::check_operator_selection(set, current, options.operators);
    std::set<std::string> tiers;
    const auto now = detail::fresh_rows(set, current, result.sku, tiers);
    std::map<detail::CompareKey, TimedSide> committed;
    std::set<std::string> committed_cases;
    detail::committed_rows(set, tiers, options.operators, options.languages, result.sku, committed,
                           committed_cases);
    std::set<detail::CompareKey> keys;
    for (const auto& kv : now)
        keys.insert(kv.first);
    for (const auto& kv : committed)
        keys.insert(kv.first);
    for (const detail::CompareKey& key : keys) {
        const auto base = committed.find(key);
        const auto fresh = now.find(key);
        const TimedSide* base_side = base == committed.end() ? nullptr : &base->second;
        const TimedSide* fresh_side = fresh == now.end() ? nullptr : &fresh->second;
        if (!base_side || !fresh_side)
            result.rows.push_back(
                detail::one_sided_row(key, base_side, fresh_side, result.sku, committed_cases));
        else if (base_side->time_us > 0)
            result.rows.push_back(detail::matched_row(key, *base_side, *fresh_side, options));
    }
    return result;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
