#pragma once
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/surface/axis.hpp"
#include "odo/surface/bench_config.hpp"

#include <boost/json.hpp>

#include <array>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

namespace odo::surface {

#if ODO_SURFACE_DEFINITIONS
// The channel count a dtype name implies. Scalar numpy names (and their nvbench aliases) are
// one channel; CUDA vector names carry it as their trailing digit (`uchar3` -> 3). The
// reference reads the trailing digit of every name, so `uint8` counted as 8 channels.
inline std::int64_t dtype_channel_count(std::string_view dtype) {
    static constexpr std::array<std::string_view, 12> scalars{
        "uint8", "uint16", "uint32",  "uint64",  "int8",    "int16",
        "int32", "int64",  "float16", "float32", "float64", "bool"};
    const std::string name = canonical_dtype_name(dtype);
    for (std::string_view scalar : scalars)
        if (name == scalar)
            return 1;
    if (!name.empty() && name.back() >= '0' && name.back() <= '9')
        return name.back() - '0';
    return 1;
}
#endif // ODO_SURFACE_DEFINITIONS

// Layouts, container kinds, dtypes and channel counts that some config benchmarks.
struct BenchedAxisValues {
    std::set<std::string> layouts;
    std::set<std::string> input_kinds;
    std::set<std::string> dtypes;
    std::set<std::int64_t> channels;
};

// The values benched by any config (`all`) and by the basic and advanced tiers
// (review-refactor.md §1.9.3 "Benched-axis collection"). Configs with another tier count only in
// `all`. Malformed fields are skipped: the checks that use this report them elsewhere.
struct BenchedAxes {
    BenchedAxisValues all;
    BenchedAxisValues basic;
    BenchedAxisValues advanced;
};

namespace detail {

#if ODO_SURFACE_DEFINITIONS
inline const boost::json::array* axis_list(const boost::json::object& fields, const char* group,
                                           const char* axis) {
    const auto* axes = fields.if_contains(group);
    const auto* list = axes && axes->is_object() ? axes->get_object().if_contains(axis) : nullptr;
    return list && list->is_array() ? &list->get_array() : nullptr;
}

inline void add_strings(std::set<std::string>& out, const boost::json::array* list) {
    if (list)
        for (const auto& v : *list)
            if (v.is_string())
                out.insert(std::string(odo::text::strip(v.get_string())));
}

inline BenchedAxisValues benched_values(const boost::json::object& fields) {
    BenchedAxisValues values;
    add_strings(values.layouts, axis_list(fields, "string_axes", "layout"));
    add_strings(values.input_kinds, axis_list(fields, "string_axes", "inputKind"));
    if (const auto* dtypes = fields.if_contains("dtypes"); dtypes && dtypes->is_array())
        for (const auto& v : dtypes->get_array())
            if (v.is_string())
                values.dtypes.insert(canonical_dtype_name(v.get_string()));
    if (const auto* declared = axis_list(fields, "int64_axes", "numChannels")) {
        for (const auto& v : *declared) {
            try {
                values.channels.insert(std::stoll(canonical_axis_value(AxisKind::Int64, v)));
            } catch (const std::exception&) { // not an integer, or beyond int64: not a count
            }
        }
    } else {
        for (const std::string& dtype : values.dtypes)
            values.channels.insert(dtype_channel_count(dtype));
    }
    return values;
}

inline void merge_into(BenchedAxisValues& into, const BenchedAxisValues& from) {
    into.layouts.insert(from.layouts.begin(), from.layouts.end());
    into.input_kinds.insert(from.input_kinds.begin(), from.input_kinds.end());
    into.dtypes.insert(from.dtypes.begin(), from.dtypes.end());
    into.channels.insert(from.channels.begin(), from.channels.end());
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace detail

ODO_API BenchedAxes collect_benched_axes(const BenchConfig& config);
#if ODO_SURFACE_DEFINITIONS
ODO_API BenchedAxes collect_benched_axes(const BenchConfig& config) {
    BenchedAxes benched;
    for (const ConfigEntry& entry : config.entries) {
        const BenchedAxisValues values = detail::benched_values(entry.fields);
        detail::merge_into(benched.all, values);
        if (const auto tier = entry_tier(entry.fields))
            detail::merge_into(*tier == Tier::Basic ? benched.basic : benched.advanced, values);
    }
    return benched;
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace odo::surface
