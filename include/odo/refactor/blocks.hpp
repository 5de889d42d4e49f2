#pragma once
// Function bodies as refactor_op fingerprints them (review-refactor.md §2.5): every named body
// of at least `floor` non-empty lines, whitespace-collapsed, with the keys of its 5-line windows
// ("shingles", window_key.hpp). Two bodies are near-duplicates when the Jaccard index of their
// shingle sets reaches the threshold.
#include "odo/core/linkage.hpp"
#include "odo/refactor/brace_walk.hpp"
#include "odo/refactor/code_text.hpp"
#include "odo/refactor/unnamed_namespace.hpp"
#include "odo/refactor/window_key.hpp"
#include "odo/review/source_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
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
    bool macro = false; // the body of a function-like macro (`#define name(...) ... {`)
    BodyScope scope = BodyScope::nested; // namespace scope or not (RED-11's internal functions)
};

// |A ∩ B| / |A ∪ B| of two sorted sets; 0 when both are empty.
ODO_API double jaccard(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b);
// How many elements of a set of `n` a search must look up to find every set whose jaccard with it
// reaches `threshold` (> 0): a set holding none of some `p` of them shares at most n - p, so its
// ratio, as jaccard computes it in doubles, is at most (n - p) / n, which is below the threshold.
// The other lookups could only find sets below it.
ODO_API std::size_t jaccard_probes(std::size_t n, double threshold);
// A ratio as the reports sort it (4 decimals) and print it (2 decimals).
ODO_API double sort_ratio(double r);
#if ODO_REFACTOR_DEFINITIONS
// The shingle set of a body's line keys: one key per window of `k` lines; a body shorter than a
// window is one key of the whole body, so short bodies match only exactly.
inline std::vector<std::uint64_t> shingles_of_keys(const std::vector<std::uint64_t>& keys,
                                                   std::size_t k = shingle_k) {
    std::vector<std::uint64_t> out;
    if (keys.empty())
        return out;
    if (keys.size() < k)
        out.push_back(window_key(keys.data(), keys.size()));
    else
        for (std::size_t i = 0; i + k <= keys.size(); ++i)
            out.push_back(window_key(keys.data() + i, k));
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

// The shingle set of normalized lines.
inline std::vector<std::uint64_t> shingles_of(const std::vector<std::string>& lines,
                                              std::size_t k = shingle_k) {
    std::vector<std::uint64_t> keys;
    for (const std::string& line : lines)
        keys.push_back(line_key(line).key);
    return shingles_of_keys(keys, k);
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

ODO_API std::size_t jaccard_probes(std::size_t n, double threshold) {
    std::size_t p = std::min<std::size_t>(n, 1);
    while (p < n && static_cast<double>(n - p) / static_cast<double>(n) >= threshold)
        ++p;
    return p;
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

// Whether the identifier at `begin` is the name a `#define` on its line introduces.
inline bool defines_macro(std::string_view s, std::size_t begin) {
    auto skip_blanks = [&](std::size_t at) {
        while (at > 0 && (s[at - 1] == ' ' || s[at - 1] == '\t'))
            --at;
        return at;
    };
    const std::size_t define_end = skip_blanks(begin);
    constexpr std::string_view define = "define";
    if (define_end < define.size() || s.substr(define_end - define.size(), define.size()) != define)
        return false;
    const std::size_t hash = skip_blanks(define_end - define.size());
    if (hash == 0 || s[hash - 1] != '#')
        return false;
    const std::size_t line_start = skip_blanks(hash - 1);
    return line_start == 0 || s[line_start - 1] == '\n';
}

struct BodyName {
    std::string name; // a function's, "lambda", or "" when the '{' opens no named body
    bool macro = false;
};

// What the code before a '{' opens: a named function body, "lambda", or nothing ("").
inline BodyName body_name(std::string_view segment) {
    std::size_t close = segment.rfind(')');
    while (close != std::string_view::npos) {
        const std::size_t open = matching_open(segment, close);
        if (open == std::string_view::npos)
            return {};
        std::size_t end = open;
        while (end > 0 && std::isspace(static_cast<unsigned char>(segment[end - 1])))
            --end;
        if (end > 0 && segment[end - 1] == ']')
            return {"lambda"};
        std::size_t begin = 0;
        const std::string_view name = identifier_before(segment, open, begin);
        if (name.empty() || is_control_keyword(name))
            return {};
        if (!is_trailing_specifier(name))
            return {std::string(name), defines_macro(segment, begin)};
        close = begin == 0 ? std::string_view::npos : segment.rfind(')', begin - 1);
    }
    return {};
}

// A body's lines as the reference fingerprints them (line_keys keys them without building them).
inline std::vector<std::string> normalized_lines(std::string_view body) {
    std::vector<std::string> out;
    for (std::string_view line : text::lines(body)) {
        std::string normal = collapse_whitespace(line);
        if (!normal.empty())
            out.push_back(std::move(normal));
    }
    return out;
}

// The keys of the normalized non-empty lines of a text.
inline std::vector<std::uint64_t> line_keys(std::string_view text) {
    std::vector<std::uint64_t> out;
    for (std::string_view line : text::lines(text))
        if (const LineKey k = line_key(line); !k.empty)
            out.push_back(k.key);
    return out;
}

// A file's normalized non-empty lines ("rows"), the key of each and of every window of
// `shingle_k` consecutive rows, computed once. A body's shingles are the windows of the rows inside
// it plus at most two that touch its partial first and last lines, so a body inside others is not
// keyed again for each of them.
class FileWindows {
public:
    explicit FileWindows(std::string_view code) : code_(code) {
        for (std::size_t start = 0, line = 1;; ++line) {
            const std::size_t nl = std::min(code.find('\n', start), code.size());
            starts_.push_back(start);
            if (const LineKey k = line_key(code.substr(start, nl - start)); !k.empty) {
                rows_.push_back(line);
                keys_.push_back(k.key);
                if (keys_.size() >= shingle_k)
                    windows_.push_back(window_key(&keys_[keys_.size() - shingle_k], shingle_k));
            }
            if (nl == code.size())
                break;
            start = nl + 1;
        }
    }

    // The normalized line count and the shingles of the body from the '{' at `open` on line
    // `first` to the '}' at `close` on line `last`: what line_keys and shingles_of_keys give for
    // its text.
    std::pair<std::size_t, std::vector<std::uint64_t>>
    body(std::size_t open, std::size_t first, std::size_t close, std::size_t last) const {
        if (first == last) {
            const auto keys = line_keys(code_.substr(open + 1, close - open - 1));
            return {keys.size(), shingles_of_keys(keys)};
        }
        const LineKey head = line_key(code_.substr(open + 1, starts_[first] - 1 - open - 1));
        const LineKey tail = line_key(code_.substr(starts_[last - 1], close - starts_[last - 1]));
        const std::size_t a = row_from(first + 1), b = row_from(last);
        const std::size_t f = !head.empty, total = f + (b - a) + !tail.empty;
        auto keys = [&](std::size_t from, std::size_t count) {
            std::vector<std::uint64_t> out;
            for (std::size_t p = from; p < from + count; ++p)
                out.push_back(f && p == 0                     ? head.key
                              : !tail.empty && p == total - 1 ? tail.key
                                                              : keys_[a + p - f]);
            return out;
        };
        std::vector<std::uint64_t> out;
        if (total > 0 && total < shingle_k)
            out.push_back(window_key(keys(0, total).data(), total));
        if (total >= shingle_k) {
            if (b - a >= shingle_k)
                out.insert(out.end(), windows_.begin() + static_cast<std::ptrdiff_t>(a),
                           windows_.begin() + static_cast<std::ptrdiff_t>(b - shingle_k + 1));
            if (f)
                out.push_back(window_key(keys(0, shingle_k).data(), shingle_k));
            if (!tail.empty && !(f && total == shingle_k))
                out.push_back(window_key(keys(total - shingle_k, shingle_k).data(), shingle_k));
        }
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return {total, std::move(out)};
    }

    // The line, 1-based, of the byte at `offset`.
    std::size_t line_of(std::size_t offset) const {
        return static_cast<std::size_t>(std::upper_bound(starts_.begin(), starts_.end(), offset) -
                                        starts_.begin());
    }

private:
    // The first row on `line` or after it.
    std::size_t row_from(std::size_t line) const {
        return static_cast<std::size_t>(std::lower_bound(rows_.begin(), rows_.end(), line) -
                                        rows_.begin());
    }

    std::string_view code_;
    std::vector<std::size_t> starts_;    // of each line
    std::vector<std::size_t> rows_;      // their lines, 1-based
    std::vector<std::uint64_t> keys_;    // of each row
    std::vector<std::uint64_t> windows_; // from each row that starts a whole window
};
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace detail

#if ODO_REFACTOR_DEFINITIONS
// The named bodies of at least `floor` normalized lines in a source as strip_code returns it, in
// the order their closing braces appear (nested bodies before the bodies containing them).
inline std::vector<Block> extract_stripped_blocks(std::string_view code, std::string_view path,
                                                  std::size_t floor) {
    struct Open {
        detail::BodyName body;
        std::size_t offset;
        std::size_t line; // a named body's
        BodyScope scope;
    };
    std::vector<Open> stack;
    std::vector<Block> blocks;
    // Built at the first named body: only a named body's braces need their lines.
    std::optional<detail::FileWindows> windows;
    NamespaceScopes scopes;
    std::size_t named = 0;
    auto line_at = [&](std::size_t offset) {
        if (!windows)
            windows.emplace(code);
        return windows->line_of(offset);
    };
    auto open = [&](std::size_t offset, std::optional<std::string_view> segment) {
        detail::BodyName body =
            segment && named < max_named_nesting ? detail::body_name(*segment) : detail::BodyName{};
        const bool is_named = !body.name.empty();
        named += is_named;
        const BodyScope scope = scopes.open(segment);
        stack.push_back({std::move(body), offset, is_named ? line_at(offset) : 0, scope});
    };
    auto close = [&](std::size_t offset) {
        scopes.close();
        if (stack.empty())
            return;
        const Open o = std::move(stack.back());
        stack.pop_back();
        if (o.body.name.empty())
            return;
        --named;
        const std::size_t last = line_at(offset);
        auto [lines, shingles] = windows->body(o.offset, o.line, offset, last);
        if (lines >= floor && lines > 0)
            blocks.push_back({o.body.name, std::string(path), o.line, last, lines,
                              std::move(shingles), o.offset, o.body.macro, o.scope});
    };
    walk_braces(code, open, close);
    return blocks;
}

// The named bodies of one C++ source.
inline std::vector<Block> extract_blocks(std::string_view source, std::string_view path,
                                         std::size_t floor) {
    return extract_stripped_blocks(strip_code(source), path, floor);
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
