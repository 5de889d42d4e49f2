#pragma once
#include "odo/core/fixed_point.hpp"
#include "odo/core/linkage.hpp"

#include <charconv>
#include <cmath>
#include <string>
#include <system_error>

namespace odo::baseline::detail {

ODO_API std::string fixed(double value, int decimals);
// printf("%+.<decimals>f"): the sign is always shown.
ODO_API std::string signed_fixed(double value, int decimals);
// Python's round(value, 2): the correctly rounded decimal, ties to even on the exact binary
// value, as run_bench rounds `GPU Noise (µs)`.
ODO_API double round2(double value);
#if ODO_BASELINE_DEFINITIONS
ODO_API std::string fixed(double value, int decimals) {
    return fixed_point(value, decimals);
}

ODO_API std::string signed_fixed(double value, int decimals) {
    const std::string text = fixed(value, decimals);
    return text.front() == '-' || text == "nan" ? text : "+" + text;
}

// printf("%.3g"), locale-free.
inline std::string general3(double value) {
    if (!std::isfinite(value))
        return fixed(value, 0);
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::general, 3);
    return std::string(buf, res.ptr);
}

ODO_API double round2(double value) {
    if (!std::isfinite(value))
        return value;
    const std::string text = fixed(value, 2);
    double rounded = value;
    std::from_chars(text.data(), text.data() + text.size(), rounded);
    return rounded;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline::detail
