#pragma once
#include "odo/core/json_write.hpp"
#include "odo/core/report.hpp"

#include <boost/json.hpp>

#include <string>

namespace odo {

namespace detail {

constexpr std::string_view status_icon(Status s) noexcept {
    switch (s) {
    case Status::Pass:
        return "\xE2\x9C\x85"; // U+2705
    case Status::Gap:
        return "\xE2\x9D\x8C"; // U+274C
    case Status::NotApplicable:
        return "\xE2\x9E\x96"; // U+2796
    case Status::Manual:
        return "\xF0\x9F\x94\x8D"; // U+1F50D
    }
    return "?";
}

inline constexpr std::string_view em_dash = "\xE2\x80\x94";

} // namespace detail

// "K1=n1, K2=n2": only statuses that occur, in status-text order.
inline std::string counts_line(const Report& r) {
    std::string out;
    for (Status s : statuses_in_text_order) {
        if (const std::size_t n = r.count(s)) {
            if (!out.empty())
                out += ", ";
            out += std::string(to_string(s)) + "=" + std::to_string(n);
        }
    }
    return out;
}

// The markdown report of gates.md §1, without a trailing newline.
inline std::string render_markdown(const Report& r) {
    using detail::em_dash;
    std::string out = "# optimize-op: " + r.operator_name + " " + std::string(em_dash) +
                      " phase=" + std::string(to_string(r.phase)) + "\n\n";
    for (const Finding& f : r.findings) {
        out += "- " + std::string(detail::status_icon(f.status)) + " **" +
               std::string(to_string(f.status)) + "** `" + f.id + "` " + std::string(em_dash) +
               " " + f.summary + "\n";
        if (!f.evidence.empty())
            out += "    - evidence: " + f.evidence + "\n";
        // A MANUAL finding's fix says how to resolve it; the reference printed fixes for GAPs only.
        if ((f.status == Status::Gap || f.status == Status::Manual) && !f.fix.empty())
            out += "    - fix: " + f.fix + "\n";
        if (!f.guideline.empty())
            out += "    - ref: " + f.guideline + "\n";
    }
    out += "\n**" + std::string(to_string(r.phase)) +
           " verdict: " + std::string(to_string(verdict(r))) + "** " + std::string(em_dash) + " " +
           counts_line(r) + "\n\nDone = a re-run shows zero GAP and zero unresolved MANUAL.";
    return out;
}

inline boost::json::value to_json(const Finding& f) {
    return boost::json::object{{"evidence", f.evidence},
                               {"fix", f.fix},
                               {"guideline", f.guideline},
                               {"id", f.id},
                               {"phase", std::string(to_string(f.phase))},
                               {"status", std::string(to_string(f.status))},
                               {"summary", f.summary}};
}

// The JSON report of gates.md §1: json.dumps(indent=2, sort_keys=True), ASCII-escaped.
inline std::string render_json(const Report& r) {
    boost::json::object counts;
    for (Status s : statuses_in_text_order)
        if (const std::size_t n = r.count(s))
            counts[to_string(s)] = n;
    boost::json::array findings;
    for (const Finding& f : r.findings)
        findings.push_back(to_json(f));
    boost::json::object doc{
        {"counts", std::move(counts)},      {"exit_blocking", blocking_count(r)},
        {"exit_gap", r.count(Status::Gap)}, {"exit_manual", r.count(Status::Manual)},
        {"findings", std::move(findings)},  {"op", r.op},
        {"operator", r.operator_name},      {"phase", std::string(to_string(r.phase))}};
    return json::dumps(doc, {2, true, true});
}

} // namespace odo
