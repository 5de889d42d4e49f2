#include <odo/core/json_read.hpp>
#include <odo/surface/manifest.hpp>

#include <doctest/doctest.h>

#include "temp_dir.hpp"

using odo::InputError;
using namespace odo::surface;
namespace fs = std::filesystem;

namespace {

std::string op_config(const std::string& op, const std::string& key) {
    return R"({"benchmark": ")" + op + R"(", "configs": {")" + key + R"(": {"tier": "basic"}}})";
}

Manifest parse(const char* json, const fs::path& dir = "/m") {
    return parse_manifest(odo::json::parse(json, "bench_params.json"), dir, "bench_params.json");
}

} // namespace

TEST_CASE("operators form: defaults, config relative to the manifest, sorted names") {
    const Manifest m = parse(R"({"operators": {
        "resize": {"config": "operators/resize.json", "cpp": "bench_resize2"},
        "flip": {"config": "/abs/flip.json", "python": "flip.py"}}})");
    CHECK(m.operator_names() == std::vector<std::string>{"flip", "resize"});
    const ManifestOperator* flip = m.find("flip");
    REQUIRE(flip);
    CHECK(flip->config == fs::path("/abs/flip.json"));
    CHECK(flip->cpp == "bench_flip");
    CHECK(flip->python == "flip.py");
    const ManifestOperator* resize = m.find("resize");
    REQUIRE(resize);
    CHECK(resize->config == fs::path("/m/operators/resize.json"));
    CHECK(resize->cpp == "bench_resize2");
    CHECK(resize->python == "bench_resize.py");
    CHECK(m.find("Flip") == nullptr); // exact names only
}

TEST_CASE("operators form errors") {
    CHECK_THROWS_WITH_AS(parse(R"({"operators": []})"),
                         "bench_params.json: operators must be an object", InputError);
    CHECK_THROWS_WITH_AS(parse(R"({"operators": {"flip": 1}})"),
                         "bench_params.json: operators.flip must be an object", InputError);
    CHECK_THROWS_WITH_AS(parse(R"({"operators": {"flip": {}}})"),
                         "bench_params.json: operators.flip: config is required", InputError);
    CHECK_THROWS_WITH_AS(parse(R"({"operators": {"flip": {"config": ""}}})"),
                         "bench_params.json: operators.flip: config must be a non-empty string",
                         InputError);
    CHECK_THROWS_WITH_AS(parse(R"({"operators": {"flip": {"config": "f.json", "cpp": 3}}})"),
                         "bench_params.json: operators.flip: cpp must be a non-empty string",
                         InputError);
    CHECK_THROWS_WITH_AS(parse(R"({"operators": {"flip": {"config": "f.json", "python": ""}}})"),
                         doctest::Contains("python must be a non-empty string"), InputError);
    CHECK_THROWS_WITH_AS(parse(R"({"operators": {"": {"config": "f.json"}}})"),
                         "bench_params.json: operator names must not be empty", InputError);
    CHECK_THROWS_WITH_AS(parse(R"({"operators": {}, "include": []})"),
                         "bench_params.json: has both \"operators\" and \"include\"", InputError);
    CHECK_THROWS_WITH_AS(parse(R"({"other": 1})"),
                         doctest::Contains("expected an object with an \"operators\" object"),
                         InputError);
    CHECK_THROWS_AS(parse("[]"), InputError);
}

