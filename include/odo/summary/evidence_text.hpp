#pragma once
// The text rules for human-written evidence (summary.md §6): placeholders, "hard" checklist
// evidence, measured profiler evidence and one-sentence learnings. The reference states them as
// regexes; each matcher below implements one alternative with the same boundaries
// (case-insensitive ASCII, word boundaries over Unicode word characters).
#include "odo/core/linkage.hpp"
#include "odo/summary/python_text.hpp"

#include <array>
#include <cctype>
#include <cstddef>
#include <string>
#include <string_view>

namespace odo::summary {

namespace detail {

// `\bLITERAL\b`, case-insensitive. Boundaries only apply next to word characters of the literal.
ODO_API bool contains_word(std::string_view s, std::string_view lower_literal);
#if ODO_SUMMARY_DEFINITIONS
inline char ascii_lower(char c) noexcept {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

inline bool word_before(std::string_view s, std::size_t at) noexcept {
    return at > 0 && pytext::is_word_char(pytext::decode_before(s, at));
}

inline bool word_at(std::string_view s, std::size_t at) noexcept {
    return at < s.size() && pytext::is_word_char(pytext::decode(s, at));
}

inline bool matches_at(std::string_view s, std::size_t at, std::string_view lower_literal) {
    if (at + lower_literal.size() > s.size())
        return false;
    for (std::size_t i = 0; i < lower_literal.size(); ++i)
        if (ascii_lower(s[at + i]) != lower_literal[i])
            return false;
    return true;
}

ODO_API bool contains_word(std::string_view s, std::string_view lower_literal) {
    const bool word_first = pytext::is_word_char(char32_t(lower_literal.front()));
    const bool word_last = pytext::is_word_char(char32_t(lower_literal.back()));
    for (std::size_t at = 0; at + lower_literal.size() <= s.size(); ++at)
        if (matches_at(s, at, lower_literal) && (!word_first || !word_before(s, at)) &&
            (!word_last || !word_at(s, at + lower_literal.size())))
            return true;
    return false;
}
#endif // ODO_SUMMARY_DEFINITIONS

// `\bLITERAL\b`, case-insensitive, where no negation ("not", "never", "no", "without",
// "cannot", "nor", a word ending in "n't") stands among the three words before it in the same
// clause: "did not pass" and "no strikes" state no result.
ODO_API bool contains_affirmed_word(std::string_view s, std::string_view lower_literal);
#if ODO_SUMMARY_DEFINITIONS
inline bool is_negation(std::string_view lower_word) {
    static constexpr std::array<std::string_view, 6> negations{"not",     "never",  "no",
                                                               "without", "cannot", "nor"};
    for (std::string_view n : negations)
        if (lower_word == n)
            return true;
    return lower_word.size() > 3 && lower_word.substr(lower_word.size() - 3) == "n't";
}

// Whether a negation is among the three words before `at`, within its clause (a comma, a
// semicolon, a colon, a full stop or a bracket ends a clause).
inline bool negated_before(std::string_view s, std::size_t at) {
    int words = 0;
    std::size_t end = at;
    while (end > 0 && words < 3) {
        const char c = s[end - 1];
        if (c == ',' || c == ';' || c == ':' || c == '.' || c == '(' || c == ')' || c == '!' ||
            c == '?')
            return false;
        if (c == ' ' || c == '\t' || c == '-' || c == '/') {
            --end;
            continue;
        }
        std::size_t start = end;
        std::string lower;
        while (start > 0 && (std::isalnum(static_cast<unsigned char>(s[start - 1])) ||
                             s[start - 1] == '\'' || s[start - 1] == '_'))
            --start;
        if (start == end) { // a character that is neither a word nor a separator
            --end;
            continue;
        }
        for (std::size_t i = start; i < end; ++i)
            lower += ascii_lower(s[i]);
        if (is_negation(lower))
            return true;
        ++words;
        end = start;
    }
    return false;
}

ODO_API bool contains_affirmed_word(std::string_view s, std::string_view lower_literal) {
    const bool word_first = pytext::is_word_char(char32_t(lower_literal.front()));
    const bool word_last = pytext::is_word_char(char32_t(lower_literal.back()));
    for (std::size_t at = 0; at + lower_literal.size() <= s.size(); ++at)
        if (matches_at(s, at, lower_literal) && (!word_first || !word_before(s, at)) &&
            (!word_last || !word_at(s, at + lower_literal.size())) && !negated_before(s, at))
            return true;
    return false;
}
#endif // ODO_SUMMARY_DEFINITIONS

template <std::size_t N>
bool contains_any_word(std::string_view s, const std::array<std::string_view, N>& words) {
    for (std::string_view w : words)
        if (contains_word(s, w))
            return true;
    return false;
}

#if ODO_SUMMARY_DEFINITIONS
// `<[^>]+>`
inline bool has_angle_placeholder(std::string_view s) {
    for (std::size_t open = s.find('<'); open != std::string_view::npos;
         open = s.find('<', open + 1)) {
        const std::size_t close = s.find('>', open + 1);
        if (close != std::string_view::npos && close > open + 1)
            return true;
    }
    return false;
}

// `` `[^`]+` ``
inline bool has_code_span(std::string_view s) {
    std::size_t open = s.find('`');
    while (open != std::string_view::npos) {
        const std::size_t close = s.find('`', open + 1);
        if (close == std::string_view::npos)
            return false;
        if (close > open + 1)
            return true;
        open = close;
    }
    return false;
}

inline std::size_t digit_run_end(std::string_view s, std::size_t at) noexcept {
    while (at < s.size() && pytext::is_ascii_digit(s[at]))
        ++at;
    return at;
}

inline std::size_t space_run_end(std::string_view s, std::size_t at) noexcept {
    while (at < s.size()) {
        std::size_t next = at;
        if (!pytext::is_space(pytext::decode(s, next)))
            break;
        at = next;
    }
    return at;
}

// `\b\w+\.py\b`
inline bool has_python_file(std::string_view s) {
    for (std::size_t at = s.find('.'); at != std::string_view::npos; at = s.find('.', at + 1))
        if (word_before(s, at) && matches_at(s, at + 1, "py") && !word_at(s, at + 3))
            return true;
    return false;
}

// `\b\w+_test\w*\b`
inline bool has_test_name(std::string_view s) {
    for (std::size_t at = s.find('_'); at != std::string_view::npos; at = s.find('_', at + 1))
        if (word_before(s, at) && matches_at(s, at + 1, "test"))
            return true;
    return false;
}

// `\bODO-\d+\b`
inline bool has_gate_id(std::string_view s) {
    for (std::size_t at = 0; at + 4 < s.size(); ++at) {
        if (!matches_at(s, at, "odo-") || word_before(s, at))
            continue;
        const std::size_t end = digit_run_end(s, at + 4);
        if (end > at + 4 && !word_at(s, end))
            return true;
    }
    return false;
}

// `\b\d+\s*/\s*\d+\b`
inline bool has_ratio(std::string_view s) {
    for (std::size_t at = 0; at < s.size(); ++at) {
        if (!pytext::is_ascii_digit(s[at]) || word_before(s, at))
            continue;
        std::size_t i = space_run_end(s, digit_run_end(s, at));
        if (i >= s.size() || s[i] != '/')
            continue;
        i = space_run_end(s, i + 1);
        const std::size_t end = digit_run_end(s, i);
        if (end > i && !word_at(s, end))
            return true;
    }
    return false;
}

// `\d+(?:\.\d+)?\s*%`: a '%' after optional whitespace after a digit.
inline bool has_percentage(std::string_view s) {
    for (std::size_t at = s.find('%'); at != std::string_view::npos; at = s.find('%', at + 1)) {
        std::size_t before = at;
        while (before > 0 && pytext::is_space(pytext::decode_before(s, before))) {
            std::size_t start = before - 1;
            while (start > 0 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80)
                --start;
            before = start;
        }
        if (before > 0 && pytext::is_ascii_digit(s[before - 1]))
            return true;
    }
    return false;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace detail

// Where a refusal of checklist evidence points its reader.
inline constexpr char hard_evidence_rule[] = "docs/summary.md#hard-checklist-evidence";

#if ODO_SUMMARY_DEFINITIONS
// `<[^>]+>|\b(?:todo|tbd|placeholder|add hard evidence|add one concise)\b`, case-insensitive.
inline bool contains_placeholder(std::string_view text) {
    static constexpr std::array<std::string_view, 5> words{"todo", "tbd", "placeholder",
                                                           "add hard evidence", "add one concise"};
    return detail::has_angle_placeholder(text) || detail::contains_any_word(text, words);
}

// Names a concrete artifact: a .py file, a *_test* name, a gate ID, a code span or a known tool.
inline bool names_an_artifact(std::string_view text) {
    static constexpr std::array<std::string_view, 10> words{
        "baseline",    "artifact", "benchmark", "run_bench", "expect_eq",
        "expect_near", "ncu",      "nsys",      "commit",    "sha"};
    return detail::has_python_file(text) || detail::has_test_name(text) ||
           detail::has_gate_id(text) || detail::has_code_span(text) ||
           detail::contains_any_word(text, words);
}

// States an outcome: pass/passed/green, no or zero regressions, n/m, at ridge, strikes, … A
// negated one ("not at ridge", "no strikes", "did not pass") states none.
inline bool states_a_result(std::string_view text) {
    static constexpr std::array<std::string_view, 17> words{
        "pass",          "passed",         "green",          "zero regression", "zero regressions",
        "no regression", "no regressions", "at-ridge",       "at ridge",        "atridge",
        "strike",        "strikes",        "recommendation", "recommendations", "updated",
        "imported",      "committed"};
    for (std::string_view w : words)
        if (detail::contains_affirmed_word(text, w))
            return true;
    return detail::has_ratio(text);
}

// The rule checklist evidence breaks, as a clause for a refusal ("it names no artifact …"); ""
// when a reviewer can act on it: at least 20 characters, no placeholder, naming an artifact and
// stating a result. (The reference also refused a bare "pass"/"yes"/"done"/"n/a"; none is 20
// characters long.) docs/summary.md#hard-checklist-evidence states the rule.
inline std::string hard_evidence_gap(std::string_view text) {
    const std::string_view s = pytext::strip(text);
    if (pytext::code_points(s) < 20)
        return "it is shorter than 20 characters";
    if (contains_placeholder(s))
        return "it still holds a placeholder";
    const bool artifact = names_an_artifact(s);
    const bool result = states_a_result(s);
    if (!artifact && !result)
        return "it names no artifact and states no result";
    if (!artifact)
        return "it names no artifact (a *.py file, a *_test name, a gate ID, `code`, or a word "
               "such as ncu, benchmark, baseline, commit)";
    if (!result)
        return "it states no result (pass/passed, n/m, zero or no regressions, at ridge, strikes, "
               "updated, imported, committed)";
    return "";
}

inline bool is_hard_evidence(std::string_view text) {
    return hard_evidence_gap(text).empty();
}

// Profiler evidence that quotes a measurement: a percentage and a profiler metric word.
inline bool is_measured_profile_evidence(std::string_view text) {
    static constexpr std::array<std::string_view, 9> words{"sol",        "bwutil",     "dram",
                                                           "compute",    "memory",     "stall",
                                                           "scoreboard", "throughput", "occupancy"};
    return detail::has_percentage(text) && detail::contains_any_word(text, words);
}

// Learning rule (a): the text ends like a sentence.
inline bool ends_as_sentence(std::string_view learning) {
    return !learning.empty() &&
           (learning.back() == '.' || learning.back() == '!' || learning.back() == '?');
}

// Learning rule (b): before its last character the text holds `[!?]\s+\S` or `\.\s+[A-Z]`,
// i.e. a second sentence starts ("e.g. The" trips it, "2.00x" does not).
inline bool starts_another_sentence(std::string_view learning) {
    if (learning.empty())
        return false;
    std::size_t last = learning.size() - 1;
    while (last > 0 && (static_cast<unsigned char>(learning[last]) & 0xC0) == 0x80)
        --last;
    const std::string_view s = learning.substr(0, last);
    for (std::size_t at = 0; at < s.size(); ++at) {
        const char c = s[at];
        if (c != '!' && c != '?' && c != '.')
            continue;
        const std::size_t next = detail::space_run_end(s, at + 1);
        if (next == at + 1 || next >= s.size())
            continue;
        if (c != '.' || (s[next] >= 'A' && s[next] <= 'Z'))
            return true;
    }
    return false;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
