#pragma once
// The reference test fixture of summary.md §7.0: six single-case configs of the "example"
// benchmark, timed on A100 and (twice as long) on H100.
#include <odo/summary/generate.hpp>

#include <boost/json.hpp>

#include <string>
#include <utility>
#include <vector>

namespace fixture {

inline const std::string A100 = "A100_PCIE_40GB_250W_1095MHz";
inline const std::string H100 = "H100_PCIe_350W_1095MHz";
inline const std::string BASE(40, '1');
inline const std::string CANDIDATE(40, '2');

using Axes = std::vector<std::pair<std::string, std::string>>;

// The string_axes of `_entry`: shape, layout, inputKind, then extras (an existing name is
// replaced in place).
inline Axes entry_axes(const std::string& layout, const Axes& extra = {}) {
    Axes axes{{"shape", "4x1080x1920"}, {"layout", layout}, {"inputKind", "Tensor"}};
    for (const auto& [name, value] : extra) {
        auto it = std::find_if(axes.begin(), axes.end(), [&](auto& a) { return a.first == name; });
        if (it != axes.end())
            it->second = value;
        else
            axes.emplace_back(name, value);
    }
    return axes;
}

inline std::string case_key(const std::string& config, const std::string& dtype, const Axes& axes) {
    std::string key = config + "[InOutDataType=" + dtype + "]";
    for (const auto& [name, value] : axes)
        key += "[" + name + "=" + value + "]";
    return key;
}

struct Surface {
    boost::json::value before =
        boost::json::object{{"benchmark", "example"}, {"configs", boost::json::object{}}};
    boost::json::value after = before;

    boost::json::object& configs(bool after_side) {
        return (after_side ? after : before).as_object()["configs"].as_object();
    }

    // One config with one case; A100 times as given, H100 twice as long.
    std::string add(const std::string& config, const std::string& tier, const std::string& dtype,
                    const std::string& layout, double before_us, double after_us,
                    const Axes& extra = {}) {
        const Axes axes = entry_axes(layout, extra);
        const std::string key = case_key(config, dtype, axes);
        for (bool side : {false, true}) {
            boost::json::object string_axes;
            for (const auto& [name, value] : axes)
                string_axes[name] = boost::json::array{boost::json::value(value)};
            const double us = side ? after_us : before_us;
            boost::json::object payload{
                {A100, boost::json::object{{"n_runs", 5}, {"gpu_time_us_cpp", us}}},
                {H100, boost::json::object{{"n_runs", 5}, {"gpu_time_us_cpp", 2 * us}}}};
            configs(side)[config] =
                boost::json::object{{"tier", tier},
                                    {"dtypes", boost::json::array{boost::json::value(dtype)}},
                                    {"string_axes", std::move(string_axes)},
                                    {"baselines", boost::json::object{{key, std::move(payload)}}}};
        }
        return key;
    }

    // A config with any dtypes and string axes; every expanded case gets the same timings.
    void add_config(const std::string& config, const std::string& tier,
                    const std::vector<std::string>& dtypes,
                    const std::vector<std::pair<std::string, std::vector<std::string>>>& axes,
                    std::pair<double, double> a100, std::pair<double, double> h100) {
        boost::json::object entry{{"tier", tier}};
        boost::json::array dtype_values(dtypes.begin(), dtypes.end());
        entry["dtypes"] = std::move(dtype_values);
        boost::json::object string_axes;
        for (const auto& [name, values] : axes)
            string_axes[name] = boost::json::array(values.begin(), values.end());
        entry["string_axes"] = std::move(string_axes);
        for (bool side : {false, true}) {
            boost::json::object baselines;
            for (const auto& key : odo::surface::expected_case_keys(config, entry))
                baselines[key.str()] = boost::json::object{
                    {A100,
                     boost::json::object{{"gpu_time_us_cpp", side ? a100.second : a100.first}}},
                    {H100,
                     boost::json::object{{"gpu_time_us_cpp", side ? h100.second : h100.first}}}};
            boost::json::object with_baselines = entry;
            with_baselines["baselines"] = std::move(baselines);
            configs(side)[config] = std::move(with_baselines);
        }
    }

    void remove(const std::string& config) {
        configs(false).erase(config);
        configs(true).erase(config);
    }

