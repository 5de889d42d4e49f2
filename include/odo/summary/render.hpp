#pragma once
// Prints a block in the canonical v1 layout (summary.md §2.1) and joins it with the text
// around it.
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/summary/canonical_text.hpp"
#include "odo/summary/checklist.hpp"
#include "odo/summary/description_text.hpp"
#include "odo/summary/document.hpp"
#include "odo/summary/layout_not_applicable.hpp"
#include "odo/summary/markers.hpp"
#include "odo/summary/metadata.hpp"
#include "odo/summary/python_text.hpp"
#include "odo/summary/statistics.hpp"
#include "odo/summary/tables.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace odo::summary {

#if ODO_SUMMARY_DEFINITIONS
inline std::string status_line(const Metadata& m) {
    const std::string dot = " " + std::string(middle_dot) + " ";
    return "> " + std::string(status_phrase(m.state)) + dot + "base `" +
           m.baseline_commit.substr(0, 12) + "`" + dot + "candidate `" +
           m.candidate_commit.substr(0, 12) + "`";
}

// The warning a non-reference SKU's results carry; `reference_labels` are every configured
// reference SKU's label, in label order.
inline std::string local_sku_warning(std::string_view local_label,
                                     const std::vector<std::string>& reference_labels) {
    const std::string required =
        reference_labels.empty() ? "reference-SKU" : text::join(reference_labels, " and ");
    return "> " + std::string(warning_sign) + " **" + std::string(local_gpu_marker) +
           ":** Results from " + std::string(local_label) +
           " are provisional and cannot satisfy final readiness; final " + required +
           " statistics are still required.";
}
#endif // ODO_SUMMARY_DEFINITIONS

namespace detail {

#if ODO_SUMMARY_DEFINITIONS
inline std::string stats_cell(const Stats& s, std::string_view unit) {
    const std::string u(unit);
    return cell_number(s.min) + u + " / " + cell_number(s.median) + u + " / " + cell_number(s.max) +
           u;
}

inline std::string impact_line(const ImpactRow& row) {
    std::string line = "| " + row.sku + " | " + std::string(to_string(row.scope)) + " | " +
                       std::to_string(row.count) + " |";
    if (row.values.size() == 1) {
        for (const Decimal* v : {&row.values[0].min, &row.values[0].median, &row.values[0].max})
            line += " " + cell_number(*v) + "x |";
        return line;
    }
    for (const Stats& s : row.values)
        line += " " + stats_cell(s, microseconds) + " |";
    return line;
}

inline std::string layout_cell(const std::optional<Stats>& s) {
    return s ? stats_cell(*s, "x") : std::string(na_stats);
}

inline std::string layout_line(const LayoutRow& row) {
    return "| " + row.sku + " | " + std::string(to_string(row.comparison)) + " | " +
           layout_cell(row.before) + " | " + layout_cell(row.after) + " |";
}

inline std::string table_header_line(const std::vector<std::string>& cells) {
    return "| " + text::join(cells, " | ") + " |";
}

// Appends multi-line text as separate lines, so the whole block uses one line break.
inline void append_text(std::vector<std::string>& lines, std::string_view text) {
    for (const pytext::Line& line : pytext::split_lines(pytext::trim_blank_lines(text)))
        lines.emplace_back(line.text);
}

inline void append_preamble(std::vector<std::string>& out, const Metadata& m,
                            const SummaryBody& b) {
    if (!pytext::strip(b.lead_text).empty()) {
        append_text(out, b.lead_text);
        out.emplace_back();
    }
    out.push_back("## " + title_heading(m.operator_name));
    out.emplace_back();
    out.push_back(b.status_line);
    for (const std::string& warning : b.warnings) {
        out.emplace_back();
        out.push_back(warning);
    }
    out.emplace_back();
    if (!pytext::strip(b.preamble_notes).empty()) {
        append_text(out, b.preamble_notes);
        out.emplace_back();
    }
    out.push_back(std::string(bottleneck_prefix) + std::string(to_string(b.bottleneck)) + "**");
    out.emplace_back();
    append_text(out, b.profile_evidence);
    out.emplace_back();
}

inline void append_scope(std::vector<std::string>& out, const SummaryBody& b) {
    out.push_back("### Scope");
    out.emplace_back();
    out.push_back(std::string(count_prefix) + std::to_string(b.optimized_count) + " / " +
                  std::to_string(b.total_count) + " total");
    out.emplace_back();
    out.emplace_back(categories_label);
    out.emplace_back();
    for (const std::string& category : b.categories)
        out.push_back("- `" + category + "`");
    out.emplace_back();
}

inline void append_tables(std::vector<std::string>& out, const Metadata& m, const SummaryBody& b) {
    out.push_back("### Impact");
    out.emplace_back();
    out.emplace_back(impact_explanation(m.impact_metric));
    out.emplace_back();
    out.push_back(table_header_line(impact_header(m.impact_metric)));
    out.emplace_back(impact_separator);
    for (const ImpactRow& row : b.impact_rows)
        out.push_back(impact_line(row));
    out.emplace_back();
    out.push_back("### Layout comparison");
    out.emplace_back();
    if (!b.layout_not_applicable.empty()) {
        out.push_back(std::string(layout_not_applicable_prefix) + b.layout_not_applicable);
        out.emplace_back();
        return;
    }
    out.emplace_back(layout_explanation);
    out.emplace_back();
    out.push_back(table_header_line(layout_header()));
    out.emplace_back(layout_separator);
    for (const LayoutRow& row : b.layout_rows)
        out.push_back(layout_line(row));
    out.emplace_back();
}

inline void append_evidence(std::vector<std::string>& out, const SummaryBody& b) {
    out.push_back("### Evidence checklist");
    out.emplace_back();
    for (const ChecklistItem& item : b.checklist)
        out.push_back(checklist_line(item));
    out.emplace_back();
    out.push_back("### Top learnings");
    out.emplace_back();
    for (const std::string& learning : b.learnings)
        out.push_back("- " + std::string(pytext::strip(learning)));
}

inline bool ends_with_line_break(std::string_view s) {
    for (std::size_t k = 1; k <= 3 && k <= s.size(); ++k)
        if (pytext::line_break_at(s, s.size() - k) == k)
            return true;
    return false;
}

inline bool starts_with_line_break(std::string_view s) {
    return !s.empty() && pytext::line_break_at(s, 0) != 0;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace detail

#if ODO_SUMMARY_DEFINITIONS
// The block from its start marker to its end marker, lines joined by `newline`, without a
// trailing line break.
inline std::string render_block(const Metadata& m, const SummaryBody& b, const Markers& markers,
                                std::string_view newline = "\n") {
    std::vector<std::string> lines{markers.start_line(metadata_json(m))};
    detail::append_preamble(lines, m, b);
    detail::append_scope(lines, b);
    detail::append_tables(lines, m, b);
    detail::append_evidence(lines, b);
    lines.push_back(markers.end_line());
    return text::join(lines, newline);
}

// prefix + block + suffix, with a line break added where neither side has one. A suffix that
// starts with "\r\n" already has one (the reference added a stray "\n" there, §8.1).
inline std::string join_description(std::string_view prefix, std::string_view block,
                                    std::string_view suffix, std::string_view newline = "\n") {
    std::string out(prefix);
    // A byte order mark alone is the start of the block's first line, not a line of its own.
    if (!out.empty() && out != utf8_bom && !detail::ends_with_line_break(out))
        out += newline;
    out += block;
    if (!suffix.empty() && !detail::ends_with_line_break(out) &&
        !detail::starts_with_line_break(suffix))
        out += newline;
    out += suffix;
    return out;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
