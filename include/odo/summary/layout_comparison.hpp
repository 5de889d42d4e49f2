#pragma once
// The Layout comparison table (summary.md §4.4): timing ratios of Interleaved and FakePlanar
// cases to their Planar counterpart of the same tier and otherwise identical axes.
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/summary/benchmark_surface.hpp"
#include "odo/summary/error.hpp"
#include "odo/summary/layout_kind.hpp"
#include "odo/summary/skus.hpp"
#include "odo/summary/statistics.hpp"
#include "odo/summary/tables.hpp"
#include "odo/summary/timings.hpp"
#include "odo/surface/workload.hpp"

#include <algorithm>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace odo::summary {

// Candidate-surface indices (numerator, planar), sorted by their case keys.
using LayoutPairs = std::vector<std::pair<std::size_t, std::size_t>>;

struct LayoutPairing {
    LayoutPairs interleaved; // Interleaved / Planar
    LayoutPairs fake_planar; // FakePlanar / Planar

    const LayoutPairs& pairs(LayoutComparison c) const {
        return c == LayoutComparison::InterleavedPlanar ? interleaved : fake_planar;
    }
};

namespace detail {

#if ODO_SUMMARY_DEFINITIONS
// Python's repr of the signature tuple: ('tier', (('axis', 'value'), …)).
inline std::string signature_repr(const surface::WorkloadIdentity& id) {
    std::string axes;
    for (const auto& [name, value] : id.axes)
        axes += (axes.empty() ? "" : ", ") + std::string("(") + python_str_repr(name) + ", " +
                python_str_repr(value) + ")";
    if (id.axes.size() == 1)
        axes += ",";
    return "(" + python_str_repr(id.tier) + ", (" + axes + "))";
}
#endif // ODO_SUMMARY_DEFINITIONS

struct SignatureCases {
    surface::WorkloadIdentity signature;
    std::vector<std::size_t> interleaved, planar, fake_planar;
};

#if ODO_SUMMARY_DEFINITIONS
// The keys that make a signature ambiguous for one comparison, or none.
inline std::vector<std::string> ambiguous_keys(const BenchmarkSurface& s,
                                               const std::vector<std::size_t>& numerators,
                                               const std::vector<std::size_t>& planars) {
    if (numerators.empty() || planars.empty())
        return {};
    for (const auto* kind : {&numerators, &planars}) {
        if (kind->size() < 2)
            continue;
        std::vector<std::string> keys;
        for (std::size_t i : *kind)
            keys.emplace_back(s.cases[i].key);
        std::sort(keys.begin(), keys.end());
        return keys;
    }
    return {};
}

inline void pair_group(const std::vector<std::size_t>& numerators,
                       const std::vector<std::size_t>& planars, LayoutPairs& out) {
    if (!numerators.empty() && !planars.empty())
        out.emplace_back(numerators.front(), planars.front());
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace detail

#if ODO_SUMMARY_DEFINITIONS
// Pairs each Interleaved and FakePlanar case with the Planar case of its signature (tier and
// every axis but layout). Throws when a signature holds two cases of one kind (NHWC and HWC, or
// NCHW and CHW), naming the smallest such signature.
inline LayoutPairing layout_pairing(const BenchmarkSurface& candidate) {
    std::unordered_map<std::string, detail::SignatureCases> groups;
    for (std::size_t i = 0; i < candidate.cases.size(); ++i) {
        const SurfaceCase& c = candidate.cases[i];
        const std::string* layout = c.parsed.find("layout");
        const auto kind = layout ? layout_kind(layout) : std::nullopt;
        if (!kind || *kind == LayoutKind::NoLayout)
            continue;
        auto signature = c.identity.without("layout");
        auto& group = groups[detail::identity_text(signature)];
        group.signature = std::move(signature);
        (*kind == LayoutKind::Interleaved ? group.interleaved
         : *kind == LayoutKind::Planar    ? group.planar
                                          : group.fake_planar)
            .push_back(i);
    }
    const detail::SignatureCases* ambiguous = nullptr;
    std::vector<std::string> ambiguous_keys;
    LayoutPairing pairing;
    for (const auto& [text, cases] : groups) {
        for (const auto* numerators : {&cases.interleaved, &cases.fake_planar}) {
            auto keys = detail::ambiguous_keys(candidate, *numerators, cases.planar);
            const bool first = !ambiguous || cases.signature < ambiguous->signature ||
                               (cases.signature == ambiguous->signature && keys < ambiguous_keys);
            if (!keys.empty() && first) {
                ambiguous = &cases;
                ambiguous_keys = std::move(keys);
            }
        }
        detail::pair_group(cases.interleaved, cases.planar, pairing.interleaved);
        detail::pair_group(cases.fake_planar, cases.planar, pairing.fake_planar);
    }
    if (ambiguous)
        throw SummaryError("ambiguous layout comparison signature " +
                           detail::signature_repr(ambiguous->signature) +
                           "; multiple same-layout cases include " +
                           python_list_repr(ambiguous_keys));
    const auto by_keys = [&](const auto& a, const auto& b) {
        return std::tie(candidate.cases[a.first].key, candidate.cases[a.second].key) <
               std::tie(candidate.cases[b.first].key, candidate.cases[b.second].key);
    };
    std::sort(pairing.interleaved.begin(), pairing.interleaved.end(), by_keys);
    std::sort(pairing.fake_planar.begin(), pairing.fake_planar.end(), by_keys);
    return pairing;
}
#endif // ODO_SUMMARY_DEFINITIONS

namespace detail {

#if ODO_SUMMARY_DEFINITIONS
inline std::optional<Stats> ratio_stats(const LayoutPairs& pairs, const SkuTimings& sku,
                                        bool after) {
    if (pairs.empty())
        return std::nullopt;
    std::vector<Decimal> ratios;
    for (const auto& [numerator, planar] : pairs) {
        const CaseTimings& n = sku.cases.at(numerator);
        const CaseTimings& p = sku.cases.at(planar);
        ratios.push_back(after ? n.after_cpp.value() / p.after_cpp.value()
                               : n.before_cpp.value() / p.before_cpp.value());
    }
    return summarize(std::move(ratios));
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace detail

#if ODO_SUMMARY_DEFINITIONS
// Two rows per SKU, in the given (report) order: Interleaved / Planar, then FakePlanar / Planar.
// Both metrics compare C++ times.
inline std::vector<LayoutRow> layout_rows(const std::vector<const SkuTimings*>& skus,
                                          const LayoutPairing& pairing) {
    std::vector<LayoutRow> rows;
    for (const SkuTimings* sku : skus) {
        const std::string label = sku_label(sku->stem);
        for (LayoutComparison c :
             {LayoutComparison::InterleavedPlanar, LayoutComparison::FakePlanarPlanar}) {
            const LayoutPairs& pairs = pairing.pairs(c);
            rows.push_back({label, c, detail::ratio_stats(pairs, *sku, false),
                            detail::ratio_stats(pairs, *sku, true)});
        }
    }
    return rows;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
