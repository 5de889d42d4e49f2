// odo::Pattern against std::regex_search: the same answers on the gates' own patterns over
// generated texts, and an answer (not a stack overflow) where std::regex recurses per character.
#include <odo/core/pattern.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// Every pattern the evidence checklist applies to MR text, and a few that exercise the rest of
// the syntax.
const std::vector<const char*> patterns = {
    R"(\bEXPECT_(EQ|NEAR)\s*\()",
    R"(\bODO_(CHECK|REQUIRE|EXPECT|ASSERT)_PIXELS\s*\()",
    R"(\b(cupy|cp|numpy|np)\.testing\.assert_(array_equal|allclose|equal)\s*\()",
    R"(\bassert\s+(bool\(|(cupy|cp|numpy|np|torch)\.(all|array_equal|allclose|equal)\(|[A-Za-z_]\w*(\.[A-Za-z_]\w*|\[[^\]]*\])*\s*(==|!=|<=|>=|<|>)))",
    R"(\b(reference|oracle|gold|host|cpu)\b)",
    R"(\d+\s*/\s*\d+)",
    R"(\d+(\.\d+)?\s*(%|x\b|u?s\b|ms\b))",
    R"(\b(at[ -]?)?ridge\b)",
    R"(\b(3|three)\b[^\n]{0,120}?\b(strike|struck|failed leads?)\b)",
    R"(\bno refactors? applied\b|\brefactors? applied\s*[:=]\s*(no|false|n/a)\b)",
    R"((--phase\s+assess|phase\s*[:=]\s*assess)\b[^\n]{0,120}?\b(PASS|RECOMMENDATIONS?|MANUAL|RED-\d+)\b)",
    R"(\b(cvcuda_test\w*|run_tests|pytest|frozen[ -]?tests?|tests? passed)\b)",
    R"(a{2,3}b|x+?y|z*|(?:q|r)\B\W\D\S)",
    R"(.[a-c]{2,}\.\t)",
};

// Texts built from the pieces the patterns look for, joined by separators that make and break
// word boundaries: a deterministic generator, so a failure names a reproducible text.
std::string generated_text(std::uint32_t seed) {
    // clang-format off
    static const std::vector<std::string> pieces = {
        "EXPECT_EQ", "EXPECT_NEAR", "ODO_CHECK_PIXELS", "np.testing.assert_allclose", "assert",
        "x.y[0]", "==", "<", "reference", "Gold", "12", "/", "3.5", "%", "x", "us", "ms", "ridge",
        "at-ridge", "three", "3", "strike", "failed leads", "no refactor applied", "refactors",
        "applied", "=", ":", "n/a", "--phase", "assess", "PASS", "RED-4", "pytest", "tests passed",
        "aab", "xxy", "q", "r", "abc.\t", "(", "_", "\n", "\r", "\xc3\xa9",
        "np.testing.assert_allclose(", "cp.testing.assert_equal", "4 / 5", "7/", "--phase assess",
        "phase=assess"};
    // clang-format on
    static const std::vector<std::string> gaps = {"", " ", "  ", "\t", "_", "a", "\n", "-"};
    std::string text;
    std::uint32_t state = seed * 2654435761u + 1;
    const auto next = [&state] { return (state = state * 1103515245u + 12345u) >> 8; };
    const std::uint32_t count = next() % 12;
    for (std::uint32_t i = 0; i < count; ++i)
        text += gaps[next() % gaps.size()] + pieces[next() % pieces.size()];
    return text;
}

} // namespace

TEST_CASE("Pattern answers as std::regex_search does on the gates' patterns") {
    for (const char* pattern : patterns) {
        for (const bool icase : {false, true}) {
            const odo::Pattern ours(pattern, icase ? odo::Pattern::Case::insensitive
                                                   : odo::Pattern::Case::sensitive);
            const std::regex theirs(pattern, icase ? std::regex::ECMAScript | std::regex::icase
                                                   : std::regex::ECMAScript);
            int matches = 0;
            for (std::uint32_t seed = 0; seed < 3000; ++seed) {
                const std::string text = generated_text(seed);
                const bool expected = std::regex_search(text, theirs);
                matches += expected;
                INFO("pattern " << std::string(pattern) << ", icase " << icase << ", text [" << text
                                << "]");
                REQUIRE(ours.found_in(text) == expected);
            }
            INFO("pattern " << std::string(pattern));
            CHECK(matches > 0); // the generator reaches the matching side of every pattern
        }
    }
}

TEST_CASE("Pattern: boundaries, classes and counts at the edges of the text") {
    using odo::Pattern;
    CHECK(Pattern(R"(\bab\b)").found_in("ab"));
    CHECK_FALSE(Pattern(R"(\bab\b)").found_in("abc"));
    CHECK(Pattern(R"(\Bb)").found_in("ab"));
    CHECK_FALSE(Pattern(R"(\Bb)").found_in("b"));
    CHECK(Pattern("").found_in(""));
    CHECK(Pattern("a{0}").found_in("zzz"));
    CHECK(Pattern("a{2}").found_in("xaax"));
    CHECK_FALSE(Pattern("a{3}").found_in("xaax"));
    CHECK(Pattern(R"([^\]]+\])").found_in("abc]"));
    CHECK(Pattern("[a-c-]x").found_in("-x"));
    CHECK(Pattern("ridge", Pattern::Case::insensitive).found_in("RIDGE"));
    CHECK_FALSE(Pattern("ridge").found_in("RIDGE"));
    CHECK_FALSE(Pattern(".").found_in("\n\r"));
}

TEST_CASE("Pattern: a million-character run is searched, not recursed into") {
    // std::regex_search overflows the stack on this text (its matcher recurses per character
    // that `\s*` consumes); the Pike machine walks it in one pass.
    const std::string spaces(1'000'000, ' ');
    CHECK_FALSE(odo::Pattern(R"(\bEXPECT_(EQ|NEAR)\s*\()").found_in("EXPECT_EQ" + spaces + "x"));
    CHECK(odo::Pattern(R"(\bEXPECT_(EQ|NEAR)\s*\()").found_in("EXPECT_EQ" + spaces + "("));
    CHECK(odo::Pattern(R"(\d+\s*/\s*\d+)").found_in("12" + spaces + "/ 7"));
    const std::string threes = [] {
        std::string t;
        for (int i = 0; i < 100'000; ++i)
            t += "3 ";
        return t;
    }();
    const odo::Pattern strikes(R"(\b(3|three)\b[^\n]{0,120}?\b(strike|struck|failed leads?)\b)");
    CHECK_FALSE(strikes.found_in(threes));
    CHECK(strikes.found_in(threes + "struck"));
}

TEST_CASE("Pattern refuses syntax outside its subset, naming the offset") {
    for (const char* bad : {"(a", "a)", "[ab", "a{2", "a{3,1}", "*a", "a**", "^a", "a$", "(?=a)",
                            R"(\1)", R"(\x41)", "[]a]", "a{1001}", "\\", "[z-a]", R"([\b])"}) {
        INFO("pattern " << std::string(bad));
        CHECK_THROWS_AS(odo::Pattern{bad}, std::invalid_argument);
    }
    CHECK_THROWS_WITH_AS(odo::Pattern("ab(c"), "pattern \"ab(c\" at offset 4: expected ')'",
                         std::invalid_argument);
}
