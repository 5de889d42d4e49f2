#include <odo/gates/evidence_checks_checklist.hpp>

#include <doctest/doctest.h>

using namespace odo::gates;
using odo::Status;

namespace {
const std::string guide = ".agents/guidance/OPTIMIZATION_GUIDELINES.md";

ChangeRange changed_range(std::vector<std::string> impl) {
    ChangeRange r;
    r.base = "origin/main";
    r.merge_base = std::string(40, 'a');
    r.changed = impl;
    r.implementation_changed = std::move(impl);
    return r;
}

odo::repo::OperatorPaths resize() {
    odo::repo::OperatorPaths p;
    p.operator_name = "Resize";
    p.op = "resize";
    return p;
}

bool contains(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

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

TEST_CASE("ODO-8 requires the assess command and its disposition (catalogue 46-48)") {
    const auto range = changed_range({"src/cvcuda/priv/OpResize.cu"});
    auto f = check_odo8_review_refactor(
        range, true, ChecklistEntry{true, "reviewed changed implementation; PASS."}, resize(),
        guide);
    CHECK(f.status == Status::Gap);
    CHECK(contains(f.fix, "refactor_op.py"));

    f = check_odo8_review_refactor(
        range, true,
        ChecklistEntry{
            true, "reviewed changed implementation; tools/refactor_op.py Resize --phase assess "
                  "PASS with 0 recommendations; no refactor applied."},
        resize(), guide);
    CHECK(f.status == Status::Pass);
    CHECK(contains(f.evidence, "refactor applied=no"));

    f = check_odo8_review_refactor(
        range, true,
        ChecklistEntry{true,
                       "reviewed; tools/refactor_op.py Resize --phase assess RECOMMENDATION RED-1; "
                       "Refactor applied: yes."},
        resize(), guide);
    CHECK(f.status == Status::Gap);
    CHECK(contains(f.evidence, "--phase verify"));
    CHECK(contains(f.evidence, "frozen operator tests"));
    CHECK(contains(f.evidence, "post-refactor benchmark proof"));

    f = check_odo8_review_refactor(
        range, true,
        ChecklistEntry{
            true, "reviewed changed implementation and fixed RED-1; tools/refactor_op.py Resize "
                  "--phase assess RECOMMENDATION RED-1; Refactor applied: yes; "
                  "tools/refactor_op.py Resize --phase verify PASS; cvcuda_test_system tests "
                  "passed; run_bench.py benchmark passed with no regression."},
        resize(), guide);
    CHECK(f.status == Status::Pass);
    CHECK(contains(f.evidence, "refactor applied=yes"));

    // A PASS elsewhere is not the assessment's disposition.
    f = check_odo8_review_refactor(
        range, true,
        ChecklistEntry{true,
                       "PASS. Ran tools/refactor_op.py Resize --phase assess and looked at it."},
        resize(), guide);
    CHECK(f.status == Status::Gap);
    CHECK(contains(f.evidence, "recommendation disposition"));

    CHECK(check_odo8_review_refactor(range, false, std::nullopt, resize(), guide).summary ==
          "Review/refactor lock-in gate evidence missing");
    CHECK(check_odo8_review_refactor(range, true, std::nullopt, resize(), guide).evidence ==
          "Review/refactor checklist item missing");
    CHECK(
        check_odo8_review_refactor(changed_range({}), true, std::nullopt, resize(), guide).status ==
        Status::NotApplicable);
    ChangeRange unknown;
    CHECK(check_odo8_review_refactor(unknown, true, std::nullopt, resize(), guide).status ==
          Status::Manual);
}
