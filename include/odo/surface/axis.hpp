#pragma once
#include "odo/core/error.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/json_write.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/core/text.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::surface {

// How an axis's values are written in case keys (bench-harness.md §2.2).
enum class AxisKind { Dtype, String, Int64, Float64 };

constexpr std::string_view to_string(AxisKind k) noexcept {
    switch (k) {
    case AxisKind::Dtype:
        return "dtype";
    case AxisKind::String:
        return "string";
    case AxisKind::Int64:
        return "int64";
    case AxisKind::Float64:
        return "float64";
    }
    return "?";
}

namespace detail {

// Python's float(text): surrounding whitespace, a sign, then "inf"/"infinity"/"nan" in any case
// or a decimal literal. nullopt where Python raises ValueError.
ODO_API std::optional<double> python_float(std::string_view text);
// Python's str() of a JSON number.
ODO_API std::string python_number_text(const boost::json::value& v);
#if ODO_SURFACE_DEFINITIONS
inline bool is_digit(char c) noexcept {
    return c >= '0' && c <= '9';
}

// Decimal exponent of the first non-zero digit of `mantissa` ("0.0012" -> -3, "120" -> 2).
inline long leading_digit_exponent(std::string_view mantissa) {
    const std::size_t point = std::min(mantissa.find('.'), mantissa.size());
    const std::size_t first = mantissa.find_first_of("123456789");
    if (first == std::string_view::npos)
        return 0;
    return first < point ? static_cast<long>(point - first - 1) : -static_cast<long>(first - point);
}

// An unsigned Python float literal: digit runs with single '_' between digits, an optional
// fraction and exponent. Out-of-range values saturate to inf or 0 as in Python.
inline std::optional<double> unsigned_python_decimal(std::string_view s) {
    std::string plain; // the literal without underscores, for from_chars
    std::size_t i = 0;
    auto read_digits = [&] {
        std::size_t count = 0;
        while (i < s.size()) {
            if (is_digit(s[i])) {
                plain += s[i++];
                ++count;
            } else if (s[i] == '_' && count > 0 && i + 1 < s.size() && is_digit(s[i + 1])) {
                ++i;
            } else {
                break;
            }
        }
        return count;
    };
    std::size_t mantissa_digits = read_digits();
    if (i < s.size() && s[i] == '.') {
        plain += s[i++];
        mantissa_digits += read_digits();
    }
    if (mantissa_digits == 0)
        return std::nullopt;
    const std::string mantissa = plain;
    long exponent = 0; // clamped: it only tells overflow from underflow
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        plain += s[i++];
        const bool exponent_negative = i < s.size() && s[i] == '-';
        if (i < s.size() && (s[i] == '+' || s[i] == '-'))
            plain += s[i++];
        const std::size_t digits_start = plain.size();
        if (read_digits() == 0)
            return std::nullopt;
        exponent = std::min(std::strtol(plain.c_str() + digits_start, nullptr, 10), 100000L);
        if (exponent_negative)
            exponent = -exponent;
    }
    if (i != s.size())
        return std::nullopt;
    double value = 0;
    const auto res = std::from_chars(plain.data(), plain.data() + plain.size(), value);
    if (res.ec == std::errc::result_out_of_range)
        value = leading_digit_exponent(mantissa) + exponent > 0
                    ? std::numeric_limits<double>::infinity()
                    : 0.0;
    return value;
}

ODO_API std::optional<double> python_float(std::string_view text) {
    std::string_view s = odo::text::strip(text);
    const bool negative = !s.empty() && s.front() == '-';
    if (!s.empty() && (s.front() == '+' || s.front() == '-'))
        s.remove_prefix(1);
    const std::string word = odo::text::lower(s);
    std::optional<double> value;
    if (word == "inf" || word == "infinity")
        value = std::numeric_limits<double>::infinity();
    else if (word == "nan")
        value = std::numeric_limits<double>::quiet_NaN();
    else
        value = unsigned_python_decimal(s);
    if (value && negative)
        *value = -*value;
    return value;
}

// The exact decimal text of an integral double, as Python's str(int(value)) prints it.
inline std::string integer_text(double integral) {
    if (integral == 0)
        return "0"; // also for -0.0
    std::array<char, 400> buf{};
    const auto res =
        std::to_chars(buf.data(), buf.data() + buf.size(), integral, std::chars_format::fixed, 0);
    return std::string(buf.data(), res.ptr);
}

ODO_API std::string python_number_text(const boost::json::value& v) {
    if (v.is_int64())
        return std::to_string(v.get_int64());
    if (v.is_uint64())
        return std::to_string(v.get_uint64());
    return python_float_repr(v.get_double());
}
#endif // ODO_SURFACE_DEFINITIONS

[[noreturn]] inline void bad_axis_value(AxisKind kind, std::string_view shown,
                                        std::string_view rule) {
    throw InputError(std::string(to_string(kind)) + " value " + std::string(shown) + " " +
                     std::string(rule));
}

