#pragma once
// ODO-1, ODO-4 and ODO-8 (gates.md §4): checks of the checklist items of the v1
// summary, cross-checked with what the repository shows. Each takes the checklist item as the
// summary's parser read it from the live block — the same line ODO-3 validates.
#include "odo/core/linkage.hpp"
#include "odo/core/pattern.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/core/text.hpp"
#include "odo/gates/evidence_checks_commits.hpp"
#include "odo/gates/evidence_checks_common.hpp"
#include "odo/gates/review_findings.hpp"
#include "odo/refactor/gate_line.hpp"
#include "odo/review/source_text.hpp"
#include "odo/summary/lead_exhaustion_text.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace odo::gates {

// One checklist item of the live v1 block: "- [x] **<label>** — <evidence>".
struct ChecklistEntry {
    bool checked = false;
    std::string evidence;
};

namespace detail {

#if ODO_GATES_DEFINITIONS
// The checklist reads text the MR author wrote: odo::Pattern searches it in linear time, where
// std::regex would recurse per character and overflow the stack on a long run of spaces.
inline bool search(const std::string& text, const char* pattern, bool icase) {
    return Pattern(pattern, icase ? Pattern::Case::insensitive : Pattern::Case::sensitive)
        .found_in(text);
}
#endif // ODO_GATES_DEFINITIONS

} // namespace detail

#if ODO_GATES_DEFINITIONS
// A concrete assertion, not prose: EXPECT_EQ(/EXPECT_NEAR(, numpy/cupy testing calls, odo's
// own pixel assertions (doctest's ODO_CHECK/REQUIRE_PIXELS, GoogleTest's
// ODO_EXPECT/ASSERT_PIXELS), or `assert <expr>` comparing with ==, !=, <=, >=, <, >. Python's `is`
// (identity) is not a pixelwise comparison, so "assert it is fine" does not count.
inline bool has_pixelwise_assertion(const std::string& text) {
    return detail::search(text, R"(\bEXPECT_(EQ|NEAR)\s*\()", false) ||
           detail::search(text, R"(\bODO_(CHECK|REQUIRE|EXPECT|ASSERT)_PIXELS\s*\()", false) ||
           detail::search(
               text, R"(\b(cupy|cp|numpy|np)\.testing\.assert_(array_equal|allclose|equal)\s*\()",
               true) ||
           detail::search(
               text,
               R"(\bassert\s+(bool\(|(cupy|cp|numpy|np|torch)\.(all|array_equal|allclose|equal)\(|[A-Za-z_]\w*(\.[A-Za-z_]\w*|\[[^\]]*\])*\s*(==|!=|<=|>=|<|>)))",
               true);
}

// ODO-1's hard evidence: checked, a concrete assertion, an independent reference, a result.
inline bool is_pixelwise_hard_evidence(const ChecklistEntry& item) {
    return item.checked && has_pixelwise_assertion(item.evidence) &&
           detail::search(item.evidence, R"(\b(reference|oracle|gold|host|cpu)\b)", true) &&
           (detail::search(item.evidence, R"(\b(pass|passed|green)\b)", true) ||
            detail::search(item.evidence, R"(\d+\s*/\s*\d+)", false));
}

