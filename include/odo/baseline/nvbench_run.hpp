#pragma once
#include "odo/baseline/artifact.hpp"
#include "odo/baseline/config_set.hpp"
#include "odo/baseline/detail/number_text.hpp"
#include "odo/baseline/detail/problem_list.hpp"
#include "odo/baseline/detail/weighted_sums.hpp"
#include "odo/baseline/metrics.hpp"
#include "odo/baseline/nvbench_state.hpp"
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/surface/row_case_key.hpp"
#include "odo/surface/sku_map.hpp"

#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace odo::baseline {

// What nvbench output does not say: which config and driver produced it, and the routing
// figures of the machine (bench-harness.md §1.5). The device name comes from the output.
struct NvbenchContext {
    std::string config_key;
    Language language = Language::Cpp;
    double power_cap_w = 0;
    double locked_sm_clock_mhz = 0;
    std::optional<std::int64_t> cuda_major;
};

// One nvbench output file with the context it was measured in.
struct NvbenchOutput {
    std::string source;
    NvbenchContext context;
    std::vector<NvbenchState> states;
};

namespace detail {

// One state turned into the figures a run artifact stores (bench-harness.md §3.3): µs times,
// noise in µs rounded to 0.01 as run_bench does, the routed SKU and the case key.
struct MeasuredState {
    std::string case_key;
    std::string sku;
    LanguageMetrics metrics;
};

#if ODO_BASELINE_DEFINITIONS
inline std::optional<MeasuredState> measured_state(const NvbenchState& state,
                                                   const NvbenchContext& context,
                                                   const IndexedConfig& config,
                                                   const surface::SkuMap& sku_map,
                                                   std::vector<std::string>& problems) {
    const std::size_t before = problems.size();
    const double time_us = state.gpu_time_sec * 1e6;
    // run_bench's arithmetic: `GPU Noise (%)` = Noise · 100, then time · noise% / 100.
    const double noise_us = round2(time_us * (state.gpu_noise_fraction * 100.0) / 100.0);
    if (!std::isfinite(time_us) || time_us <= 0)
        problems.push_back(state.label + ": GPU time must be a finite number > 0 (got " +
                           fixed(state.gpu_time_sec, 9) + " s)");
    if (!std::isfinite(state.gpu_noise_fraction) || state.gpu_noise_fraction < 0)
        problems.push_back(state.label + ": GPU noise must be a finite number >= 0 (got " +
                           python_float_repr(state.gpu_noise_fraction) + ")");
    if (!std::isfinite(state.bwutil) || state.bwutil < 0)
        problems.push_back(state.label + ": BWUtil must be a finite number >= 0 (got " +
                           python_float_repr(state.bwutil) + ")");
    MeasuredState measured{{}, {}, {time_us, noise_us, state.bwutil}};
    try {
        measured.sku = sku_map
                           .route(state.device_name, context.power_cap_w,
                                  context.locked_sm_clock_mhz, context.cuda_major)
                           .stem;
    } catch (const InputError& e) {
        problems.push_back(state.label + ": unknown GPU: " + e.what());
    }
    try {
        measured.case_key =
            surface::case_key_from_row(context.config_key, config.specs, state.axes).str();
    } catch (const InputError& e) {
        problems.push_back(state.label + ": " + e.what());
    }
    if (problems.size() != before)
        return std::nullopt;
    return measured;
}
#endif // ODO_BASELINE_DEFINITIONS

// The states of one case × SKU, per language.
struct LanguageSums {
    WeightedSums cpp, python;

    WeightedSums& of(Language language) { return language == Language::Cpp ? cpp : python; }
};

} // namespace detail

// Builds one run artifact from nvbench outputs measured in the same session (§3.3–3.4):
// every state is routed to its SKU and keyed by its case; states of one (config, case, SKU,
// language) are averaged (n_runs = their count), and both languages of a case must come from
// the same number of states. Within one file a case measured twice is an error (multi-GPU or
// repeated axes), not a second run. Throws one InputError listing every problem.
ODO_API Artifact artifact_from_nvbench(const std::vector<NvbenchOutput>& outputs,
                                       const ConfigSet& set, const surface::SkuMap& sku_map,
                                       std::string source);
#if ODO_BASELINE_DEFINITIONS
ODO_API Artifact artifact_from_nvbench(const std::vector<NvbenchOutput>& outputs,
                                       const ConfigSet& set, const surface::SkuMap& sku_map,
                                       std::string source) {
    using Key = std::tuple<std::string, std::string, std::string>; // config, case, SKU
    std::map<Key, detail::LanguageSums> sums;
    std::vector<std::string> problems;
    for (const NvbenchOutput& output : outputs) {
        const IndexedConfig* config = set.find(output.context.config_key);
        if (!config || !config->axis_problem.empty()) {
            problems.push_back(
                output.source + ": config key " + python_str_repr(output.context.config_key) +
                (config ? ": " + config->axis_problem : " is not declared by any operator config"));
            continue;
        }
        std::map<std::pair<std::string, std::string>, std::string> seen; // (case, SKU) -> label
        for (const NvbenchState& state : output.states) {
            const auto measured =
                detail::measured_state(state, output.context, *config, sku_map, problems);
            if (!measured)
                continue;
            const auto [it, first] =
                seen.emplace(std::pair(measured->case_key, measured->sku), state.label);
            if (!first) {
                problems.push_back(state.label + ": measures " + measured->case_key + " on " +
                                   measured->sku + " again (first at " + it->second + ")");
                continue;
            }
            sums[{output.context.config_key, measured->case_key, measured->sku}]
                .of(output.context.language)
                .add(measured->metrics, 1);
        }
    }
    Artifact artifact{std::move(source), std::nullopt, {}};
    for (const auto& [key, languages_sums] : sums) {
        const auto& [config_key, case_key, sku] = key;
        if (auto metrics = detail::run_means(languages_sums.cpp, languages_sums.python,
                                             case_key + " " + sku, problems))
            artifact.rows.push_back({config_key, case_key, sku, *std::move(metrics)});
    }
    detail::throw_if_problems(problems);
    return artifact;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
