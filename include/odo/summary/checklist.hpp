#pragma once
#include "odo/core/linkage.hpp"
#include "odo/summary/python_text.hpp"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::summary {

// The six evidence items, in the order the block lists them.
inline constexpr std::array<std::string_view, 6> checklist_labels{"Pixelwise equality to reference",
                                                                  "Memory-footprint checks",
                                                                  "Baselines updated",
                                                                  "Baseline validation",
                                                                  "Lead exhaustion",
                                                                  "Review/refactor gate"};

inline constexpr std::string_view checklist_placeholder_evidence =
    "<add hard evidence before checking>";

// U+2014 EM DASH between the label and the evidence.
inline constexpr std::string_view checklist_separator = " \xE2\x80\x94 ";

struct ChecklistItem {
    std::string label;
    bool checked = false;
    std::string evidence;

    friend bool operator==(const ChecklistItem& a, const ChecklistItem& b) {
        return a.label == b.label && a.checked == b.checked && a.evidence == b.evidence;
    }
};

// What a new summary starts with: every item unchecked, asking for evidence.
ODO_API std::vector<ChecklistItem> placeholder_checklist();
#if ODO_SUMMARY_DEFINITIONS
ODO_API std::vector<ChecklistItem> placeholder_checklist() {
    std::vector<ChecklistItem> items;
    for (std::string_view label : checklist_labels)
        items.push_back({std::string(label), false, std::string(checklist_placeholder_evidence)});
    return items;
}

inline bool has_canonical_labels(const std::vector<ChecklistItem>& items) {
    if (items.size() != checklist_labels.size())
        return false;
    for (std::size_t i = 0; i < items.size(); ++i)
        if (items[i].label != checklist_labels[i])
            return false;
    return true;
}

// "- [x] **label** — evidence"; the generator always writes a lowercase x.
inline std::string checklist_line(const ChecklistItem& item) {
    return std::string(item.checked ? "- [x] **" : "- [ ] **") + item.label + "**" +
           std::string(checklist_separator) + item.evidence;
}

// `^- \[([ xX])\] \*\*([^*\r\n]+)\*\* — (.+?)\s*$` on one line; the evidence is stripped and
// must not be empty.
inline std::optional<ChecklistItem> parse_checklist_line(std::string_view line) {
    if (line.size() < 8 || line.substr(0, 3) != "- [" || line.substr(4, 4) != "] **")
        return std::nullopt;
    const char mark = line[3];
    if (mark != ' ' && mark != 'x' && mark != 'X')
        return std::nullopt;
    const std::string_view rest = line.substr(8);
    const std::size_t star = rest.find('*');
    if (star == 0 || star == std::string_view::npos || rest.substr(star, 2) != "**")
        return std::nullopt;
    const std::string_view after = rest.substr(star + 2);
    if (after.substr(0, checklist_separator.size()) != checklist_separator)
        return std::nullopt;
    const std::string_view evidence = pytext::strip(after.substr(checklist_separator.size()));
    if (evidence.empty())
        return std::nullopt;
    return ChecklistItem{std::string(rest.substr(0, star)), mark != ' ', std::string(evidence)};
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
