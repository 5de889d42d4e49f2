#pragma once
#include "odo/core/text.hpp"

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <system_error>

namespace odo::profile::detail {

// The digits of `text` without its thousands separators, into `out`; false when the commas are
// not grouping separators (a comma must be followed by exactly three digits and preceded by at
// least one), so that a decimal comma such as "12,5" is rejected rather than read as 125.
inline bool drop_thousands_separators(std::string_view text, char* out, std::size_t capacity,
                                      std::size_t& length) {
    length = 0;
    if (!text.empty() && text.front() == '-' && capacity > 0) {
        out[length++] = '-';
        text.remove_prefix(1);
    }
    std::size_t digits_since_comma = 0;
    bool seen_comma = false, in_fraction = false;
    for (char c : text) {
        if (c == ',') {
            if (in_fraction || digits_since_comma == 0 || (seen_comma && digits_since_comma != 3))
                return false;
            seen_comma = true;
            digits_since_comma = 0;
            continue;
        }
        if (c >= '0' && c <= '9') {
            ++digits_since_comma;
        } else if (!in_fraction) {
            if (seen_comma && digits_since_comma != 3)
                return false;
            in_fraction = true; // '.', an exponent or a sign: grouping is over
        }
        if (length == capacity)
            return false;
        out[length++] = c;
    }
    return !(seen_comma && !in_fraction && digits_since_comma != 3);
}

// A finite number as the profilers print it: optional sign, thousands separators, decimals,
// exponent. nullopt for anything else ("n/a", "", "(256, 1, 1)", a decimal comma, "nan", "inf").
inline std::optional<double> parse_number(std::string_view text) {
    text = odo::text::strip(text);
    if (!text.empty() && text.front() == '+')
        text.remove_prefix(1);
    if (text.empty())
        return std::nullopt;
    char buffer[64];
    std::size_t length = 0;
    if (!drop_thousands_separators(text, buffer, sizeof buffer, length))
        return std::nullopt;
    double value = 0;
    const auto [end, error] = std::from_chars(buffer, buffer + length, value);
    if (error != std::errc() || end != buffer + length || !std::isfinite(value))
        return std::nullopt;
    return value;
}

// A whole non-negative number ("12,345"), or nullopt; counts past 1e18 are not believed (no
// profile has that many calls, and they would not fit the 64-bit count).
inline std::optional<std::uint64_t> parse_count(std::string_view text) {
    const auto n = parse_number(text);
    if (!n || *n < 0 || *n >= 1e18 || *n != std::floor(*n))
        return std::nullopt;
    return static_cast<std::uint64_t>(*n);
}

} // namespace odo::profile::detail
