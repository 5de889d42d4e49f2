#include "../repo/temp_tree.hpp"

#include <odo/review/test_checks.hpp>

#include <doctest/doctest.h>

using namespace odo;
using namespace odo::review;

namespace {

const std::string test_path = "tests/cvcuda/system/TestOpExample.cpp";
const std::string test_guideline =
    ".agents/guidance/REVIEW_OP_GUIDELINES.md#test / make_operator.rst / "
    ".agents/guidance/OPTIMIZATION_GUIDELINES.md";

Finding tst1(std::optional<std::string> text) {
    return check_independent_reference({test_path, std::move(text)}, repo::Layout::cvcuda());
}

SupportInfo tensor_op() {
    SupportInfo s;
    s.has_tensor = true;
    return s;
}

Finding tst2(const std::string& text, const SupportInfo& support = tensor_op()) {
    return check_positive_tensor_test({test_path, text}, "Example", support,
                                      repo::Layout::cvcuda());
}

} // namespace

TEST_CASE("TST-1 GAP: one finding when the C++ test file is missing") {
    const Finding f = tst1(std::nullopt);
    CHECK(f.id == "TST-1");
    CHECK(f.status == Status::Gap);
    CHECK(f.summary == "C++ system test file not found");
    CHECK(f.evidence == "tests/cvcuda/system/TestOpExample.cpp (missing)");
    CHECK(f.fix == "Add the C++ system test.");
    CHECK(f.guideline == test_guideline);
}

TEST_CASE("TST-1 PASS: a Gold or Reference name in code") {
    const Finding f =
        tst1("#include <gtest/gtest.h>\n\nstatic int ExampleGold(int x) { return x; } "
             "// host\n");
    CHECK(f.status == Status::Pass);
    CHECK(f.summary == "Independent CPU reference present");
    CHECK(f.evidence == test_path + ":3: static int ExampleGold(int x) { return x; } // host");
    CHECK(f.fix.empty());
    CHECK(f.guideline == test_guideline);
    for (const char* code :
         {"auto r = gold(x);", "auto r = ComputeReference(x);", "auto reference = f(x);",
          "setGold(out);", "EXPECT_TRUE(MatchesGold(o));", "const char* s = \"reference\";"}) {
        CAPTURE(code);
        CHECK(tst1(std::string("\n") + code).status == Status::Pass);
    }
    CHECK(tst1("// the reference\nauto Reference = 1;").evidence ==
          test_path + ":2: auto Reference = 1;");
}

TEST_CASE("TST-1 MANUAL: no reference in code, even when comments or includes mention one") {
    for (const char* text :
         {"TEST(OpExample, x) { EXPECT_EQ(a, b); }",
          "// compare with the reference implementation\nTEST(OpExample, x) {}",
          "/* Gold\n   Reference */\nint x;",
          "#include \"ReferenceImpl.hpp\"\n  # include \"gold.h\"\nint x;", ""}) {
        CAPTURE(text);
        const Finding f = tst1(text);
        CHECK(f.id == "TST-1");
        CHECK(f.status == Status::Manual);
        CHECK(f.summary == "No obvious CPU reference; verify");
        CHECK(f.evidence == "no Gold/Reference symbol found");
        CHECK(f.fix == "Add/confirm an independent CPU reference.");
    }
}

TEST_CASE("TST-2 accepts the spec's positive Tensor tests") {
    for (const char* macro :
         {"TEST_P(OpExample, CustomCrop_packed)", "TEST(OpExample, Histogram_mask)",
          "TYPED_TEST(OpExample, correct_output)", "TEST(OpExampleTensor2D, correct_output)",
          "TEST(OpExampleTensorBatch, matches_reference)"}) {
        CAPTURE(macro);
        const Finding f = tst2(std::string("// test\n") + macro + "\n{\n}\n");
        CHECK(f.id == "TST-2");
        CHECK(f.status == Status::Pass);
        CHECK(f.summary == "tensor positive/correctness test present");
        CHECK(f.evidence == test_path + ":2: " + macro);
        CHECK(f.guideline == test_guideline);
    }
}

TEST_CASE("TST-2 rejects the spec's non-positive or non-Tensor tests") {
    for (const char* macro :
         {"TEST(OpExample, smoke)", "TEST(OpExample, varshape_correct_output)",
          "TEST(OpExampleNegative, tensor_correct_output)",
          "TEST_P(OpExampleTensor, rejects_invalid_shape)",
          "TYPED_TEST(OpExampleTensorSmoke, correct_output)",
          "TYPED_TEST(OpExampleImageBatch, correct_output)",
          "TEST(OpExampleSiblingTensor, correct_output)", "TEST(OpUnrelatedTensor, correct_output)",
          "// TEST(OpExample, correct_output)", "/* TEST(OpExample, correct_output) */"}) {
        CAPTURE(macro);
        const Finding f = tst2(std::string(macro) + "\n{\n}\n");
        CHECK(f.id == "TST-2");
        CHECK(f.status == Status::Gap);
        CHECK(f.summary == "tensor positive/correctness test MISSING");
        CHECK(f.evidence == test_path + ": no positive Tensor TEST macro found");
        CHECK(f.fix == "Add tensor positive/correctness test: a TEST in suite OpExample or "
                       "OpExampleTensor... (grammar.test_suite_prefix \"Op\", then the "
                       "operator's name).");
    }
}

