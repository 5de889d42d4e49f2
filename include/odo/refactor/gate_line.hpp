#pragma once
// The "Review/refactor gate" checklist evidence a refactor_op run writes, and its reading by the
// evidence gate (ODO-8). The line names the operator, the phase, a fingerprint of the sources it
// judged (checklist_evidence.hpp) and the result, so the gate can re-run assess on the change under
// review and confirm both: the box is backed by a program's record, not by a sentence.
#include "odo/refactor/finding.hpp"

#include <optional>
#include <regex>
#include <string>
#include <vector>

namespace odo::refactor {

// The IDs of the open findings, sorted, each once.
inline std::vector<std::string> open_ids(const Report& r) {
    std::vector<std::string> ids;
    for (const auto& entry : open_counts(r.findings))
        ids.push_back(entry.first);
    return ids;
}

// "`refactor_op Invert --phase assess` on sources 0123456789abcdef: ADVISORY — PASS=8,
// RECOMMENDATION=1; open: RED-2"
inline std::string checklist_evidence(const Report& r, const std::string& sources) {
    return "`refactor_op " + r.operator_name + " --phase " + std::string(to_string(r.phase)) +
           "` on sources " + sources + ": " + std::string(to_string(verdict(r))) +
           " \xE2\x80\x94 " + counts_line(r) + "; open: " + id_list_text(open_ids(r));
}

struct CitedReport {
    std::string operator_name;
    std::string phase;
    std::string sources;
    std::string verdict;
    std::string counts;
    std::string open;
};

// Every refactor_op citation in a checklist item's text, in order.
inline std::vector<CitedReport> find_cited_reports(const std::string& text) {
    static const std::regex line(
        "`refactor_op ([A-Za-z0-9_]+) --phase (assess|verify)[^`\n]{0,200}` on sources "
        "([0-9a-f]{16}): (ADVISORY|PARITY-OK|GATE-FAIL|NEEDS-LOCAL-PROOF) \xE2\x80\x94 "
        "([A-Z=0-9, -]{0,200}); open: (none|[A-Z]+-[0-9]+(, [A-Z]+-[0-9]+){0,30})");
    std::vector<CitedReport> out;
    for (std::sregex_iterator it(text.begin(), text.end(), line), end; it != end; ++it)
        out.push_back({(*it)[1], (*it)[2], (*it)[3], (*it)[4], (*it)[5], (*it)[6]});
    return out;
}

} // namespace odo::refactor
