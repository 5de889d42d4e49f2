// Block extraction: window keys that compare what the normalized lines compare, bodies named as a
// reader would name them.
#include <odo/refactor/blocks.hpp>
#include <odo/refactor/code_text.hpp>

#include <doctest/doctest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

using namespace odo::refactor;

TEST_CASE("a body shorter than a window is one key; a longer one, one per window") {
    const std::vector<std::string> three{"int a = 1;", "int b = a + 2;", "return a * b;"};
    CHECK(shingles_of(three).size() == 1);
    CHECK(shingles_of(three) != shingles_of({"int a = 1;", "int b = a + 2;", "return a *b;"}));
    CHECK(shingles_of(three) != shingles_of({"int a = 1;", "int b = a + 2;"}));
    const auto six =
        shingles_of({"int x = 0;", "x += 1;", "x += 2;", "x += 3;", "x += 4;", "return x;"});
    CHECK(six.size() == 2);
    // The same window anywhere is the same key: the last five lines of `six` open `moved`.
    const auto moved =
        shingles_of({"x += 1;", "x += 2;", "x += 3;", "x += 4;", "return x;", "x += 5;"});
    CHECK(jaccard(six, moved) == doctest::Approx(1.0 / 3));
    CHECK(jaccard(six, six) == 1.0);
    CHECK(jaccard({}, {}) == 0.0);
    CHECK(jaccard({1, 2, 3}, {2, 3, 4}) == doctest::Approx(0.5));
    CHECK(ratio_text(0.8333) == "0.83");
}

TEST_CASE("a set at the threshold holds one of the first jaccard_probes of another's, no fewer") {
    CHECK(jaccard_probes(0, 0.8) == 0);
    CHECK(jaccard_probes(17, 0.8) == 4);
    CHECK(jaccard_probes(17, 0.0) == 17);
    CHECK(jaccard_probes(17, 1.5) == 1);
    // The set that misses the first k of a's and comes closest to it is the rest of a's.
    auto without_first = [](const std::vector<std::uint64_t>& a, std::size_t k) {
        return std::vector<std::uint64_t>(a.begin() + static_cast<std::ptrdiff_t>(k), a.end());
    };
    for (const double t : {0.5, 0.8, 0.85, 0.95, 1.0})
        for (std::size_t n = 1; n <= 300; ++n) {
            CAPTURE(t);
            CAPTURE(n);
            std::vector<std::uint64_t> a(n);
            for (std::size_t k = 0; k < n; ++k)
                a[k] = k;
            const std::size_t p = jaccard_probes(n, t);
            CHECK(jaccard(a, without_first(a, p)) < t);
            if (p > 1)
                CHECK(jaccard(a, without_first(a, p - 1)) >= t);
        }
}

TEST_CASE("a line's key is its normalized text's: whitespace runs one space, ends trimmed") {
    CHECK(line_key(" \t a  \t b \r").key == line_key("a b").key);
    CHECK(line_key(" \t\r\f\v").empty);
    CHECK_FALSE(line_key("a").empty);
    CHECK(line_key("ab").key != line_key("a b").key);
    CHECK(line_key("abcdefgh").key != line_key(std::string("abcdefgh\0", 9)).key);
    const std::uint64_t ab[] = {line_key("a").key, line_key("b").key};
    const std::uint64_t ba[] = {ab[1], ab[0]};
    CHECK(window_key(ab, 2) != window_key(ba, 2)); // order counts
    CHECK(window_key(ab, 1) != window_key(ab, 2)); // and so does the number of lines
}

TEST_CASE("a line read a word at a time keys as its normalized text built byte by byte") {
    // Lines of every length around a word's, of bytes that need normalizing (runs of blanks, tabs,
    // control bytes) and bytes that do not, at every place.
    const std::string alphabet =
        std::string("ab ;{", 5) + std::string("\t\r\f\v\0\x01\x1f\x7f\xe0", 9);
    std::uint64_t state = 17;
    auto next = [&] { return state = state * 6364136223846793005ULL + 1442695040888963407ULL; };
    for (int k = 0; k < 20000; ++k) {
        std::string line;
        const std::size_t n = (next() >> 33) % 40;
        const std::size_t kinds = k % 2 ? 5 : alphabet.size(); // half with blanks and words only
        for (std::size_t i = 0; i < n; ++i)
            line += alphabet[(next() >> 33) % kinds];
        CAPTURE(line);
        const LineKey key = line_key(line);
        CHECK(key.key == detail::key_normalizing(line).key);
        CHECK(key.empty == detail::key_normalizing(line).empty);
        CHECK(key.key == line_key(collapse_whitespace(line)).key);
    }
}

TEST_CASE("a body opened by a #define is a macro's, whatever the blanks around the '#'") {
    const std::string lines = "{\n x(1);\n x(2);\n}\n";
    const auto blocks = extract_blocks(
        "#define m1(a) \\\n do " + lines + "  #  define m2(a) " + lines + "void f(int a) " + lines +
            "#undef m1\nint define(int) " + lines + "# pragma x\nint g() " + lines,
        "m.cu", 1);
    REQUIRE(blocks.size() == 5);
    CHECK(blocks[0].name == "m1");
    CHECK(blocks[0].macro);
    CHECK(blocks[1].name == "m2");
    CHECK(blocks[1].macro);
    for (std::size_t i = 2; i < blocks.size(); ++i)
        CHECK_FALSE(blocks[i].macro);
}

