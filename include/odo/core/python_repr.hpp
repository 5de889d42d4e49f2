#pragma once
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace odo {

// Python's repr(float): the shortest text that round-trips, in fixed notation when the decimal
// exponent is in [-4, 16), otherwise scientific with a signed exponent of at least two digits
// ("1.0", "0.0001", "1e-05", "1e+16", "1.5e+300"). Case keys and baseline files depend on it.
inline std::string python_float_repr(double value) {
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value < 0 ? "-inf" : "inf";
    char buf[64];
    // Shortest round-trip digits in scientific form: "d.ddde[+-]XX".
    auto res = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
    std::string_view sci(buf, static_cast<std::size_t>(res.ptr - buf));
    const std::size_t e_pos = sci.find('e');
    std::string_view mantissa = sci.substr(0, e_pos);
    const int exponent = std::atoi(std::string(sci.substr(e_pos + 1)).c_str());

    std::string sign;
    if (!mantissa.empty() && mantissa.front() == '-') {
        sign = "-";
        mantissa.remove_prefix(1);
    }
    std::string digits;
    for (char c : mantissa)
        if (c != '.')
            digits += c;

    std::string out = sign;
    if (exponent >= -4 && exponent < 16) {
        const int point = exponent + 1; // digits before the decimal point
        if (point <= 0) {
            out += "0.";
            out.append(static_cast<std::size_t>(-point), '0');
            out += digits;
        } else if (static_cast<std::size_t>(point) >= digits.size()) {
            out += digits;
            out.append(static_cast<std::size_t>(point) - digits.size(), '0');
            out += ".0";
        } else {
            out += digits.substr(0, static_cast<std::size_t>(point));
            out += '.';
            out += digits.substr(static_cast<std::size_t>(point));
        }
        return out;
    }
    out += digits.substr(0, 1);
    if (digits.size() > 1) {
        out += '.';
        out += digits.substr(1);
    }
    out += exponent < 0 ? "e-" : "e+";
    const int magnitude = std::abs(exponent);
    if (magnitude < 10)
        out += '0';
    out += std::to_string(magnitude);
    return out;
}

// Python's repr of a str: single quotes unless the text holds a single quote and no double.
inline std::string python_str_repr(std::string_view s) {
    const bool use_double =
        s.find('\'') != std::string_view::npos && s.find('"') == std::string_view::npos;
    const char q = use_double ? '"' : '\'';
    std::string out(1, q);
    for (char c : s) {
        switch (c) {
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c == q) {
                out += '\\';
                out += c;
            } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
                static const char hex[] = "0123456789abcdef";
                out += "\\x";
                out += hex[(static_cast<unsigned char>(c) >> 4) & 0xf];
                out += hex[static_cast<unsigned char>(c) & 0xf];
            } else {
                out += c;
            }
        }
    }
    out += q;
    return out;
}

// Python's repr of a list of str, e.g. "['TST-1', 'TST-2']". Evidence strings of the reference
// embed it, and byte-identical reports need the same text.
inline std::string python_list_repr(const std::vector<std::string>& items) {
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i)
            out += ", ";
        out += python_str_repr(items[i]);
    }
    return out + "]";
}

} // namespace odo