// `tests` are the test domain's review findings (TST-1, TST-2). A MANUAL one (e.g. no obvious
// CPU reference) makes a changed implementation's ODO-1 MANUAL: the reference passed it.
inline Finding check_odo1_regression_evidence(const ChangeRange& range,
                                              const std::vector<Finding>& tests,
                                              const std::optional<ChecklistEntry>& pixelwise,
                                              const std::string& guide) {
    if (auto unknown = detail::unknown_change("ODO-1", range, guide))
        return *unknown;
    const ChecklistEntry item = pixelwise.value_or(ChecklistEntry{});
    const bool tests_ok = key_findings(tests, test_key_ids(), Status::Gap).empty();
    if (!range.implementation_changed.empty() && (!tests_ok || !is_pixelwise_hard_evidence(item))) {
        std::vector<std::string> names;
        for (const std::string& path : range.implementation_changed)
            names.push_back(std::filesystem::path(path).filename().string());
        return detail::evidence_finding(
            "ODO-1", Status::Gap,
            "Changed implementation lacks regression test and/or hard pixelwise-equality evidence",
            std::string("regression tests ok=") + (tests_ok ? "True" : "False") +
                "; checklist checked=" + (item.checked ? "True" : "False") +
                "; changed=" + python_list_repr(names),
            guide,
            "Run the operator's regression test against an independent reference, then check "
            "the Pixelwise equality item naming the test, the assertion, the branches covered "
            "and the passing result (e.g. 6/6 passed).");
    }
    if (const auto manual = key_findings(tests, test_key_ids(), Status::Manual);
        !range.implementation_changed.empty() && !manual.empty())
        return detail::evidence_finding(
            "ODO-1", Status::Manual,
            "Regression tests of the changed implementation need a human decision",
            text::join(manual, "; "), guide,
            "Resolve what the review finding(s) ask (e.g. confirm an independent CPU reference), "
            "then re-run evidence.");
    return detail::evidence_finding(
        "ODO-1", Status::Pass,
        "Regression tests present + checked pixelwise-equality hard evidence", item.evidence,
        guide);
}

// Without a ledger, the checklist sentence decides as the reference's rule does, except that a
// sentence saying the opposite ("below the ridge", "leads remain", "two strikes") is no evidence.
inline Finding check_odo4_lead_exhaustion(const std::optional<ChecklistEntry>& lead,
                                          const std::string& guide) {
    const ChecklistEntry item = lead.value_or(ChecklistEntry{});
    const std::string& e = item.evidence;
    const summary::LeadExhaustionClaim claim = summary::read_lead_exhaustion(e);
    if (item.checked && claim.exhausted())
        return detail::evidence_finding(
            "ODO-4", Status::Pass, "Lead exhaustion is checked with measurement-backed evidence", e,
            guide);
    if (item.checked && !claim.contradiction.empty())
        return detail::evidence_finding(
            "ODO-4", Status::Gap, "Lead exhaustion is checked, but its evidence says otherwise",
            "the item says: " + claim.contradiction + "; " + e, guide,
            "Keep measuring leads until the dominant case's profile is at the ridge or three "
            "measured strikes follow the last win; check the item only then.");
    return detail::evidence_finding(
        "ODO-4", Status::Gap, "Lead exhaustion lacks checked, measurement-backed hard evidence",
        e.empty() ? "Lead exhaustion checklist item missing or unchecked" : e, guide,
        "Check Lead exhaustion only after citing measured at-ridge evidence (e.g. 93% Memory SOL "
        "at ridge) or three measured post-win strikes.");
}
#endif // ODO_GATES_DEFINITIONS

// A refactor: commit of the range, and the identity its verify report must carry.
struct RefactorCommit {
    std::string sha;
    std::string subject;
    std::string parent;  // the base its verify compares with
    std::string sources; // refactor::sources_fingerprint of the commit's tree
    // The gate's own verify of the commit against its parent, bit-exactness aside (the gate has no
    // test run): each finding it did not pass, "VER-2 GAP", or why it could not run.
    std::vector<std::string> reverify_open;
};

// What ODO-8 learned from the repository itself: its own run of refactor_op's assess on the change
// under review, and the refactor: commits a verify report must cover.
struct RefactorRerun {
    std::string sources;                 // refactor::sources_fingerprint of the candidate
    std::string verdict;                 // "ADVISORY"
    std::string counts;                  // "PASS=8, RECOMMENDATION=1"
    std::string open;                    // "RED-2", or "none"
    std::vector<std::string> manual;     // IDs of MANUAL findings
    std::string problem;                 // why assess could not run; "" when it ran
    std::vector<RefactorCommit> commits; // the range's refactor: commits
};

