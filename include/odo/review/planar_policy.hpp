#pragma once
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace odo::review {

// Planar layouts are required by default; an operator opts out in its public header with
//     * Planar image layouts: Not applicable
//     * Reason: <why>
// (review-refactor.md §1.6.3).
struct PlanarPolicy {
    bool not_applicable = false; // a valid opt-out
    std::string reason;
    std::size_t line = 0; // 1-based line of the declaration, when there is one
    std::string error;    // non-empty when a declaration is malformed
};

namespace detail {

#if ODO_REVIEW_DEFINITIONS
// A header line without its comment decoration: leading blanks, then "/*…" or a run of '*',
// then one blank.
inline std::string_view undecorated(std::string_view line) {
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t' || line.front() == '\r'))
        line.remove_prefix(1);
    if (text::starts_with(line, "/*"))
        line.remove_prefix(1);
    while (!line.empty() && line.front() == '*')
        line.remove_prefix(1);
    if (!line.empty() && (line.front() == ' ' || line.front() == '\t'))
        line.remove_prefix(1);
    return line;
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace detail

#if ODO_REVIEW_DEFINITIONS
inline PlanarPolicy parse_planar_policy(std::string_view header) {
    constexpr std::string_view label = "Planar image layouts:";
    constexpr std::string_view reason_label = "Reason:";
    const auto lines = text::lines(header);
    PlanarPolicy policy;
    std::size_t found = lines.size();
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (!text::starts_with(detail::undecorated(lines[i]), label))
            continue;
        if (found != lines.size()) {
            policy.error = "declare 'Planar image layouts' exactly once";
            return policy;
        }
        found = i;
    }
    if (found == lines.size())
        return policy;
    policy.line = found + 1;
    const std::string_view value =
        text::strip(detail::undecorated(lines[found]).substr(label.size()));
    if (value != "Not applicable") {
        policy.error = "'Planar image layouts' accepts only 'Not applicable', not '" +
                       std::string(value) + "'";
        return policy;
    }
    for (std::size_t i = found + 1; i < lines.size(); ++i) {
        const std::string_view next = text::strip(detail::undecorated(lines[i]));
        if (next.empty())
            continue;
        if (text::starts_with(next, reason_label)) {
            policy.reason = std::string(text::strip(next.substr(reason_label.size())));
            policy.not_applicable = !policy.reason.empty();
        }
        break;
    }
    if (!policy.not_applicable)
        policy.error = "a planar inapplicability declaration requires a Reason";
    return policy;
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace odo::review
