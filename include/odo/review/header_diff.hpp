#pragma once
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace odo::review {

// The public C/C++ header comparison of ODO-5 (review-refactor.md §3.2): the lines a unified
// diff adds or removes, and which of them touch a declared signature.

// One added ('+') or removed ('-') line of a diff; `text` is the content without the sign.
struct DiffLine {
    char sign = '+';
    std::string text;
};

namespace detail {

#if ODO_REVIEW_DEFINITIONS
// "@@ -a[,b] +c[,d] @@ ..." -> the old and new line counts (b, d; 1 when omitted).
inline std::optional<std::pair<std::size_t, std::size_t>> hunk_counts(std::string_view header) {
    auto range_count = [&](char sign) -> std::optional<std::size_t> {
        const auto at = header.find(std::string(" ") + sign);
        if (at == std::string_view::npos)
            return std::nullopt;
        std::size_t i = at + 2;
        const std::size_t start = i;
        while (i < header.size() && header[i] >= '0' && header[i] <= '9')
            ++i;
        if (i == start)
            return std::nullopt;
        if (i >= header.size() || header[i] != ',')
            return 1;
        const std::size_t count_start = ++i;
        while (i < header.size() && header[i] >= '0' && header[i] <= '9')
            ++i;
        if (i == count_start || i - count_start > 9)
            return std::nullopt;
        return std::stoul(std::string(header.substr(count_start, i - count_start)));
    };
    const auto old_count = range_count('-');
    const auto new_count = range_count('+');
    if (!old_count || !new_count)
        return std::nullopt;
    return std::make_pair(*old_count, *new_count);
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace detail

// The added and removed lines of a unified diff (any number of files), read hunk by hunk with the
// hunk's line counts, so content that begins with "--" or "++" is still a changed line and the
// "---"/"+++" file headers never are (gates.md §8.20). nullopt when a hunk is malformed.
ODO_API std::optional<std::vector<DiffLine>> changed_lines(std::string_view patch);
// The changed lines that touch a signature, in diff order.
ODO_API std::vector<DiffLine> signature_lines(const std::vector<DiffLine>& changed,
                                              const std::vector<std::string>& tokens);
#if ODO_REVIEW_DEFINITIONS
ODO_API std::optional<std::vector<DiffLine>> changed_lines(std::string_view patch) {
    std::vector<DiffLine> out;
    std::size_t old_left = 0, new_left = 0;
    for (std::string_view line : text::lines(patch)) {
        if (old_left == 0 && new_left == 0) {
            if (!text::starts_with(line, "@@ "))
                continue; // file headers between hunks
            const auto counts = detail::hunk_counts(line);
            if (!counts)
                return std::nullopt;
            std::tie(old_left, new_left) = *counts;
            continue;
        }
        const char sign = line.empty() ? ' ' : line.front();
        if (sign == '\\')
            continue; // "\ No newline at end of file"
        if ((sign == '-' || sign == ' ') && old_left == 0)
            return std::nullopt;
        if ((sign == '+' || sign == ' ') && new_left == 0)
            return std::nullopt;
        old_left -= sign != '+';
        new_left -= sign != '-';
        if (sign == '+' || sign == '-')
            out.push_back({sign, std::string(line.substr(1))});
        else if (sign != ' ')
            return std::nullopt;
    }
    if (old_left != 0 || new_left != 0)
        return std::nullopt;
    return out;
}

// Whether a line holds one of the layout's signature tokens. A token ending in '(' also matches
// with spaces before the parenthesis ("Submit (").
inline bool has_signature_token(std::string_view line, const std::vector<std::string>& tokens) {
    for (const std::string& token : tokens) {
        if (token.empty())
            continue;
        if (token.back() != '(') {
            if (line.find(token) != std::string_view::npos)
                return true;
            continue;
        }
        const std::string_view word = std::string_view(token).substr(0, token.size() - 1);
        for (auto at = line.find(word); at != std::string_view::npos;
             at = line.find(word, at + 1)) {
            std::size_t i = at + word.size();
            while (i < line.size() && line[i] == ' ')
                ++i;
            if (i < line.size() && line[i] == '(')
                return true;
        }
    }
    return false;
}

ODO_API std::vector<DiffLine> signature_lines(const std::vector<DiffLine>& changed,
                                              const std::vector<std::string>& tokens) {
    std::vector<DiffLine> out;
    for (const DiffLine& line : changed)
        if (has_signature_token(line.text, tokens))
            out.push_back(line);
    return out;
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace odo::review
