#pragma once
#include "odo/core/text.hpp"

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

namespace odo::profile::detail {

// How a text's numbers mark their decimals. ncu prints a whole page in one locale, so a page known
// to use decimal commas reads "65.536" as 65536, which a number seen alone cannot tell from 65.536.
enum class DecimalMark {
    Either, // decided per number (decimal_separator)
    Comma   // ',' marks the decimals and '.' groups thousands
};

// Which of '.' and ',' separates the decimals in `mantissa` (0: neither does). ncu formats numbers
// by the locale, so "1,234,567.25" and "1.234.567,25" are one number, and so are "12.5" and
// "12,5". A separator that occurs twice, or that the other kind follows, groups thousands. A lone
// comma followed by exactly three digits also groups ("1,500" is 1500, as ncu and nsys print it
// in English); a lone point is always the decimal one ("1.500" is 1.5, as C prints it).
inline char decimal_separator(std::string_view mantissa, DecimalMark mark) noexcept {
    if (mark == DecimalMark::Comma)
        return mantissa.find(',') == std::string_view::npos ? 0 : ',';
    const std::size_t point = mantissa.rfind('.'), comma = mantissa.rfind(',');
    if (point != std::string_view::npos && comma != std::string_view::npos)
        return point > comma ? '.' : ',';
    if (point != std::string_view::npos)
        return mantissa.find('.') == point ? '.' : 0;
    if (comma == std::string_view::npos || mantissa.find(',') != comma)
        return 0;
    return mantissa.size() - comma - 1 == 3 ? 0 : ',';
}

// `integer` without its grouping separators, appended to `out`; false when the groups are not a
// leading group of digits followed by groups of exactly three.
inline bool append_ungrouped(std::string_view integer, char grouping, std::string& out) {
    std::size_t group = 0;
    bool grouped = false;
    for (char c : integer) {
        if (c == grouping) {
            if (group == 0 || (grouped && group != 3))
                return false;
            grouped = true;
            group = 0;
            continue;
        }
        ++group;
        out += c;
    }
    return !(grouped && group != 3);
}

// `text` in the C form from_chars reads: grouping dropped, a decimal comma made a point; nullopt
// when the separators are not a consistent use of one locale.
inline std::optional<std::string> c_number_text(std::string_view text, DecimalMark mark) {
    std::string out;
    if (!text.empty() && text.front() == '-') {
        out += '-';
        text.remove_prefix(1);
    }
    const std::size_t exponent = text.find_first_of("eE");
    const std::string_view mantissa = text.substr(0, exponent);
    const char decimal = decimal_separator(mantissa, mark);
    const std::size_t split = decimal ? mantissa.rfind(decimal) : mantissa.size();
    const std::string_view integer = mantissa.substr(0, split);
    const char grouping =
        mark == DecimalMark::Comma || integer.find(',') == std::string_view::npos ? '.' : ',';
    if (integer.find(grouping == ',' ? '.' : ',') != std::string_view::npos ||
        !append_ungrouped(integer, grouping, out))
        return std::nullopt;
    if (decimal) {
        out += '.';
        out += mantissa.substr(split + 1);
    }
    if (exponent != std::string_view::npos)
        out += text.substr(exponent);
    return out;
}

// A finite number as the profilers print it: optional sign, thousands separators, decimals (a
// point or a comma, see decimal_separator), exponent. nullopt for anything else ("n/a", "",
// "(256, 1, 1)", "1,2,3", "nan", "inf").
inline std::optional<double> parse_number(std::string_view text,
                                          DecimalMark mark = DecimalMark::Either) {
    text = odo::text::strip(text);
    if (!text.empty() && text.front() == '+')
        text.remove_prefix(1);
    if (text.empty() || text.size() > 64)
        return std::nullopt;
    const std::optional<std::string> c_text = c_number_text(text, mark);
    if (!c_text || c_text->empty())
        return std::nullopt;
    const char* const end = c_text->data() + c_text->size();
    double value = 0;
    const auto [stop, error] = std::from_chars(c_text->data(), end, value);
    if (error != std::errc() || stop != end || !std::isfinite(value))
        return std::nullopt;
    return value;
}

// Comma when some quoted cell of `csv` is a number whose decimals only a comma can mark ("88,10",
// "1.234,5"), else Either: how to read every number of a table printed in one locale.
inline DecimalMark decimal_mark_of(std::string_view csv) {
    for (std::size_t open = csv.find('"'); open != std::string_view::npos;) {
        const std::size_t close = csv.find('"', open + 1);
        if (close == std::string_view::npos)
            break;
        std::string_view cell = csv.substr(open + 1, close - open - 1);
        if (!cell.empty() && cell.front() == '-')
            cell.remove_prefix(1);
        if (!cell.empty() && cell.find_first_not_of("0123456789.,") == std::string_view::npos &&
            decimal_separator(cell, DecimalMark::Either) == ',' && parse_number(cell))
            return DecimalMark::Comma;
        open = csv.find('"', close + 1);
    }
    return DecimalMark::Either;
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
