#pragma once
#include "odo/core/fixed_point.hpp"

#include <string>

namespace odo::profile::detail {

// `value` with `decimals` digits after the point, independent of the C locale (evidence text must
// be the same bytes on every machine). "-0.0" is written "0.0".
inline std::string fixed(double value, int decimals) {
    std::string out = fixed_point(value, decimals);
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
