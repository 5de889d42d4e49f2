#pragma once
#include "odo/baseline/committed_timing.hpp"
#include "odo/baseline/detail/number_text.hpp"
#include "odo/baseline/metrics.hpp"
#include "odo/baseline/quality.hpp"
#include "odo/baseline/row_label.hpp"
#include "odo/baseline/validation.hpp"
#include "odo/baseline/verdict.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/status.hpp"
#include "odo/surface/bench_config.hpp"

#include <boost/json.hpp>

#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace odo::baseline {

// The identity of a committed timing: the same key on both sides is the same measurement.
struct TimingKey {
    std::string config_key;
    std::string case_key;
    std::string sku;
    Language language = Language::Cpp;
};

struct RegressionPolicy {
    double max_regression_pct = default_max_regression_pct;
    double band_sigmas = verdict_band_sigmas;
};

// One current committed timing and what the earlier revision says about it.
struct RegressionRow {
    std::string file;
    TimingKey key;
    TimedSide current;
    std::optional<TimedSide> base; // nullopt: a new row, see `new_reason`
    std::string new_reason;
    double pct = 0;         // slowdown in percent, when compared
    bool regressed = false; // the reference's rule: the slowdown exceeds the limit
    ChangeBand band;
    ChangeVerdict verdict = ChangeVerdict::CannotTell;

    // Compared, within the limit by the reference's rule, yet its noise band reaches past it.
    bool cannot_tell() const { return base && !regressed && verdict == ChangeVerdict::CannotTell; }
};

// The same-key regression gate over committed baselines (`--reject-regressions-from`, §5.3):
// every current row, compared with the earlier revision's same-key row where there is one.
struct RegressionReport {
    std::string ref;
    RegressionPolicy policy;
    std::vector<RegressionRow> rows;

    template <class Predicate>
    std::size_t count(Predicate p) const {
        std::size_t n = 0;
        for (const RegressionRow& row : rows)
            n += p(row) ? 1 : 0;
        return n;
    }
    std::size_t compared() const {
        return count([](const RegressionRow& r) { return r.base.has_value(); });
    }
    std::size_t regressed() const {
        return count([](const RegressionRow& r) { return r.regressed; });
    }
    std::size_t cannot_tell() const {
        return count([](const RegressionRow& r) { return r.cannot_tell(); });
    }
    std::size_t new_rows() const {
        return count([](const RegressionRow& r) { return !r.base.has_value(); });
    }

    // GAP for any regression; MANUAL when some row cannot be told apart from one; PASS
    // otherwise. New rows never fail: there is nothing to compare them with.
    Status status() const {
        if (regressed())
            return Status::Gap;
        if (cannot_tell())
            return Status::Manual;
        return Status::Pass;
    }
};

// One revision of an operator file as the gate sees it; `base` is nullopt when the file did not
// exist at the ref (a new operator).
struct ConfigRevision {
    std::string file;
    const surface::BenchConfig* current = nullptr;
    std::optional<surface::BenchConfig> base;
};

