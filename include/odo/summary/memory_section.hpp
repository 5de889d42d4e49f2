#pragma once
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace odo::summary {

// The `## Memory footprint` section of an MR description (gates.md §4, ODO-9), placed outside the
// v1 block:
//
//   ## Memory footprint
//   Peak attributable increase: <integer> B
//   New runtime CUDA allocations/frees: <no|yes>
//   Evidence: <non-placeholder evidence>
//   Approved-by: <name> (<reason>)        <- optional: a recorded human approval
//
// Only what a reader sees counts: HTML comments and fenced code hide headings and fields.

inline constexpr std::string_view memory_heading = "## Memory footprint";
inline constexpr std::string_view increase_label = "Peak attributable increase";
inline constexpr std::string_view allocations_label = "New runtime CUDA allocations/frees";
inline constexpr std::string_view evidence_label = "Evidence";
inline constexpr std::string_view approval_label = "Approved-by";

// A human's recorded decision that a reviewed memory change is acceptable.
struct MemoryApproval {
    std::string approver;
    std::string reason;
};

// The declarations of one well-formed section.
struct MemoryDeclaration {
    std::string increase_bytes; // decimal, without leading zeros ("0", "10000001")
    bool new_allocations = false;
    std::string evidence; // stripped; may be a placeholder (judged by the gate)
    std::optional<MemoryApproval> approval;
};

// What reading a description found: the number of visible sections and, when there is exactly
// one, either its declaration or the errors that make it unusable.
struct MemorySectionReading {
    std::size_t section_count = 0;
    // "<Label>: found N occurrences", "<Label>: malformed declaration", ...
    std::vector<std::string> errors;
    std::optional<MemoryDeclaration> declaration;
};

namespace detail {

#if ODO_SUMMARY_DEFINITIONS
inline bool is_blank_char(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

inline std::string_view strip_tabs_spaces(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

// The text without HTML comments; an unterminated "<!--" hides everything after it. Removal
// comes before fences, so a comment inside a fence is removed too.
inline std::string without_html_comments(std::string_view text) {
    std::string out;
    std::size_t i = 0;
    for (auto open = text.find("<!--"); open != std::string_view::npos;
         open = text.find("<!--", i)) {
        out.append(text.substr(i, open - i));
        const auto close = text.find("-->", open + 4);
        if (close == std::string_view::npos)
            return out;
        i = close + 3;
    }
    out.append(text.substr(i));
    return out;
}

// The fence a line opens: its character and run length, or {0, 0}.
inline std::pair<char, std::size_t> fence_run(std::string_view line) {
    const std::string_view s =
        line.substr(std::min(line.size(), line.find_first_not_of(" \t\r\f\v")));
    if (s.empty() || (s.front() != '`' && s.front() != '~'))
        return {0, 0};
    const std::size_t run = std::min(s.size(), s.find_first_not_of(s.front()));
    return run >= 3 ? std::make_pair(s.front(), run) : std::make_pair(char(0), std::size_t(0));
}

// Whether a line, whole, closes a fence of `fence_char` x `length`: only that character, at least
// as many times, between optional blanks. A shorter run or an info string does not close it.
inline bool closes_fence(std::string_view line, char fence_char, std::size_t length) {
    const std::string_view s = text::strip(line);
    return s.size() >= length && s.find_first_not_of(fence_char) == std::string_view::npos;
}

// The lines a reader sees: comments removed, every fenced line (opener and closer included)
// emptied. Lines are split on '\n'; a trailing '\r' is dropped.
inline std::vector<std::string> visible_lines(std::string_view description) {
    const std::string uncommented = without_html_comments(description);
    std::vector<std::string> out;
    char fence_char = 0;
    std::size_t fence_length = 0;
    for (std::string_view line : text::lines(uncommented)) {
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (fence_char) {
            if (closes_fence(line, fence_char, fence_length))
                fence_char = 0;
            out.emplace_back();
            continue;
        }
        std::tie(fence_char, fence_length) = fence_run(line);
        out.emplace_back(fence_char ? std::string_view{} : line);
    }
    return out;
}

inline bool is_memory_heading(std::string_view line) {
    return text::starts_with(line, memory_heading) &&
           text::strip(line.substr(memory_heading.size())).empty();
}

// "# ..." or "## ..." ends a section; "###" does not.
inline bool ends_section(std::string_view line) {
    const std::size_t hashes = std::min(line.size(), line.find_first_not_of('#'));
    return (hashes == 1 || hashes == 2) && hashes < line.size() && is_blank_char(line[hashes]);
}

// The lines of each visible section after its heading.
inline std::vector<std::vector<std::string>> memory_sections(std::string_view description) {
    std::vector<std::vector<std::string>> sections;
    bool inside = false;
    for (const std::string& line : visible_lines(description)) {
        if (is_memory_heading(line)) {
            sections.emplace_back();
            inside = true;
        } else if (ends_section(line)) {
            inside = false;
        } else if (inside) {
            sections.back().push_back(line);
        }
    }
    return sections;
}
#endif // ODO_SUMMARY_DEFINITIONS

// A line declaring a label: "<label>:" or "<label> :". The second form counts as a declaration
// but cannot be parsed (`exact` is false), as in the reference.
struct FieldLine {
    std::string_view value; // everything after the colon
    bool exact = true;
};

#if ODO_SUMMARY_DEFINITIONS
// The line's declaration of `label`, if it is one.
inline std::optional<FieldLine> field_line(std::string_view line, std::string_view label) {
    if (!text::starts_with(line, label))
        return std::nullopt;
    std::size_t colon = label.size();
    while (colon < line.size() && is_blank_char(line[colon]))
        ++colon;
    if (colon >= line.size() || line[colon] != ':')
        return std::nullopt;
    return FieldLine{line.substr(colon + 1), colon == label.size()};
}

// 1–20 ASCII digits, a space and "B"; the digits without leading zeros.
inline std::optional<std::string> parse_increase(std::string_view value) {
    value = strip_tabs_spaces(value);
    if (!text::ends_with(value, " B"))
        return std::nullopt;
    const std::string_view digits = value.substr(0, value.size() - 2);
    if (digits.empty() || digits.size() > 20 ||
        digits.find_first_not_of("0123456789") != std::string_view::npos)
        return std::nullopt;
    const std::size_t first = std::min(digits.size() - 1, digits.find_first_not_of('0'));
    return std::string(digits.substr(first));
}

// "<name> (<reason>)": a name without parentheses, then a parenthesized, non-empty reason that
// ends the line.
inline std::optional<MemoryApproval> parse_approval(std::string_view value) {
    value = strip_tabs_spaces(value);
    const auto open = value.find(" (");
    if (open == std::string_view::npos || value.back() != ')')
        return std::nullopt;
    const std::string_view name = strip_tabs_spaces(value.substr(0, open));
    const std::string_view reason =
        strip_tabs_spaces(value.substr(open + 2, value.size() - open - 3));
    if (name.empty() || name.find_first_of("()") != std::string_view::npos || reason.empty())
        return std::nullopt;
    return MemoryApproval{std::string(name), std::string(reason)};
}

inline std::string occurrences_error(std::string_view label, std::size_t n) {
    return std::string(label) + ": found " + std::to_string(n) + " occurrences";
}

inline std::string malformed_error(std::string_view label) {
    return std::string(label) + ": malformed declaration";
}

// The lines of `section` that declare `label`.
inline std::vector<FieldLine> field_lines(const std::vector<std::string>& section,
                                          std::string_view label) {
    std::vector<FieldLine> found;
    for (const std::string& line : section)
        if (auto field = field_line(line, label))
            found.push_back(*field);
    return found;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace detail

// Whether declared evidence says nothing: empty, dashes or dots, a bracketed template, or one of
// the stock placeholder words ("TBD", "n/a", "measurement pending", ...), case-insensitive,
// optionally ending in one '.'.
ODO_API bool is_placeholder_evidence(std::string_view evidence);
// Whether a declared increase (decimal, no leading zeros) is above `limit` bytes.
ODO_API bool exceeds_bytes(const std::string& increase_bytes, std::uint64_t limit);
// Reads the one visible section of a description and its declarations.
ODO_API MemorySectionReading read_memory_section(std::string_view description);
#if ODO_SUMMARY_DEFINITIONS
ODO_API bool is_placeholder_evidence(std::string_view evidence) {
    std::string s = text::lower(text::strip(evidence));
    if (s.find_first_not_of("-.") == std::string::npos)
        return true;
    if (s.back() == '.')
        s.pop_back();
    if (s.size() >= 2 && s.front() == '<' && s.back() == '>')
        return true;
    std::string words; // whitespace runs as single spaces
    for (std::size_t i = 0; i < s.size(); ++i)
        if (!detail::is_blank_char(s[i]))
            words += s[i];
        else if (!words.empty() && words.back() != ' ')
            words += ' ';
    static const std::vector<std::string> stock = {
        "none",        "n/a",     "na",         "tbd",          "todo",          "pending",
        "placeholder", "unknown", "unmeasured", "not measured", "not available", "not provided"};
    for (const std::string& word : stock)
        if (words == word)
            return true;
    for (const char* subject : {"measurement", "evidence", "review"})
        for (const char* link : {" ", " is "})
            for (const char* state :
                 {"pending", "unknown", "unavailable", "not available", "not provided"})
                if (words == std::string(subject) + link + state)
                    return true;
    return false;
}

ODO_API bool exceeds_bytes(const std::string& increase_bytes, std::uint64_t limit) {
    const std::string limit_text = std::to_string(limit);
    if (increase_bytes.size() != limit_text.size())
        return increase_bytes.size() > limit_text.size();
    return increase_bytes > limit_text;
}

ODO_API MemorySectionReading read_memory_section(std::string_view description) {
    MemorySectionReading reading;
    const auto sections = detail::memory_sections(description);
    reading.section_count = sections.size();
    if (sections.size() != 1)
        return reading;
    const auto& section = sections.front();
    const auto increases = detail::field_lines(section, increase_label);
    const auto allocations = detail::field_lines(section, allocations_label);
    const auto evidences = detail::field_lines(section, evidence_label);
    const auto approvals = detail::field_lines(section, approval_label);
    for (const auto& [label, found] : {std::make_pair(increase_label, &increases),
                                       std::make_pair(allocations_label, &allocations),
                                       std::make_pair(evidence_label, &evidences)})
        if (found->size() != 1)
            reading.errors.push_back(detail::occurrences_error(label, found->size()));
    if (approvals.size() > 1)
        reading.errors.push_back(detail::occurrences_error(approval_label, approvals.size()));
    if (!reading.errors.empty())
        return reading;

    MemoryDeclaration d;
    const auto increase =
        increases[0].exact ? detail::parse_increase(increases[0].value) : std::nullopt;
    const std::string_view flag = detail::strip_tabs_spaces(allocations[0].value);
    const bool flag_ok = allocations[0].exact && (flag == "yes" || flag == "no");
    // The reference's `<label>:[ \t]*(.+?)[ \t]*$`: at least one character after the colon.
    const bool evidence_ok = evidences[0].exact && !evidences[0].value.empty();
    if (!increase)
        reading.errors.push_back(detail::malformed_error(increase_label));
    if (!flag_ok)
        reading.errors.push_back(detail::malformed_error(allocations_label));
    if (!evidence_ok)
        reading.errors.push_back(detail::malformed_error(evidence_label));
    if (!approvals.empty()) {
        d.approval = approvals[0].exact ? detail::parse_approval(approvals[0].value) : std::nullopt;
        if (!d.approval)
            reading.errors.push_back(detail::malformed_error(approval_label));
        else if (is_placeholder_evidence(d.approval->approver) ||
                 is_placeholder_evidence(d.approval->reason))
            reading.errors.push_back(std::string(approval_label) +
                                     ": placeholder approver or reason");
    }
    if (!reading.errors.empty())
        return reading;
    d.increase_bytes = *increase;
    d.new_allocations = flag == "yes";
    d.evidence = std::string(text::strip(evidences[0].value));
    reading.declaration = std::move(d);
    return reading;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