TEST_CASE("TST-2 reads suite names with the layout's grammar.test_suite_prefix") {
    const auto with_prefix = [](const char* prefix, const std::string& text) {
        repo::Layout layout = repo::Layout::cvcuda();
        layout.grammar.test_suite_prefix = prefix;
        return check_positive_tensor_test({test_path, text}, "Example", tensor_op(), layout);
    };
    const std::string pixel_suites = "TEST(PxExampleTensor, correct_output) {}";
    CHECK(with_prefix("Px", pixel_suites).status == Status::Pass);
    CHECK(tst2(pixel_suites).status == Status::Gap); // CV-CUDA's "Op" does not match it
    const Finding op_named = with_prefix("Px", "TEST(OpExample, correct_output) {}");
    CHECK(op_named.status == Status::Gap);
    CHECK(op_named.fix == "Add tensor positive/correctness test: a TEST in suite PxExample or "
                          "PxExampleTensor... (grammar.test_suite_prefix \"Px\", then the "
                          "operator's name).");

    // No prefix: the suite starts with the operator's name, and still not with another's.
    CHECK(with_prefix("", "TEST(Example, correct_output) {}").status == Status::Pass);
    CHECK(with_prefix("", "TEST(ExampleTensor, correct_output) {}").status == Status::Pass);
    CHECK(with_prefix("", "TEST(OpExample, correct_output) {}").status == Status::Gap);
    CHECK(with_prefix("", "TEST(ExampleSibling, correct_output) {}").status == Status::Gap);
}

TEST_CASE("TST-2 exclusion and creation rules") {
    for (const char* name :
         {"op", "Operator_Creation", "creation", "invalid_input", "null_input", "nullptr_input",
          "errors", "exceeds_limit", "OutOfRange", "out_of_range_index", "reports_failure",
          "mismatched", "unsupported_dtype", "incorrect_layout", "Overflow_saturates"}) {
        CAPTURE(name);
        CHECK(tst2(std::string("TEST(OpExample, ") + name + ")").status == Status::Gap);
    }
    // Whole words only: these are positive tests.
    for (const char* name : {"nullable_mask", "terror_free", "nonnegative_values", "errorless",
                             "smokey_image", "invalidation_free"}) {
        CAPTURE(name);
        CHECK(tst2(std::string("TEST(OpExample, ") + name + ")").status == Status::Pass);
    }
}

TEST_CASE("TST-2 recognizes TEST_F and TYPED_TEST_P, not other macros") {
    CHECK(tst2("TEST_F(OpExample, correct_output) {}").status == Status::Pass);
    CHECK(tst2("TYPED_TEST_P(OpExampleTensor, correct_output) {}").status == Status::Pass);
    CHECK(tst2("MY_TEST(OpExample, correct_output) {}").status == Status::Gap);
    CHECK(tst2("NVCV_TEST(OpExample, correct_output) {}").status == Status::Gap);
    CHECK(tst2("TEST(OpExample) {}").status == Status::Gap);
    CHECK(tst2("TEST(OpExample, a, b) {}").status == Status::Gap);
}

TEST_CASE("TST-2 finds the first surviving macro across whitespace and lines") {
    const Finding f = tst2("TEST(OpExample, smoke) {}\n/* TEST(OpExample, x) */\n"
                           "TEST_P ( OpExampleTensor ,\n   correct_output ) // main\n{}\n"
                           "TEST(OpExample, later) {}\n");
    CHECK(f.status == Status::Pass);
    CHECK(f.evidence == test_path + ":3: TEST_P ( OpExampleTensor ,");
}

TEST_CASE("TST-2 is N-A only for VarShape-only operators") {
    SupportInfo generic;
    generic.has_vs = true;
    generic.generic_varshape = true;
    const Finding na = tst2("", generic);
    CHECK(na.status == Status::NotApplicable);
    CHECK(na.summary == "VarShape-only op -> tensor test N-A");
    CHECK(na.evidence == "the generic Submit entry point takes an ImageBatch");

    SupportInfo curated;
    curated.has_vs = true;
    curated.varshape_only = true;
    const Finding listed = tst2("", curated);
    CHECK(listed.status == Status::NotApplicable);
    CHECK(listed.evidence == ".agents/tools/review_op_data.json: listed in varshape_only");

    SupportInfo with_tensor = curated;
    with_tensor.has_tensor = true;
    with_tensor.generic_varshape = true;
    CHECK(tst2("", with_tensor).status == Status::Gap);
    CHECK(tst2("", SupportInfo{}).status == Status::Gap);
}

TEST_CASE("test_domain_findings: TST-1 then TST-2, once each, in the given phase") {
    TempTree repo;
    const repo::Layout layout;
    const auto paths = repo::resolve_operator(repo.root(), layout, "Example");
    auto findings = test_domain_findings(repo.root(), paths, tensor_op(), layout);
    REQUIRE(findings.size() == 2);
    CHECK(findings[0].id == "TST-1");
    CHECK(findings[0].status == Status::Gap);
    CHECK(findings[1].id == "TST-2");
    CHECK(findings[1].status == Status::Gap);
    CHECK(findings[0].phase == Phase::Preflight);

    repo.write(test_path, "static int ExampleGold();\nTEST(OpExample, correct_output) {}\n");
    findings = test_domain_findings(repo.root(), paths, tensor_op(), layout, Phase::Evidence);
    REQUIRE(findings.size() == 2);
    CHECK(findings[0].status == Status::Pass);
    CHECK(findings[1].status == Status::Pass);
    CHECK(findings[1].evidence == test_path + ":2: TEST(OpExample, correct_output) {}");
    CHECK(findings[0].phase == Phase::Evidence);
    CHECK(findings[1].phase == Phase::Evidence);
}

TEST_CASE("macro scanning steps over numbers and words that start with a digit") {
    const auto macros = odo::review::find_test_macros(
        "std::vector<uint8_t> input(64, 7); int 3d = 0x1F;\nTEST(OpFlip, correct_output) {}\n");
    REQUIRE(macros.size() == 1);
    CHECK(macros[0].suite == "OpFlip");
}
