#include <odo/review/source_text.hpp>

#include <doctest/doctest.h>

using namespace odo::review;

TEST_CASE("blank_comments keeps offsets and newlines") {
    const std::string src = "a // x\nb /* y\nz */ c\n";
    const std::string out = blank_comments(src);
    CHECK(out.size() == src.size());
    CHECK(out == "a     \nb     \n     c\n");
    CHECK(blank_comments("x /* open") == "x        ");
    CHECK(blank_comments("x // end") == "x       ");
}

TEST_CASE("comment markers inside literals are not comments") {
    CHECK(blank_comments(R"(s = "http://x"; // c)") == R"(s = "http://x";     )");
    CHECK(blank_comments(R"(s = "a\"/*"; t = 1; /* c */)") == R"(s = "a\"/*"; t = 1;        )");
    CHECK(blank_comments("c = '\"'; // q") == "c = '\"';     ");
    CHECK(blank_comments("r = R\"x(// not a comment)x\"; // c") ==
          "r = R\"x(// not a comment)x\";     ");
    // An unterminated literal ends with its line.
    CHECK(blank_comments("s = \"open\n// c") == "s = \"open\n    ");
    // A quote after a digit separates digits.
    CHECK(blank_comments("n = 1'000; // c '") == "n = 1'000;       ");
}

TEST_CASE("line_number_at counts newlines before the offset") {
    CHECK(line_number_at("a\nb\nc", 0) == 1);
    CHECK(line_number_at("a\nb\nc", 2) == 2);
    CHECK(line_number_at("a\nb\nc", 4) == 3);
}

TEST_CASE("line_evidence strips the line and keeps at most 120 characters") {
    CHECK(line_evidence("t.cpp", 7, "   EXPECT_EQ(a, gold);  \r") ==
          "t.cpp:7: EXPECT_EQ(a, gold);");
    const std::string long_line(130, 'x');
    CHECK(line_evidence("t.cpp", 1, long_line) == "t.cpp:1: " + std::string(120, 'x'));
    // Characters, not bytes: a multi-byte character is kept whole.
    const std::string accents = std::string(119, 'a') + "\xC3\xA9\xC3\xA9";
    CHECK(line_evidence("t.cpp", 1, accents) == "t.cpp:1: " + std::string(119, 'a') + "\xC3\xA9");
    CHECK(first_characters("\xE2\x80\x94z", 1) == "\xE2\x80\x94");
}
