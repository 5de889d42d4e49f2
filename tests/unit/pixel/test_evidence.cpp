#include <odo/pixel/compare.hpp>
#include <odo/pixel/evidence.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <regex>
#include <string>
#include <vector>

using namespace odo::pixel;

// The gate's rules for the "Pixelwise equality to reference" checklist item, transcribed from
// spec/gates.md (ODO-1: _checklist_item, _has_pixelwise_assertion, reference word, result) and
// spec/summary.md (ODO-3: _hard_evidence).
namespace gate {
const auto icase = std::regex::ECMAScript | std::regex::icase;

bool found(const std::string& text, const std::regex& re) {
    return std::regex_search(text, re);
}

struct ChecklistItem {
    bool matched = false;
    bool checked = false;
    std::string evidence;
};

ChecklistItem checklist_item(const std::string& line) {
    static const std::regex item("^- \\[([ xX])\\] \\*\\*Pixelwise equality to "
                                 "reference\\*\\*\\s+\xE2\x80\x94\\s+(.+?)\\s*$");
    std::smatch m;
    if (!std::regex_search(line, m, item))
        return {};
    return {true, m[1] != " ", m[2]};
}

bool has_pixelwise_assertion(const std::string& e) {
    static const std::regex expect("\\bEXPECT_(EQ|NEAR)\\s*\\(");
    static const std::regex testing(
        "(cupy|cp|numpy|np)\\.testing\\.assert_(array_equal|allclose|equal)\\(", icase);
    static const std::regex assertion(
        "\\bassert\\s+(bool\\(|(cupy|cp|numpy|np|torch)\\.(all|array_equal|allclose|equal)\\(|"
        "[A-Za-z_]\\w*(\\.[A-Za-z_]\\w*|\\[[^\\]]*\\])*\\s*(==|!=|<=|>=|<|>|is\\b))",
        icase);
    return found(e, expect) || found(e, testing) || found(e, assertion);
}

bool pixel_hard_evidence(const ChecklistItem& item) {
    static const std::regex reference_word("\\b(reference|oracle|gold|host|cpu)\\b", icase);
    static const std::regex result("\\b(pass|passed|green)\\b|\\d+\\s*/\\s*\\d+", icase);
    return item.checked && has_pixelwise_assertion(item.evidence) &&
           found(item.evidence, reference_word) && found(item.evidence, result);
}

bool hard_evidence(const std::string& text) {
    static const std::regex placeholder(
        "<[^>]+>|\\b(todo|tbd|placeholder|add hard evidence|add one concise)\\b", icase);
    static const std::regex artifact(
        "(\\b\\w+\\.py\\b|\\b\\w+_test\\w*\\b|\\bODO-\\d+\\b|`[^`]+`|\\b(baseline|artifact|"
        "benchmark|run_bench|EXPECT_(EQ|NEAR)|ncu|nsys|commit|SHA)\\b)",
        icase);
    static const std::regex result(
        "\\b(pass(ed)?|green|zero regressions?|no regressions?|\\d+\\s*/\\s*\\d+|at[- ]?ridge|"
        "strikes?|recommendations?|updated|imported|committed)\\b",
        icase);
    const std::string lowered = [&] {
        std::string s = text;
        for (char& ch : s)
            ch = char(std::tolower(static_cast<unsigned char>(ch)));
        return s;
    }();
    for (const char* bare : {"pass", "passed", "yes", "done", "n/a"})
        if (lowered == bare)
            return false;
    return text.size() >= 20 && !found(text, placeholder) && found(text, artifact) &&
           found(text, result);
}
} // namespace gate

TEST_CASE("the transcribed gate rules agree with the spec's own examples") {
    for (const char* accepted :
         {"EXPECT_EQ(output, reference)", "EXPECT_NEAR(output, reference, 1e-6)",
          "assert bool(cupy.all(output == reference))", "assert output == reference",
          "cupy.testing.assert_array_equal(output, reference)"})
        CHECK(gate::has_pixelwise_assertion(accepted));
    for (const char* refused : {"We assert every pixel matches the independent reference.",
                                "EXPECT_EQ compares every output pixel",
                                "cupy.testing.assert_array_equal verifies the output",
                                "The Python test asserts exact output",
                                "The equality assertion passed", "Pixel equality was checked"})
        CHECK_FALSE(gate::has_pixelwise_assertion(refused));
    CHECK_FALSE(gate::hard_evidence("PASS"));
    CHECK_FALSE(gate::hard_evidence("`std::vector<uint8_t>` compared, 6/6 passed"));
    CHECK(gate::hard_evidence("`test_flip` compared every pixel, 6/6 passed"));
}

namespace {
const Shape shape{1, 4, 5, 3};
const std::vector<std::uint8_t> pixels(60, 7);

CompareResult equal_pair() {
    return compare(host_tensor(pixels, Layout::HWC, shape),
                   host_tensor(pixels, Layout::HWC, shape));
}

CompareResult failing_pair() {
    static const std::vector<std::uint8_t> other(60, 8);
    return compare(host_tensor(other, Layout::HWC, shape), host_tensor(pixels, Layout::HWC, shape));
}
} // namespace

TEST_CASE("a passing run writes a checked line the gate accepts as hard evidence") {
    EvidenceLog log("TestOpFlip.tensor_matches_reference");
    CHECK(log.record("u8 HWC 4x5", equal_pair()).passed());
    log.record("u8 HWC 4x5 pitched", equal_pair());
    const std::string line = log.checklist_line();
    CHECK(line == "- [x] **Pixelwise equality to reference** \xE2\x80\x94 `assert output == "
                  "reference` (odo::pixel::compare: bit-exact u8) against an independent host "
                  "reference in `TestOpFlip.tensor_matches_reference`: 2/2 variants passed, 120 "
                  "elements compared (u8 HWC 4x5, u8 HWC 4x5 pitched)");
    const auto item = gate::checklist_item(line);
    REQUIRE(item.matched);
    CHECK(gate::pixel_hard_evidence(item));
    CHECK(gate::hard_evidence(item.evidence));
}

