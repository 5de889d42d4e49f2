#pragma once
// Source text as refactor_op compares it (review-refactor.md §2.5 step 1): comments removed and
// the contents of string and character literals dropped, their quotes kept, so two bodies that
// differ only in a comment or a message compare equal. Every newline stays, so a line number in
// the result is a line number in the source.
#include "odo/core/byte_search.hpp"
#include "odo/core/linkage.hpp"
#include "odo/review/source_text.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace odo::refactor {

namespace detail {

#if ODO_REFACTOR_DEFINITIONS
inline void keep_newlines(std::string& out, std::string_view removed) {
    for (const char c : removed)
        if (c == '\n')
            out += '\n';
}

// A quote inside a number is a digit separator (1'000, 0xFF'FF), not a character literal: the
// token it ends began with a digit. A u8'x' literal begins with a letter, so it stays a literal.
// The token is the run of letters, digits, quotes, dots and '_' before the quote; the scanner
// tracks where that run began as it moves forward, reading each stretch it passes from its end
// back to the last character outside a run, so a line of quotes is not walked back over once per
// quote and no character is read twice.
class NumberRun {
public:
    // The cursor moves over s[from, to).
    void pass(std::string_view s, std::size_t from, std::size_t to) {
        for (std::size_t i = to; i > from; --i)
            if (!in_run(s[i - 1])) {
                begin_ = i;
                return;
            }
    }
    bool digit_separator(std::string_view s, std::size_t quote) const {
        return begin_ < quote && is_digit(s[begin_]);
    }

private:
    static bool is_digit(char c) { return c >= '0' && c <= '9'; }
    // std::isalnum in the "C" locale, without a call per character.
    static bool in_run(char c) {
        return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '\'' ||
               c == '.' || c == '_';
    }
    std::size_t begin_ = 0;
};

inline bool opens_raw_string(std::string_view s, std::size_t quote) {
    if (quote == 0 || s[quote - 1] != 'R')
        return false;
    if (quote < 2 || !review::detail::is_identifier_char(s[quote - 2]))
        return true;
    return std::string_view("uUL8").find(s[quote - 2]) != std::string_view::npos; // u8R"(...)"
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace detail

#if ODO_REFACTOR_DEFINITIONS
// Comments and literal contents removed; quotes, braces and newlines kept. Raw strings
// (R"(...)") lose their whole contents, quotes included in them.
inline std::string strip_code(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    detail::NumberRun number;
    std::size_t i = 0;
    while (i < s.size()) {
        const std::size_t from = i;
        const char c = s[i];
        const char next = i + 1 < s.size() ? s[i + 1] : '\0';
        if (c == '/' && next == '/') {
            const auto end = s.find('\n', i);
            i = end == std::string_view::npos ? s.size() : end;
        } else if (c == '/' && next == '*') {
            const auto end = s.find("*/", i + 2);
            const std::size_t stop = end == std::string_view::npos ? s.size() : end + 2;
            detail::keep_newlines(out, s.substr(i, stop - i));
            i = stop;
        } else if (c == '"' && detail::opens_raw_string(s, i)) {
            const std::size_t end = review::detail::raw_literal_end(s, i);
            out += "\"\"";
            detail::keep_newlines(out, s.substr(i, end - i));
            i = end;
        } else if (c == '"' || (c == '\'' && !number.digit_separator(s, i))) {
            // A backslash before a line break continues the literal on the next line; the break
            // stays, as every other one does.
            const std::size_t end = review::detail::quoted_literal_end(s, i);
            const bool closed = end > i + 1 && s[end - 1] == c;
            out += c;
            detail::keep_newlines(out, s.substr(i + 1, end - i - 1 - (closed ? 1 : 0)));
            if (closed)
                out += c;
            i = end;
        } else {
            // Plain code up to the next character that may open a comment or a literal ('/',
            // '"', '\''), copied at once.
            i = text::next_byte_of<'/', '"', '\''>(s, i + 1);
            out.append(s.substr(from, i - from));
        }
        number.pass(s, from, i);
    }
    return out;
}

// Python's " ".join(line.split()): runs of whitespace become one space, ends trimmed.
inline std::string collapse_whitespace(std::string_view line) {
    std::string out;
    std::size_t i = 0;
    auto space = [](char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
    };
    while (i < line.size()) {
        while (i < line.size() && space(line[i]))
            ++i;
        if (i >= line.size())
            break;
        if (!out.empty())
            out += ' ';
        while (i < line.size() && !space(line[i]))
            out += line[i++];
    }
    return out;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
