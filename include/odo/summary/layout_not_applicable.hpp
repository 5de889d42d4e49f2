#pragma once
// The Layout comparison of an operator without planar layouts: one line instead of a table whose
// every cell is n/a. odo's form of the v1 section (docs/summary.md, docs/compat.md): the
// reference's parser wants the table, so the summary phase writes this line only for a library
// that does not use CV-CUDA's tools (Layout::tooling), and only when the operator declares
// planar layouts not applicable and no case pairs with a planar one.
#include "odo/core/linkage.hpp"
#include "odo/summary/tables.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::summary {

inline constexpr std::string_view layout_not_applicable_prefix = "Not applicable: ";

#if ODO_SUMMARY_DEFINITIONS
// Whether no row compares anything: every cell n/a.
inline bool all_not_available(const std::vector<LayoutRow>& rows) {
    return std::all_of(rows.begin(), rows.end(),
                       [](const LayoutRow& r) { return !r.before && !r.after; });
}

// The text after the prefix, from the header's Reason.
inline std::string layout_not_applicable_text(std::string_view reason) {
    return "the operator declares planar image layouts not applicable (Reason: " +
           std::string(reason) + "), so no case has a planar counterpart to compare.";
}

// The section's one line, or nullopt when the section is not in this form.
inline std::optional<std::string>
layout_not_applicable_line(const std::vector<std::string_view>& lines) {
    if (lines.size() != 1 ||
        lines.front().substr(0, layout_not_applicable_prefix.size()) !=
            layout_not_applicable_prefix ||
        lines.front().size() == layout_not_applicable_prefix.size())
        return std::nullopt;
    return std::string(lines.front().substr(layout_not_applicable_prefix.size()));
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
