#pragma once
// Function bodies as refactor_op fingerprints them (review-refactor.md §2.5): every named body
// of at least `floor` non-empty lines, whitespace-collapsed, with the BLAKE2b-64 hashes of its
// 5-line windows ("shingles"). Two bodies are near-duplicates when the Jaccard index of their
// shingle sets reaches the threshold.
#include "odo/core/linkage.hpp"
#include "odo/refactor/blake2b.hpp"
#include "odo/refactor/code_text.hpp"
#include "odo/review/source_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace odo::refactor {

constexpr std::size_t shingle_k = 5;
// A body inside this many named bodies is no block of its own (its lines count in theirs): each
// line is fingerprinted a bounded number of times, so a source of bodies nested a thousand deep
// costs what a flat one does instead of its size times its depth.
constexpr std::size_t max_named_nesting = 4;

struct Block {
    std::string name;                    // the function's name, or "lambda"
    std::string path;                    // repository-relative file
    std::size_t start = 0;               // line of the opening brace
    std::size_t end = 0;                 // line of the closing brace
    std::size_t lines = 0;               // normalized body lines (not kept: the shingles are)
    std::vector<std::uint64_t> shingles; // sorted, unique
    std::size_t offset = 0;              // of the opening brace in strip_code's text
};

// |A ∩ B| / |A ∪ B| of two sorted sets; 0 when both are empty.
ODO_API double jaccard(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b);
// A ratio as the reports sort it (4 decimals) and print it (2 decimals).
ODO_API double sort_ratio(double r);
#if ODO_REFACTOR_DEFINITIONS
// The shingle set of normalized lines: one hash per window of `k` lines joined by '\n'; a body
// shorter than a window is one hash of the whole body, so short bodies match only exactly.
inline std::vector<std::uint64_t> shingles_of(const std::vector<std::string>& lines,
                                              std::size_t k = shingle_k) {
    std::vector<std::uint64_t> out;
    auto window = [&](std::size_t from, std::size_t count) {
        std::string text;
        for (std::size_t i = from; i < from + count; ++i)
            text += (i == from ? "" : "\n") + lines[i];
        return blake2b_64(text);
    };
    if (lines.empty())
        return out;
    if (lines.size() < k)
        out.push_back(window(0, lines.size()));
    else
        for (std::size_t i = 0; i + k <= lines.size(); ++i)
            out.push_back(window(i, k));
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

ODO_API double jaccard(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) {
    std::size_t common = 0;
    for (std::size_t i = 0, j = 0; i < a.size() && j < b.size();) {
        if (a[i] == b[j]) {
            ++common;
            ++i;
            ++j;
        } else if (a[i] < b[j]) {
            ++i;
        } else {
            ++j;
        }
    }
    const std::size_t all = a.size() + b.size() - common;
    return all == 0 ? 0.0 : static_cast<double>(common) / static_cast<double>(all);
}

ODO_API double sort_ratio(double r) {
    return std::round(r * 10000.0) / 10000.0;
}

inline std::string ratio_text(double r) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%.2f", r);
    return buffer;
}
#endif // ODO_REFACTOR_DEFINITIONS

namespace detail {

#if ODO_REFACTOR_DEFINITIONS
// Keywords whose parenthesis follows a function's own parameter list ("f() noexcept(true)",
// "auto f(x) -> decltype(y)"): the name is before an earlier parenthesis.
inline bool is_trailing_specifier(std::string_view word) {
    for (const char* w : {"decltype", "noexcept", "throw", "requires", "__attribute__", "alignas"})
        if (word == w)
            return true;
    return false;
}

inline bool is_control_keyword(std::string_view word) {
    for (const char* w :
         {"if", "for", "while", "switch", "catch", "else", "do", "return", "constexpr"})
        if (word == w)
            return true;
    return false;
}

// The '(' matching the ')' at `close`, or npos.
inline std::size_t matching_open(std::string_view s, std::size_t close) {
    int depth = 0;
    for (std::size_t i = close + 1; i-- > 0;) {
        if (s[i] == ')')
            ++depth;
        else if (s[i] == '(' && --depth == 0)
            return i;
    }
    return std::string_view::npos;
}

// The identifier ending just before `at` (spaces skipped), and where it starts.
inline std::string_view identifier_before(std::string_view s, std::size_t at, std::size_t& begin) {
    std::size_t end = at;
    while (end > 0 && std::isspace(static_cast<unsigned char>(s[end - 1])))
        --end;
    begin = end;
    while (begin > 0 && review::detail::is_identifier_char(s[begin - 1]))
        --begin;
    if (begin < end && std::isdigit(static_cast<unsigned char>(s[begin])))
        begin = end;
    return s.substr(begin, end - begin);
}

// What the code before a '{' opens: a named function body, "lambda", or nothing ("").
inline std::string body_name(std::string_view segment) {
    std::size_t close = segment.rfind(')');
    while (close != std::string_view::npos) {
        const std::size_t open = matching_open(segment, close);
        if (open == std::string_view::npos)
            return {};
        std::size_t end = open;
        while (end > 0 && std::isspace(static_cast<unsigned char>(segment[end - 1])))
            --end;
        if (end > 0 && segment[end - 1] == ']')
            return "lambda";
        std::size_t begin = 0;
        const std::string_view name = identifier_before(segment, open, begin);
        if (name.empty() || is_control_keyword(name))
            return {};
        if (!is_trailing_specifier(name))
            return std::string(name);
        close = begin == 0 ? std::string_view::npos : segment.rfind(')', begin - 1);
    }
    return {};
}

inline std::vector<std::string> normalized_lines(std::string_view body) {
    std::vector<std::string> out;
    for (std::string_view line : text::lines(body)) {
        std::string normal = collapse_whitespace(line);
        if (!normal.empty())
            out.push_back(std::move(normal));
    }
    return out;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace detail

#if ODO_REFACTOR_DEFINITIONS
// The named bodies of one C++ source of at least `floor` normalized lines, in the order their
// closing braces appear (nested bodies before the bodies containing them).
inline std::vector<Block> extract_blocks(std::string_view source, std::string_view path,
                                         std::size_t floor) {
    const std::string code = strip_code(source);
    struct Open {
        std::string name;
        std::size_t offset;
        std::size_t line;
    };
    std::vector<Open> stack;
    std::vector<Block> blocks;
    std::size_t segment = 0, line = 1, named = 0;
    int parens = 0;
    for (std::size_t i = 0; i < code.size(); ++i) {
        const char c = code[i];
        if (c == '\n') {
            ++line;
        } else if (c == '(') {
            ++parens;
        } else if (c == ')') {
            parens = std::max(parens - 1, 0);
        } else if (c == ';' && parens == 0) {
            segment = i + 1;
        } else if (c == '{') {
            std::string name =
                parens == 0 && named < max_named_nesting
                    ? detail::body_name(std::string_view(code).substr(segment, i - segment))
                    : std::string();
            named += !name.empty();
            stack.push_back({std::move(name), i, line});
            if (parens == 0)
                segment = i + 1;
        } else if (c == '}') {
            if (!stack.empty()) {
                const Open open = stack.back();
                stack.pop_back();
                if (!open.name.empty()) {
                    --named;
                    const auto lines = detail::normalized_lines(
                        std::string_view(code).substr(open.offset + 1, i - open.offset - 1));
                    if (lines.size() >= floor && !lines.empty())
                        blocks.push_back({open.name, std::string(path), open.line, line,
                                          lines.size(), shingles_of(lines), open.offset});
                }
            }
            if (parens == 0)
                segment = i + 1;
        }
    }
    return blocks;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
