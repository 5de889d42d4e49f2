// The hand-written scanners of RED-3's dispatch guards and RED-12's vector-type traits against the
// regular expressions they replace: the same matches on generated source, and an answer (not a
// stack overflow, which std::regex gave) on a condition holding a million spaces.
#include <odo/refactor/assess.hpp>
#include <odo/refactor/code_shapes.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace {

namespace shapes = odo::refactor::code_shapes;

// The widths of every `sizeof(T) == N` in the text.
std::set<int> sizeof_widths(std::string_view text) {
    std::set<int> widths;
    for (const shapes::SizeofEquality& e : shapes::sizeof_equalities(text))
        widths.insert(e.width);
    return widths;
}

const char* const sizeof_regex = R"(sizeof\s*\(\s*\w+\s*\)\s*==\s*(\d)(?!\d))";
const char* const trait_regex =
    R"(\bstruct\s+\w+\s*\{\s*using\s+type\s*=\s*(unsigned\s+)?(u?char|u?short|u?int|float|double)[234]\s*;\s*\})";

// Source text made of the shapes' own pieces and separators that make and break them: a
// deterministic generator, so a failure names a reproducible text.
std::string shape_text(std::uint32_t seed) {
    // clang-format off
    static const std::vector<std::string> pieces = {
        "sizeof", "(", ")", "T", "value_t", "==", "=", "4", "2", "16", " ", "  ", "\t", "\n", "x",
        "struct", "Vec", "{", "}", "using", "type", "unsigned", "u", "char", "short", "int",
        "float", "double", "3", ";", "_", "structure", "uint", "typename"};
    // clang-format on
    std::string text;
    std::uint32_t state = seed * 2654435761u + 1;
    const int count = 4 + static_cast<int>(seed % 24);
    for (int i = 0; i < count; ++i) {
        state = state * 1664525u + 1013904223u;
        text += pieces[(state >> 8) % pieces.size()];
    }
    return text;
}

// A trait declaration whose every part is its first (right) spelling seven times in eight and
// otherwise any of its spellings, right or wrong: a sixth or so are the shape, the rest miss it
// in one place or another.
std::string trait_text(std::uint32_t seed) {
    static const std::vector<std::vector<std::string>> parts = {
        {"struct", "_struct", "structs", " struct"},
        {" ", "\t", "", "\n "},
        {"V", "Vec_3", "", "{"},
        {" ", "", "  "},
        {"{", "{", "(", "{ "},
        {"using", "using", "usin"},
        {" ", "\t", ""},
        {"type", "type", "types", "typename"},
        {" = ", "=", " == ", "= "},
        {"", "", "unsigned ", "unsigned", "u"},
        {"char", "short", "int", "float", "double", "uchar", "long", "ufloat"},
        {"2", "3", "4", "1", "34", ""},
        {";", " ;", ";;", ""},
        {" }", "}", " } x", "};"}};
    std::string text;
    std::uint32_t state = seed * 2246822519u + 7;
    for (const auto& choices : parts) {
        state = state * 1664525u + 1013904223u;
        const bool first = (state >> 24) % 8 < 7;
        text += choices[first ? 0 : (state >> 8) % choices.size()];
    }
    return text;
}

std::set<int> regex_widths(const std::string& text) {
    static const std::regex width(sizeof_regex);
    std::set<int> widths;
    for (std::sregex_iterator it(text.begin(), text.end(), width), e; it != e; ++it)
        widths.insert(std::stoi((*it)[1]));
    return widths;
}

std::vector<std::size_t> regex_trait_sites(const std::string& text) {
    static const std::regex trait(trait_regex);
    std::vector<std::size_t> sites;
    for (std::sregex_iterator it(text.begin(), text.end(), trait), e; it != e; ++it)
        sites.push_back(static_cast<std::size_t>(it->position()));
    return sites;
}

} // namespace

TEST_CASE("code shapes: the sizeof-guard scanner finds what its regular expression finds") {
    CHECK(sizeof_widths("sizeof(T) == 4 || sizeof ( U )==2") == std::set<int>{2, 4});
    CHECK(sizeof_widths("sizeof(T) == 16").empty()); // (?!\d): not a width
    CHECK(sizeof_widths("sizeof(T) != 4").empty());
    CHECK(sizeof_widths("sizeof(T::x) == 4").empty());         // \w+ only
    CHECK(sizeof_widths("xsizeof(T)==8") == std::set<int>{8}); // no \b before
    int compared = 0, matched = 0;
    for (std::uint32_t seed = 0; seed < 4000; ++seed) {
        std::string text = shape_text(seed);
        if (seed % 3 == 0)
            text = "sizeof(" + text + ")==4 " + text + "sizeof(T)==" + text;
        INFO("text: " << text);
        const std::set<int> expected = regex_widths(text);
        CHECK(sizeof_widths(text) == expected);
        ++compared;
        matched += !expected.empty();
    }
    CHECK(matched > 100); // the generator reaches the shape, so the comparison means something
    CHECK(compared == 4000);
}

TEST_CASE("code shapes: the vector-trait scanner finds what its regular expression finds") {
    CHECK(shapes::vector_trait_sites("struct V { using type = float4; };") ==
          std::vector<std::size_t>{0});
    CHECK(shapes::vector_trait_sites("x struct V{using type=unsigned  char3;}") ==
          std::vector<std::size_t>{2});
    CHECK(shapes::vector_trait_sites("struct V { using type = uint2; }") ==
          std::vector<std::size_t>{0});
    CHECK(shapes::vector_trait_sites("_struct V { using type = int2; }").empty()); // \b
    CHECK(shapes::vector_trait_sites("struct V { using type = ufloat2; }").empty());
    CHECK(shapes::vector_trait_sites("struct V { using type = int5; }").empty());
    CHECK(shapes::vector_trait_sites("struct V { using type = unsignedchar2; }").empty());
    int matched = 0;
    for (std::uint32_t seed = 0; seed < 4000; ++seed) {
        std::string text = seed % 2 == 0 ? trait_text(seed) : shape_text(seed);
        if (seed % 4 == 1)
            text += trait_text(seed + 1);
        INFO("text: " << text);
        const std::vector<std::size_t> expected = regex_trait_sites(text);
        CHECK(shapes::vector_trait_sites(text) == expected);
        matched += !expected.empty();
    }
    CHECK(matched > 500);
}

TEST_CASE("code shapes: a million spaces inside a guard or a trait is an answer, not a crash") {
    const std::string spaces(1000000, ' ');
    CHECK(sizeof_widths("sizeof(" + spaces + "T" + spaces + ")==" + spaces + "4") ==
          std::set<int>{4});
    CHECK(shapes::vector_trait_sites("struct V {" + spaces + "using type = float4;" + spaces +
                                     "}") == std::vector<std::size_t>{0});
    // Through assess itself: the guard of an if-condition, as RED-3 reads it.
    const std::string code = "void f() { if (sizeof(" + spaces + "T) == 4) {} }";
    const auto guards = odo::refactor::detail::sizeof_guards(code);
    REQUIRE(guards.size() == 1);
    CHECK(guards[0].widths == std::set<int>{4});
}