namespace detail {

#if ODO_GATES_DEFINITIONS
inline std::string rerun_text(const RefactorRerun& r) {
    return "assess on sources " + r.sources + ": " + r.verdict + " \xE2\x80\x94 " + r.counts +
           "; open: " + r.open;
}

// The commits of the range that call themselves refactors, sources not yet fingerprinted: each
// needs verify's proof.
inline std::vector<RefactorCommit> refactor_commits(const CommitHistory& history) {
    std::vector<RefactorCommit> out;
    for (const CommitFacts& c : history.commits)
        if (repo::is_refactor_subject(c.subject))
            out.push_back({c.sha, c.subject, c.parents.empty() ? "" : c.parents.front(), "", {}});
    return out;
}
#endif // ODO_GATES_DEFINITIONS

// Why a refactor: commit is not proven, as ODO-8's summary and evidence.
struct Unproven {
    std::string summary;
    std::string evidence;
};

#if ODO_GATES_DEFINITIONS
// Why no cited verify report proves `commit`, or nullopt when one does: a PARITY-OK report that
// compared the commit's parent with the commit's sources. The closest report names the mismatch.
inline std::optional<Unproven>
unproven_refactor(const RefactorCommit& commit,
                  const std::vector<refactor::CitedReport>& verifies) {
    const std::string name = commit.sha.substr(0, 8) + " " + commit.subject;
    const refactor::CitedReport* same_base = nullptr;
    const refactor::CitedReport* same_tree = nullptr;
    for (const refactor::CitedReport& v : verifies)
        if (!commit.parent.empty() && v.base == commit.parent) {
            same_base = &v;
            if (v.sources == commit.sources && (!same_tree || v.verdict == "PARITY-OK"))
                same_tree = &v;
        }
    if (same_tree && same_tree->verdict == "PARITY-OK" && !commit.reverify_open.empty())
        return Unproven{"The cited PARITY-OK differs from the gate's own verify of the commit",
                        name + "; re-run: " + text::join(commit.reverify_open, ", ")};
    if (same_tree && same_tree->verdict == "PARITY-OK")
        return std::nullopt;
    if (same_tree)
        return Unproven{"A refactor: commit lacks a PARITY-OK verify report",
                        name + "; cited verify: " + same_tree->verdict};
    if (same_base)
        return Unproven{"The cited verify report judged other sources than the refactor commit",
                        name + "; sources at the commit=" + commit.sources +
                            "; cited verify sources=" + same_base->sources};
    if (!verifies.empty()) {
        std::vector<std::string> bases;
        for (const refactor::CitedReport& v : verifies)
            bases.push_back(v.base.empty() ? "none recorded" : v.base);
        return Unproven{"The cited verify report compared another base than the refactor "
                        "commit's parent",
                        name + "; parent " + commit.parent +
                            "; cited verify base: " + text::join(bases, ", ")};
    }
    return Unproven{"A refactor: commit lacks a PARITY-OK verify report",
                    name + "; no verify report cited"};
}
#endif // ODO_GATES_DEFINITIONS

} // namespace detail