    // The payload of `config`'s only case on one side.
    boost::json::object& payload(bool after_side, const std::string& config) {
        auto& baselines = configs(after_side)[config].as_object()["baselines"].as_object();
        return baselines.begin()->value().as_object();
    }
};

// `_surface()`.
inline Surface example_surface() {
    Surface s;
    s.add("example_rgb_interleaved_basic", "basic", "uchar3", "NHWC", 20, 10);
    s.add("example_rgb_planar_basic", "basic", "uchar3", "NCHW", 10, 5);
    s.add("example_rgb_fake_advanced", "advanced", "uchar3", "NCHW_FAKE", 30, 20);
    s.add("example_rgb_planar_pair_advanced", "advanced", "uchar3", "NCHW", 10, 5);
    s.add("example_float_interleaved_advanced", "advanced", "float3", "NHWC", 40, 20);
    s.add("example_float_planar_advanced", "advanced", "float3", "NCHW", 20, 10);
    return s;
}

// `_python_overhead_surface()`: python = cpp + gap * (1 on A100, 2 on H100).
inline Surface python_overhead_surface() {
    Surface s = example_surface();
    const double before_gaps[] = {100, 80, 60, 40, 20, 10};
    const double after_gaps[] = {20, 30, 40, 30, 10, 15};
    for (bool side : {false, true}) {
        std::size_t i = 0;
        for (auto& config : s.configs(side)) {
            const double gap = side ? after_gaps[i] : before_gaps[i];
            auto& baselines = config.value().as_object()["baselines"].as_object();
            auto& payload = baselines.begin()->value().as_object();
            for (const auto& [stem, scale] : {std::pair{A100, 1.0}, std::pair{H100, 2.0}}) {
                auto& timing = payload[stem].as_object();
                timing["gpu_time_us_python"] = timing["gpu_time_us_cpp"].as_double() + gap * scale;
            }
            ++i;
        }
    }
    return s;
}

inline const std::string interleaved_basic_key =
    case_key("example_rgb_interleaved_basic", "uchar3", entry_axes("NHWC"));
inline const std::string float_planar_key =
    case_key("example_float_planar_advanced", "float3", entry_axes("NCHW"));

// `_metadata(after)`.
inline odo::summary::Metadata metadata(odo::summary::State state = odo::summary::State::Final) {
    odo::summary::Metadata m;
    m.operator_name = "Example";
    m.state = state;
    m.baseline_commit = BASE;
    m.candidate_commit = CANDIDATE;
    m.optimized_cases = {interleaved_basic_key, float_planar_key};
    return m;
}

// `_sku_map()`: H100 first on purpose, to exercise label sorting.
inline boost::json::value sku_map() {
    return boost::json::object{
        {"entries", boost::json::array{boost::json::object{{"stem", H100}},
                                       boost::json::object{{"stem", A100}}}}};
}

// `_checklist()`: all six checked with hard evidence.
inline std::vector<odo::summary::ChecklistItem> checklist() {
    const char* evidence[] = {
        "cvcuda_test_system used EXPECT_EQ against the CPU reference; 12/12 passed.",
        "ODO-9 `compute-sanitizer` memory checks passed 12/12.",
        "bench/_internal/update_baseline.py imported A100/H100 artifacts and committed generated "
        "files.",
        "bench/_internal/validate_baselines.py passed against the baseline with zero regressions.",
        "ncu measured 93% Memory SOL at-ridge; PASS.",
        "refactor_op.py --phase assess PASS with 0 recommendations.",
    };
    std::vector<odo::summary::ChecklistItem> items;
    for (std::size_t i = 0; i < 6; ++i)
        items.push_back({std::string(odo::summary::checklist_labels[i]), true, evidence[i]});
    return items;
}

inline const std::string memory_profile = "ncu measured 93% Memory SOL and 21% Compute SOL.";
inline const std::string compute_profile = "ncu measured 91% Compute SOL and 20% Memory SOL.";
inline const std::string rgb_learning =
    "Vectorized RGB loads made Tensor Interleaved RGB8 cases 2.00x faster.";

inline odo::summary::HumanContent human(const std::string& profile = memory_profile,
                                        const std::string& learning = rgb_learning) {
    odo::summary::HumanContent h;
    h.bottleneck = odo::summary::Bottleneck::MemoryBound;
    h.profile_evidence = profile;
    h.checklist = checklist();
    h.learnings = {learning};
    return h;
}

inline odo::summary::SummaryArtifacts artifacts(const Surface& s, const boost::json::value& skus) {
    return {s.before, s.after, skus};
}

// `_render(state, prefix, suffix, secondary_operators)`.
inline std::string render(odo::summary::State state = odo::summary::State::Final,
                          const std::string& prefix = "", const std::string& suffix = "",
                          const std::vector<std::string>& secondary = {}) {
    const Surface s = example_surface();
    const auto skus = sku_map();
    auto m = metadata(state);
    m.secondary_operators = secondary;
    odo::summary::Placement placement;
    placement.prefix = prefix;
    placement.suffix = suffix;
    return odo::summary::generate_summary(m, artifacts(s, skus), human(), placement);
}

// Validation options with all artifacts supplied.
inline odo::summary::ValidationOptions with_artifacts(const Surface& s,
                                                      const boost::json::value& skus) {
    odo::summary::ValidationOptions o;
    o.baseline_config = &s.before;
    o.candidate_config = &s.after;
    o.sku_map = &skus;
    return o;
}

inline std::map<std::string, std::string> all_pass() {
    std::map<std::string, std::string> results;
    for (auto label : odo::summary::checklist_labels)
        results[std::string(label)] = "PASS";
    return results;
}

} // namespace fixture