TEST_CASE("stripping drops comments and literal contents and keeps every line") {
    const std::string code = "int a = 1'000; // one\n"
                             "const char* s = \"{ not a brace }\"; /* two\nlines */ char c = '}';\n"
                             "auto r = R\"x(\n\"{\")x\";\n";
    const std::string stripped = strip_code(code);
    CHECK(stripped ==
          "int a = 1'000; \nconst char* s = \"\"; \n char c = '';\nauto r = R\"\"\n;\n");
    CHECK(std::count(stripped.begin(), stripped.end(), '\n') ==
          std::count(code.begin(), code.end(), '\n'));
    CHECK(collapse_whitespace("  a \t b  ") == "a b");

    // A backslash before a line break continues the literal; the break stays (fuzz_refactor_blocks
    // found it dropped, so every later line number was one too small).
    CHECK(strip_code("const char* s = \"one\\\ntwo\";\nchar c = '\\\n';\nint f()\n") ==
          "const char* s = \"\n\";\nchar c = '\n';\nint f()\n");
}

TEST_CASE("bodies are named for their function; control blocks, types and lambdas are not") {
    const std::string code = "namespace n {\n"
                             "struct S { int x; };\n"
                             "template <class T>\n"
                             "__global__ void kernel(const T* in, T* out)\n"
                             "{\n"
                             "    if (in) {\n"
                             "        out[0] = in[0];\n"
                             "    }\n"
                             "    auto f = [&](int i) { return i; };\n"
                             "}\n"
                             "auto g(int x) -> decltype(x) { return x; }\n"
                             "void h() noexcept(true) { }\n"
                             "}\n";
    const auto blocks = extract_blocks(code, "a.cu", 1);
    std::vector<std::string> names;
    for (const Block& b : blocks)
        names.push_back(b.name);
    CHECK(names == std::vector<std::string>{"lambda", "kernel", "g"});
    CHECK(blocks[1].start == 5);
    CHECK(blocks[1].end == 10);
    CHECK(blocks[1].lines == 4); // "if (in) {" to the lambda, whitespace collapsed
    CHECK(blocks[1].shingles ==
          shingles_of({"if (in) {", "out[0] = in[0];", "}", "auto f = [&](int i) { return i; };"}));
    CHECK(extract_blocks(code, "a.cu", 6).size() == 0); // the floor counts normalized lines
}

TEST_CASE("strip_code reads a line of 200,000 quotes in one pass (#26: 100,000 took 98 s)") {
    const std::string quotes(200000, '\'');
    CHECK(strip_code(quotes) == quotes); // empty character literals, their quotes kept
    CHECK(strip_code("1" + quotes + "x") == "1" + quotes + "x"); // all digit separators
    CHECK(strip_code("x = 'a' + 1'0 + '1'; y = 0x1'F;") == "x = '' + 1'0 + ''; y = 0x1'F;");
}

TEST_CASE("a body nested in four named bodies is no block of its own; theirs count its lines") {
    std::string code;
    for (int i = 0; i < 20000; ++i) // each level was copied and hashed once per level around it
        code += "void a" + std::to_string(i) + "()\n{\n";
    code += "x();\n" + std::string(20000, '}');
    const auto blocks = extract_blocks(code, "deep.cu", 1);
    REQUIRE(blocks.size() == max_named_nesting);
    CHECK(blocks.front().name == "a3");
    CHECK(blocks.back().name == "a0");
    CHECK(blocks.back().lines == 2 * 20000);
}

TEST_CASE("a body's shingles from the file's windows are those of its own lines") {
    // Bodies nested in bodies, opening and closing mid-line, with blank and short lines between.
    std::string code;
    std::uint32_t state = 99;
    auto next = [&] { return (state = state * 1103515245u + 12345u) >> 16; };
    const char* pieces[] = {
        "void f(int a) { ",        "x();\n", "  y( 1 );\n", "\n", "} ", "}\n", "z(); ",
        "auto l = [&](int i) {\n", "w();",   "\t\n"};
    for (int i = 0; i < 3000; ++i)
        code += pieces[next() % 10];
    const std::string stripped = strip_code(code);
    const auto blocks = extract_blocks(code, "w.cu", 1);
    REQUIRE(blocks.size() > 50);
    for (const Block& b : blocks) {
        std::size_t close = b.offset, depth = 0;
        for (; close < stripped.size(); ++close)
            if (stripped[close] == '{')
                ++depth;
            else if (stripped[close] == '}' && --depth == 0)
                break;
        const auto lines = detail::normalized_lines(
            std::string_view(stripped).substr(b.offset + 1, close - b.offset - 1));
        CAPTURE(b.start);
        CHECK(b.lines == lines.size());
        CHECK(b.shingles == shingles_of(lines));
    }
}
