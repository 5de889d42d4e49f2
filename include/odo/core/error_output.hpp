#pragma once
// How drivers print errors and problem lists. A value from a hostile input must not forge extra
// output lines, and a huge input must not flood the terminal: every printed problem is one line
// with its control characters escaped, and a list prints its first lines and a count of the rest.
#include "odo/core/error.hpp"

#include <cstddef>
#include <cstdio>
#include <exception>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace odo {

inline constexpr std::size_t max_problem_lines = 20;

// `s` with its ASCII control characters (and DEL) escaped: "\n", "\r", "\t", "\\x1b". Other
// bytes, UTF-8 included, are kept; a backslash is kept as is, so plain Windows paths read as typed.
inline std::string one_line(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (const char c : s) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else if (c == '\t')
            out += "\\t";
        else if (byte < 0x20 || byte == 0x7f) {
            char hex[5];
            std::snprintf(hex, sizeof hex, "\\x%02x", byte);
            out += hex;
        } else
            out += c;
    }
    return out;
}

// Prints the first `cap` lines, each made one line and framed by `prefix` and `suffix`, then
// "... and N more" when some were left out.
inline void print_capped(std::ostream& os, const std::vector<std::string>& lines, std::size_t cap,
                         std::string_view prefix = {}, std::string_view suffix = {}) {
    for (std::size_t i = 0; i < lines.size() && i < cap; ++i)
        os << prefix << one_line(lines[i]) << suffix << "\n";
    if (lines.size() > cap)
        os << prefix << "... and " << lines.size() - cap << " more\n";
}

// Prints an error: the problems of an InputProblems, else its message, as capped one-line
// problems.
inline void print_error(std::ostream& os, const std::exception& e, std::string_view prefix = {},
                        std::string_view suffix = {}) {
    const auto* list = dynamic_cast<const InputProblems*>(&e);
    print_capped(os, list ? list->problems() : std::vector<std::string>{e.what()},
                 max_problem_lines, prefix, suffix);
}

} // namespace odo
