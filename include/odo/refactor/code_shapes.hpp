#pragma once
// Two shapes of C++ source that assess looks for (RED-3's dispatch guards, RED-12's hand-written
// vector-type traits), scanned by hand. Not std::regex: the sources are the change author's text,
// and libstdc++'s matcher recurses once per character a quantifier consumes, so an if-condition
// with a long run of spaces inside `sizeof(...)` overflowed the stack, crashing refactor_op and
// the evidence gate, whose ODO-8 runs assess. <regex> also cost each tool seconds of compiling.
// Each scanner accepts exactly what its regular expression, given in its comment, matches.
#include "odo/core/linkage.hpp"
#include "odo/core/text_cursor.hpp"

#include <cstddef>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace odo::refactor::code_shapes {

struct SizeofEquality {
    std::size_t at; // of `sizeof`
    int width;
};

namespace detail {

#if ODO_REFACTOR_DEFINITIONS
// sizeof\s*\(\s*\w+\s*\)\s*==\s*(\d)(?!\d) at `at`: the digit, or '\0' with no match.
inline char sizeof_equality_at(std::string_view text, std::size_t at, std::size_t& end) {
    using text::is_ascii_digit;
    using text::is_ascii_word;
    text::TextCursor c(text, at);
    const auto any = std::string_view::npos;
    std::string digit;
    if (!c.literal("sizeof") || !c.spaces() || !c.literal("(") || !c.spaces() ||
        !c.skip(1, any, is_ascii_word) || !c.spaces() || !c.literal(")") || !c.spaces() ||
        !c.literal("==") || !c.spaces() || !c.run(1, 1, is_ascii_digit, digit) ||
        is_ascii_digit(c.peek()))
        return '\0';
    end = c.position();
    return digit[0];
}

// (u?char|u?short|u?int|float|double)
inline bool vector_scalar(text::TextCursor& c) {
    text::TextCursor unsigned_form = c;
    unsigned_form.literal("u");
    for (std::string_view name : {"char", "short", "int"})
        if (unsigned_form.literal(name)) {
            c = unsigned_form;
            return true;
        }
    return c.literal("float") || c.literal("double");
}

// struct\s+\w+\s*\{\s*using\s+type\s*=\s*(unsigned\s+)?(scalar)[234]\s*;\s*\} at `at`.
inline bool vector_trait_at(std::string_view text, std::size_t at) {
    text::TextCursor c(text, at);
    if (!c.literal("struct") || !c.spaces(1) ||
        !c.skip(1, std::string_view::npos, text::is_ascii_word) || !c.spaces() || !c.literal("{") ||
        !c.spaces() || !c.literal("using") || !c.spaces(1) || !c.literal("type") || !c.spaces() ||
        !c.literal("=") || !c.spaces())
        return false;
    // Without `unsigned` the scalar would have to start at its 'u' and cannot: an optional
    // group with no way back.
    text::TextCursor after_unsigned = c;
    if (after_unsigned.literal("unsigned") && after_unsigned.spaces(1))
        c = after_unsigned;
    auto lanes = [](char ch) { return ch == '2' || ch == '3' || ch == '4'; };
    return vector_scalar(c) && c.skip(1, 1, lanes) && c.spaces() && c.literal(";") && c.spaces() &&
           c.literal("}");
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace detail

#if ODO_REFACTOR_DEFINITIONS
// Every `sizeof(T) == N` in the text (N a single digit not followed by another), where it starts
// and its N, as sizeof\s*\(\s*\w+\s*\)\s*==\s*(\d)(?!\d) finds them searching left to right.
inline std::vector<SizeofEquality> sizeof_equalities(std::string_view text) {
    std::vector<SizeofEquality> out;
    for (std::size_t at = text.find("sizeof"); at != std::string_view::npos;) {
        std::size_t end = at + 1;
        if (const char digit = detail::sizeof_equality_at(text, at, end))
            out.push_back({at, digit - '0'});
        at = text.find("sizeof", end);
    }
    return out;
}

// Where each hand-written vector-type trait starts: the offsets of the matches of
// \bstruct\s+\w+\s*\{\s*using\s+type\s*=\s*(unsigned\s+)?(u?char|u?short|u?int|float|double)[234]\s*;\s*\}
inline std::vector<std::size_t> vector_trait_sites(std::string_view text) {
    std::vector<std::size_t> sites;
    for (std::size_t at = text.find("struct"); at != std::string_view::npos;
         at = text.find("struct", at + 1))
        if ((at == 0 || !text::is_ascii_word(text[at - 1])) && detail::vector_trait_at(text, at))
            sites.push_back(at);
    return sites;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor::code_shapes
