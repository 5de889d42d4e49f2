#pragma once
#include <charconv>
#include <cmath>
#include <string>

namespace odo {

// printf("%.<decimals>f") without the C locale: evidence and reports must be the same bytes on
// every machine, whatever LC_NUMERIC says.
inline std::string fixed_point(double value, int decimals) {
    if (!std::isfinite(value))
        return std::isnan(value) ? "nan" : value < 0 ? "-inf" : "inf";
    char buf[400];
    const auto res =
        std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed, decimals);
    return std::string(buf, res.ptr);
}

} // namespace odo
