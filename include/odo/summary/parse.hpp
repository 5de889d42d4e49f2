#pragma once
// Reads an MR description's v1 summary block (summary.md §1.3, §5.3). The parser checks the
// structure, not byte identity: blank lines, heading whitespace, separator alignment and key
// order are free. Body lines are split exactly as the markers are (every str.splitlines() break),
// so a CRLF description parses like an LF one (the reference rejected it, §8.1).
#include "odo/core/decimal.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/core/text.hpp"
#include "odo/summary/block.hpp"
#include "odo/summary/canonical_text.hpp"
#include "odo/summary/checklist.hpp"
#include "odo/summary/document.hpp"
#include "odo/summary/error.hpp"
#include "odo/summary/layout_not_applicable.hpp"
#include "odo/summary/learnings.hpp"
#include "odo/summary/markers.hpp"
#include "odo/summary/metadata.hpp"
#include "odo/summary/python_text.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace odo::summary {

namespace detail {

using Lines = std::vector<std::string_view>;

struct Heading {
    std::size_t line;
    int level;
    std::string_view text;
};

#if ODO_SUMMARY_DEFINITIONS
// `^(#{2,3})\s+(.+?)\s*$`
inline std::optional<Heading> heading_at(std::size_t index, std::string_view line) {
    std::size_t hashes = 0;
    while (hashes < line.size() && line[hashes] == '#')
        ++hashes;
    if (hashes < 2 || hashes > 3)
        return std::nullopt;
    const std::string_view rest = line.substr(hashes);
    std::size_t after_space = 0;
    if (rest.empty() || !pytext::is_space(pytext::decode(rest, after_space)) ||
        after_space == rest.size())
        return std::nullopt;
    return Heading{index, static_cast<int>(hashes), pytext::strip(rest)};
}

inline std::vector<Heading> find_headings(const Lines& lines) {
    std::vector<Heading> headings;
    for (std::size_t i = 0; i < lines.size(); ++i)
        if (auto h = heading_at(i, lines[i]))
            headings.push_back(*h);
    return headings;
}

inline void require_canonical_headings(const std::vector<Heading>& headings,
                                       std::string_view operator_name) {
    std::vector<std::string> expected{title_heading(operator_name)};
    for (std::string_view section : section_headings)
        expected.emplace_back(section);
    bool same = headings.size() == expected.size();
    for (std::size_t i = 0; same && i < expected.size(); ++i)
        same = headings[i].text == expected[i];
    if (!same)
        throw SummaryError("visible headings must appear exactly once in canonical order: " +
                           text::join(expected, " -> "));
    for (std::size_t i = 0; i < headings.size(); ++i)
        if (headings[i].level != (i == 0 ? 2 : 3))
            throw SummaryError("summary title must be ## and section headings must be ###");
}

inline bool is_blank(std::string_view line) {
    return pytext::strip(line).empty();
}

inline std::vector<std::string_view> non_blank_stripped(const Lines& lines) {
    std::vector<std::string_view> out;
    for (std::string_view line : lines)
        if (!is_blank(line))
            out.push_back(pytext::strip(line));
    return out;
}

inline std::string joined_text(const Lines& lines, std::size_t begin, std::size_t end) {
    std::string out;
    for (std::size_t i = begin; i < end; ++i)
        out += std::string(i > begin ? "\n" : "") + std::string(lines[i]);
    return std::string(pytext::trim_blank_lines(out));
}

// `-?\d{1,9}\.\d{2}` (the sign only where allowed).
inline std::optional<Decimal> cell_decimal(std::string_view s, bool allow_negative) {
    const std::size_t sign = allow_negative && !s.empty() && s.front() == '-';
    const std::size_t point = s.find('.');
    if (point == std::string_view::npos || point <= sign || point - sign > 9 ||
        s.size() != point + 3)
        return std::nullopt;
    for (std::size_t i = sign; i < s.size(); ++i)
        if (i != point && !pytext::is_ascii_digit(s[i]))
            return std::nullopt;
    return Decimal::parse(s);
}

// "a<unit> / b<unit> / c<unit>" with cell_decimal values.
inline std::optional<Stats> stats_cell(std::string_view s, std::string_view unit,
                                       bool allow_negative) {
    std::vector<Decimal> values;
    for (std::size_t start = 0, n = 0; n < 3; ++n) {
        const std::size_t sep = s.find(" / ", start);
        const std::string_view part =
            s.substr(start, sep == std::string_view::npos ? std::string_view::npos : sep - start);
        if ((n < 2) == (sep == std::string_view::npos) || part.size() < unit.size() ||
            part.substr(part.size() - unit.size()) != unit)
            return std::nullopt;
        const auto value = cell_decimal(part.substr(0, part.size() - unit.size()), allow_negative);
        if (!value)
            return std::nullopt;
        values.push_back(*value);
        start = sep + 3;
    }
    return Stats{values[0], values[1], values[2]};
}

inline std::vector<std::string> table_cells(std::string_view line) {
    std::string_view s = pytext::strip(line);
    while (!s.empty() && s.front() == '|')
        s.remove_prefix(1);
    while (!s.empty() && s.back() == '|')
        s.remove_suffix(1);
    std::vector<std::string> cells;
    for (std::size_t start = 0;;) {
        const std::size_t bar = s.find('|', start);
        cells.emplace_back(pytext::strip(
            s.substr(start, bar == std::string_view::npos ? std::string_view::npos : bar - start)));
        if (bar == std::string_view::npos)
            return cells;
        start = bar + 1;
    }
}

inline bool is_separator_cell(std::string_view cell) {
    if (!cell.empty() && cell.front() == ':')
        cell.remove_prefix(1);
    if (!cell.empty() && cell.back() == ':')
        cell.remove_suffix(1);
    return cell.size() >= 3 && cell.find_first_not_of('-') == std::string_view::npos;
}

// A section holding only its explanation line and a Markdown table; the data rows' cells.
inline std::vector<std::vector<std::string>> table_rows(const Lines& section,
                                                        std::string_view explanation,
                                                        const std::vector<std::string>& header,
                                                        const std::string& header_error) {
    const auto lines = non_blank_stripped(section);
    bool table_only = !lines.empty() && lines.front() == explanation;
    for (std::size_t i = 1; table_only && i < lines.size(); ++i)
        table_only = lines[i].front() == '|';
    if (!table_only)
        throw SummaryError("table section may contain only its canonical explanation and table");
    const Lines table(lines.begin() + 1, lines.end());
    std::vector<std::string> header_cells;
    if (table.size() >= 3) {
        for (const std::string& cell : table_cells(table[1]))
            if (!is_separator_cell(cell))
                throw SummaryError("Markdown table separator is malformed");
        header_cells = table_cells(table[0]);
    }
    if (header_cells != header)
        throw SummaryError(header_error);
    std::vector<std::vector<std::string>> rows;
    for (std::size_t i = 2; i < table.size(); ++i)
        rows.push_back(table_cells(table[i]));
    return rows;
}

// Python int() of a table count, limited to plain ASCII integers.
inline std::optional<long long> count_cell(std::string_view s) {
    const std::size_t sign = !s.empty() && (s.front() == '-' || s.front() == '+');
    if (s.size() <= sign || s.size() - sign > 18)
        return std::nullopt;
    for (std::size_t i = sign; i < s.size(); ++i)
        if (!pytext::is_ascii_digit(s[i]))
            return std::nullopt;
    const long long n = std::stoll(std::string(s.substr(sign)));
    return s.front() == '-' ? -n : n;
}

inline std::optional<ImpactScope> impact_scope(std::string_view s) {
    if (s == to_string(ImpactScope::Optimized))
        return ImpactScope::Optimized;
    if (s == to_string(ImpactScope::FullOperator))
        return ImpactScope::FullOperator;
    return std::nullopt;
}

inline std::optional<LayoutComparison> layout_comparison(std::string_view s) {
    if (s == to_string(LayoutComparison::InterleavedPlanar))
        return LayoutComparison::InterleavedPlanar;
    if (s == to_string(LayoutComparison::FakePlanarPlanar))
        return LayoutComparison::FakePlanarPlanar;
    return std::nullopt;
}

inline Stats impact_factors(const std::vector<std::string>& cells) {
    std::vector<Decimal> factors;
    for (std::size_t i = 3; i < 6; ++i) {
        const std::string_view cell = cells[i];
        const auto value = cell.size() > 1 && cell.back() == 'x'
                               ? cell_decimal(cell.substr(0, cell.size() - 1), false)
                               : std::nullopt;
        if (!value)
            throw SummaryError("Impact table contains a malformed value: expected a factor such "
                               "as 1.23x, got " +
                               python_str_repr(cell));
        factors.push_back(*value);
    }
    return {factors[0], factors[1], factors[2]};
}

inline std::vector<Stats> impact_durations(const std::vector<std::string>& cells) {
    std::vector<Stats> values;
    for (std::size_t i = 3; i < 6; ++i) {
        const auto stats = stats_cell(cells[i], microseconds, true);
        if (!stats)
            throw SummaryError("Impact table contains a malformed value: expected microsecond "
                               "min / median / max values, got " +
                               python_str_repr(cells[i]));
        values.push_back(*stats);
    }
    return values;
}

inline std::vector<ImpactRow> parse_impact(const Lines& section, ImpactMetric metric) {
    std::vector<ImpactRow> rows;
    for (const auto& cells : table_rows(section, impact_explanation(metric), impact_header(metric),
                                        "Impact table header does not match the v1 schema")) {
        const auto scope = cells.size() == 6 ? impact_scope(cells[1]) : std::nullopt;
        const auto count = scope ? count_cell(cells[2]) : std::nullopt;
        if (!count)
            throw SummaryError("Impact table contains a malformed row");
        rows.push_back({cells[0], *scope, *count,
                        metric == ImpactMetric::CppTime ? std::vector<Stats>{impact_factors(cells)}
                                                        : impact_durations(cells)});
    }
    return rows;
}

inline std::optional<Stats> layout_cell(std::string_view cell) {
    if (cell == na_stats)
        return std::nullopt;
    if (auto stats = stats_cell(cell, "x", false))
        return stats;
    throw SummaryError("invalid min / median / max cell " + python_str_repr(cell));
}

inline std::vector<LayoutRow> parse_layout(const Lines& section) {
    std::vector<LayoutRow> rows;
    for (const auto& cells :
         table_rows(section, layout_explanation, layout_header(),
                    "Layout comparison table header does not match the v1 schema")) {
        const auto comparison = cells.size() == 4 ? layout_comparison(cells[1]) : std::nullopt;
        if (!comparison)
            throw SummaryError("Layout comparison table contains a malformed row");
        LayoutRow row{cells[0], *comparison, layout_cell(cells[2]), layout_cell(cells[3])};
        if (row.before.has_value() != row.after.has_value())
            throw SummaryError("layout n/a must appear in both before and after cells");
        rows.push_back(std::move(row));
    }
    return rows;
}

// `^\*\*Configurations optimized:\*\* (\d{1,9}) / (\d{1,9}) total$`
inline std::optional<std::pair<long long, long long>> scope_count(std::string_view line) {
    if (line.substr(0, count_prefix.size()) != count_prefix)
        return std::nullopt;
    line.remove_prefix(count_prefix.size());
    constexpr std::string_view total = " total";
    if (line.size() < total.size() || line.substr(line.size() - total.size()) != total)
        return std::nullopt;
    line.remove_suffix(total.size());
    const std::size_t slash = line.find(" / ");
    if (slash == std::string_view::npos)
        return std::nullopt;
    auto number = [](std::string_view s) -> std::optional<long long> {
        if (s.empty() || s.size() > 9 ||
            s.find_first_not_of("0123456789") != std::string_view::npos)
            return std::nullopt;
        return std::stoll(std::string(s));
    };
    const auto x = number(line.substr(0, slash));
    const auto y = number(line.substr(slash + 3));
    if (!x || !y)
        return std::nullopt;
    return std::make_pair(*x, *y);
}

// ``^- `([^`\r\n]+)`\s*$``
inline std::optional<std::string_view> category_line(std::string_view line) {
    const std::string_view s = pytext::rstrip(line);
    if (s.size() < 5 || s.substr(0, 3) != "- `" || s.back() != '`')
        return std::nullopt;
    const std::string_view inner = s.substr(3, s.size() - 4);
    if (inner.find('`') != std::string_view::npos)
        return std::nullopt;
    return inner;
}

inline void parse_scope(const Lines& section, SummaryBody& body) {
    std::optional<std::string_view> count_line;
    std::optional<std::pair<long long, long long>> counts;
    for (std::string_view line : section)
        if (!counts && (counts = scope_count(line)))
            count_line = line;
    if (!counts)
        throw SummaryError("Scope has no canonical Configurations optimized count");
    std::vector<std::string_view> expected{pytext::strip(*count_line), categories_label};
    std::unordered_set<std::string_view> seen;
    bool unique = true;
    for (std::string_view line : section) {
        if (const auto category = category_line(line)) {
            unique = unique && seen.insert(*category).second;
            body.categories.emplace_back(*category);
            expected.push_back(pytext::strip(line));
        }
    }
    if (body.categories.empty() || !unique)
        throw SummaryError("Scope requires unique Container Layout Type categories");
    if (non_blank_stripped(section) != expected)
        throw SummaryError("Scope may contain only the canonical count and category list");
    body.optimized_count = counts->first;
    body.total_count = counts->second;
}

inline std::optional<Bottleneck> bottleneck_line(std::string_view line) {
    if (line.substr(0, bottleneck_prefix.size()) != bottleneck_prefix || line.size() < 2 ||
        line.substr(line.size() - 2) != "**")
        return std::nullopt;
    return try_parse_bottleneck(
        line.substr(bottleneck_prefix.size(), line.size() - bottleneck_prefix.size() - 2));
}

// Status and warning lines come before the bottleneck line; after it, everything is profiler
// evidence, which may quote ("> ") freely (the reference counted such quotes as status lines).
// Status and warning lines are kept as written, so printing them again keeps their "> ".
inline void parse_preamble(const Lines& section, SummaryBody& body) {
    std::vector<std::size_t> bottlenecks;
    for (std::size_t i = 0; i < section.size(); ++i)
        if (bottleneck_line(section[i]))
            bottlenecks.push_back(i);
    const std::size_t evidence_start = bottlenecks.empty() ? section.size() : bottlenecks[0];
    std::vector<std::string_view> statuses, notes;
    for (std::size_t i = 0; i < evidence_start; ++i) {
        const std::string_view line = section[i];
        if (line.substr(0, 2) != "> ")
            notes.push_back(line);
        else if (line.find(local_gpu_marker) != std::string_view::npos)
            body.warnings.emplace_back(line);
        else
            statuses.push_back(line);
    }
    if (statuses.size() != 1)
        throw SummaryError("summary preamble must contain exactly one status line");
    if (bottlenecks.size() != 1)
        throw SummaryError("summary requires one exact Primary bottleneck line");
    body.status_line = statuses.front();
    body.bottleneck = *bottleneck_line(section[evidence_start]);
    body.preamble_notes = joined_text(notes, 0, notes.size());
    body.profile_evidence = joined_text(section, evidence_start + 1, section.size());
    if (body.profile_evidence.empty())
        throw SummaryError("Primary bottleneck must be followed by profiler evidence");
}

inline void parse_checklist(const Lines& section, SummaryBody& body) {
    for (std::string_view line : section)
        if (auto item = parse_checklist_line(line))
            body.checklist.push_back(std::move(*item));
    if (!has_canonical_labels(body.checklist))
        throw SummaryError("Evidence checklist labels must appear exactly once in canonical order");
    if (non_blank_stripped(section).size() != body.checklist.size())
        throw SummaryError("Evidence checklist may contain only the six canonical item lines");
}

// `^- (.+?)\s*$`
inline void parse_learnings(const Lines& section, SummaryBody& body) {
    for (std::string_view line : section)
        if (line.size() > 2 && line.substr(0, 2) == "- ")
            body.learnings.emplace_back(pytext::strip(line.substr(2)));
    if (body.learnings.empty() || body.learnings.size() > max_learnings)
        throw SummaryError("Top learnings must contain one to five bullets");
    if (non_blank_stripped(section).size() != body.learnings.size())
        throw SummaryError("Top learnings may contain only bullet lines");
}

inline SummaryBody parse_body(const Lines& lines, const Metadata& m) {
    const auto headings = find_headings(lines);
    require_canonical_headings(headings, m.operator_name);
    auto section = [&](std::size_t k) {
        const std::size_t begin = headings[k].line + 1;
        const std::size_t end = k + 1 < headings.size() ? headings[k + 1].line : lines.size();
        return Lines(lines.begin() + static_cast<std::ptrdiff_t>(begin),
                     lines.begin() + static_cast<std::ptrdiff_t>(end));
    };
    SummaryBody body;
    body.lead_text = joined_text(lines, 0, headings[0].line);
    parse_preamble(section(0), body);
    parse_scope(section(1), body);
    body.impact_rows = parse_impact(section(2), m.impact_metric);
    if (auto reason = layout_not_applicable_line(non_blank_stripped(section(3))))
        body.layout_not_applicable = std::move(*reason);
    else
        body.layout_rows = parse_layout(section(3));
    parse_checklist(section(4), body);
    parse_learnings(section(5), body);
    return body;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace detail

// Parses the one live block of `description`. Throws SummaryError with the reference's message
// for the first rule that fails.
ODO_API ParsedSummary parse_summary(std::string_view description,
                                    const Markers& markers = Markers());
#if ODO_SUMMARY_DEFINITIONS
ODO_API ParsedSummary parse_summary(std::string_view description, const Markers& markers) {
    const Block block = extract_block(description, markers);
    ParsedSummary parsed;
    parsed.metadata = parse_metadata(block.metadata_json);
    parsed.body = detail::parse_body(block.body_lines, parsed.metadata);
    parsed.prefix = std::string(block.prefix);
    parsed.block = std::string(block.block);
    parsed.suffix = std::string(block.suffix);
    parsed.newline = std::string(block.newline);
    return parsed;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
