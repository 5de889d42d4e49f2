#pragma once
#include "odo/core/python_repr.hpp"
#include "odo/pixel/result.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// The checklist line a passing run hands to an author, written from what the comparisons
// recorded, never from what someone typed. It is built to meet the gate's rules for the
// "Pixelwise equality to reference" item (ODO-1's concrete assertion, reference word and result;
// ODO-3's hard evidence: a backtick-quoted artifact, a result, no angle brackets).
namespace odo::pixel {

constexpr std::string_view pixelwise_checklist_label = "Pixelwise equality to reference";

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
inline std::string rule_kind(const CompareResult& r) {
    const char* kind = !r.tolerance.is_exact() ? "within tolerance"
                       : r.type.is_float()     ? "exact"
                                               : "bit-exact";
    return std::string(kind) + " " + std::string(r.type.name());
}

} // namespace detail

// Collects the comparisons of one test, variant by variant, and renders the checklist line.
class EvidenceLog {
public:
    // `test` names the test that ran, e.g. "TestOpFlip.tensor_matches_reference"; `reference`
    // says what the outputs were compared against, e.g. "the CPU reference flip_reference()".
    explicit EvidenceLog(std::string test, std::string reference = "an independent host reference")
        : test_(std::move(test)), reference_(std::move(reference)) {}

    // Records `result` under `variant` (a branch or case, e.g. "u8 HWC 480x640 pitched") and
    // returns it, so a check macro can take the call as its argument.
    const CompareResult& record(std::string variant, const CompareResult& result) {
        const std::string assertion =
            "`" + detail::assertion_text(result.tolerance) + "` (" + result.comparator;
        auto group = std::find_if(assertions_.begin(), assertions_.end(),
                                  [&](const Assertion& a) { return a.text == assertion; });
        if (group == assertions_.end())
            group = assertions_.insert(assertions_.end(), Assertion{assertion, {}});
        const std::string kind = detail::rule_kind(result);
        if (std::find(group->kinds.begin(), group->kinds.end(), kind) == group->kinds.end())
            group->kinds.push_back(kind);
        entries_.push_back({std::move(variant), result.passed(), result.compared});
        return result;
    }

    std::size_t total() const noexcept { return entries_.size(); }

    std::size_t passed() const noexcept {
        return std::size_t(std::count_if(entries_.begin(), entries_.end(),
                                         [](const Entry& e) { return e.passed; }));
    }

    // Checked only when every recorded variant passed and compared at least one element.
    bool complete() const noexcept {
        return !entries_.empty() && passed() == total() &&
               std::all_of(entries_.begin(), entries_.end(),
                           [](const Entry& e) { return e.compared > 0; });
    }

    std::string checklist_line() const {
        std::string line = complete() ? "- [x] **" : "- [ ] **";
        line += std::string(pixelwise_checklist_label) + "** \xE2\x80\x94 ";
        for (std::size_t i = 0; i < assertions_.size(); ++i)
            line += (i ? "; " : "") + assertions_[i].text + ": " +
                    detail::join(assertions_[i].kinds) + ")";
        if (assertions_.empty())
            line += "no comparison recorded";
        line += " against " + detail::evidence_safe(reference_) + " in `" +
                detail::evidence_safe(test_) + "`: " + std::to_string(passed()) + "/" +
                std::to_string(total()) + " variants passed, " + std::to_string(compared()) +
                " elements compared";
        return line + variants_text();
    }

private:
    // One assertion text with the rules it ran under, e.g. "bit-exact u8" and "exact f32".
    struct Assertion {
        std::string text;
        std::vector<std::string> kinds;
    };

    struct Entry {
        std::string variant;
        bool passed = false;
        std::uint64_t compared = 0;
    };

    std::uint64_t compared() const noexcept {
        std::uint64_t sum = 0;
        for (const Entry& e : entries_)
            sum += e.compared;
        return sum;
    }

    // The variants covered (failed ones named first), bounded so the line stays one line.
    std::string variants_text() const {
        constexpr std::size_t shown_limit = 8;
        std::vector<std::string> names;
        for (bool failed : {true, false})
            for (const Entry& e : entries_)
                if (e.passed != failed)
                    names.push_back((failed ? "FAILED " : "") + detail::evidence_safe(e.variant));
        if (names.empty())
            return {};
        std::string text = " (";
        for (std::size_t i = 0; i < names.size() && i < shown_limit; ++i)
            text += (i ? ", " : "") + names[i];
        if (names.size() > shown_limit)
            text += ", and " + std::to_string(names.size() - shown_limit) + " more";
        return text + ")";
    }

    std::string test_;
    std::string reference_;
    std::vector<Assertion> assertions_;
    std::vector<Entry> entries_;
};

} // namespace odo::pixel
