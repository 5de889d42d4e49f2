#pragma once
#include "odo/baseline/nvbench_state.hpp"
#include "odo/core/error.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/json_write.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/surface/axis.hpp"

#include <boost/json.hpp>

#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace odo::baseline {

// nvbench's summary tags for the three figures a baseline keeps (docs/baselines.md).
inline constexpr std::string_view nvbench_gpu_time_tag = "nv/cold/time/gpu/mean";
inline constexpr std::string_view nvbench_gpu_noise_tag = "nv/cold/time/gpu/stdev/relative";
inline constexpr std::string_view nvbench_bwutil_tag = "nv/cold/bw/global/utilization";

namespace detail {

[[noreturn]] inline void bad_nvbench_json(const std::string& where, const std::string& rule) {
    throw InputError(where + ": " + rule);
}

#if ODO_BASELINE_DEFINITIONS
inline const boost::json::array& array_field(const boost::json::object& o, std::string_view field,
                                             const std::string& where) {
    const auto* v = o.if_contains(field);
    if (!v || !v->is_array())
        bad_nvbench_json(where, std::string(field) + " must be a list");
    return v->get_array();
}

inline const boost::json::object& object_item(const boost::json::value& v,
                                              const std::string& where) {
    if (!v.is_object())
        bad_nvbench_json(where, "must be an object");
    return v.get_object();
}

// nvbench writes numbers as strings ("0.00153"), and infinities as null or "inf". A number that
// cannot be read is NaN, which the run builder rejects with the state's label.
inline double nvbench_number(const boost::json::value* v) {
    constexpr double missing = std::numeric_limits<double>::quiet_NaN();
    if (!v)
        return missing;
    if (v->is_string())
        return surface::detail::python_float(v->get_string()).value_or(missing);
    return json::as_number(*v).value_or(missing);
}

// The text of a named value: strings as written, numbers as Python's str() prints them.
inline std::string nvbench_value_text(const boost::json::value* v) {
    if (!v || v->is_null())
        return {};
    if (v->is_string())
        return std::string(v->get_string());
    if (json::as_number(*v))
        return surface::detail::python_number_text(*v);
    return json::dumps(*v);
}

// `[{"name": n, "type": t, "value": v}, …]`, nvbench's form for axis values and summary data.
inline const boost::json::value* named_value(const boost::json::value* list,
                                             std::string_view name) {
    if (!list || !list->is_array())
        return nullptr;
    for (const auto& item : list->get_array()) {
        const auto* o = item.if_object();
        const auto* n = o ? o->if_contains("name") : nullptr;
        if (n && n->is_string() && n->get_string() == name)
            return o->if_contains("value");
    }
    return nullptr;
}

inline double summary_value(const boost::json::object& state, std::string_view tag) {
    const auto* summaries = state.if_contains("summaries");
    if (!summaries || !summaries->is_array())
        return std::numeric_limits<double>::quiet_NaN();
    for (const auto& summary : summaries->get_array()) {
        const auto* o = summary.if_object();
        const auto* t = o ? o->if_contains("tag") : nullptr;
        if (t && t->is_string() && t->get_string() == tag)
            return nvbench_number(named_value(o->if_contains("data"), "value"));
    }
    return std::numeric_limits<double>::quiet_NaN();
}

inline std::map<std::string, std::string> nvbench_devices(const boost::json::object& root,
                                                          const std::string& source) {
    std::map<std::string, std::string> names; // id text -> name
    for (const auto& item : array_field(root, "devices", source)) {
        const auto& device = object_item(item, source + ": devices[]");
        const auto* name = device.if_contains("name");
        if (!name || !name->is_string())
            bad_nvbench_json(source + ": devices[]", "name must be a string");
        names[nvbench_value_text(device.if_contains("id"))] = std::string(name->get_string());
    }
    return names;
}

inline NvbenchState nvbench_state(const boost::json::object& state, const std::string& label,
                                  const std::map<std::string, std::string>& devices) {
    NvbenchState out;
    out.label = label;
    const auto device = devices.find(nvbench_value_text(state.if_contains("device")));
    if (device == devices.end())
        bad_nvbench_json(label, "device is not in the devices list");
    out.device_name = device->second;
    if (const auto* axes = state.if_contains("axis_values"); axes && axes->is_array())
        for (const auto& item : axes->get_array()) {
            const auto* o = item.if_object();
            const auto* name = o ? o->if_contains("name") : nullptr;
            if (!name || !name->is_string())
                bad_nvbench_json(label, "axis_values entries need a string name");
            out.axes.emplace_back(name->get_string(), nvbench_value_text(o->if_contains("value")));
        }
    out.gpu_time_sec = summary_value(state, nvbench_gpu_time_tag);
    out.gpu_noise_fraction = summary_value(state, nvbench_gpu_noise_tag);
    out.bwutil = summary_value(state, nvbench_bwutil_tag);
    return out;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace detail

// The measured states of nvbench's `--json` output: each benchmark's states with their device
// name, axis values and the cold GPU time, GPU noise and BWUtil summaries. Skipped states are
// dropped. Throws InputError naming the file, benchmark and state.
ODO_API std::vector<NvbenchState> read_nvbench_json(const boost::json::value& doc,
                                                    const std::string& source);
#if ODO_BASELINE_DEFINITIONS
// Whether a document is nvbench's own `--json` output (it has `benchmarks` and `devices`).
inline bool is_nvbench_json(const boost::json::value& doc) {
    return doc.is_object() && doc.get_object().contains("benchmarks") &&
           doc.get_object().contains("devices");
}

ODO_API std::vector<NvbenchState> read_nvbench_json(const boost::json::value& doc,
                                                    const std::string& source) {
    if (!is_nvbench_json(doc))
        throw InputError(source + ": not nvbench JSON output (no benchmarks and devices lists)");
    const auto& root = doc.get_object();
    const auto devices = detail::nvbench_devices(root, source);
    std::vector<NvbenchState> states;
    for (const auto& item : detail::array_field(root, "benchmarks", source)) {
        const auto& bench = detail::object_item(item, source + ": benchmarks[]");
        const std::string bench_label =
            source + ": benchmark " +
            python_str_repr(detail::nvbench_value_text(bench.if_contains("name")));
        for (const auto& state_item : detail::array_field(bench, "states", bench_label)) {
            const auto& state = detail::object_item(state_item, bench_label + " state");
            const auto* skipped = state.if_contains("is_skipped");
            if (skipped && skipped->is_bool() && skipped->get_bool())
                continue;
            const std::string label =
                bench_label + " state " +
                python_str_repr(detail::nvbench_value_text(state.if_contains("name")));
            states.push_back(detail::nvbench_state(state, label, devices));
        }
    }
    return states;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