TEST_CASE("the line names the sources it ran on when the run is told them, and stays evidence") {
    EvidenceLog log("TestOpFlip.tensor_matches_reference");
    log.record("u8 HWC 4x5", equal_pair());
    ::setenv("ODO_SOURCES_FINGERPRINT", "0123456789abcdef", 1);
    const std::string named = log.checklist_line();
    ::setenv("ODO_SOURCES_FINGERPRINT", "not a fingerprint", 1);
    const std::string malformed = log.checklist_line();
    ::unsetenv("ODO_SOURCES_FINGERPRINT");
    CHECK(named == log.checklist_line() + "; sources 0123456789abcdef");
    CHECK(malformed == log.checklist_line()); // only 16 lower-case hex digits are a fingerprint
    const auto item = gate::checklist_item(named);
    REQUIRE(item.matched);
    CHECK(gate::pixel_hard_evidence(item));
}

TEST_CASE("a tolerance is stated as an approx assertion the gate still accepts") {
    const std::vector<float> a(6, 1.0f);
    EvidenceLog log("test_resize.linear", "the CPU reference resize_reference()");
    log.record("f32 linear", compare(host_image(a.data(), 2, 3), host_image(a.data(), 2, 3)));
    Tolerance ulp_nan = Tolerance::ulps(2).with_nan(NanPolicy::MatchNan);
    log.record("f32 nearest",
               compare(host_image(a.data(), 2, 3), host_image(a.data(), 2, 3), ulp_nan));
    const std::string line = log.checklist_line();
    CHECK(line == "- [x] **Pixelwise equality to reference** \xE2\x80\x94 `assert output == "
                  "approx(reference, atol=1e-05, rtol=1.3e-06)` (odo::pixel::compare: within "
                  "tolerance f32); `assert output == approx(reference, ulp=2, equal_nan=True)` "
                  "(odo::pixel::compare: within tolerance f32) against the CPU reference "
                  "resize_reference() in `test_resize.linear`: 2/2 variants passed, 12 elements "
                  "compared (f32 linear, f32 nearest)");
    const auto item = gate::checklist_item(line);
    CHECK(gate::pixel_hard_evidence(item));
    CHECK(gate::hard_evidence(item.evidence));
}

TEST_CASE("one assertion over several element types lists each rule once") {
    const std::vector<float> a(6, 1.0f);
    EvidenceLog log("TestOpFlip.types");
    log.record("u8", equal_pair());
    log.record("f32",
               compare(host_image(a.data(), 2, 3), host_image(a.data(), 2, 3), Tolerance::exact()));
    log.record("u8 again", equal_pair());
    CHECK(log.checklist_line().find("`assert output == reference` (odo::pixel::compare: bit-exact "
                                    "u8, exact f32) against") != std::string::npos);
}

TEST_CASE("a failing run writes an unchecked line naming the failed variants") {
    EvidenceLog log("TestOpFlip.tensor_matches_reference");
    log.record("u8 HWC", equal_pair());
    CHECK_FALSE(log.record("u8 HWC broken", failing_pair()).passed());
    CHECK(log.total() == 2);
    CHECK(log.passed() == 1);
    CHECK_FALSE(log.complete());
    const std::string line = log.checklist_line();
    CHECK(line.rfind("- [ ] **Pixelwise equality to reference**", 0) == 0);
    CHECK(line.find("1/2 variants passed") != std::string::npos);
    CHECK(line.find("(FAILED u8 HWC broken, u8 HWC)") != std::string::npos);
    CHECK_FALSE(gate::pixel_hard_evidence(gate::checklist_item(line)));
}

TEST_CASE("nothing compared is not evidence") {
    EvidenceLog empty("TestOpFlip.nothing");
    CHECK(empty.checklist_line() ==
          "- [ ] **Pixelwise equality to reference** \xE2\x80\x94 no comparison recorded against "
          "an independent host reference in `TestOpFlip.nothing`: 0/0 variants passed, 0 "
          "elements compared");
    EvidenceLog zero_elements("TestOpFlip.empty_image");
    const float none[1] = {};
    zero_elements.record("empty", compare(host_image(none, 0, 0), host_image(none, 0, 0)));
    CHECK(zero_elements.passed() == 1);
    CHECK_FALSE(zero_elements.complete());
}

TEST_CASE("names cannot smuggle placeholders, backticks or line breaks into the line") {
    EvidenceLog log("Test<Op>`x`\nnext", "a <reference>");
    log.record("vector<uchar3>", equal_pair());
    const std::string line = log.checklist_line();
    CHECK(line.find('<') == std::string::npos);
    CHECK(line.find('>') == std::string::npos);
    CHECK(line.find('\n') == std::string::npos);
    CHECK(line.find("`Test(Op)'x' next`") != std::string::npos);
    CHECK(line.find("(vector(uchar3))") != std::string::npos);
    CHECK(gate::hard_evidence(gate::checklist_item(line).evidence));
}

TEST_CASE("the variant list stays bounded") {
    EvidenceLog log("TestOpFlip.many");
    for (int i = 0; i < 11; ++i)
        log.record("v" + std::to_string(i), equal_pair());
    CHECK(log.checklist_line().find("(v0, v1, v2, v3, v4, v5, v6, v7, and 3 more)") !=
          std::string::npos);
}
