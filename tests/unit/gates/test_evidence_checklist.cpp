
#include "text_helpers.hpp"

#include <odo/gates/evidence_checks_checklist.hpp>

#include <doctest/doctest.h>

using namespace odo::gates;
using odo::Status;

namespace {
using odo::testing::guide;

ChangeRange changed_range(std::vector<std::string> impl) {
    ChangeRange r;
    r.base = "origin/main";
    r.merge_base = std::string(40, 'a');
    r.changed = impl;
    r.implementation_changed = std::move(impl);
    return r;
}

odo::repo::OperatorPaths checklist_resize() {
    odo::repo::OperatorPaths p;
    p.operator_name = "Resize";
    p.op = "resize";
    return p;
}

using odo::testing::contains;

odo::Finding tst(const char* id, Status status, const char* summary, const char* evidence = "") {
    return {id, odo::Phase::Evidence, status, summary, evidence, "", ""};
}

const std::vector<odo::Finding> tests_pass{tst("TST-1", Status::Pass, "reference found"),
                                           tst("TST-2", Status::Pass, "positive test found")};
const std::vector<odo::Finding> tests_gap{tst("TST-1", Status::Gap, "test file not found"),
                                          tst("TST-2", Status::Pass, "positive test found")};
} // namespace

TEST_CASE("a pixelwise assertion must be concrete (catalogue 17), and `is` is not equality") {
    for (const char* yes :
         {"EXPECT_EQ(output, reference)", "EXPECT_NEAR(output, reference, 1e-6)",
          "assert bool(cupy.all(output == reference))", "assert output == reference",
          "cupy.testing.assert_array_equal(output, reference)",
          "ODO_CHECK_PIXELS(output, reference)", "ODO_REQUIRE_PIXELS(output, reference)",
          "ODO_EXPECT_PIXELS(output, reference)", "ODO_ASSERT_PIXELS (output, reference)",
          "assert out[0].data != ref"})
        CHECK_MESSAGE(has_pixelwise_assertion(yes), yes);
    for (const char* no :
         {"We assert every pixel matches the independent reference.",
          "EXPECT_EQ compares every output pixel", "ODO_EXPECT_PIXELS compares every output pixel",
          "cupy.testing.assert_array_equal verifies the output",
          "The Python test asserts exact output", "The equality assertion passed",
          "Pixel equality was checked", "assert it is fine"})
        CHECK_MESSAGE(!has_pixelwise_assertion(no), no);
}

TEST_CASE("ODO-1: a checklist item with a million spaces after EXPECT_EQ is judged, not a crash") {
    // std::regex_search recursed once per space and overflowed the stack here.
    const std::string spaces(1'000'000, ' ');
    CHECK_FALSE(has_pixelwise_assertion("EXPECT_EQ" + spaces + "is how we checked"));
    CHECK(has_pixelwise_assertion("EXPECT_EQ" + spaces + "(out, gold)"));
    CHECK_FALSE(has_pixelwise_assertion("assert x" + spaces + "is fine"));
}

TEST_CASE("ODO-1: PASS, GAP, and MANUAL when the change is unknown") {
    const ChecklistEntry good{true,
                              "`assert bool(cupy.all(output == expected))` checks every pixel "
                              "against a constant-value oracle; 6 passed."};
    auto f = check_odo1_regression_evidence(
        changed_range({"python/mod_cvcuda/operators/OpHQResize.cpp"}), tests_pass, good, guide);
    CHECK(f.status == Status::Pass);
    CHECK(f.evidence == good.evidence);

    f = check_odo1_regression_evidence(changed_range({"src/cvcuda/priv/OpResize.cu"}), tests_pass,
                                       ChecklistEntry{true, "assert it is fine on cpu, 1/1"},
                                       guide);
    CHECK(f.status == Status::Gap);
    CHECK(f.evidence ==
          "regression tests ok=True; checklist checked=True; changed=['OpResize.cu']");

    f = check_odo1_regression_evidence(changed_range({"src/cvcuda/priv/OpResize.cu"}), tests_gap,
                                       good, guide);
    CHECK(f.status == Status::Gap);
    CHECK(contains(f.evidence, "regression tests ok=False"));

    f = check_odo1_regression_evidence(changed_range({"src/cvcuda/priv/OpResize.cu"}), tests_pass,
                                       ChecklistEntry{false, good.evidence}, guide);
    CHECK(f.status == Status::Gap);

    CHECK(
        check_odo1_regression_evidence(changed_range({}), tests_pass, std::nullopt, guide).status ==
        Status::Pass); // no implementation change: nothing to prove

    ChangeRange unknown;
    unknown.base = "nope";
    CHECK(check_odo1_regression_evidence(unknown, tests_pass, good, guide).status ==
          Status::Manual);
}