TEST_CASE("include form: globs relative to the manifest, each matching a file") {
    const TempDir dir;
    dir.write("operators/flip.json", op_config("flip", "flip_basic"));
    dir.write("operators/cvtcolor.json", op_config("cvtcolor", "cvtcolor_basic"));
    dir.write("extra/posterize.json", op_config("posterize", "posterize_basic"));
    dir.write("operators/.hidden.json", op_config("hidden", "hidden_basic"));
    const auto manifest =
        dir.write("bench_params.json", R"({"include": ["operators/*.json", "extra/p?sterize.json",
                                              "operators/fl[a-z]p.json"]})");
    const Manifest m = load_manifest(manifest);
    CHECK(m.source == manifest.string());
    CHECK(m.operator_names() == std::vector<std::string>{"cvtcolor", "flip", "posterize"});
    CHECK(m.find("flip")->config == dir.path() / "operators/flip.json");
    CHECK(m.find("flip")->cpp == "bench_flip");
    CHECK(m.find("flip")->python == "bench_flip.py");

    dir.write("bad.json", R"({"include": ["operators/*.json", "nothing/*.json"]})");
    CHECK_THROWS_WITH_AS(load_manifest(dir.path() / "bad.json"),
                         doctest::Contains("include pattern 'nothing/*.json' matches no file"),
                         InputError);
    dir.write("bad2.json", R"({"include": "operators/*.json"})");
    CHECK_THROWS_WITH_AS(load_manifest(dir.path() / "bad2.json"),
                         doctest::Contains("include must be a list of glob patterns"), InputError);
    dir.write("bad3.json", R"({"include": [""]})");
    CHECK_THROWS_WITH_AS(load_manifest(dir.path() / "bad3.json"),
                         doctest::Contains("include patterns must be non-empty strings"),
                         InputError);
    dir.write("twice/a.json", op_config("flip", "x"));
    dir.write("bad4.json", R"({"include": ["operators/flip.json", "twice/a.json"]})");
    CHECK_THROWS_WITH_AS(load_manifest(dir.path() / "bad4.json"),
                         doctest::Contains("operator 'flip' is declared twice"), InputError);
}

TEST_CASE("directory form: its bench_params.json, else every *.json as operator configs") {
    const TempDir dir;
    dir.write("ops/flip.json", op_config("flip", "flip_basic"));
    dir.write("ops/legacy.json", R"({"legacy_basic": {"benchmark": "legacy", "tier": "basic"}})");
    dir.write("ops/notes.txt", "not json");
    const Manifest merged = load_manifest(dir.path() / "ops");
    CHECK(merged.operator_names() == std::vector<std::string>{"flip", "legacy"});
    CHECK(merged.find("legacy")->config == dir.path() / "ops/legacy.json");

    dir.write("bench_params.json", R"({"operators": {"flip": {"config": "ops/flip.json"}}})");
    const Manifest declared = load_manifest(dir.path());
    CHECK(declared.operator_names() == std::vector<std::string>{"flip"});
    CHECK(declared.find("flip")->config == dir.path() / "ops/flip.json");

    fs::create_directories(dir.path() / "empty");
    CHECK_THROWS_WITH_AS(load_manifest(dir.path() / "empty"),
                         doctest::Contains("no bench_params.json and no *.json file"), InputError);
    dir.write("broken/a.json", "{");
    CHECK_THROWS_WITH_AS(load_manifest(dir.path() / "broken"),
                         doctest::Contains("a.json: invalid JSON"), InputError);
}

TEST_CASE("a lone operator config file implies its manifest") {
    const TempDir dir;
    const auto file = dir.write("cfg.json", op_config("posterize", "posterize_basic"));
    const Manifest m = load_manifest(file);
    CHECK(m.operator_names() == std::vector<std::string>{"posterize"});
    CHECK(m.find("posterize")->config == file);
    CHECK(m.find("posterize")->cpp == "bench_posterize");
    CHECK_THROWS_WITH_AS(load_manifest(dir.path() / "none.json"),
                         doctest::Contains("none.json: cannot read file"), InputError);
}

TEST_CASE("the real manifest lists 61 operators") {
    const fs::path config = ODO_TEST_DATA_DIR "/cvcuda/bench/config";
    const Manifest m = load_manifest(config / "bench_params.json");
    const auto names = m.operator_names();
    CHECK(names.size() == 61);
    CHECK(names.front() == "adaptivethreshold");
    CHECK(names.back() == "warpperspective");
    CHECK(std::is_sorted(names.begin(), names.end()));
    REQUIRE(m.find("flip"));
    CHECK(m.find("flip")->config == config / "operators/flip.json");
    CHECK(m.find("flip")->cpp == "bench_flip");
    CHECK(m.find("flip")->python == "bench_flip.py");
    CHECK(load_manifest(config).operator_names() == names); // the directory form
}

TEST_CASE("check_unique_config_keys rejects a key owned by two files") {
    const auto load = [](const std::string& op, const std::string& key, const char* source) {
        return load_bench_config(odo::json::parse(op_config(op, key), source), source);
    };
    CHECK_NOTHROW(
        check_unique_config_keys({load("a", "a_basic", "a.json"), load("b", "b_basic", "b.json")}));
    CHECK_THROWS_WITH_AS(
        check_unique_config_keys({load("a", "same", "a.json"), load("b", "same", "b.json")}),
        "duplicate config key 'same' in a.json and b.json", InputError);
}

TEST_CASE("fnmatch and glob follow Python's glob") {
    using detail::fnmatch;
    CHECK(fnmatch("*.json", "flip.json"));
    CHECK_FALSE(fnmatch("*.json", "flip.json.bak"));
    CHECK(fnmatch("f?ip.*", "flip.json"));
    CHECK(fnmatch("[a-f]lip", "flip"));
    CHECK_FALSE(fnmatch("[!a-f]lip", "flip"));
    CHECK(fnmatch("[]]x", "]x"));
    CHECK(fnmatch("[x", "[x")); // unterminated set: a literal '['
    CHECK(fnmatch("a*b*c", "aXbYbZc"));
    CHECK_FALSE(fnmatch("a*b*c", "aXbYbZ"));
    CHECK(fnmatch("**", ""));
    CHECK_FALSE(fnmatch("?", ""));

    const TempDir dir;
    dir.write("a/x.json", "{}");
    dir.write("b/y.json", "{}");
    dir.write("a/.z.json", "{}");
    CHECK(detail::glob_files(dir.path(), "*/*.json") ==
          std::vector<fs::path>{dir.path() / "a/x.json", dir.path() / "b/y.json"});
    CHECK(detail::glob_files(dir.path(), "a/.*.json") ==
          std::vector<fs::path>{dir.path() / "a/.z.json"});
    CHECK(detail::glob_files(dir.path(), (dir.path() / "b/*.json").string()) ==
          std::vector<fs::path>{dir.path() / "b/y.json"});
    CHECK(detail::glob_files(dir.path(), "*").empty()); // directories are not files
    CHECK(detail::glob_files(dir.path(), "missing/*.json").empty());
}
