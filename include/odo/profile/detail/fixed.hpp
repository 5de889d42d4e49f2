#pragma once
#include <charconv>
#include <string>

namespace odo::profile::detail {

// `value` with `decimals` digits after the point, independent of the C locale (evidence text must
// be the same bytes on every machine). "-0.0" is written "0.0".
inline std::string fixed(double value, int decimals) {
    char buffer[64];
    const auto result =
        std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, decimals);
    std::string out(buffer, result.ptr);
    if (out.front() == '-' && out.find_first_not_of("-0.") == std::string::npos)
        out.erase(0, 1);
    return out;
}

inline std::string percent(double value) {
    return fixed(value, 1) + "%";
}

inline std::string microseconds(double ns) {
    return fixed(ns / 1000.0, 1) + " us";
}

} // namespace odo::profile::detail
