#pragma once
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/surface/axis.hpp"
#include "odo/surface/bench_config.hpp"
#include "odo/surface/case_key.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cstddef>
#include <limits>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace odo::surface {

// A config that declares more cases than this is a typo, not a benchmark; expanding it would
// only exhaust memory.
inline constexpr std::size_t max_case_keys_per_config = 1'000'000;

// The axes that declare no values. Any of them (InOutDataType when `dtypes` is missing or empty)
// makes the entry expand to zero case keys, so it can never be benchmarked or baselined.
ODO_API std::vector<std::string> axes_without_values(const std::vector<AxisSpec>& specs);
#if ODO_SURFACE_DEFINITIONS
// How many case keys `specs` expand to: the product of the value counts, saturating.
inline std::size_t case_count(const std::vector<AxisSpec>& specs) noexcept {
    std::size_t count = 1;
    for (const AxisSpec& spec : specs) {
        const std::size_t n = spec.values.size();
        if (n == 0)
            return 0;
        count = count > std::numeric_limits<std::size_t>::max() / n
                    ? std::numeric_limits<std::size_t>::max()
                    : count * n;
    }
    return count;
}

ODO_API std::vector<std::string> axes_without_values(const std::vector<AxisSpec>& specs) {
    std::vector<std::string> names;
    for (const AxisSpec& spec : specs)
        if (spec.values.empty())
            names.push_back(spec.name);
    return names;
}
#endif // ODO_SURFACE_DEFINITIONS

