#pragma once
#include "odo/core/byte_search.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <string>
#include <string_view>

namespace odo::review {

// C++ source text as the test checks read it.

namespace detail {

// A letter, digit or '_' (std::isalnum in the "C" locale, inline: scanners call it per character).
constexpr bool is_identifier_char(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
// The end of the identifier starting at s[i] (i itself when s[i] cannot start one).
ODO_API std::size_t identifier_end(std::string_view s, std::size_t i);
// The end of the string or character literal that opens at `open` (one past its closing quote,
// or the end of the line when it is unterminated).
ODO_API std::size_t quoted_literal_end(std::string_view s, std::size_t open);
// The end of the raw string literal R"delim( ... )delim" whose quote is at `quote`.
ODO_API std::size_t raw_literal_end(std::string_view s, std::size_t quote);
#if ODO_REVIEW_DEFINITIONS
// The end of the run of identifier characters (letters, digits, '_') starting at s[i].
inline std::size_t word_end(std::string_view s, std::size_t i) {
    while (i < s.size() && is_identifier_char(s[i]))
        ++i;
    return i;
}

ODO_API std::size_t identifier_end(std::string_view s, std::size_t i) {
    if (i >= s.size() || !(std::isalpha(static_cast<unsigned char>(s[i])) || s[i] == '_'))
        return i;
    while (i < s.size() && is_identifier_char(s[i]))
        ++i;
    return i;
}

ODO_API std::size_t quoted_literal_end(std::string_view s, std::size_t open) {
    const char quote = s[open];
    std::size_t i = open + 1;
    while (i < s.size() && s[i] != quote && s[i] != '\n')
        i += s[i] == '\\' ? 2 : 1;
    return i < s.size() && s[i] == quote ? i + 1 : std::min(i, s.size());
}

ODO_API std::size_t raw_literal_end(std::string_view s, std::size_t quote) {
    const auto paren = s.find('(', quote + 1);
    if (paren == std::string_view::npos)
        return s.size();
    const std::string close = ")" + std::string(s.substr(quote + 1, paren - quote - 1)) + "\"";
    const auto end = s.find(close, paren + 1);
    return end == std::string_view::npos ? s.size() : end + close.size();
}

inline void blank(std::string& out, std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to; ++i)
        if (out[i] != '\n')
            out[i] = ' ';
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace detail

// The text with every comment replaced by spaces, newlines kept, so offsets and line numbers
// still point into the original. Comment markers inside string and character literals are not
// comments; a quote after a digit is a digit separator (1'000), not a literal.
ODO_API std::string blank_comments(std::string_view source);
// 1-based line number of a byte offset.
ODO_API std::size_t line_number_at(std::string_view s, std::size_t offset);
// The first `n` characters (code points) of UTF-8 text, never splitting a character.
ODO_API std::string_view first_characters(std::string_view s, std::size_t n);
// Evidence pointing at a source line: "<path>:<line>: <text stripped, at most 120 characters>".
ODO_API std::string line_evidence(std::string_view path, std::size_t line, std::string_view text);
#if ODO_REVIEW_DEFINITIONS
ODO_API std::string blank_comments(std::string_view source) {
    std::string out(source);
    std::size_t i = 0;
    while (i < source.size()) {
        const char c = source[i];
        const char next = i + 1 < source.size() ? source[i + 1] : '\0';
        if (c == '/' && next == '/') {
            const auto end = source.find('\n', i);
            const std::size_t stop = end == std::string_view::npos ? source.size() : end;
            detail::blank(out, i, stop);
            i = stop;
        } else if (c == '/' && next == '*') {
            const auto end = source.find("*/", i + 2);
            const std::size_t stop = end == std::string_view::npos ? source.size() : end + 2;
            detail::blank(out, i, stop);
            i = stop;
        } else if (c == '"' && i > 0 && source[i - 1] == 'R') {
            i = detail::raw_literal_end(source, i);
        } else if (c == '"' ||
                   (c == '\'' &&
                    (i == 0 || !std::isdigit(static_cast<unsigned char>(source[i - 1]))))) {
            i = detail::quoted_literal_end(source, i);
        } else {
            // Only '/', '"' and '\'' can open a comment or a literal: skip to the next.
            i = text::next_byte_of<'/', '"', '\''>(source, i + 1);
        }
    }
    return out;
}

ODO_API std::size_t line_number_at(std::string_view s, std::size_t offset) {
    std::size_t line = 1;
    for (std::size_t i = 0; i < offset && i < s.size(); ++i)
        line += s[i] == '\n';
    return line;
}

ODO_API std::string_view first_characters(std::string_view s, std::size_t n) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const bool starts_character = (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80;
        if (starts_character && count++ == n)
            return s.substr(0, i);
    }
    return s;
}

ODO_API std::string line_evidence(std::string_view path, std::size_t line, std::string_view text) {
    return std::string(path) + ":" + std::to_string(line) + ": " +
           std::string(first_characters(text::strip(text), 120));
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace odo::review
