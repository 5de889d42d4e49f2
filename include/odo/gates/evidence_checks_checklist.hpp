#pragma once
// ODO-1, ODO-4 and ODO-8 (gates.md §4): checks of the human-written checklist items of the v1
// summary, cross-checked with what the repository shows. Each takes the checklist item as the
// summary's parser read it from the live block — the same line ODO-3 validates.
#include "odo/core/pattern.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/core/text.hpp"
#include "odo/gates/evidence_checks_common.hpp"
#include "odo/gates/review_findings.hpp"

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

// The checklist reads text the MR author wrote: odo::Pattern searches it in linear time, where
// std::regex would recurse per character and overflow the stack on a long run of spaces.
inline bool search(const std::string& text, const char* pattern, bool icase) {
    return Pattern(pattern, icase ? Pattern::Case::insensitive : Pattern::Case::sensitive)
        .found_in(text);
}

} // namespace detail

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

inline Finding check_odo4_lead_exhaustion(const std::optional<ChecklistEntry>& lead,
                                          const std::string& guide) {
    const ChecklistEntry item = lead.value_or(ChecklistEntry{});
    const std::string& e = item.evidence;
    const bool measured = detail::search(e, R"(\d+(\.\d+)?\s*(%|x\b|u?s\b|ms\b))", true);
    const bool at_ridge = detail::search(e, R"(\b(at[ -]?)?ridge\b)", true);
    const bool struck =
        detail::search(e, R"(\b(3|three)\b[^\n]{0,120}?\b(strike|struck|failed leads?)\b)", true);
    if (item.checked && measured && (at_ridge || struck))
        return detail::evidence_finding(
            "ODO-4", Status::Pass, "Lead exhaustion is checked with measurement-backed evidence", e,
            guide);
    return detail::evidence_finding(
        "ODO-4", Status::Gap, "Lead exhaustion lacks checked, measurement-backed hard evidence",
        e.empty() ? "Lead exhaustion checklist item missing or unchecked" : e, guide,
        "Check Lead exhaustion only after citing measured at-ridge evidence (e.g. 93% Memory SOL "
        "at ridge) or three measured post-win strikes.");
}

namespace detail {

// "refactor(s) applied: no" says no; "refactor applied: yes", "applied refactor",
// "refactor commit" or "RED-<n> resolved" says yes.
inline bool refactor_applied(const std::string& e) {
    if (search(e, R"(\bno refactors? applied\b|\brefactors? applied\s*[:=]\s*(no|false|n/a)\b)",
               true))
        return false;
    return search(
        e,
        R"(\brefactors? applied\s*[:=]\s*(yes|true)\b|\bapplied refactor|\brefactor commit|\bRED-\d+ resolved\b)",
        true);
}

inline std::vector<std::string> missing_review_evidence(const std::string& e) {
    std::vector<std::string> missing;
    if (e.find("refactor_op.py") == std::string::npos)
        missing.emplace_back("refactor_op.py command");
    // The disposition must be the assessment's outcome: it follows the assess phase, so a
    // stray "PASS" elsewhere in the line does not count.
    const bool assess = search(e, R"(--phase\s+assess\b|\bphase\s*[:=]\s*assess\b)", true);
    if (!assess)
        missing.emplace_back("--phase assess");
    if (!search(
            e,
            R"((--phase\s+assess|phase\s*[:=]\s*assess)\b[^\n]{0,120}?\b(PASS|RECOMMENDATIONS?|MANUAL|RED-\d+)\b)",
            true))
        missing.emplace_back("recommendation disposition");
    if (refactor_applied(e)) {
        if (!search(e, R"(--phase\s+verify\b|\bphase\s*[:=]\s*verify\b)", true))
            missing.emplace_back("--phase verify");
        if (!search(e, R"(\b(cvcuda_test\w*|run_tests|pytest|frozen[ -]?tests?|tests? passed)\b)",
                    true))
            missing.emplace_back("frozen operator tests");
        if (!search(e,
                    R"(\b(run_bench|benchmarks?( passed)?|no regression|performance preserved)\b)",
                    true))
            missing.emplace_back("post-refactor benchmark proof");
    }
    return missing;
}

} // namespace detail

inline Finding check_odo8_review_refactor(const ChangeRange& range, bool results_present,
                                          const std::optional<ChecklistEntry>& review,
                                          const repo::OperatorPaths& op, const std::string& guide) {
    if (auto unknown = detail::unknown_change("ODO-8", range, guide))
        return *unknown;
    const std::string assess =
        "`python3 tools/refactor_op.py " + op.operator_name + " --phase assess`";
    if (range.implementation_changed.empty())
        return detail::evidence_finding(
            "ODO-8", Status::NotApplicable,
            "No implementation change -> review/refactor lock-in gate N-A", "", guide);
    if (!results_present)
        return detail::evidence_finding(
            "ODO-8", Status::Gap, "Review/refactor lock-in gate evidence missing",
            "provide --results with a Review/refactor gate section", guide,
            "Run a review pass and " + assess +
                ", then record the disposition in the Results Summary.");
    const ChecklistEntry item = review.value_or(ChecklistEntry{});
    if (!item.checked)
        return detail::evidence_finding(
            "ODO-8", Status::Gap, "Review/refactor lock-in gate is missing or unchecked",
            item.evidence.empty() ? "Review/refactor checklist item missing" : item.evidence, guide,
            "Run the review and " + assess + ", record hard evidence, then check the item.");
    const std::vector<std::string> missing = detail::missing_review_evidence(item.evidence);
    if (!missing.empty())
        return detail::evidence_finding(
            "ODO-8", Status::Gap, "Review/refactor lock-in gate evidence incomplete",
            "missing: " + text::join(missing, ", "), guide,
            "Record the review pass, the `refactor_op.py --phase assess` result, and if a refactor "
            "was applied, the verify/test/benchmark proof.");
    return detail::evidence_finding(
        "ODO-8", Status::Pass, "Review/refactor lock-in gate evidence present",
        std::string("refactor applied=") +
            (detail::refactor_applied(item.evidence) ? "yes" : "no") + "; " + item.evidence,
        guide);
}

} // namespace odo::gates