TEST_CASE("ODO-1 is MANUAL, never PASS, when a changed implementation's TST-1 is MANUAL") {
    const ChecklistEntry good{true, "`assert output == expected` against the host oracle; 6/6 "
                                    "passed."};
    const std::vector<odo::Finding> manual{tst("TST-1", Status::Manual,
                                               "No obvious CPU reference; verify",
                                               "no Gold/Reference symbol found"),
                                           tst("TST-2", Status::Pass, "positive test found")};
    const auto f = check_odo1_regression_evidence(changed_range({"src/cvcuda/priv/OpResize.cu"}),
                                                  manual, good, guide);
    CHECK(f.status == Status::Manual);
    CHECK(f.evidence == "TST-1:No obvious CPU reference; verify (no Gold/Reference symbol found)");
    CHECK_FALSE(f.fix.empty());
    // A GAP still wins, and without an implementation change there is nothing to prove.
    CHECK(check_odo1_regression_evidence(changed_range({"src/cvcuda/priv/OpResize.cu"}), manual,
                                         ChecklistEntry{}, guide)
              .status == Status::Gap);
    CHECK(check_odo1_regression_evidence(changed_range({}), manual, good, guide).status ==
          Status::Pass);
}

TEST_CASE("ODO-4 requires a checked, measured at-ridge or three-strikes line (catalogue 44-45)") {
    CHECK(check_odo4_lead_exhaustion(ChecklistEntry{false, "ncu showed 93% Memory SOL at ridge."},
                                     guide)
              .status == Status::Gap);
    CHECK(check_odo4_lead_exhaustion(
              ChecklistEntry{true, "profiling says the implementation is at ridge."}, guide)
              .status == Status::Gap);
    CHECK(check_odo4_lead_exhaustion(
              ChecklistEntry{true, "ncu showed 93% Memory SOL at ridge; PASS."}, guide)
              .status == Status::Pass);
    CHECK(check_odo4_lead_exhaustion(
              ChecklistEntry{true, "three failed leads measured at -2.1%, -0.8%, and 0.1%; PASS."},
              guide)
              .status == Status::Pass);
    const auto missing = check_odo4_lead_exhaustion(std::nullopt, guide);
    CHECK(missing.status == Status::Gap);
    CHECK(missing.evidence == "Lead exhaustion checklist item missing or unchecked");
}

TEST_CASE("ODO-4: a checked sentence that says the opposite is a GAP naming what it says") {
    // The sentence a new user wrote, which the reference's rule passed ("ridge" and a figure).
    const auto remain = check_odo4_lead_exhaustion(
        ChecklistEntry{true, "benchmark at 62% BWUtil, below the ridge, leads remain; 3/3 runs"},
        guide);
    CHECK(remain.status == Status::Gap);
    CHECK(remain.summary == "Lead exhaustion is checked, but its evidence says otherwise");
    CHECK(remain.evidence.rfind("the item says: leads remain; benchmark at 62% BWUtil", 0) == 0);
    for (const char* denied :
         {"ncu measured 71% Memory SOL, below the ridge", "71% Memory SOL, ridge not reached",
          "two strikes measured at -1% and 0.5%", "71% SOL, leads go on until three strikes",
          "ncu measured 71% Memory SOL; 2 of 3 strikes so far"})
        CHECK_MESSAGE(check_odo4_lead_exhaustion(ChecklistEntry{true, denied}, guide).summary ==
                          "Lead exhaustion is checked, but its evidence says otherwise",
                      denied);
    // Below the ridge, then three measured strikes: the demo's line is evidence.
    CHECK(check_odo4_lead_exhaustion(
              ChecklistEntry{true, "62% BWUtil, below the ridge; three failed leads (3 strikes) "
                                   "after the last win, measured at -2.1%, 0.3% and 1.0%."},
              guide)
              .status == Status::Pass);
    CHECK(check_odo4_lead_exhaustion(
              ChecklistEntry{true, "odo's host roofline measured 91.0% BWUtil at ridge for `k`"},
              guide)
              .status == Status::Pass);
}

namespace {

const std::string dash = "\xE2\x80\x94";

// What the gate's own assess run found, and the line refactor_op printed for the same sources.
RefactorRerun rerun(std::vector<std::string> manual = {}) {
    return {"0123456789abcdef",
            "ADVISORY",
            "PASS=8, RECOMMENDATION=1",
            "RED-2",
            std::move(manual),
            "",
            {}};
}

std::string assess_line(const std::string& sources = "0123456789abcdef",
                        const std::string& counts = "PASS=8, RECOMMENDATION=1") {
    return "`refactor_op Resize --phase assess` on sources " + sources + ": ADVISORY " + dash +
           " " + counts + "; open: RED-2";
}

} // namespace

