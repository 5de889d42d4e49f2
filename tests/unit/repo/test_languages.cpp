#include "temp_tree.hpp"

#include <odo/core/json_write.hpp>
#include <odo/repo/layout_file.hpp>
#include <odo/repo/operator.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace odo::repo;

namespace {

std::string languages_error(std::string_view text) {
    try {
        parse_layout(text, "odo-layout.json");
    } catch (const odo::InputError& e) {
        return e.what();
    }
    return "no error";
}

std::vector<Language> members(LanguageSet set) {
    return {set.begin(), set.end()};
}

} // namespace

TEST_CASE("a language set always holds C++; Python is optional") {
    CHECK(members(LanguageSet{}) == std::vector<Language>{Language::Cpp, Language::Python});
    CHECK(members(LanguageSet::cpp_only()) == std::vector<Language>{Language::Cpp});
    CHECK(LanguageSet::cpp_only().contains(Language::Cpp));
    CHECK_FALSE(LanguageSet::cpp_only().contains(Language::Python));
    CHECK(language_names(LanguageSet::cpp_only()) == std::vector<std::string>{"cpp"});
    CHECK(Layout::cvcuda().languages == LanguageSet{});
}

TEST_CASE("a layout file holding only languages merges with the CV-CUDA profile") {
    const Layout l = parse_layout(R"({"languages": ["cpp"]})", "odo-layout.json");
    CHECK(l.languages == LanguageSet::cpp_only());
    // The Python files of the default profile do not apply to a library without a binding.
    CHECK(l.paths.binding.empty());
    CHECK(l.paths.test_py.empty());
    CHECK(l.paths.test_py_fallback.empty());
    CHECK(l.paths.bench_py.empty());
    CHECK(l.paths.c_api == Layout::cvcuda().paths.c_api);
    CHECK(l.paths.bench_cpp == Layout::cvcuda().paths.bench_cpp);
    CHECK(l.grammar.summary_marker == Layout::cvcuda().grammar.summary_marker);
    CHECK(odo::json::dumps(layout_to_json(
              parse_layout(R"({"languages": ["python", "cpp"], "tooling": "cvcuda"})", "l"))) ==
          odo::json::dumps(layout_to_json(Layout::cvcuda())));
}

TEST_CASE("the languages field is written and reads back") {
    const Layout cpp = parse_layout(R"({"languages": ["cpp"]})", "l");
    const auto doc = layout_to_json(cpp);
    CHECK(odo::json::dumps(doc.at("languages")) == R"(["cpp"])");
    CHECK(odo::json::dumps(layout_to_json(Layout::cvcuda()).at("languages")) ==
          R"(["cpp", "python"])");
    const Layout reread = parse_layout(odo::json::dumps(doc), "l");
    CHECK(odo::json::dumps(layout_to_json(reread)) == odo::json::dumps(doc));
}

TEST_CASE("the languages field must be a non-empty list of distinct known names with cpp") {
    CHECK(languages_error(R"({"languages": []})") ==
          R"(odo-layout.json: field "languages" must be a non-empty list of languages)");
    CHECK(languages_error(R"({"languages": "cpp"})") ==
          R"(odo-layout.json: field "languages" must be a non-empty list of languages)");
    CHECK(
        languages_error(R"({"languages": ["cpp", "rust"]})") ==
        R"(odo-layout.json: field "languages" names an unknown language "rust" (known: cpp, python))");
    CHECK(languages_error(R"({"languages": ["cpp", 1]})") ==
          R"(odo-layout.json: field "languages" names an unknown language 1 (known: cpp, python))");
    CHECK(languages_error(R"({"languages": ["cpp", "cpp"]})") ==
          R"(odo-layout.json: field "languages" names "cpp" twice)");
    CHECK(languages_error(R"({"languages": ["python"]})") ==
          R"(odo-layout.json: field "languages" must name "cpp": every operator has a C++ API)");
}

TEST_CASE("a C++-only layout names no Python file") {
    CHECK(
        languages_error(R"({"languages": ["cpp"], "paths": {"binding": "py/{Name}.cpp"}})") ==
        R"(odo-layout.json: field "paths.binding" must be "": "languages" declares no Python binding)");
    CHECK(
        languages_error(R"({"languages": ["cpp"], "paths": {"bench_py": "b/bench_{name}.py"}})") ==
        R"(odo-layout.json: field "paths.bench_py" must be "": "languages" declares no Python binding)");
    CHECK(parse_layout(R"({"languages": ["cpp"], "paths": {"binding": ""}})", "l")
              .paths.binding.empty());
}

TEST_CASE("a C++-only library's operator has no binding, whatever files exist") {
    TempTree repo;
    repo.write("src/cvcuda/include/cvcuda/OpFlip.h");
    repo.write("python/mod_cvcuda/operators/OpFlip.cpp", "m.def(\"flip\", ...);");
    const Layout cpp = parse_layout(R"({"languages": ["cpp"]})", "l");
    const OperatorPaths op = resolve_operator(repo.root(), cpp, "flip");
    CHECK(op.pybind.empty());
    CHECK(op.bench_py.empty());
    CHECK(op.test_py.empty());
    CHECK(resolve_operator(repo.root(), Layout::cvcuda(), "flip").pybind ==
          "python/mod_cvcuda/operators/OpFlip.cpp");
}
