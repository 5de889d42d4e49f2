#pragma once
// A cursor over author-written text for readers that match a fixed shape by hand (the
// Review/refactor gate line, the dispatch guards and vector traits of assess, PTX statements). Not
// std::regex: libstdc++'s matcher recurses once per character a quantifier consumes, so a long run
// of blanks or capitals in an MR description or a source file overflowed the stack. Each step
// consumes what it reads or fails without moving; character classes are ASCII, as \s \w \d in
// the "C" locale.
#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>

namespace odo::text {

inline bool is_ascii_space(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

inline bool is_ascii_digit(char c) noexcept {
    return c >= '0' && c <= '9';
}

inline bool is_ascii_word(char c) noexcept {
    return is_ascii_digit(c) || c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

class TextCursor {
public:
    TextCursor(std::string_view text, std::size_t at) : text_(text), at_(at) {}

    std::size_t position() const noexcept { return at_; }
    char peek() const noexcept { return at_ < text_.size() ? text_[at_] : '\0'; }

    bool literal(std::string_view word) noexcept {
        if (text_.substr(at_, word.size()) != word)
            return false;
        at_ += word.size();
        return true;
    }

    // The longest run (at most `most`) of characters `accept` takes, into `out`; false, and no
    // move, when it is shorter than `least`.
    template <class Accept>
    bool run(std::size_t least, std::size_t most, Accept accept, std::string& out) {
        const std::size_t start = at_;
        if (!skip(least, most, accept))
            return false;
        out = std::string(text_.substr(start, at_ - start));
        return true;
    }

    // The same run, not kept.
    template <class Accept>
    bool skip(std::size_t least, std::size_t most, Accept accept) noexcept {
        std::size_t end = at_;
        while (end < text_.size() && end - at_ < most && accept(text_[end]))
            ++end;
        if (end - at_ < least)
            return false;
        at_ = end;
        return true;
    }

    // \s* (always true) and \s+.
    bool spaces(std::size_t least = 0) noexcept {
        return skip(least, std::string_view::npos, is_ascii_space);
    }

    // The first of `words` at the cursor, into `out`.
    bool one_of(std::initializer_list<std::string_view> words, std::string& out) {
        for (const std::string_view word : words)
            if (literal(word)) {
                out = std::string(word);
                return true;
            }
        return false;
    }

private:
    std::string_view text_;
    std::size_t at_;
};

} // namespace odo::text
