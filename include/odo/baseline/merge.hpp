#pragma once
#include "odo/baseline/artifact.hpp"
#include "odo/baseline/detail/weighted_sums.hpp"
#include "odo/baseline/metrics.hpp"
#include "odo/core/linkage.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace odo::baseline {

// The merged measurement of one case × SKU over every imported artifact: what an import
// writes into the committed baseline.
struct BaselineUpdate {
    std::string config_key;
    std::string case_key;
    std::string sku;
    Metrics metrics;
};

namespace detail {

// Running (count, mean, M2) of per-run python − cpp gaps: Chan's parallel variance update.
struct GapPool {
    std::int64_t count = 0;
    double mean = 0;
    double m2 = 0;
    bool usable = true; // false once an item cannot contribute its per-run spread

    void add(const Metrics& m) {
        if (!m.cpp || !m.python || (m.n_runs > 1 && !m.gap_stddev_us)) {
            usable = false;
            return;
        }
        const double gap = m.python->time_us - m.cpp->time_us;
        const double item_m2 =
            m.n_runs > 1 ? *m.gap_stddev_us * *m.gap_stddev_us * double(m.n_runs - 1) : 0.0;
        const double n = double(count), k = double(m.n_runs);
        const double delta = gap - mean;
        m2 += item_m2 + delta * delta * n * k / (n + k);
        mean += delta * k / (n + k);
        count += m.n_runs;
    }

    std::optional<double> stddev() const {
        if (!usable || count < 2)
            return std::nullopt;
        return std::sqrt(std::fmax(m2, 0.0) / double(count - 1));
    }
};

struct MergeGroup {
    WeightedSums cpp, python;
    GapPool gap;
};

} // namespace detail

namespace detail {

#if ODO_BASELINE_DEFINITIONS
// A total order on one row's figures. Floating-point sums depend on the order of their terms,
// so the rows of a group are added in this order, not in the order the artifacts arrived in:
// the merge of the same artifacts is the same bytes however CI hands them over.
inline auto merge_order(const Metrics& m) {
    const auto figures = [](const std::optional<LanguageMetrics>& l) {
        return l ? std::make_tuple(true, l->time_us, l->noise_us, l->bwutil)
                 : std::make_tuple(false, 0.0, 0.0, 0.0);
    };
    return std::make_tuple(m.n_runs, figures(m.cpp), figures(m.python), m.gap_stddev_us.has_value(),
                           m.gap_stddev_us.value_or(0.0));
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace detail

// Merges the rows of all artifacts by (config key, case key, SKU) (bench-harness.md §5.1):
// per language the n_runs-weighted means of time, noise and bandwidth; both languages must
// come from the same number of runs; the gap stddev is pooled when every item carries its
// per-run pairing. Sorted by (config key, case key, SKU); independent of the artifacts' order;
// problems are appended.
ODO_API std::vector<BaselineUpdate> merge_artifacts(const std::vector<Artifact>& artifacts,
                                                    std::vector<std::string>& problems);
#if ODO_BASELINE_DEFINITIONS
ODO_API std::vector<BaselineUpdate> merge_artifacts(const std::vector<Artifact>& artifacts,
                                                    std::vector<std::string>& problems) {
    using Key = std::tuple<std::string, std::string, std::string>;
    std::map<Key, std::vector<const Metrics*>> rows;
    for (const Artifact& artifact : artifacts)
        for (const ArtifactRow& row : artifact.rows)
            rows[{row.config_key, row.case_key, row.sku}].push_back(&row.metrics);
    std::vector<BaselineUpdate> updates;
    for (auto& [key, group] : rows) {
        std::sort(group.begin(), group.end(), [](const Metrics* a, const Metrics* b) {
            return detail::merge_order(*a) < detail::merge_order(*b);
        });
        detail::MergeGroup g;
        for (const Metrics* m : group) {
            if (m->cpp)
                g.cpp.add(*m->cpp, m->n_runs);
            if (m->python)
                g.python.add(*m->python, m->n_runs);
            g.gap.add(*m);
        }
        const auto& [config_key, case_key, sku] = key;
        auto metrics = detail::run_means(g.cpp, g.python, case_key + " " + sku, problems);
        if (!metrics)
            continue;
        metrics->gap_stddev_us = g.gap.stddev();
        updates.push_back({config_key, case_key, sku, *std::move(metrics)});
    }
    return updates;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
