#pragma once
// Two shapes of C++ source that assess looks for (RED-3's dispatch guards, RED-12's hand-written
// vector-type traits), scanned by hand. Not std::regex: the sources are the change author's text,
// and libstdc++'s matcher recurses once per character a quantifier consumes, so an if-condition
// with a long run of spaces inside `sizeof(...)` overflowed the stack, crashing refactor_op and
// the evidence gate, whose ODO-8 runs assess. <regex> also cost each tool seconds of compiling.
// Each scanner accepts exactly what its regular expression, given in its comment, matches.
#include <cstddef>
#include <set>
#include <string_view>
#include <vector>

namespace odo::refactor::code_shapes {

namespace detail {

// A position in source text and the pieces the two shapes are made of (ASCII classes, as the
// regular expressions' \s \w \d in the "C" locale).
class Cursor {
public:
    Cursor(std::string_view text, std::size_t at) : text_(text), at_(at) {}

    std::size_t at() const noexcept { return at_; }
    bool done() const noexcept { return at_ >= text_.size(); }

    static bool is_space(char c) noexcept {
        return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
    }
    static bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
    static bool is_word(char c) noexcept {
        return is_digit(c) || c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    // \s* — always succeeds.
    void spaces() noexcept {
        while (!done() && is_space(text_[at_]))
            ++at_;
    }
    // \s+
    bool some_spaces() noexcept {
        const std::size_t start = at_;
        spaces();
        return at_ > start;
    }
    // \w+
    bool word() noexcept {
        const std::size_t start = at_;
        while (!done() && is_word(text_[at_]))
            ++at_;
        return at_ > start;
    }
    // A literal; the cursor moves only when it is there.
    bool literal(std::string_view s) noexcept {
        if (text_.substr(at_, s.size()) != s)
            return false;
        at_ += s.size();
        return true;
    }
    // One character of `set`, returned; '\0' (and no move) when the next one is not in it.
    char one_of(std::string_view set) noexcept {
        if (done() || set.find(text_[at_]) == std::string_view::npos)
            return '\0';
        return text_[at_++];
    }
    char peek() const noexcept { return done() ? '\0' : text_[at_]; }

private:
    std::string_view text_;
    std::size_t at_;
};

// sizeof\s*\(\s*\w+\s*\)\s*==\s*(\d)(?!\d) at `at`: the digit, or '\0' with no match.
inline char sizeof_equality_at(std::string_view text, std::size_t at, std::size_t& end) {
    Cursor c(text, at);
    if (!c.literal("sizeof"))
        return '\0';
    c.spaces();
    if (!c.literal("("))
        return '\0';
    c.spaces();
    if (!c.word())
        return '\0';
    c.spaces();
    if (!c.literal(")"))
        return '\0';
    c.spaces();
    if (!c.literal("=="))
        return '\0';
    c.spaces();
    const char digit = c.one_of("0123456789");
    if (digit == '\0' || Cursor::is_digit(c.peek()))
        return '\0';
    end = c.at();
    return digit;
}

// (u?char|u?short|u?int|float|double)
inline bool vector_scalar(Cursor& c) {
    Cursor unsigned_form = c;
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
    Cursor c(text, at);
    if (!c.literal("struct") || !c.some_spaces() || !c.word())
        return false;
    c.spaces();
    if (!c.literal("{"))
        return false;
    c.spaces();
    if (!c.literal("using") || !c.some_spaces() || !c.literal("type"))
        return false;
    c.spaces();
    if (!c.literal("="))
        return false;
    c.spaces();
    // Without `unsigned` the scalar would have to start at its 'u' and cannot: an optional
    // group with no way back.
    Cursor after_unsigned = c;
    if (after_unsigned.literal("unsigned") && after_unsigned.some_spaces())
        c = after_unsigned;
    if (!vector_scalar(c) || c.one_of("234") == '\0')
        return false;
    c.spaces();
    if (!c.literal(";"))
        return false;
    c.spaces();
    return c.literal("}");
}

} // namespace detail

// The N of every `sizeof(T) == N` in the text (a single digit not followed by another), as
// sizeof\s*\(\s*\w+\s*\)\s*==\s*(\d)(?!\d) finds them searching left to right.
inline std::set<int> sizeof_equality_widths(std::string_view text) {
    std::set<int> widths;
    for (std::size_t at = text.find("sizeof"); at != std::string_view::npos;) {
        std::size_t end = at + 1;
        if (const char digit = detail::sizeof_equality_at(text, at, end))
            widths.insert(digit - '0');
        at = text.find("sizeof", end);
    }
    return widths;
}

// Where each hand-written vector-type trait starts: the offsets of the matches of
// \bstruct\s+\w+\s*\{\s*using\s+type\s*=\s*(unsigned\s+)?(u?char|u?short|u?int|float|double)[234]\s*;\s*\}
inline std::vector<std::size_t> vector_trait_sites(std::string_view text) {
    std::vector<std::size_t> sites;
    for (std::size_t at = text.find("struct"); at != std::string_view::npos;
         at = text.find("struct", at + 1))
        if ((at == 0 || !detail::Cursor::is_word(text[at - 1])) &&
            detail::vector_trait_at(text, at))
            sites.push_back(at);
    return sites;
}

} // namespace odo::refactor::code_shapes