TEST_CASE("ODO-8: a manual disposition is not evidence; refactor_op's own line, re-run, is") {
    const auto range = changed_range({"src/cvcuda/priv/OpResize.cu"});
    auto odo8 = [&](const std::string& text, const RefactorRerun& r = rerun()) {
        return check_odo8_review_refactor(range, true, ChecklistEntry{true, text},
                                          checklist_resize(), r, guide);
    };
    // The reference's accepted prose, and the demo's old hand-review line, are GAPs now.
    auto f = odo8("reviewed changed implementation; tools/refactor_op.py Resize --phase assess "
                  "PASS with 0 recommendations; no refactor applied.");
    CHECK(f.status == Status::Gap);
    CHECK(f.summary == "Review/refactor gate evidence is not a refactor_op report");
    CHECK(contains(f.fix, "`refactor_op Resize --phase assess`"));
    CHECK(odo8("reviewed by hand: MANUAL, no refactor applied.").status == Status::Gap);

    f = odo8("Assessed before the perf commit: " + assess_line() + ".");
    CHECK(f.status == Status::Pass);
    CHECK(contains(f.evidence, "assess on sources 0123456789abcdef: ADVISORY"));

    f = odo8(assess_line("fedcba9876543210"));
    CHECK(f.status == Status::Gap);
    CHECK(f.evidence == "cited sources=fedcba9876543210; candidate sources=0123456789abcdef");

    f = odo8(assess_line("0123456789abcdef", "PASS=9"));
    CHECK(f.status == Status::Gap);
    CHECK(f.summary == "The cited assess result differs from a re-run on the change");

    // Another operator's report proves nothing about this one.
    std::string other = assess_line();
    other.replace(other.find("Resize"), 6, "Flip");
    CHECK(odo8(other).status == Status::Gap);

    // A MANUAL finding of the re-run never folds into PASS.
    f = odo8(assess_line(), rerun({"RED-3"}));
    CHECK(f.status == Status::Manual);
    CHECK(contains(f.evidence, "RED-3"));
    RefactorRerun broken = rerun();
    broken.problem = "src/x: leads outside the repository";
    CHECK(odo8(assess_line(), broken).status == Status::Manual);

    CHECK(check_odo8_review_refactor(range, false, std::nullopt, checklist_resize(), rerun(), guide)
              .summary == "Review/refactor lock-in gate evidence missing");
    CHECK(check_odo8_review_refactor(range, true, std::nullopt, checklist_resize(), rerun(), guide)
              .evidence == "Review/refactor checklist item missing");
    CHECK(check_odo8_review_refactor(range, true, ChecklistEntry{false, assess_line()},
                                     checklist_resize(), rerun(), guide)
              .status == Status::Gap);
    CHECK(check_odo8_review_refactor(changed_range({}), true, std::nullopt, checklist_resize(),
                                     rerun(), guide)
              .status == Status::NotApplicable);
    ChangeRange unknown;
    CHECK(
        check_odo8_review_refactor(unknown, true, std::nullopt, checklist_resize(), rerun(), guide)
            .status == Status::Manual);
}

namespace {

const std::string refactor_parent(40, 'b');

// A refactor: commit of the range, its parent and the fingerprint of its tree, as the gate read
// them from git.
RefactorRerun rerun_with_refactor() {
    RefactorRerun r = rerun();
    r.commits.push_back({std::string(40, 'c'),
                         "refactor(resize): one kernel",
                         refactor_parent,
                         "0011223344556677",
                         {}});
    return r;
}

std::string verify_line(const std::string& base = refactor_parent,
                        const std::string& sources = "0011223344556677",
                        const std::string& verdict = "PARITY-OK",
                        const std::string& operator_name = "Resize") {
    return "`refactor_op " + operator_name + " --phase verify --base " + base + "` on sources " +
           sources + ": " + verdict + " " + dash + " PASS=7; open: none";
}

} // namespace

