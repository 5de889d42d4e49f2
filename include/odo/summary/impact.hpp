#pragma once
// The Impact table (summary.md §4.2, §4.3): per reported SKU, statistics over the optimized
// cases and over the full operator.
#include "odo/core/linkage.hpp"
#include "odo/summary/benchmark_surface.hpp"
#include "odo/summary/error.hpp"
#include "odo/summary/layout_kind.hpp"
#include "odo/summary/metadata.hpp"
#include "odo/summary/skus.hpp"
#include "odo/summary/statistics.hpp"
#include "odo/summary/tables.hpp"
#include "odo/summary/timings.hpp"

#include <string>
#include <vector>

namespace odo::summary {

#if ODO_SUMMARY_DEFINITIONS
// The candidate-surface indices of the metadata's optimized cases, in metadata order. Unknown
// keys (including legacy aliases collapsed away) and FakePlanar references are rejected.
inline std::vector<std::size_t> resolve_optimized_cases(const Metadata& m,
                                                        const BenchmarkSurface& candidate) {
    std::vector<std::string> unknown;
    std::vector<std::size_t> indices;
    for (const std::string& key : m.optimized_cases) {
        const auto it = candidate.index.find(key);
        if (it == candidate.index.end())
            unknown.push_back(key);
        else
            indices.push_back(it->second);
    }
    if (!unknown.empty())
        throw SummaryError("optimized_cases contains " + std::to_string(unknown.size()) +
                           " unknown key(s), e.g. " + unknown.front());
    for (std::size_t i : indices)
        if (layout_kind(candidate.cases[i].parsed.find("layout")) == LayoutKind::FakePlanar)
            throw SummaryError("layout-conversion reference cases cannot be optimization "
                               "targets, e.g. " +
                               std::string(candidate.cases[i].key));
    return indices;
}
#endif // ODO_SUMMARY_DEFINITIONS

namespace detail {

#if ODO_SUMMARY_DEFINITIONS
inline std::vector<Stats>
impact_values(const SkuTimings& sku, const std::vector<std::size_t>& cases, ImpactMetric metric) {
    std::vector<Decimal> speedup, before, after, reduction;
    for (std::size_t i : cases) {
        const CaseTimings& t = sku.cases.at(i);
        if (metric == ImpactMetric::CppTime) {
            speedup.push_back(t.before_cpp.value() / t.after_cpp.value());
            continue;
        }
        const Decimal gap_before = t.before_python.value() - t.before_cpp.value();
        const Decimal gap_after = t.after_python.value() - t.after_cpp.value();
        before.push_back(gap_before);
        after.push_back(gap_after);
        reduction.push_back(gap_before - gap_after);
    }
    if (metric == ImpactMetric::CppTime)
        return {summarize(std::move(speedup))};
    return {summarize(std::move(before)), summarize(std::move(after)),
            summarize(std::move(reduction))};
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace detail

#if ODO_SUMMARY_DEFINITIONS
// Two rows per SKU, in the given (report) order: Optimized, then Full operator (every kept
// candidate case). `skus` must be complete for `metric`.
inline std::vector<ImpactRow> impact_rows(const std::vector<const SkuTimings*>& skus,
                                          const std::vector<std::size_t>& optimized,
                                          std::size_t candidate_cases, ImpactMetric metric) {
    std::vector<std::size_t> all(candidate_cases);
    for (std::size_t i = 0; i < candidate_cases; ++i)
        all[i] = i;
    std::vector<ImpactRow> rows;
    for (const SkuTimings* sku : skus) {
        const std::string label = sku_label(sku->stem);
        rows.push_back({label, ImpactScope::Optimized, static_cast<long long>(optimized.size()),
                        detail::impact_values(*sku, optimized, metric)});
        rows.push_back({label, ImpactScope::FullOperator, static_cast<long long>(all.size()),
                        detail::impact_values(*sku, all, metric)});
    }
    return rows;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
