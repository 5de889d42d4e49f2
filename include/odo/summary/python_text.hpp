#pragma once
// Python `str` semantics over UTF-8 text, as the summary contract needs them: what
// str.splitlines() treats as a line break, what str.strip() and regex `\s` treat as whitespace,
// and (approximately) what regex `\w` treats as a word character.
#include "odo/core/linkage.hpp"
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace odo::summary::pytext {

ODO_API std::string_view rstrip(std::string_view s) noexcept;
ODO_API bool has_line_break(std::string_view s) noexcept;
ODO_API std::string_view lstrip(std::string_view s) noexcept;
ODO_API std::string_view strip(std::string_view s) noexcept;
#if ODO_SUMMARY_DEFINITIONS
inline bool is_valid_utf8(std::string_view s) noexcept {
    for (std::size_t i = 0; i < s.size();) {
        const auto b0 = static_cast<unsigned char>(s[i]);
        std::size_t length = 0;
        char32_t code = 0;
        if (b0 < 0x80) {
            ++i;
            continue;
        } else if (b0 >= 0xC2 && b0 <= 0xDF) {
            length = 2;
            code = b0 & 0x1Fu;
        } else if (b0 >= 0xE0 && b0 <= 0xEF) {
            length = 3;
            code = b0 & 0x0Fu;
        } else if (b0 >= 0xF0 && b0 <= 0xF4) {
            length = 4;
            code = b0 & 0x07u;
        } else {
            return false;
        }
        if (i + length > s.size())
            return false;
        for (std::size_t k = 1; k < length; ++k) {
            const auto b = static_cast<unsigned char>(s[i + k]);
            if ((b & 0xC0) != 0x80)
                return false;
            code = (code << 6) | (b & 0x3Fu);
        }
        const bool overlong = (length == 3 && code < 0x800) || (length == 4 && code < 0x10000);
        if (overlong || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
            return false;
        i += length;
    }
    return true;
}

// The code point starting at s[i] (valid UTF-8), advancing i past it.
inline char32_t decode(std::string_view s, std::size_t& i) noexcept {
    const auto b0 = static_cast<unsigned char>(s[i]);
    std::size_t length = b0 < 0x80 ? 1 : (b0 < 0xE0 ? 2 : (b0 < 0xF0 ? 3 : 4));
    if (i + length > s.size())
        length = 1;
    char32_t code = length == 1 ? b0 : (b0 & (0x7Fu >> length));
    for (std::size_t k = 1; k < length; ++k)
        code = (code << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
    i += length;
    return code;
}

// The code point that ends just before s[end].
inline char32_t decode_before(std::string_view s, std::size_t end) noexcept {
    std::size_t start = end - 1;
    while (start > 0 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80)
        --start;
    return decode(s, start);
}

// str.isspace(): also the separators U+001C..U+001F, NEL and the Unicode spaces.
inline bool is_space(char32_t c) noexcept {
    return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 ||
           c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
           c == 0x202F || c == 0x205F || c == 0x3000;
}

ODO_API std::string_view lstrip(std::string_view s) noexcept {
    std::size_t i = 0;
    while (i < s.size()) {
        std::size_t next = i;
        if (!is_space(decode(s, next)))
            break;
        i = next;
    }
    return s.substr(i);
}

ODO_API std::string_view rstrip(std::string_view s) noexcept {
    std::size_t end = s.size();
    while (end > 0) {
        std::size_t start = end - 1;
        while (start > 0 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80)
            --start;
        std::size_t probe = start;
        if (!is_space(decode(s, probe)))
            break;
        end = start;
    }
    return s.substr(0, end);
}

ODO_API std::string_view strip(std::string_view s) noexcept {
    return rstrip(lstrip(s));
}

// The length of the line break starting at s[i], or 0: str.splitlines() breaks at \n, \r,
// \r\n, \v, \f, \x1c, \x1d, \x1e, NEL (U+0085), U+2028 and U+2029.
inline std::size_t line_break_at(std::string_view s, std::size_t i) noexcept {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '\r')
        return i + 1 < s.size() && s[i + 1] == '\n' ? 2 : 1;
    if (c == '\n' || c == '\v' || c == '\f' || (c >= 0x1C && c <= 0x1E))
        return 1;
    if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x85)
        return 2;
    if (c == 0xE2 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
        (static_cast<unsigned char>(s[i + 2]) == 0xA8 ||
         static_cast<unsigned char>(s[i + 2]) == 0xA9))
        return 3;
    return 0;
}

ODO_API bool has_line_break(std::string_view s) noexcept {
    for (std::size_t i = 0; i < s.size(); ++i)
        if (line_break_at(s, i))
            return true;
    return false;
}
#endif // ODO_SUMMARY_DEFINITIONS

// A line of text and the break that ends it (empty for a last line without one).
struct Line {
    std::string_view text;
    std::string_view end;
};

#if ODO_SUMMARY_DEFINITIONS
// str.splitlines(keepends=True), keeping the text and its break apart.
inline std::vector<Line> split_lines(std::string_view s) {
    std::vector<Line> lines;
    std::size_t start = 0;
    for (std::size_t i = 0; i < s.size();) {
        if (const std::size_t n = line_break_at(s, i)) {
            lines.push_back({s.substr(start, i - start), s.substr(i, n)});
            i += n;
            start = i;
        } else {
            ++i;
        }
    }
    if (start < s.size())
        lines.push_back({s.substr(start), {}});
    return lines;
}

// Multi-line text without its leading blank lines and trailing whitespace. Unlike strip(), the
// first line keeps its indentation: an indented "> …" or "**…**" line must not become a status
// or bottleneck line when the text is printed again at the start of a line.
inline std::string_view trim_blank_lines(std::string_view s) noexcept {
    std::size_t start = 0;
    for (std::size_t i = 0; i < s.size();) {
        if (const std::size_t n = line_break_at(s, i)) {
            i += n;
            start = i;
            continue;
        }
        std::size_t next = i;
        if (!is_space(decode(s, next)))
            break;
        i = next;
    }
    return rstrip(s.substr(start));
}

inline std::size_t code_points(std::string_view s) noexcept {
    std::size_t n = 0;
    for (char c : s)
        n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

// Regex `\w`: ASCII letters, digits and '_', and non-ASCII code points outside the blocks of
// punctuation, symbols, spaces, marks and emoji. (Python consults the Unicode database; this
// approximation agrees for letters, CJK and the punctuation evidence text uses, e.g. '—'.)
inline bool is_word_char(char32_t c) noexcept {
    if (c < 0x80)
        return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
               c == '_';
    if (c <= 0xBF)
        return c == 0xAA || c == 0xB2 || c == 0xB3 || c == 0xB5 || c == 0xB9 || c == 0xBA ||
               c == 0xBC || c == 0xBD || c == 0xBE;
    if (c == 0xD7 || c == 0xF7)
        return false;
    const bool punctuation_or_symbols =
        (c >= 0x2000 && c <= 0x2BFF) || (c >= 0x3000 && c <= 0x303F) ||
        (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xFF00 && c <= 0xFF0F) ||
        (c >= 0x1F000 && c <= 0x1FAFF) || (c >= 0x0300 && c <= 0x036F);
    return !punctuation_or_symbols;
}

inline bool is_ascii_digit(char c) noexcept {
    return c >= '0' && c <= '9';
}

// ASCII lower case: str.casefold() for the ASCII names the contract compares.
inline std::string casefold(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary::pytext
