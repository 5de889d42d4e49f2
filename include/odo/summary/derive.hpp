#pragma once
// The derived half of a summary: what the benchmark configs and the SKU map say the visible
// numbers must be. Generation prints it; validation compares a block against it. The steps are
// separate so each caller can run them in the reference's order with its own messages.
#include "odo/core/linkage.hpp"
#include "odo/repo/language.hpp"
#include "odo/summary/benchmark_surface.hpp"
#include "odo/summary/categories.hpp"
#include "odo/summary/impact.hpp"
#include "odo/summary/layout_comparison.hpp"
#include "odo/summary/metadata.hpp"
#include "odo/summary/render.hpp"
#include "odo/summary/skus.hpp"
#include "odo/summary/timings.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace odo::summary {

// The benchmark data a summary describes: the operator config at the benchmark base and in the
// candidate, the SKU map, and which languages the library times (the layout's). The documents
// must outlive anything derived from them.
struct SummaryArtifacts {
    const boost::json::value& baseline_config;
    const boost::json::value& candidate_config;
    const boost::json::value& sku_map;
    repo::LanguageSet languages = {};
    // The Reason of the operator's "Planar image layouts: Not applicable" declaration, when the
    // summary may say so instead of printing a table of n/a (layout_not_applicable.hpp); "" keeps
    // the v1 table.
    std::string planar_not_applicable = {};
};

#if ODO_SUMMARY_DEFINITIONS
// Why `metric` cannot describe the library, or "". The Python-overhead metric reads Python
// timings, which a library without a binding lacks: its summaries report C++ timing only, so
// they have no Python columns and no Python-overhead rows.
inline std::string impact_metric_problem(ImpactMetric metric, repo::LanguageSet languages) {
    if (metric != ImpactMetric::PythonOverhead || languages.has_python())
        return {};
    return "impact_metric python_overhead needs Python timings, but the layout declares no "
           "Python binding (languages: cpp)";
}
#endif // ODO_SUMMARY_DEFINITIONS

struct Surfaces {
    BenchmarkSurface baseline;
    BenchmarkSurface candidate;
};

#if ODO_SUMMARY_DEFINITIONS
inline Surfaces build_surfaces(const SummaryArtifacts& a) {
    Surfaces s{build_surface(a.baseline_config, "baseline"), {}};
    s.candidate = build_surface(a.candidate_config, "candidate");
    return s;
}

inline bool benchmark_names_operator(const BenchmarkSurface& candidate, const Metadata& m) {
    return pytext::casefold(candidate.benchmark) == pytext::casefold(m.operator_name);
}

// The sorted, distinct categories of the optimized cases.
inline std::vector<std::string> optimized_categories(const BenchmarkSurface& candidate,
                                                     const std::vector<std::size_t>& optimized) {
    std::vector<std::string> categories;
    for (std::size_t i : optimized)
        categories.push_back(category(candidate.cases[i].parsed, candidate.cases[i].key));
    std::sort(categories.begin(), categories.end());
    categories.erase(std::unique(categories.begin(), categories.end()), categories.end());
    return categories;
}
#endif // ODO_SUMMARY_DEFINITIONS

// Which SKUs the tables report, and which configured references they lack.
struct SkuReport {
    std::vector<std::string> references; // the SKU map's stems, in label order
    std::vector<SkuTimings> complete;    // stem order
    std::vector<std::size_t> reported;   // indices into `complete`, in report order
    std::vector<std::string> missing_references;
    std::vector<std::string> local_stems; // complete stems outside the map, stem order

    std::vector<const SkuTimings*> reported_timings() const {
        std::vector<const SkuTimings*> out;
        for (std::size_t i : reported)
            out.push_back(&complete[i]);
        return out;
    }

    std::vector<std::string> reference_labels() const {
        std::vector<std::string> labels;
        for (const std::string& stem : references)
            labels.push_back(sku_label(stem));
        return labels;
    }
};

#if ODO_SUMMARY_DEFINITIONS
inline SkuReport report_skus(const Surfaces& s, const boost::json::value& sku_map,
                             ImpactMetric metric) {
    SkuReport r;
    r.references = reference_stems(sku_map);
    r.complete = complete_sku_timings(s.baseline, s.candidate, metric);
    std::vector<std::string> complete_stems;
    for (const SkuTimings& t : r.complete)
        complete_stems.push_back(t.stem);
    for (const std::string& stem : r.references)
        if (std::find(complete_stems.begin(), complete_stems.end(), stem) == complete_stems.end())
            r.missing_references.push_back(stem);
    for (const std::string& stem : complete_stems)
        if (std::find(r.references.begin(), r.references.end(), stem) == r.references.end())
            r.local_stems.push_back(stem);
    for (const std::string& stem : report_order(complete_stems, r.references))
        r.reported.push_back(
            static_cast<std::size_t>(std::find(complete_stems.begin(), complete_stems.end(), stem) -
                                     complete_stems.begin()));
    return r;
}

// One warning per local SKU, in stem order.
inline std::vector<std::string> local_sku_warnings(const SkuReport& r) {
    std::vector<std::string> warnings;
    const auto references = r.reference_labels();
    for (const std::string& stem : r.local_stems)
        warnings.push_back(local_sku_warning(sku_label(stem), references));
    return warnings;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
