#pragma once
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/surface/bench_config.hpp"
#include "odo/surface/case_expansion.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace odo::baseline {

// A case key without metrics for a SKU; `sku` is `whole_case` when the case itself is absent.
struct MissingBaseline {
    std::string case_key;
    std::string sku;
};

inline constexpr std::string_view whole_case = "*";

// How far committed baselines cover every expected case key × every SKU stem
// (review-refactor.md §1.9.5, bench-harness.md §5.3 step 2). Only presence is checked here;
// metric contents, extra keys and quality belong to the baseline validator.
struct BaselineCoverage {
    std::size_t total_cases = 0;
    std::vector<MissingBaseline> missing;
    std::vector<std::string> invalid; // "<config or case key>: <why it cannot be checked>"

    bool complete() const { return missing.empty() && invalid.empty(); }
};

namespace detail {

#if ODO_BASELINE_DEFINITIONS
// The expected case keys of a config whose axes are `specs`, spelled; InputError when its axes
// are malformed or expand to zero case keys (such a config could never be benchmarked yet would
// pass as complete).
inline std::vector<std::string>
expected_nonempty_case_keys(const surface::ConfigEntry& entry,
                            const std::vector<surface::AxisSpec>& specs) {
    auto keys = surface::expand_case_key_texts(entry.key, specs);
    if (keys.empty())
        throw InputError(entry.key + ": no values declared for " +
                         python_list_repr(surface::axes_without_values(specs)) +
                         ", so the config expands to zero case-keys");
    return keys;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace detail

// Coverage of every config of an operator, in file order.
ODO_API BaselineCoverage baseline_coverage(const surface::BenchConfig& config,
                                           const std::vector<std::string>& sku_stems);
#if ODO_BASELINE_DEFINITIONS
// Adds the coverage of one config whose committed baselines are `baselines` and whose expected
// case keys are `expected`.
inline void add_expected_coverage(BaselineCoverage& coverage, const boost::json::object& baselines,
                                  const std::vector<std::string>& expected,
                                  const std::vector<std::string>& sku_stems) {
    coverage.total_cases += expected.size();
    for (const std::string& text : expected) {
        const auto* payload = baselines.if_contains(text);
        if (!payload) {
            coverage.missing.push_back({text, std::string(whole_case)});
        } else if (!payload->is_object()) {
            coverage.invalid.push_back(text +
                                       ": baseline case payload must be an object keyed by SKU");
        } else {
            for (const std::string& sku : sku_stems)
                if (!payload->get_object().contains(sku))
                    coverage.missing.push_back({text, sku});
        }
    }
}

// Adds one config's coverage; a config that cannot be checked is listed in `invalid`.
inline void add_entry_coverage(BaselineCoverage& coverage, const surface::ConfigEntry& entry,
                               const std::vector<std::string>& sku_stems) {
    const boost::json::object* baselines = nullptr;
    std::vector<std::string> expected;
    try {
        baselines = &surface::entry_baselines(entry.fields, entry.key);
        expected = detail::expected_nonempty_case_keys(
            entry, surface::case_axis_specs(entry.fields, entry.key));
    } catch (const InputError& e) {
        coverage.invalid.push_back(e.what());
        return;
    }
    add_expected_coverage(coverage, *baselines, expected, sku_stems);
}

ODO_API BaselineCoverage baseline_coverage(const surface::BenchConfig& config,
                                           const std::vector<std::string>& sku_stems) {
    BaselineCoverage coverage;
    for (const surface::ConfigEntry& entry : config.entries)
        add_entry_coverage(coverage, entry, sku_stems);
    return coverage;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
