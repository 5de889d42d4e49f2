#pragma once
// What a human-written "Lead exhaustion" sentence claims (ODO-4's lexical rule, and ODO-3's
// checklist validation). The reference accepts any measured figure next to the word "ridge" or a
// "3 … strikes", so "below the ridge, leads remain … 3/3 runs" passed it. A sentence that says the
// opposite is not evidence: each claim counts only when nothing in the text denies it, and words
// saying the leads go on deny both.
#include "odo/core/linkage.hpp"
#include "odo/core/pattern.hpp"

#include <array>
#include <string>
#include <string_view>

namespace odo::summary {

struct LeadExhaustionClaim {
    bool measured = false;      // quotes a figure: 12.5%, 1.2x, 40 us, 3 ms
    bool at_ridge = false;      // "at (the) ridge", not negated, the ridge not denied elsewhere
    bool three_strikes = false; // three strikes or failed leads, their number not denied elsewhere
    std::string contradiction;  // what in the text says otherwise ("below the ridge"); "" if none

    // Measured, at the ridge or after three strikes, and not contradicted.
    bool exhausted() const { return measured && (at_ridge || three_strikes); }
};

ODO_API LeadExhaustionClaim read_lead_exhaustion(std::string_view text);

#if ODO_SUMMARY_DEFINITIONS
namespace detail {

// A phrase that denies a claim, and the words a finding quotes for it.
struct Denial {
    const char* pattern;
    const char* said;
};

// The ridge is not reached.
inline constexpr std::array<Denial, 5> ridge_denials{{
    {R"(\b(below|under|beneath|short\s+of|off|away\s+from)\s+(the\s+)?ridge\b)", "below the ridge"},
    {R"((\bnot|\bnever|n't)\s+(yet\s+)?(at|near|on|reach(ed|es|ing)?)\s+(the\s+)?ridge\b)",
     "not at the ridge"},
    {R"(\bridge\s+((is|was|has|had|has\s+been|was\s+not|is\s+not)\s+)?(not|never|un)\s*(yet\s+)?(been\s+)?reach)",
     "the ridge not reached"},
    {R"(\b(not|never)\s+(yet\s+)?reached\b)", "not reached"},
    {R"(\bno\s+ridge\b)", "no ridge"},
}};

// Fewer than three strikes, or three still to come.
inline constexpr std::array<Denial, 4> strike_denials{{
    {R"(\b(no|zero|0|one|1|two|2|only\s+(one|two|1|2))\s+(strikes?|failed\s+leads?)\b)",
     "fewer than three strikes"},
    {R"(\b[0-2]\s*(/|of|out\s+of)\s*(3|three)\s+(strikes?|failed\s+leads?)\b)",
     "fewer than three strikes"},
    {R"(\bstrikes?\s*(:|=|count)?\s*[0-2]\s*(/|of|out\s+of)\s*(3|three)\b)",
     "fewer than three strikes"},
    {R"(\b(fewer|less)\s+than\s+(3|three)|\b(until|before|needs?|awaiting|after\s+another)\s+(3|three)\s+(strikes?|failed\s+leads?))",
     "three strikes still to come"},
}};

// The leads are not exhausted: this denies both claims.
inline constexpr std::array<Denial, 4> exhaustion_denials{{
    {R"(\bleads?\s+(still\s+)?(remain|remaining|left|open|outstanding|to\s+try|go\s+on|continue|pending))",
     "leads remain"},
    {R"(\b(remaining|untried|open|outstanding|more|further|other)\s+leads?\s+(remain|to|left|exist|are|is|could|can|should|will|go))",
     "leads remain"},
    {R"((\bnot|\bnever|n't)\s+(yet\s+)?(been\s+)?exhaust)", "not exhausted"},
    {R"(\bno\s+stop(ping)?\s+condition|\bstop(ping)?\s+condition\s+(is\s+|was\s+|has\s+)?(not|never)\b)",
     "no stop condition holds"},
}};

template <std::size_t N>
std::string first_denial(std::string_view text, const std::array<Denial, N>& denials) {
    for (const Denial& d : denials)
        if (Pattern(d.pattern, Pattern::Case::insensitive).found_in(text))
            return d.said;
    return "";
}

} // namespace detail

ODO_API LeadExhaustionClaim read_lead_exhaustion(std::string_view text) {
    const auto found = [&](const char* pattern) {
        return Pattern(pattern, Pattern::Case::insensitive).found_in(text);
    };
    LeadExhaustionClaim c;
    c.measured = found(R"(\d+(\.\d+)?\s*(%|x\b|u?s\b|ms\b))");
    const std::string general = detail::first_denial(text, detail::exhaustion_denials);
    const std::string ridge = detail::first_denial(text, detail::ridge_denials);
    const std::string strikes = detail::first_denial(text, detail::strike_denials);
    c.at_ridge =
        general.empty() && ridge.empty() &&
        found(
            R"(\b(at|reached|reaches|on)[ -]?(the\s+)?ridge\b|\batridge\b|\bridge\s+((is|was|has\s+been)\s+)?reached\b)");
    c.three_strikes = general.empty() && strikes.empty() &&
                      found(R"(\b(3|three)\b[^\n]{0,120}?\b(strikes?|struck|failed\s+leads?)\b)");
    // Only a denial of what the text would otherwise rest on is a contradiction: the demo's
    // "below the ridge; three failed leads (3 strikes) …" exhausts the leads by strikes.
    const bool claims_ridge = found(R"(\bridge\b)");
    const bool claims_strikes = found(R"(\b(strikes?|struck|failed\s+leads?)\b)");
    if (!general.empty())
        c.contradiction = general;
    else if (!c.at_ridge && !c.three_strikes)
        c.contradiction = claims_ridge && !ridge.empty()       ? ridge
                          : claims_strikes && !strikes.empty() ? strikes
                                                               : "";
    return c;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
