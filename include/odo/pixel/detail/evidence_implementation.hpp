#pragma once
// The evidence line's definitions, compiled in the one translation unit that defines
// ODO_PIXEL_IMPLEMENT (see odo/pixel/compare.hpp). The entry points are deliberately not inline:
// a second implementing translation unit is a link error, not a silent duplicate.
#include "odo/core/python_repr.hpp"
#include "odo/pixel/evidence.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace odo::pixel {

namespace detail {

// Angle brackets read as placeholders to the gate, backticks would break the quoted spans, and
// a line break would end the checklist item.
inline std::string evidence_safe(std::string_view text) {
    std::string out;
    for (char ch : text) {
        if (ch == '<')
            out += '(';
        else if (ch == '>')
            out += ')';
        else if (ch == '`')
            out += '\'';
        else
            out += static_cast<unsigned char>(ch) < 0x20 ? ' ' : ch;
    }
    return out;
}

inline std::string join(const std::vector<std::string>& items) {
    std::string text;
    for (const std::string& item : items)
        text += (text.empty() ? "" : ", ") + item;
    return text;
}

// The comparison as one Python-style assertion: pytest's approx for a tolerance.
inline std::string assertion_text(const Tolerance& t) {
    std::vector<std::string> options;
    if (t.atol != 0.0)
        options.push_back("atol=" + python_float_repr(t.atol));
    if (t.rtol != 0.0)
        options.push_back("rtol=" + python_float_repr(t.rtol));
    if (t.ulp != 0)
        options.push_back("ulp=" + std::to_string(t.ulp));
    if (t.nan == NanPolicy::MatchNan)
        options.push_back("equal_nan=True");
    if (options.empty())
        return "assert output == reference";
    std::string text = "assert output == approx(reference";
    for (const std::string& option : options)
        text += ", " + option;
    return text + ")";
}

// "bit-exact u8", "exact f32", "within tolerance f16".
inline std::string rule_kind(const EvidenceLog::Entry& e) {
    const char* kind = !e.tolerance.is_exact() ? "within tolerance"
                       : e.type.is_float()     ? "exact"
                                               : "bit-exact";
    return std::string(kind) + " " + std::string(e.type.name());
}

// One assertion text with the rules it ran under, e.g. "bit-exact u8" and "exact f32", in the
// order the entries first used them.
struct AssertionGroup {
    std::string text;
    std::vector<std::string> kinds;
};

inline std::vector<AssertionGroup>
assertion_groups(const std::vector<EvidenceLog::Entry>& entries) {
    std::vector<AssertionGroup> groups;
    for (const EvidenceLog::Entry& e : entries) {
        const std::string text = "`" + assertion_text(e.tolerance) + "` (" + e.comparator;
        auto group = std::find_if(groups.begin(), groups.end(),
                                  [&](const AssertionGroup& g) { return g.text == text; });
        if (group == groups.end())
            group = groups.insert(groups.end(), AssertionGroup{text, {}});
        const std::string kind = rule_kind(e);
        if (std::find(group->kinds.begin(), group->kinds.end(), kind) == group->kinds.end())
            group->kinds.push_back(kind);
    }
    return groups;
}

// The variants covered (failed ones named first), bounded so the line stays one line.
inline std::string variants_text(const std::vector<EvidenceLog::Entry>& entries) {
    constexpr std::size_t shown_limit = 8;
    std::vector<std::string> names;
    for (bool failed : {true, false})
        for (const EvidenceLog::Entry& e : entries)
            if (e.passed != failed)
                names.push_back((failed ? "FAILED " : "") + evidence_safe(e.variant));
    if (names.empty())
        return {};
    std::string text = " (";
    for (std::size_t i = 0; i < names.size() && i < shown_limit; ++i)
        text += (i ? ", " : "") + names[i];
    if (names.size() > shown_limit)
        text += ", and " + std::to_string(names.size() - shown_limit) + " more";
    return text + ")";
}

// "; sources <16 hex digits>" when $ODO_SOURCES_FINGERPRINT names the tree the run was built from
// (refactor_op prints it): refactor_op's VER-6 refuses a line that names no tree or another one.
inline std::string sources_field() {
    const char* fingerprint = std::getenv("ODO_SOURCES_FINGERPRINT");
    if (!fingerprint || std::strlen(fingerprint) != 16 ||
        std::strspn(fingerprint, "0123456789abcdef") != 16)
        return {};
    return std::string("; sources ") + fingerprint;
}

inline std::uint64_t elements_compared(const std::vector<EvidenceLog::Entry>& entries) {
    std::uint64_t sum = 0;
    for (const EvidenceLog::Entry& e : entries)
        sum += e.compared;
    return sum;
}

} // namespace detail

EvidenceLog::EvidenceLog(std::string_view test, std::string_view reference)
    : test_(test), reference_(reference) {}
EvidenceLog::EvidenceLog(const EvidenceLog& other) = default;
EvidenceLog::EvidenceLog(EvidenceLog&& other) noexcept = default;
EvidenceLog& EvidenceLog::operator=(const EvidenceLog& other) = default;
EvidenceLog& EvidenceLog::operator=(EvidenceLog&& other) noexcept = default;
EvidenceLog::~EvidenceLog() = default;

const CompareResult& EvidenceLog::record(std::string_view variant, const CompareResult& result) {
    entries_.push_back({std::string(variant), result.passed(), result.compared, result.comparator,
                        result.tolerance, result.type});
    return result;
}

std::string EvidenceLog::checklist_line() const {
    std::string line = complete() ? "- [x] **" : "- [ ] **";
    line += std::string(pixelwise_checklist_label) + "** \xE2\x80\x94 ";
    const auto groups = detail::assertion_groups(entries_);
    for (std::size_t i = 0; i < groups.size(); ++i)
        line += (i ? "; " : "") + groups[i].text + ": " + detail::join(groups[i].kinds) + ")";
    if (groups.empty())
        line += "no comparison recorded";
    line += " against " + detail::evidence_safe(reference_) + " in `" +
            detail::evidence_safe(test_) + "`: " + std::to_string(passed()) + "/" +
            std::to_string(total()) + " variants passed, " +
            std::to_string(detail::elements_compared(entries_)) + " elements compared";
    return line + detail::variants_text(entries_) + detail::sources_field();
}

void print_checklist_line(const EvidenceLog& log) {
    std::cout << log.checklist_line() << std::endl;
}

} // namespace odo::pixel
