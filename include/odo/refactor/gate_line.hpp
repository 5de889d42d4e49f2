#pragma once
// The "Review/refactor gate" checklist evidence a refactor_op run writes, and its reading by the
// evidence gate (ODO-8). The line names the operator, the phase, a fingerprint of the sources it
// judged (checklist_evidence.hpp) and the result, so the gate can re-run assess on the change under
// review and confirm both: the box is backed by a program's record, not by a sentence.
#include "odo/core/linkage.hpp"
#include "odo/core/text_cursor.hpp"
#include "odo/refactor/finding.hpp"
#include "odo/review/source_text.hpp"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::refactor {

// The IDs of the open findings, sorted, each once.
ODO_API std::vector<std::string> open_ids(const Report& r);
// "`refactor_op Invert --phase assess` on sources 0123456789abcdef: ADVISORY — PASS=8,
// RECOMMENDATION=1; open: RED-2"; a verify names the base commit it compared with
// ("--phase verify --base <40 hex digits>"), which ODO-8 matches to the refactor commit's parent.
ODO_API std::string checklist_evidence(const Report& r, const std::string& sources);
#if ODO_REFACTOR_DEFINITIONS
ODO_API std::vector<std::string> open_ids(const Report& r) {
    std::vector<std::string> ids;
    for (const auto& entry : open_counts(r.findings))
        ids.push_back(entry.first);
    return ids;
}

ODO_API std::string checklist_evidence(const Report& r, const std::string& sources) {
    return "`refactor_op " + r.operator_name + " --phase " + std::string(to_string(r.phase)) +
           (r.base_commit.empty() ? "" : " --base " + r.base_commit) + "` on sources " + sources +
           ": " + std::string(to_string(verdict(r))) + " \xE2\x80\x94 " + counts_line(r) +
           "; open: " + id_list_text(open_ids(r));
}
#endif // ODO_REFACTOR_DEFINITIONS

struct CitedReport {
    std::string operator_name;
    std::string phase;
    std::string base; // verify: the base commit its command names; "" otherwise
    std::string sources;
    std::string verdict;
    std::string counts;
    std::string open;
};

namespace detail {

#if ODO_REFACTOR_DEFINITIONS
inline bool is_lower_hex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

inline bool is_capital(char c) {
    return c >= 'A' && c <= 'Z';
}

// "RED-2" at the reader: capitals, '-', digits.
inline bool finding_id(text::TextCursor& in, std::string& out) {
    std::string letters, digits;
    if (!in.run(1, 32, is_capital, letters) || !in.literal("-") ||
        !in.run(1, 8, text::is_ascii_digit, digits))
        return false;
    out = letters + "-" + digits;
    return true;
}

// "none" or "RED-2, RED-11": at most 31 IDs, as the gate line prints them.
inline bool open_list(text::TextCursor& in, std::string& out) {
    if (in.literal("none")) {
        out = "none";
        return true;
    }
    if (!finding_id(in, out))
        return false;
    for (int more = 0; more < 30; ++more) {
        text::TextCursor next = in;
        std::string id;
        if (!next.literal(", ") || !finding_id(next, id))
            break;
        in = next;
        out += ", " + id;
    }
    return true;
}

// The command's options after the phase; a verify's "--base <commit>" is its identity.
inline std::string base_commit_of(std::string_view options) {
    const std::string_view flag = " --base ";
    const auto at = options.find(flag);
    if (at == std::string_view::npos)
        return {};
    const std::string_view value = options.substr(at + flag.size(), 40);
    const auto end = at + flag.size() + 40;
    if (value.size() != 40 || !std::all_of(value.begin(), value.end(), is_lower_hex) ||
        (end < options.size() && options[end] != ' '))
        return {};
    return std::string(value);
}

inline std::optional<CitedReport> cited_report_at(text::TextCursor& in) {
    CitedReport c;
    std::string options;
    auto name_char = [](char ch) { return review::detail::is_identifier_char(ch); };
    auto option_char = [](char ch) { return ch != '`' && ch != '\n'; };
    auto counts_char = [](char ch) {
        return is_capital(ch) || text::is_ascii_digit(ch) || ch == '=' || ch == ',' || ch == ' ' ||
               ch == '-';
    };
    if (!in.literal("`refactor_op ") || !in.run(1, 256, name_char, c.operator_name) ||
        !in.literal(" --phase ") || !in.one_of({"assess", "verify"}, c.phase))
        return std::nullopt;
    in.run(0, 200, option_char, options);
    if (!in.literal("` on sources ") || !in.run(16, 16, is_lower_hex, c.sources) ||
        !in.literal(": ") ||
        !in.one_of({"ADVISORY", "PARITY-OK", "GATE-FAIL", "NEEDS-LOCAL-PROOF"}, c.verdict) ||
        !in.literal(" \xE2\x80\x94 ") || !in.run(0, 200, counts_char, c.counts) ||
        !in.literal("; open: ") || !open_list(in, c.open))
        return std::nullopt;
    if (c.phase == "verify")
        c.base = base_commit_of(options);
    return c;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace detail

// Every refactor_op citation in a checklist item's text, in order.
ODO_API std::vector<CitedReport> find_cited_reports(std::string_view text);
#if ODO_REFACTOR_DEFINITIONS
ODO_API std::vector<CitedReport> find_cited_reports(std::string_view text) {
    std::vector<CitedReport> out;
    for (auto at = text.find("`refactor_op "); at != std::string_view::npos;) {
        text::TextCursor in(text, at);
        if (auto cited = detail::cited_report_at(in)) {
            out.push_back(*std::move(cited));
            at = text.find("`refactor_op ", in.position());
        } else {
            at = text.find("`refactor_op ", at + 1);
        }
    }
    return out;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
