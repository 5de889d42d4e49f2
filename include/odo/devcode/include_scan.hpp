#pragma once
// The header names a source asks its preprocessor for, read without preprocessing: every
// #include, #include_next, #import and #embed, and every __has_include / __has_embed, whatever
// the #if around it. The proof writes a TU's include closure from them (side_tree.hpp), so a name
// too many only writes a file too many; a name missed is caught by the stubs the side tree writes
// for every other file. A directive whose name is a macro is "computed": no closure can be read
// from the text, and the proof writes the whole tree instead.
#include "odo/core/linkage.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace odo::devcode {

struct IncludeName {
    std::string name;    // as written between the quotes or the angle brackets
    bool quoted = false; // "name": looked up beside the including file first
};

struct IncludeScan {
    std::vector<IncludeName> names; // in the order met, repeats kept
    bool computed = false;          // a directive or __has_include names its file by a macro
};

ODO_API IncludeScan scan_include_names(std::string_view source);

namespace detail {

#if ODO_DEVCODE_DEFINITIONS
// Skips blanks, comments and backslash-newline splices from `at`: what the preprocessor reads as
// one space between a directive's tokens.
inline std::size_t skip_directive_space(std::string_view s, std::size_t at) {
    while (at < s.size()) {
        const char c = s[at];
        if (c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r') {
            ++at;
        } else if (c == '\\' && at + 1 < s.size() && (s[at + 1] == '\n' || s[at + 1] == '\r')) {
            at += 2;
        } else if (s.substr(at, 2) == "/*") {
            const std::size_t end = s.find("*/", at + 2);
            at = end == std::string_view::npos ? s.size() : end + 2;
        } else {
            break;
        }
    }
    return at;
}

inline bool is_name_char(char c) {
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// The header name at `at` ("x.h" or <x.h>) into `out`; false when something else is there (a
// macro) or the name runs past its line.
inline bool read_header_name(std::string_view s, std::size_t at, IncludeScan& out) {
    if (at >= s.size() || (s[at] != '"' && s[at] != '<'))
        return false;
    const char close = s[at] == '"' ? '"' : '>';
    const std::size_t end =
        s.find_first_of(std::string_view(close == '"' ? "\"\n" : ">\n"), at + 1);
    if (end == std::string_view::npos || s[end] != close || end == at + 1)
        return false;
    out.names.push_back({std::string(s.substr(at + 1, end - at - 1)), close == '"'});
    return true;
}

// After `#`, `%:` or `??=`: a directive that reads a file, its name recorded.
inline void scan_directive(std::string_view s, std::size_t at, IncludeScan& out) {
    at = skip_directive_space(s, at);
    std::size_t end = at;
    while (end < s.size() && is_name_char(s[end]))
        ++end;
    const std::string_view word = s.substr(at, end - at);
    if (word != "include" && word != "include_next" && word != "import" && word != "embed")
        return;
    if (!read_header_name(s, skip_directive_space(s, end), out))
        out.computed = true;
}

// After `__has_include`, `__has_include_next` or `__has_embed`: `( name`.
inline void scan_has_include(std::string_view s, std::size_t at, IncludeScan& out) {
    at = skip_directive_space(s, at);
    if (at >= s.size() || s[at] != '(' ||
        !read_header_name(s, skip_directive_space(s, at + 1), out))
        out.computed = true;
}
#endif // ODO_DEVCODE_DEFINITIONS

} // namespace detail

#if ODO_DEVCODE_DEFINITIONS
ODO_API IncludeScan scan_include_names(std::string_view source) {
    IncludeScan out;
    for (std::size_t at = 0; at < source.size(); ++at) {
        const char c = source[at];
        if (c == '#') {
            detail::scan_directive(source, at + 1, out);
        } else if (c == '%' && source.substr(at, 2) == "%:") {
            detail::scan_directive(source, at + 2, out);
        } else if (c == '?' && source.substr(at, 3) == "?\?=") {
            detail::scan_directive(source, at + 3, out);
        } else if (c == '_' && source.substr(at, 5) == "__has" &&
                   (at == 0 || !detail::is_name_char(source[at - 1]))) {
            std::size_t end = at;
            while (end < source.size() && detail::is_name_char(source[end]))
                ++end;
            const std::string_view word = source.substr(at, end - at);
            if (word == "__has_include" || word == "__has_include_next" || word == "__has_embed")
                detail::scan_has_include(source, end, out);
            at = end - 1;
        }
    }
    return out;
}
#endif // ODO_DEVCODE_DEFINITIONS

} // namespace odo::devcode