#if ODO_SURFACE_DEFINITIONS
inline std::string canonical_number(AxisKind kind, std::optional<double> number,
                                    std::string_view shown) {
    if (!number)
        bad_axis_value(kind, shown, "is not a number");
    if (!std::isfinite(*number))
        bad_axis_value(kind, shown, "is not finite");
    if (kind == AxisKind::Float64)
        return python_float_repr(*number);
    if (*number != std::trunc(*number))
        bad_axis_value(kind, shown, "is not an integer");
    return integer_text(*number);
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace detail

#if ODO_SURFACE_DEFINITIONS
// numpy names for nvbench's short type names. F16 is included (the reference's maps lack it,
// so a declared `F16` never matched the `float16` that run_bench writes).
inline std::string canonical_dtype_name(std::string_view name) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 11> aliases{{
        {"U8", "uint8"},
        {"U16", "uint16"},
        {"U32", "uint32"},
        {"U64", "uint64"},
        {"I8", "int8"},
        {"I16", "int16"},
        {"I32", "int32"},
        {"I64", "int64"},
        {"F16", "float16"},
        {"F32", "float32"},
        {"F64", "float64"},
    }};
    const std::string_view stripped = odo::text::strip(name);
    for (const auto& [alias, numpy] : aliases)
        if (stripped == alias)
            return std::string(numpy);
    return std::string(stripped);
}

// The canonical case-key text of an axis value given as text (a CSV cell, a case-key value).
// Throws InputError naming the value and the rule it breaks.
inline std::string canonical_axis_text(AxisKind kind, std::string_view text) {
    switch (kind) {
    case AxisKind::Dtype:
        return canonical_dtype_name(text);
    case AxisKind::String:
        return std::string(odo::text::strip(text));
    case AxisKind::Int64:
    case AxisKind::Float64:
        return detail::canonical_number(kind, detail::python_float(text),
                                        json::dumps(boost::json::string(text)));
    }
    return std::string(text);
}

// Whether `text` is its own canonical text (canonical_axis_text neither changes nor refuses it).
inline bool is_canonical_axis_text(AxisKind kind, std::string_view text) {
    try {
        return canonical_axis_text(kind, text) == text;
    } catch (const InputError&) {
        return false;
    }
}

// The canonical case-key text of a declared JSON value: what the reference's str(v) and the
// rules of §2.2 give. Numeric axes take numbers or numeric strings (booleans are rejected);
// string and dtype axes take strings or numbers.
inline std::string canonical_axis_value(AxisKind kind, const boost::json::value& v) {
    if (v.is_string())
        return canonical_axis_text(kind, v.get_string());
    const auto number = json::as_number(v);
    if (!number)
        detail::bad_axis_value(kind, json::dumps(v), "must be a string or a number");
    if (kind == AxisKind::Int64 || kind == AxisKind::Float64)
        return detail::canonical_number(kind, number, json::dumps(v));
    return canonical_axis_text(kind, detail::python_number_text(v));
}
#endif // ODO_SURFACE_DEFINITIONS

// One axis of a config entry with its canonical declared values.
struct AxisSpec {
    std::string name;
    AxisKind kind = AxisKind::String;
    std::vector<std::string> values;
};

inline constexpr std::string_view dtype_axis_name = "InOutDataType";

namespace detail {

[[noreturn]] inline void bad_entry(std::string_view context, const std::string& rule) {
    throw InputError(std::string(context) + ": " + rule);
}

#if ODO_SURFACE_DEFINITIONS
inline std::vector<std::string> canonical_values(AxisKind kind, const boost::json::value& list,
                                                 std::string_view context,
                                                 const std::string& field) {
    if (!list.is_array())
        bad_entry(context, field + " must be a list");
    std::vector<std::string> values;
    for (std::size_t i = 0; i < list.get_array().size(); ++i) {
        try {
            values.push_back(canonical_axis_value(kind, list.get_array()[i]));
        } catch (const InputError& e) {
            bad_entry(context, field + "[" + std::to_string(i) + "]: " + e.what());
        }
    }
    return values;
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace detail

// The axes of a config entry in case-key order (§2.1): InOutDataType first (no values when
// `dtypes` is missing), then the string, int64 and float64 groups, each in JSON order. Errors
// name `context` (e.g. the config key) and the field. An axis name declared twice is rejected:
// its case keys could not be read back unambiguously.
ODO_API std::vector<AxisSpec> case_axis_specs(const boost::json::object& entry,
                                              std::string_view context);
#if ODO_SURFACE_DEFINITIONS
ODO_API std::vector<AxisSpec> case_axis_specs(const boost::json::object& entry,
                                              std::string_view context) {
    std::vector<AxisSpec> specs{{std::string(dtype_axis_name), AxisKind::Dtype, {}}};
    if (const auto* dtypes = entry.if_contains("dtypes"))
        specs.front().values =
            detail::canonical_values(AxisKind::Dtype, *dtypes, context, "dtypes");
    static constexpr std::array<std::pair<const char*, AxisKind>, 3> groups{{
        {"string_axes", AxisKind::String},
        {"int64_axes", AxisKind::Int64},
        {"float64_axes", AxisKind::Float64},
    }};
    for (const auto& [group, kind] : groups) {
        const auto* axes = entry.if_contains(group);
        if (!axes)
            continue;
        if (!axes->is_object())
            detail::bad_entry(context, std::string(group) + " must be an object");
        for (const auto& axis : axes->get_object()) {
            const std::string name(axis.key());
            for (const AxisSpec& seen : specs)
                if (seen.name == name)
                    detail::bad_entry(context,
                                      "axis " + python_str_repr(name) + " is declared twice");
            specs.push_back({name, kind,
                             detail::canonical_values(kind, axis.value(), context,
                                                      std::string(group) + "." + name)});
        }
    }
    return specs;
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace odo::surface
