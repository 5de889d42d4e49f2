#pragma once
#include <charconv>
#include <cmath>
#include <string>

namespace odo {

// Figures at or beyond this magnitude print in scientific notation: no time, noise or percentage
// a run produces is that large, and printed in full (a 1e-300 µs time gave a 300-digit noise
// percentage) their digits are noise that floods a message.
inline constexpr double max_fixed_point_magnitude = 1e15;

// printf("%.<decimals>f") without the C locale: evidence and reports must be the same bytes on
// every machine, whatever LC_NUMERIC says. A magnitude of 1e15 or more prints with three
// significant digits, "1.00e+302".
inline std::string fixed_point(double value, int decimals) {
    if (!std::isfinite(value))
        return std::isnan(value) ? "nan" : value < 0 ? "-inf" : "inf";
    char buf[400];
    const auto res =
        std::fabs(value) < max_fixed_point_magnitude
            ? std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed, decimals)
            : std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific, 2);
    return std::string(buf, res.ptr);
}

} // namespace odo
