#pragma once
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace odo::repo {

// Operator keys in lower case ("hqresize"), sorted. The gates take the universe from the bench
// manifest's keys; review-style resolution takes it from the public headers.
using OperatorSet = std::set<std::string>;

// The operator a file name body names exactly (review-refactor.md §4.3, `_exact_owner`): its
// flattened text is an operator, or is one after removing the longest name suffix it ends with
// (only that one suffix is tried). No prefix search: "resize_experimental" names nothing.
ODO_API std::optional<std::string> exact_owner(std::string_view body, const OperatorSet& ops,
                                               const std::vector<std::string>& name_suffixes);
#if ODO_REPO_DEFINITIONS
// The longest operator whose name starts `key`, or nullopt. `key` is already flattened.
inline std::optional<std::string> longest_prefix_operator(std::string_view key,
                                                          const OperatorSet& ops) {
    std::optional<std::string> best;
    for (const auto& op : ops)
        if (text::starts_with(key, op) && (!best || op.size() > best->size()))
            best = op;
    return best;
}

// Longest-prefix ownership of a legacy kernel (review-refactor.md §4.1): the file stem without
// underscores, lower-cased, belongs to `op` when it starts with `op` and no longer operator name
// also starts it. "pillow_resize" belongs to pillowresize, not resize.
inline bool legacy_belongs(std::string_view file_stem, std::string_view op,
                           const OperatorSet& all_ops) {
    std::string key;
    for (char c : text::lower(file_stem))
        if (c != '_')
            key += c;
    if (!text::starts_with(key, op))
        return false;
    return std::none_of(all_ops.begin(), all_ops.end(), [&](const std::string& other) {
        return other.size() > op.size() && text::starts_with(key, other);
    });
}

ODO_API std::optional<std::string> exact_owner(std::string_view body, const OperatorSet& ops,
                                               const std::vector<std::string>& name_suffixes) {
    if (std::string key = text::flat(body); ops.count(key))
        return key;
    std::vector<std::string> longest_first = name_suffixes;
    std::stable_sort(
        longest_first.begin(), longest_first.end(),
        [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
    for (const auto& suffix : longest_first) {
        if (!suffix.empty() && text::ends_with(body, suffix)) {
            std::string key = text::flat(body.substr(0, body.size() - suffix.size()));
            if (ops.count(key))
                return key;
            return std::nullopt;
        }
    }
    return std::nullopt;
}
#endif // ODO_REPO_DEFINITIONS

} // namespace odo::repo