namespace detail {

#if ODO_SURFACE_DEFINITIONS
inline void require_case_key_text(std::string_view config_key, const std::vector<AxisSpec>& specs) {
    const std::string where = std::string(config_key) + ": ";
    if (!is_case_key_config_key(config_key))
        throw InputError(where + "config key must be one or more characters other than '[', "
                                 "']' to appear in case keys");
    for (const AxisSpec& spec : specs) {
        if (!is_case_key_axis_name(spec.name))
            throw InputError(where + "axis name " + python_str_repr(spec.name) +
                             " cannot appear in case keys (no '[', ']' or '=')");
        for (const std::string& value : spec.values)
            if (!is_case_key_axis_value(value))
                throw InputError(where + spec.name + " value " + python_str_repr(value) +
                                 " cannot appear in case keys (no '[' or ']')");
    }
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace detail

// Every case of a config (§2.3): the cartesian product of the declared values in spec order,
// the last axis varying fastest. Throws InputError when a name or value could not be read back
// from the key, or when the product exceeds max_case_keys_per_config.
ODO_API std::vector<CaseKey> expand_case_keys(std::string_view config_key,
                                              const std::vector<AxisSpec>& specs);
// The same keys spelled (`CaseKey::str()`), in the same order, without building a CaseKey for
// each: what looking keys up in committed baselines needs.
ODO_API std::vector<std::string> expand_case_key_texts(std::string_view config_key,
                                                       const std::vector<AxisSpec>& specs);
// The expected case keys of one config entry; errors name the config key.
ODO_API std::vector<CaseKey> expected_case_keys(std::string_view config_key,
                                                const boost::json::object& entry);
#if ODO_SURFACE_DEFINITIONS
namespace detail {

// How many cases `specs` expand to, once their names and values are known to spell case keys
// that read back and the count to be within max_case_keys_per_config; InputError otherwise.
inline std::size_t checked_case_count(std::string_view config_key,
                                      const std::vector<AxisSpec>& specs) {
    require_case_key_text(config_key, specs);
    const std::size_t count = case_count(specs);
    if (count > max_case_keys_per_config)
        throw InputError(std::string(config_key) + ": declares more than " +
                         std::to_string(max_case_keys_per_config) + " case keys");
    return count;
}

// Calls `on_case(index)` for each of the `count` cases in expansion order, `index[axis]` the
// value the case takes on that axis.
template <class OnCase>
void for_each_case(const std::vector<AxisSpec>& specs, std::size_t count, OnCase&& on_case) {
    std::vector<std::size_t> index(specs.size(), 0);
    for (std::size_t n = 0; n < count; ++n) {
        on_case(index);
        for (std::size_t axis = specs.size(); axis-- > 0;) {
            if (++index[axis] < specs[axis].values.size())
                break;
            index[axis] = 0;
        }
    }
}

} // namespace detail

ODO_API std::vector<CaseKey> expand_case_keys(std::string_view config_key,
                                              const std::vector<AxisSpec>& specs) {
    const std::size_t count = detail::checked_case_count(config_key, specs);
    std::vector<CaseKey> keys;
    keys.reserve(count);
    detail::for_each_case(specs, count, [&](const std::vector<std::size_t>& index) {
        CaseKey key{std::string(config_key), {}};
        for (std::size_t axis = 0; axis < specs.size(); ++axis)
            key.axes.emplace_back(specs[axis].name, specs[axis].values[index[axis]]);
        keys.push_back(std::move(key));
    });
    return keys;
}

ODO_API std::vector<std::string> expand_case_key_texts(std::string_view config_key,
                                                       const std::vector<AxisSpec>& specs) {
    const std::size_t count = detail::checked_case_count(config_key, specs);
    std::vector<std::string> keys;
    keys.reserve(count);
    detail::for_each_case(specs, count, [&](const std::vector<std::size_t>& index) {
        keys.push_back(spell_case_key(config_key, specs.size(), [&](std::size_t axis) {
            return std::pair<std::string_view, std::string_view>(specs[axis].name,
                                                                 specs[axis].values[index[axis]]);
        }));
    });
    return keys;
}

ODO_API std::vector<CaseKey> expected_case_keys(std::string_view config_key,
                                                const boost::json::object& entry) {
    return expand_case_keys(config_key, case_axis_specs(entry, config_key));
}

// Keys of the configs that expand to zero case keys because an axis (usually `dtypes`) lists no
// values. Such a config is valid JSON but can never be benchmarked or baselined. Configs whose
// axes are malformed are left to the expansion error.
inline std::vector<std::string> configs_without_cases(const BenchConfig& config) {
    std::vector<std::string> keys;
    for (const ConfigEntry& entry : config.entries) {
        try {
            if (case_count(case_axis_specs(entry.fields, entry.key)) == 0)
                keys.push_back(entry.key);
        } catch (const InputError&) {
        }
    }
    return keys;
}
#endif // ODO_SURFACE_DEFINITIONS

namespace detail {

#if ODO_SURFACE_DEFINITIONS
inline std::vector<std::string> axis_names(const AxisValues& axes) {
    std::vector<std::string> names;
    for (const auto& axis : axes)
        names.push_back(axis.first);
    return names;
}

inline std::vector<std::string> axis_names(const std::vector<AxisSpec>& specs) {
    std::vector<std::string> names;
    for (const AxisSpec& spec : specs)
        names.push_back(spec.name);
    return names;
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace detail

// Parses `case_key` and checks it belongs to the config whose axes are `specs`: the same config
// key, exactly the spec's axis names in spec order, and every value already canonical and
// declared. Returns the parsed key; throws InputError naming the key and the rule.
ODO_API CaseKey validate_case_key_for_config(std::string_view case_key, std::string_view config_key,
                                             const std::vector<AxisSpec>& specs);
// The keys of `expanded` (expand_case_key_texts of `specs`) that validate_case_key_for_config
// accepts by construction: spelled from the declared values, each reads back as the config's own
// key, axes and values, so when every declared value is already canonical a committed key found
// among them needs no reading of its own (a 9,600-case config's keys took 7 ms to read one by
// one). Empty when a declared value is not canonical: every key is then read, and the reading
// says what is wrong.
ODO_API std::unordered_set<std::string_view>
keys_valid_by_construction(const std::vector<std::string>& expanded,
                           const std::vector<AxisSpec>& specs);
#if ODO_SURFACE_DEFINITIONS
ODO_API CaseKey validate_case_key_for_config(std::string_view case_key, std::string_view config_key,
                                             const std::vector<AxisSpec>& specs) {
    CaseKey parsed = parse_case_key(case_key);
    // Messages are spelled only when a rule breaks: a valid key is checked without allocating.
    const auto where = [&] { return "case key " + python_str_repr(case_key); };
    if (parsed.config_key != config_key)
        throw InputError(where() + " belongs to config " + python_str_repr(parsed.config_key) +
                         ", expected " + python_str_repr(config_key));
    const bool same_axes =
        std::equal(parsed.axes.begin(), parsed.axes.end(), specs.begin(), specs.end(),
                   [](const auto& axis, const AxisSpec& spec) { return axis.first == spec.name; });
    if (!same_axes)
        throw InputError(where() + " has axes " +
                         python_list_repr(detail::axis_names(parsed.axes)) + ", expected " +
                         python_list_repr(detail::axis_names(specs)));
    for (std::size_t i = 0; i < specs.size(); ++i) {
        const std::string& raw = parsed.axes[i].second;
        const auto axis = [&] {
            return where() + ": " + specs[i].name + " value " + python_str_repr(raw);
        };
        std::string canonical;
        try {
            canonical = canonical_axis_text(specs[i].kind, raw);
        } catch (const InputError& e) {
            throw InputError(where() + ": " + specs[i].name + ": " + e.what());
        }
        if (canonical != raw)
            throw InputError(axis() + " is not canonical (expected " + python_str_repr(canonical) +
                             ")");
        const auto& allowed = specs[i].values;
        if (std::find(allowed.begin(), allowed.end(), raw) == allowed.end())
            throw InputError(axis() + " not declared (allowed: " + python_list_repr(allowed) + ")");
    }
    return parsed;
}

ODO_API std::unordered_set<std::string_view>
keys_valid_by_construction(const std::vector<std::string>& expanded,
                           const std::vector<AxisSpec>& specs) {
    for (const AxisSpec& spec : specs)
        for (const std::string& value : spec.values)
            if (!is_canonical_axis_text(spec.kind, value))
                return {};
    return {expanded.begin(), expanded.end()};
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace odo::surface