TEST_CASE("ODO-8: a refactor: commit needs a PARITY-OK verify of its own tree against its parent") {
    const auto range = changed_range({"src/cvcuda/priv/OpResize.cu"});
    auto odo8 = [&](const std::string& verify) {
        return check_odo8_review_refactor(range, true,
                                          ChecklistEntry{true, assess_line() + "; " + verify},
                                          checklist_resize(), rerun_with_refactor(), guide);
    };
    auto f = odo8(verify_line());
    CHECK(f.status == Status::Pass);
    CHECK(contains(f.evidence, "verify PARITY-OK of cccccccc"));

    f = odo8("");
    CHECK(f.status == Status::Gap);
    CHECK(f.summary == "A refactor: commit lacks a PARITY-OK verify report");
    CHECK(f.evidence == "cccccccc refactor(resize): one kernel; no verify report cited");
    CHECK(contains(f.fix, "--phase verify --base " + refactor_parent));

    // Another operator's verify proves nothing about this one.
    CHECK(odo8(verify_line(refactor_parent, "0011223344556677", "PARITY-OK", "Flip")).evidence ==
          "cccccccc refactor(resize): one kernel; no verify report cited");

    // A report of another commit: it compared another base (or, as the reference's line, none).
    f = odo8(verify_line(std::string(40, 'd')));
    CHECK(f.status == Status::Gap);
    CHECK(f.summary == "The cited verify report compared another base than the refactor commit's "
                       "parent");
    CHECK(f.evidence == "cccccccc refactor(resize): one kernel; parent " + refactor_parent +
                            "; cited verify base: " + std::string(40, 'd'));
    const std::string no_base = "`refactor_op Resize --phase verify --base main` on sources "
                                "0011223344556677: PARITY-OK " +
                                dash + " PASS=7; open: none";
    CHECK(contains(odo8(no_base).evidence, "cited verify base: none recorded"));

    // A stale report: run against the right parent, but before the commit's last change.
    f = odo8(verify_line(refactor_parent, "7766554433221100"));
    CHECK(f.status == Status::Gap);
    CHECK(f.summary == "The cited verify report judged other sources than the refactor commit");
    CHECK(f.evidence == "cccccccc refactor(resize): one kernel; sources at the "
                        "commit=0011223344556677; cited verify sources=7766554433221100");

    // The right report, but its verdict does not let the refactor through.
    for (const char* verdict : {"NEEDS-LOCAL-PROOF", "GATE-FAIL"}) {
        f = odo8(verify_line(refactor_parent, "0011223344556677", verdict));
        CHECK(f.status == Status::Gap);
        CHECK(f.evidence ==
              "cccccccc refactor(resize): one kernel; cited verify: " + std::string(verdict));
    }
    // A verdict edited by hand: the gate's own verify of the commit (bit-exactness aside) finds
    // what the cited PARITY-OK hides.
    RefactorRerun edited = rerun_with_refactor();
    edited.commits[0].reverify_open = {"VER-1 GAP", "VER-7 MANUAL"};
    f = check_odo8_review_refactor(range, true,
                                   ChecklistEntry{true, assess_line() + "; " + verify_line()},
                                   checklist_resize(), edited, guide);
    CHECK(f.status == Status::Gap);
    CHECK(f.summary == "The cited PARITY-OK differs from the gate's own verify of the commit");
    CHECK(f.evidence == "cccccccc refactor(resize): one kernel; re-run: VER-1 GAP, VER-7 MANUAL");

    // One good report among stale ones is enough.
    CHECK(odo8(verify_line(std::string(40, 'd')) + "; " + verify_line()).status == Status::Pass);

    // A root commit has no parent to verify against.
    RefactorRerun root = rerun_with_refactor();
    root.commits[0].parent.clear();
    CHECK(check_odo8_review_refactor(range, true,
                                     ChecklistEntry{true, assess_line() + "; " + no_base},
                                     checklist_resize(), root, guide)
              .status == Status::Gap);
    // The gate's own assess still decides first: a MANUAL re-run stays MANUAL.
    RefactorRerun manual = rerun_with_refactor();
    manual.manual = {"RED-3"};
    CHECK(check_odo8_review_refactor(range, true,
                                     ChecklistEntry{true, assess_line() + "; " + verify_line()},
                                     checklist_resize(), manual, guide)
              .status == Status::Manual);
}

TEST_CASE("ODO-8: a refactor: or refactor(scope): subject is a refactor commit") {
    CommitHistory history;
    history.commits = {{"1111111122222222", "refactor(resize): one kernel", {"aaaa"}, {}},
                       {"3333333344444444", "perf: faster", {"bbbb"}, {}},
                       {"5555555566666666", "refactor: shared helper", {"cccc"}, {}},
                       {"7777777788888888", "refactoring notes", {"dddd"}, {}}};
    const auto commits = odo::gates::detail::refactor_commits(history);
    REQUIRE(commits.size() == 2);
    CHECK(commits[0].sha == "1111111122222222");
    CHECK(commits[0].parent == "aaaa");
    CHECK(commits[1].subject == "refactor: shared helper");
    CHECK(commits[1].parent == "cccc");
}
