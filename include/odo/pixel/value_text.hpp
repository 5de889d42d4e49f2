#pragma once
#include "odo/core/python_repr.hpp"
#include "odo/pixel/float16.hpp"
#include "odo/pixel/value.hpp"

#include <charconv>
#include <cstdlib>
#include <string>

// An element value as a report prints it. Apart from value.hpp, which every result holds, so that
// only the report pays for number formatting.
namespace odo::pixel {

namespace detail {

// Python's repr style with the fewest digits that read back as the same value of this precision:
// the shortest decimal is re-read as a double, whose repr keeps those digits.
inline std::string repr_of_decimal(const char* first, const char* last) {
    return python_float_repr(std::strtod(std::string(first, last).c_str(), nullptr));
}

inline std::string shortest_float_text(float value) {
    if (!(value - value == 0.0f)) // NaN or infinity
        return python_float_repr(value);
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
    return repr_of_decimal(buf, res.ptr);
}

inline std::string shortest_half_text(float16 half) {
    const float value = to_float(half);
    if (!(value - value == 0.0f))
        return python_float_repr(value);
    char buf[64];
    for (int precision = 0;; ++precision) { // five significant digits always suffice
        const auto res =
            std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific, precision);
        const float back = std::strtof(std::string(buf, res.ptr).c_str(), nullptr);
        if (to_float16(back).bits == half.bits || precision >= 4)
            return repr_of_decimal(buf, res.ptr);
    }
}

} // namespace detail

// Integers exactly; floats with the fewest digits that read back as the same value of their own
// precision, as numpy prints them.
inline std::string to_string(const ElementValue& v) {
    switch (v.type.kind) {
    case ScalarKind::Unsigned:
        return std::to_string(v.bits);
    case ScalarKind::Signed:
        return std::to_string(v.as_signed());
    case ScalarKind::Float:
        break;
    }
    if (v.type.bytes == 2)
        return detail::shortest_half_text(v.as<float16>());
    if (v.type.bytes == 4)
        return detail::shortest_float_text(v.as<float>());
    return python_float_repr(v.as<double>());
}

} // namespace odo::pixel
