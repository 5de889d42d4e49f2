#pragma once
// The refactor guideline's curated values (review-refactor.md §2.4): similarity threshold, block
// floor, the shared utilities a local helper must not shadow, and the duplicate allowlist. They
// live in the guideline document so they change with the policy, not with the tool.
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace odo::refactor {

struct Tunables {
    double threshold = 0.80;
    std::size_t min_block_lines = 6;
    std::set<std::string> shared_utils; // the layout's, plus the guideline's additions
    std::map<std::string, std::set<std::string>> allowlist; // op -> block names

    bool allowed(const std::string& op, const std::string& name) const {
        const auto it = allowlist.find(op);
        return it != allowlist.end() && it->second.count(name) > 0;
    }
};

namespace detail {

#if ODO_REFACTOR_DEFINITIONS
// The value after "<key>" and ':' or '=' (spaces allowed around it), up to the next space.
inline std::optional<std::string_view> setting(std::string_view doc, std::string_view key) {
    for (auto at = doc.find(key); at != std::string_view::npos; at = doc.find(key, at + 1)) {
        std::size_t i = at + key.size();
        while (i < doc.size() && (doc[i] == ' ' || doc[i] == '\t'))
            ++i;
        if (i >= doc.size() || (doc[i] != ':' && doc[i] != '='))
            continue;
        ++i;
        while (i < doc.size() && (doc[i] == ' ' || doc[i] == '\t'))
            ++i;
        std::size_t end = i;
        while (end < doc.size() &&
               (std::isdigit(static_cast<unsigned char>(doc[end])) || doc[end] == '.'))
            ++end;
        if (end > i)
            return doc.substr(i, end - i);
    }
    return std::nullopt;
}

// A ratio in (0, 1]: "0.80", ".85", "1", "1.0". Read as digits over a power of ten, one
// division, so ".85" is the double 0.85 is; std::stod would throw on "1" and 400 zeros.
inline std::optional<double> ratio_value(std::string_view text) {
    if (text.find_first_not_of("0123456789.") != std::string_view::npos ||
        text.find('.') != text.rfind('.') || text == ".")
        return std::nullopt;
    const auto dot = std::min(text.find('.'), text.size());
    std::string_view whole = text.substr(0, dot);
    std::string_view fraction = text.substr(std::min(dot + 1, text.size()));
    while (!whole.empty() && whole.front() == '0')
        whole.remove_prefix(1);
    while (!fraction.empty() && fraction.back() == '0')
        fraction.remove_suffix(1);
    if (whole == "1" && fraction.empty())
        return 1.0;
    if (!whole.empty() || fraction.empty() || fraction.size() > 15)
        return std::nullopt;
    double numerator = 0.0, denominator = 1.0;
    for (const char digit : fraction) {
        numerator = numerator * 10.0 + (digit - '0');
        denominator *= 10.0;
    }
    return numerator / denominator;
}

// Entry lines of the fenced block in the section opened by the line `heading`.
inline std::vector<std::string> section_entries(std::string_view doc, std::string_view heading) {
    std::vector<std::string> entries;
    bool in_section = false, in_fence = false;
    for (std::string_view raw : text::lines(doc)) {
        const std::string_view line = text::strip(raw);
        if (!in_fence && (text::starts_with(line, "###") || text::starts_with(line, "## ")))
            in_section = line == heading;
        else if (in_section && text::starts_with(line, "```"))
            in_fence = !in_fence;
        else if (in_section && in_fence && !line.empty() && line.front() != '#')
            entries.emplace_back(line);
    }
    return entries;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace detail

#if ODO_REFACTOR_DEFINITIONS
// The tunables the guideline document sets, over `defaults`. Utilities add to the default set;
// an allowlist line is "op: name, name". A value that does not parse keeps the default.
inline Tunables parse_tunables(std::string_view doc, Tunables defaults = {}) {
    Tunables t = std::move(defaults);
    if (auto value = detail::setting(doc, "similarity-threshold"))
        if (auto ratio = detail::ratio_value(*value))
            t.threshold = *ratio;
    if (auto value = detail::setting(doc, "min-block-lines");
        value && value->find('.') == std::string_view::npos && value->size() < 6) {
        const std::size_t lines = std::stoul(std::string(*value));
        if (lines >= 1)
            t.min_block_lines = lines;
    }
    for (const std::string& name : detail::section_entries(doc, "### Shared-util reference set"))
        t.shared_utils.insert(name);
    for (const std::string& entry : detail::section_entries(doc, "### Duplicate allowlist")) {
        const auto colon = entry.find(':');
        if (colon == std::string::npos)
            continue;
        const std::string op = text::lower(text::strip(std::string_view(entry).substr(0, colon)));
        std::string_view names = std::string_view(entry).substr(colon + 1);
        while (!names.empty()) {
            const auto comma = names.find(',');
            const std::string_view name = text::strip(names.substr(0, comma));
            if (!name.empty())
                t.allowlist[op].insert(std::string(name));
            names = comma == std::string_view::npos ? std::string_view() : names.substr(comma + 1);
        }
    }
    return t;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
