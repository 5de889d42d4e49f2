#pragma once
// Per-SKU timings of every candidate case, before and after, and the coverage rule that decides
// which SKUs a summary reports (summary.md §3.1, §3.5 "Complete SKUs").
#include "odo/core/decimal.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/summary/benchmark_surface.hpp"
#include "odo/summary/error.hpp"
#include "odo/summary/metadata.hpp"
#include "odo/summary/python_text.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace odo::summary {

inline constexpr std::string_view cpp_time_field = "gpu_time_us_cpp";
inline constexpr std::string_view python_time_field = "gpu_time_us_python";

namespace detail {

#if ODO_SUMMARY_DEFINITIONS
// Decimal(str(value)) in Python: floats through their shortest repr, integers exactly, strings
// with surrounding whitespace and '_' removed; booleans, null and containers do not convert.
inline std::optional<Decimal> decimal_of(const boost::json::value& v) {
    if (v.is_double())
        return Decimal::from_double(v.get_double());
    if (v.is_int64())
        return Decimal::from_integer(v.get_int64());
    if (v.is_uint64())
        return Decimal::parse(std::to_string(v.get_uint64()));
    if (!v.is_string())
        return std::nullopt;
    std::string text(pytext::strip(v.get_string()));
    text.erase(std::remove(text.begin(), text.end(), '_'), text.end());
    return Decimal::parse(text);
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace detail

#if ODO_SUMMARY_DEFINITIONS
// A positive, finite timing of `stem` in a case's payload, or nullopt ("missing").
inline std::optional<Decimal> timing(const SurfaceCase& c, std::string_view stem,
                                     std::string_view field) {
    const auto* sku = c.payload->if_contains(stem);
    if (!sku || !sku->is_object())
        return std::nullopt;
    const auto* value = sku->get_object().if_contains(field);
    if (!value)
        return std::nullopt;
    auto d = detail::decimal_of(*value);
    if (!d || *d <= Decimal{})
        return std::nullopt;
    return d;
}
#endif // ODO_SUMMARY_DEFINITIONS

// One candidate case on one SKU. The Python fields are read for python_overhead only.
struct CaseTimings {
    std::optional<Decimal> before_cpp, after_cpp, before_python, after_python;

    bool complete(ImpactMetric metric) const {
        const bool cpp = before_cpp && after_cpp;
        return metric == ImpactMetric::CppTime ? cpp : cpp && before_python && after_python;
    }
};

// A SKU's timings, aligned with the candidate surface's cases.
struct SkuTimings {
    std::string stem;
    std::vector<CaseTimings> cases;
};

#if ODO_SUMMARY_DEFINITIONS
inline std::vector<std::string_view> timing_fields(ImpactMetric metric) {
    if (metric == ImpactMetric::CppTime)
        return {cpp_time_field};
    return {cpp_time_field, python_time_field};
}

// The baseline case of each candidate case (nullptr where the baseline has none).
inline std::vector<const SurfaceCase*> baseline_cases(const BenchmarkSurface& baseline,
                                                      const BenchmarkSurface& candidate) {
    std::vector<const SurfaceCase*> before;
    before.reserve(candidate.cases.size());
    for (const SurfaceCase& after : candidate.cases)
        before.push_back(baseline.find(after.key));
    return before;
}

inline SkuTimings sku_timings(const std::vector<const SurfaceCase*>& before_cases,
                              const BenchmarkSurface& candidate, const std::string& stem,
                              ImpactMetric metric) {
    SkuTimings t{stem, {}};
    t.cases.reserve(candidate.cases.size());
    for (std::size_t i = 0; i < candidate.cases.size(); ++i) {
        const SurfaceCase& after = candidate.cases[i];
        const SurfaceCase* before = before_cases[i];
        CaseTimings c;
        c.after_cpp = timing(after, stem, cpp_time_field);
        c.before_cpp = before ? timing(*before, stem, cpp_time_field) : std::nullopt;
        if (metric == ImpactMetric::PythonOverhead) {
            c.after_python = timing(after, stem, python_time_field);
            c.before_python = before ? timing(*before, stem, python_time_field) : std::nullopt;
        }
        t.cases.push_back(std::move(c));
    }
    return t;
}

// Every SKU measured on either side, in stem order, with full before/after coverage of every
// candidate case. A partially measured SKU is an error, never silently left out.
inline std::vector<SkuTimings> complete_sku_timings(const BenchmarkSurface& baseline,
                                                    const BenchmarkSurface& candidate,
                                                    ImpactMetric metric) {
    std::set<std::string> stems(baseline.skus.begin(), baseline.skus.end());
    stems.insert(candidate.skus.begin(), candidate.skus.end());
    std::vector<SkuTimings> complete;
    const auto before_cases = baseline_cases(baseline, candidate);
    for (const std::string& stem : stems) {
        SkuTimings t = sku_timings(before_cases, candidate, stem, metric);
        std::size_t missing = 0;
        std::string_view example;
        for (std::size_t i = 0; i < t.cases.size(); ++i) {
            if (t.cases[i].complete(metric))
                continue;
            if (!missing++)
                example = candidate.cases[i].key;
        }
        if (missing) {
            std::vector<std::string> fields;
            for (std::string_view f : timing_fields(metric))
                fields.emplace_back(f);
            throw SummaryError("SKU '" + stem + "' lacks full before/after " +
                               text::join(fields, " and ") + " coverage for " +
                               std::to_string(missing) + " expanded case(s), e.g. " +
                               std::string(example));
        }
        complete.push_back(std::move(t));
    }
    return complete;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
