#pragma once
// refactor_op's reports (review-refactor.md §2.9): markdown for people, JSON (sorted keys,
// indent 2, ASCII-escaped) for tools.
#include "odo/core/json_write.hpp"
#include "odo/core/linkage.hpp"
#include "odo/refactor/finding.hpp"

#include <boost/json.hpp>

#include <string>

namespace odo::refactor {

namespace detail {

constexpr std::string_view icon(Status s) noexcept {
    switch (s) {
    case Status::Pass:
        return "\xE2\x9C\x85";
    case Status::Gap:
        return "\xE2\x9D\x8C";
    case Status::NotApplicable:
        return "\xE2\x9E\x96";
    case Status::Manual:
        return "\xF0\x9F\x94\x8D";
    case Status::Recommendation:
        return "\xF0\x9F\x92\xA1";
    }
    return "?";
}

constexpr std::string_view dash = "\xE2\x80\x94";

#if ODO_REFACTOR_DEFINITIONS
inline void markdown_finding(std::string& out, const Finding& f) {
    out += "- " + std::string(icon(f.status)) + " **" + std::string(to_string(f.status)) + "** `" +
           f.id + "` " + std::string(dash) + " " + f.summary + "\n";
    if (!f.evidence.empty())
        out += "    - evidence: " + f.evidence + "\n";
    if (f.status != Status::Pass && f.status != Status::NotApplicable && !f.fix.empty())
        out += "    - fix: " + f.fix + "\n";
    if (!f.guideline.empty())
        out += "    - ref: " + f.guideline + "\n";
}

inline void markdown_summary(std::string& out, const RefactorSummary& s) {
    const long net = s.loc_insertions - s.loc_deletions;
    out += "\n## refactor summary\n- LOC: +" + std::to_string(s.loc_insertions) + " / -" +
           std::to_string(s.loc_deletions) + " (net " + (net >= 0 ? "+" : "") +
           std::to_string(net) + ")\n- resolved: " + id_list_text(s.resolved) + "\n- reduced: ";
    std::vector<std::string> reduced;
    for (const auto& [id, counts] : s.reduced)
        reduced.push_back(id + " " + std::to_string(counts.first) + "->" +
                          std::to_string(counts.second));
    out += id_list_text(reduced) + "\n- introduced: " + id_list_text(s.introduced) +
           "\n- still open: " + id_list_text(s.open_now) + "\n";
    for (const std::string& cost : s.cost)
        out += "- compile cost: " + cost + "\n";
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace detail

ODO_API std::string render_markdown(const Report& r);
ODO_API std::string render_json(const Report& r);
#if ODO_REFACTOR_DEFINITIONS
ODO_API std::string render_markdown(const Report& r) {
    std::string out = "# refactor-op: " + r.operator_name + "  (op=" + r.op +
                      ")  phase=" + std::string(to_string(r.phase)) + "\n";
    for (const std::string& domain : r.domains) {
        std::string section;
        for (const Finding& f : r.findings)
            if (f.domain == domain)
                detail::markdown_finding(section, f);
        if (!section.empty())
            out += "\n## " + domain + "\n" + section;
    }
    out += "\n## verdict\n**" + std::string(to_string(verdict(r))) + "** " +
           std::string(detail::dash) + " " + counts_line(r) + "\n";
    if (r.phase == Phase::Assess)
        out += "\nAssess only advises: act on the leads worth taking in a separate refactor: "
               "commit, then prove it with --phase verify.\n";
    if (r.summary)
        detail::markdown_summary(out, *r.summary);
    if (!r.checklist.empty())
        out += "\nReview/refactor gate evidence: " + r.checklist + "\n";
    out.pop_back();
    return out;
}

inline boost::json::value summary_json(const RefactorSummary& s) {
    auto list = [](const std::vector<std::string>& ids) {
        boost::json::array a;
        for (const auto& id : ids)
            a.emplace_back(id);
        return a;
    };
    boost::json::object reduced;
    for (const auto& [id, counts] : s.reduced)
        reduced[id] = boost::json::array{counts.first, counts.second};
    boost::json::object doc{{"loc_deletions", s.loc_deletions},
                            {"loc_insertions", s.loc_insertions},
                            {"loc_net", s.loc_insertions - s.loc_deletions},
                            {"redundancy_introduced", list(s.introduced)},
                            {"redundancy_open_now", list(s.open_now)},
                            {"redundancy_reduced", std::move(reduced)},
                            {"redundancy_resolved", list(s.resolved)}};
    if (!s.cost.empty())
        doc["compile_cost"] = list(s.cost);
    return doc;
}

ODO_API std::string render_json(const Report& r) {
    boost::json::object counts;
    for (Status s : statuses_in_text_order)
        if (const std::size_t n = r.count(s))
            counts[to_string(s)] = n;
    boost::json::array domains, findings;
    for (const auto& d : r.domains)
        domains.emplace_back(d);
    for (const Finding& f : r.findings)
        findings.push_back(boost::json::object{{"domain", f.domain},
                                               {"evidence", f.evidence},
                                               {"fix", f.fix},
                                               {"guideline", f.guideline},
                                               {"id", f.id},
                                               {"status", std::string(to_string(f.status))},
                                               {"summary", f.summary}});
    boost::json::object doc{{"counts", std::move(counts)},
                            {"domains", std::move(domains)},
                            {"exit_gap", r.count(Status::Gap)},
                            {"findings", std::move(findings)},
                            {"op", r.op},
                            {"operator", r.operator_name},
                            {"phase", std::string(to_string(r.phase))},
                            {"verdict", std::string(to_string(verdict(r)))}};
    if (r.summary)
        doc["summary"] = summary_json(*r.summary);
    if (!r.base_commit.empty())
        doc["base_commit"] = r.base_commit;
    if (!r.checklist.empty())
        doc["checklist"] = r.checklist;
    return json::dumps(doc, {2, true, true});
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