namespace detail {

// config key -> its `baselines` object, for the selected configs of a revision.
using BaselinesByConfig = std::unordered_map<std::string, const boost::json::object*>;

// A selected config's `baselines` object, or nullptr.
ODO_API const boost::json::object* selected_baselines(const surface::ConfigEntry& entry,
                                                      const BaselineSelection& selection);
#if ODO_BASELINE_DEFINITIONS
ODO_API const boost::json::object* selected_baselines(const surface::ConfigEntry& entry,
                                                      const BaselineSelection& selection) {
    const auto* baselines = entry.fields.if_contains("baselines");
    return selection.includes_config(entry.key) && baselines ? baselines->if_object() : nullptr;
}

inline void index_baselines(const surface::BenchConfig& config, const BaselineSelection& selection,
                            BaselinesByConfig& out) {
    for (const surface::ConfigEntry& entry : config.entries)
        if (const auto* baselines = selected_baselines(entry, selection))
            out.emplace(entry.key, baselines);
}

inline const boost::json::object* member_object(const boost::json::object& o,
                                                std::string_view key) {
    const auto* v = o.if_contains(key);
    return v ? v->if_object() : nullptr;
}

// The same-key timing of an earlier revision, or nullopt.
inline std::optional<TimedSide> earlier_timing(const BaselinesByConfig& earlier,
                                               const TimingKey& key) {
    const auto config = earlier.find(key.config_key);
    const auto* payload =
        config == earlier.end() ? nullptr : member_object(*config->second, key.case_key);
    const auto* metrics = payload ? member_object(*payload, key.sku) : nullptr;
    return metrics ? committed_timing(*metrics, key.language) : std::nullopt;
}
#endif // ODO_BASELINE_DEFINITIONS

// Calls `visit(key, timing)` for every committed timing of the selected configs.
template <class Visit>
void for_each_timing(const surface::BenchConfig& config, const BaselineSelection& selection,
                     Visit visit) {
    for (const surface::ConfigEntry& entry : config.entries) {
        const auto* baselines = selected_baselines(entry, selection);
        if (!baselines)
            continue;
        for (const auto& c : *baselines) {
            if (!c.value().is_object())
                continue;
            for (const auto& s : c.value().get_object()) {
                const auto* m = s.value().if_object();
                for (Language language : selection.languages)
                    if (const auto timing = m ? committed_timing(*m, language) : std::nullopt)
                        visit(TimingKey{entry.key, std::string(c.key()), std::string(s.key()),
                                        language},
                              *timing);
            }
        }
    }
}

#if ODO_BASELINE_DEFINITIONS
// At most how many rows the revisions' current timings make: one per SKU payload of each selected
// case and language. The report's vector is sized once with it: a 10,000-case config makes tens
// of thousands of rows, and a doubling vector briefly holds them twice over.
inline std::size_t row_bound(const std::vector<ConfigRevision>& revisions,
                             const BaselineSelection& selection) {
    std::size_t payloads = 0;
    for (const ConfigRevision& revision : revisions)
        for (const surface::ConfigEntry& entry : revision.current->entries)
            if (const auto* baselines = selected_baselines(entry, selection))
                for (const auto& c : *baselines)
                    if (const auto* skus = c.value().if_object())
                        payloads += skus->size();
    const auto languages = static_cast<std::size_t>(
        std::distance(selection.languages.begin(), selection.languages.end()));
    return payloads * languages;
}

inline RegressionRow compared_row(std::string file, TimingKey key, const TimedSide& current,
                                  const TimedSide& base, const RegressionPolicy& policy) {
    RegressionRow row{std::move(file), std::move(key), current, base, {}, 0, false, {}, {}};
    row.pct = slowdown_pct(base.time_us, current.time_us);
    row.regressed = exceeds_limit(row.pct, policy.max_regression_pct);
    row.band = change_band(base, current, policy.band_sigmas);
    row.verdict = verdict(row.band, {policy.max_regression_pct, std::nullopt});
    return row;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace detail

// Compares every current committed timing with the same key at the earlier revision. A row
// with no earlier same-key row, or one whose earlier time is not positive, is reported as new.
// Renamed keys, new SKUs and new cases are therefore new rows, never regressions. Earlier rows
// are found by key wherever they lived, so a config moved between files still compares.
ODO_API RegressionReport compare_revisions(const std::vector<ConfigRevision>& revisions,
                                           const std::string& ref,
                                           const BaselineSelection& selection = {},
                                           const RegressionPolicy& policy = {});
#if ODO_BASELINE_DEFINITIONS
ODO_API RegressionReport compare_revisions(const std::vector<ConfigRevision>& revisions,
                                           const std::string& ref,
                                           const BaselineSelection& selection,
                                           const RegressionPolicy& policy) {
    detail::BaselinesByConfig earlier;
    for (const ConfigRevision& revision : revisions)
        if (revision.base)
            detail::index_baselines(*revision.base, selection, earlier);
    RegressionReport report{ref, policy, {}};
    report.rows.reserve(detail::row_bound(revisions, selection));
    for (const ConfigRevision& revision : revisions)
        detail::for_each_timing(
            *revision.current, selection, [&](TimingKey key, const TimedSide& now) {
                const auto base = detail::earlier_timing(earlier, key);
                if (base && base->time_us > 0) {
                    report.rows.push_back(
                        detail::compared_row(revision.file, std::move(key), now, *base, policy));
                    return;
                }
                RegressionRow row{revision.file,
                                  std::move(key),
                                  now,
                                  std::nullopt,
                                  {},
                                  0,
                                  false,
                                  {},
                                  ChangeVerdict::CannotTell};
                row.new_reason = !revision.base ? "the file does not exist at " + ref
                                 : !base        ? "no same-key row at " + ref
                                                : "the row at " + ref + " has no positive time";
                report.rows.push_back(std::move(row));
            });
    return report;
}
#endif // ODO_BASELINE_DEFINITIONS

namespace detail {

#if ODO_BASELINE_DEFINITIONS
inline std::string row_prefix(const RegressionRow& row) {
    return row.file + ": " +
           row_label(row.key.sku, row.key.config_key, row.key.language, row.key.case_key);
}

inline std::string times_text(const RegressionRow& row) {
    return fixed(row.base->time_us, 2) + " -> " + fixed(row.current.time_us, 2) + " us";
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace detail

// The reference's line for a regressed row.
ODO_API std::string regression_message(const RegressionReport& report, const RegressionRow& row);
// Why a row within the limit still cannot be passed: its noise band reaches past the limit or
// its evidence is thin.
ODO_API std::string cannot_tell_message(const RegressionReport& report, const RegressionRow& row);
// "compared N same-key row(s) vs REF: R regressed, C cannot tell, M new (not comparable)".
ODO_API std::string regression_summary(const RegressionReport& report);
ODO_API std::string new_row_message(const RegressionRow& row);
#if ODO_BASELINE_DEFINITIONS
ODO_API std::string regression_message(const RegressionReport& report, const RegressionRow& row) {
    return detail::row_prefix(row) + ": same-key baseline regressed " +
           detail::signed_fixed(row.pct, 2) + "% vs " + report.ref + " (" +
           detail::times_text(row) + ", case=" + row.key.case_key + ")";
}

ODO_API std::string cannot_tell_message(const RegressionReport& report, const RegressionRow& row) {
    const std::string why = row.band.thin_evidence.empty()
                                ? "noise band " + detail::signed_fixed(row.band.low_pct, 2) +
                                      "% .. " + detail::signed_fixed(row.band.high_pct, 2) +
                                      "% reaches the " +
                                      detail::fixed(report.policy.max_regression_pct, 1) + "% limit"
                                : row.band.thin_evidence;
    return detail::row_prefix(row) + ": cannot tell whether the baseline regressed vs " +
           report.ref + ": " + detail::signed_fixed(row.pct, 2) + "%, " + why + " (" +
           detail::times_text(row) + ", case=" + row.key.case_key + ")";
}

ODO_API std::string new_row_message(const RegressionRow& row) {
    return detail::row_prefix(row) + ": new row, not compared (" + row.new_reason + ")";
}

ODO_API std::string regression_summary(const RegressionReport& report) {
    return "compared " + std::to_string(report.compared()) + " same-key row(s) vs " + report.ref +
           ": " + std::to_string(report.regressed()) + " regressed beyond " +
           detail::fixed(report.policy.max_regression_pct, 1) + "%, " +
           std::to_string(report.cannot_tell()) + " cannot tell, " +
           std::to_string(report.new_rows()) + " new (not comparable)";
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