#if ODO_GATES_DEFINITIONS
// The Review/refactor gate's hard evidence is refactor_op's own line, not prose: the item must
// cite `refactor_op <Op> --phase assess` on the sources of the change under review with the result
// a re-run of assess gives, and each refactor: commit needs a PARITY-OK verify report of its own
// tree against its parent (the line names both). A checked box whose text is a manual disposition
// ("reviewed by hand") is a GAP; a re-run that leaves MANUAL findings is MANUAL.
inline Finding check_odo8_review_refactor(const ChangeRange& range, bool results_present,
                                          const std::optional<ChecklistEntry>& review,
                                          const repo::OperatorPaths& op, const RefactorRerun& rerun,
                                          const std::string& guide) {
    if (auto unknown = detail::unknown_change("ODO-8", range, guide))
        return *unknown;
    const std::string assess = "`refactor_op " + op.operator_name + " --phase assess`";
    const std::string cite = "Run " + assess +
                             " on the change and put the line it prints after \"Review/refactor "
                             "gate evidence:\" in the item.";
    if (range.implementation_changed.empty())
        return detail::evidence_finding(
            "ODO-8", Status::NotApplicable,
            "No implementation change -> review/refactor lock-in gate N-A", "", guide);
    if (!results_present)
        return detail::evidence_finding(
            "ODO-8", Status::Gap, "Review/refactor lock-in gate evidence missing",
            "provide --results with a Review/refactor gate section", guide, cite);
    const ChecklistEntry item = review.value_or(ChecklistEntry{});
    if (!item.checked)
        return detail::evidence_finding(
            "ODO-8", Status::Gap, "Review/refactor lock-in gate is missing or unchecked",
            item.evidence.empty() ? "Review/refactor checklist item missing" : item.evidence, guide,
            cite + " Then check the item.");
    std::optional<refactor::CitedReport> assessed;
    std::vector<refactor::CitedReport> verified;
    for (refactor::CitedReport& c : refactor::find_cited_reports(item.evidence)) {
        if (text::lower(c.operator_name) != op.op)
            continue;
        if (c.phase == "assess")
            assessed = std::move(c);
        else
            verified.push_back(std::move(c));
    }
    if (!assessed)
        return detail::evidence_finding(
            "ODO-8", Status::Gap, "Review/refactor gate evidence is not a refactor_op report",
            "no `refactor_op " + op.operator_name + " --phase assess` line in: " +
                std::string(review::first_characters(item.evidence, 200)),
            guide, cite);
    if (!rerun.problem.empty())
        return detail::evidence_finding("ODO-8", Status::Manual,
                                        "refactor_op assess could not be re-run on the change",
                                        rerun.problem, guide, cite);
    if (assessed->sources != rerun.sources)
        return detail::evidence_finding(
            "ODO-8", Status::Gap,
            "The cited assess report judged other sources than the change under review",
            "cited sources=" + assessed->sources + "; candidate sources=" + rerun.sources, guide,
            cite);
    if (assessed->verdict != rerun.verdict || assessed->counts != rerun.counts ||
        assessed->open != rerun.open)
        return detail::evidence_finding(
            "ODO-8", Status::Gap, "The cited assess result differs from a re-run on the change",
            "cited " + assessed->verdict + " \xE2\x80\x94 " + assessed->counts +
                "; open: " + assessed->open + " | re-run " + detail::rerun_text(rerun),
            guide, cite);
    std::vector<std::string> proven;
    for (const RefactorCommit& commit : rerun.commits) {
        if (auto why = detail::unproven_refactor(commit, verified))
            return detail::evidence_finding(
                "ODO-8", Status::Gap, why->summary, why->evidence, guide,
                "With the refactor commit's tree checked out, run `refactor_op " +
                    op.operator_name + " --phase verify --base " + commit.parent +
                    " --pixel-evidence <test output>` and cite its PARITY-OK line.");
        proven.push_back("verify PARITY-OK of " + commit.sha.substr(0, 8));
    }
    if (!rerun.manual.empty())
        return detail::evidence_finding(
            "ODO-8", Status::Manual, "refactor_op assess leaves MANUAL findings to settle",
            text::join(rerun.manual, ", ") + "; " + detail::rerun_text(rerun), guide,
            "Resolve what each MANUAL finding asks, re-run assess and cite its line.");
    return detail::evidence_finding(
        "ODO-8", Status::Pass, "Review/refactor gate backed by refactor_op, re-run on the change",
        detail::rerun_text(rerun) + (proven.empty() ? "" : "; " + text::join(proven, "; ")), guide);
}
#endif // ODO_GATES_DEFINITIONS

} // namespace odo::gates
