#pragma once
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace odo::surface {

// (axis name, canonical value) pairs, in the order a case key lists them.
using AxisValues = std::vector<std::pair<std::string, std::string>>;

// Spells `<config_key>[<name>=<value>]…` for `n` axes, `axis(i)` giving the i-th (name, value).
// Sized once and appended piece by piece: a 10,000-case config spells every key twice.
template <class Axis>
std::string spell_case_key(std::string_view config_key, std::size_t n, Axis&& axis) {
    std::size_t size = config_key.size();
    for (std::size_t i = 0; i < n; ++i)
        size += axis(i).first.size() + axis(i).second.size() + 3;
    std::string out;
    out.reserve(size);
    out += config_key;
    for (std::size_t i = 0; i < n; ++i) {
        out += '[';
        out += axis(i).first;
        out += '=';
        out += axis(i).second;
        out += ']';
    }
    return out;
}

// One benchmark case: `<config_key>[<axis>=<value>]…` (bench-harness.md §2.3). Baselines, run
// artifacts and summaries are keyed by its text, so the text has no escaping at all: config keys
// and values cannot hold '[' or ']', and axis names cannot hold '=' either.
struct CaseKey {
    std::string config_key;
    AxisValues axes;

    std::string str() const {
        return spell_case_key(
            config_key, axes.size(), [&](std::size_t i) -> const auto& { return axes[i]; });
    }

    // The value of `axis`, or nullptr when the key has no such axis.
    const std::string* find(std::string_view axis) const {
        for (const auto& [name, value] : axes)
            if (name == axis)
                return &value;
        return nullptr;
    }

    friend bool operator==(const CaseKey& a, const CaseKey& b) {
        return a.config_key == b.config_key && a.axes == b.axes;
    }
    friend bool operator!=(const CaseKey& a, const CaseKey& b) { return !(a == b); }
};

// What the case-key grammar allows in each part; text outside it cannot round-trip.
ODO_API bool is_case_key_config_key(std::string_view s) noexcept;
#if ODO_SURFACE_DEFINITIONS
inline std::string format_case_key(std::string_view config_key, const AxisValues& axes) {
    return CaseKey{std::string(config_key), axes}.str();
}

ODO_API bool is_case_key_config_key(std::string_view s) noexcept {
    return !s.empty() && s.find_first_of("[]") == std::string_view::npos;
}
inline bool is_case_key_axis_name(std::string_view s) noexcept {
    return !s.empty() && s.find_first_of("[]=") == std::string_view::npos;
}
inline bool is_case_key_axis_value(std::string_view s) noexcept {
    return s.find_first_of("[]") == std::string_view::npos;
}
#endif // ODO_SURFACE_DEFINITIONS

namespace detail {

[[noreturn]] inline void bad_case_key(std::string_view key, std::string_view rule) {
    throw InputError("case key " + python_str_repr(key) + ": " + std::string(rule));
}

} // namespace detail

// Parses `<config key>[name=value]…`: a config key of one or more characters other than '[' and
// ']', then at least one group whose name has no '[', ']' or '=' and whose value has no '[' or
// ']' (a value may contain '='). Nothing may follow the last group, so the parsed key
// re-serializes to exactly the input. Errors name the key and the rule.
ODO_API CaseKey parse_case_key(std::string_view key);
#if ODO_SURFACE_DEFINITIONS
ODO_API CaseKey parse_case_key(std::string_view key) {
    const std::size_t first_group = key.find('[');
    if (first_group == std::string_view::npos)
        detail::bad_case_key(key, "expected at least one [axis=value] group");
    CaseKey parsed{std::string(key.substr(0, first_group)), {}};
    if (!is_case_key_config_key(parsed.config_key))
        detail::bad_case_key(key, "config key must be one or more characters other than '[', ']'");
    for (std::size_t pos = first_group; pos < key.size();) {
        if (key[pos] != '[')
            detail::bad_case_key(key, "text after a group does not re-serialize: " +
                                          python_str_repr(key.substr(pos)));
        const std::size_t close = key.find(']', pos + 1);
        if (close == std::string_view::npos)
            detail::bad_case_key(key, "unterminated group at offset " + std::to_string(pos));
        const std::string_view group = key.substr(pos + 1, close - pos - 1);
        const std::size_t eq = group.find('=');
        if (eq == std::string_view::npos || !is_case_key_axis_name(group.substr(0, eq)) ||
            !is_case_key_axis_value(group.substr(eq + 1)))
            detail::bad_case_key(key, "group " + python_str_repr(key.substr(pos, close - pos + 1)) +
                                          " is not [name=value] (name without '[', ']', '='; "
                                          "value without '[', ']')");
        parsed.axes.emplace_back(group.substr(0, eq), group.substr(eq + 1));
        pos = close + 1;
    }
    return parsed;
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace odo::surface
