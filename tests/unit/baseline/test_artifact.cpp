// Run artifacts: the envelope and bare forms, and every kind of malformed row named precisely.
#include "fixtures.hpp"

#include "temp_dir.hpp"

#include <odo/baseline/artifact.hpp>

#include <doctest/doctest.h>

using namespace odo::baseline;

namespace {

const std::string one_row = R"({")" + fixture::nhwc + R"(": {"H100": {"n_runs": 1,
    "gpu_time_us_cpp": 101.5, "gpu_noise_us_cpp": 0.5, "gpu_bwutil_cpp": 0.8}}})";

std::vector<std::string> problems_of(const std::string& text) {
    std::vector<std::string> problems;
    ingest_artifact(parse_artifact_text(text, "run.json"), fixture::set(), fixture::stems,
                    problems);
    return problems;
}

std::string input_error(const std::string& text) {
    try {
        parse_artifact_text(text, "run.json");
    } catch (const odo::InputError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST_CASE("the envelope carries metadata; the bare legacy form does not") {
    const std::string envelope = R"({"schema_version": 1, "run_metadata": {"is_nightly": true,
        "cuda_major": 13}, "baselines": )" +
                                 one_row + "}";
    std::vector<std::string> problems;
    const Artifact nightly = ingest_artifact(parse_artifact_text(envelope, "a.json"),
                                             fixture::set(), fixture::stems, problems);
    CHECK(problems.empty());
    CHECK(nightly.is_nightly());
    REQUIRE(nightly.rows.size() == 1);
    CHECK(nightly.rows[0].config_key == "invert_basic");
    CHECK(nightly.rows[0].case_key == fixture::nhwc);
    CHECK(nightly.rows[0].sku == "H100");
    CHECK(nightly.rows[0].metrics.cpp->time_us == 101.5);
    CHECK_FALSE(nightly.rows[0].metrics.python);

    const Artifact bare = ingest_artifact(parse_artifact_text(one_row, "b.json"), fixture::set(),
                                          fixture::stems, problems);
    CHECK(problems.empty());
    CHECK_FALSE(bare.run_metadata);
    CHECK_FALSE(bare.is_nightly());
    CHECK(bare.rows.size() == 1);
}

TEST_CASE("the envelope's own fields are checked") {
    CHECK(input_error(R"({"schema_version": 2, "baselines": {}})") ==
          "run.json: schema_version must be 1 (got 2)");
    CHECK(input_error(R"({"schema_version": 1, "baselines": []})") ==
          "run.json: baselines must be an object keyed by case key");
    CHECK(input_error(R"({"schema_version": 1, "baselines": {}, "run_metadata": 3})") ==
          "run.json: run_metadata must be an object");
    CHECK(input_error("[]") == "run.json: an artifact must be a JSON object");
    CHECK(input_error(R"({"meta": {}, "devices": [], "benchmarks": []})") ==
          "run.json: this is nvbench's own JSON output, not a baseline artifact (import it as "
          "nvbench output)");
    CHECK(input_error("{") != "");
}

TEST_CASE("a row written twice is a duplicate, not silently the last one") {
    CHECK(input_error(R"({")" + fixture::nhwc + R"(": {"H100": {}, "H100": {}}})") ==
          "run.json: key 'H100' appears twice in one object");
}

TEST_CASE("malformed rows name the file, case key, SKU, field and rule") {
    const std::string key = fixture::nhwc;
    CHECK(problems_of(R"({")" + key + R"(": {"H100": {"n_runs": 1, "gpu_time_us_cpp": -3,
        "gpu_noise_us_cpp": 0.5, "gpu_bwutil_cpp": 0.8}}})") ==
          std::vector<std::string>{"run.json: " + key +
                                   " H100: gpu_time_us_cpp must be a finite number > 0 (got -3)"});
    CHECK(problems_of(R"({")" + key + R"(": {"H100": {"n_runs": 1, "gpu_time_us_cpp": 1e999,
        "gpu_noise_us_cpp": 0.5, "gpu_bwutil_cpp": 0.8}}})") ==
          std::vector<std::string>{
              "run.json: " + key +
              " H100: gpu_time_us_cpp must be a finite number > 0 (got Infinity)"});
    CHECK(problems_of(R"({")" + key + R"(": {"V100": {"n_runs": 1}}})") ==
          std::vector<std::string>{"run.json: " + key +
                                   " V100: unknown SKU stem (not in sku_map.json ['A100', "
                                   "'H100'])"});
    CHECK(problems_of(R"({")" + key + R"(": 3})") ==
          std::vector<std::string>{"run.json: " + key + ": must be an object keyed by SKU stem"});
}

TEST_CASE("a row weighs one run: an artifact claiming more is refused, naming file and field") {
    // One fabricated row of n_runs 1000 beside one measured run moved a merged time by -49.95 %.
    const std::string key = fixture::nhwc;
    const auto row = [&](const std::string& n_runs) {
        return R"({")" + key + R"(": {"H100": {"n_runs": )" + n_runs +
               R"(, "gpu_time_us_cpp": 50, "gpu_noise_us_cpp": 0.5, "gpu_bwutil_cpp": 0.8}}})";
    };
    CHECK(problems_of(row("1")).empty());
    CHECK(problems_of(row("1000")) ==
          std::vector<std::string>{"run.json: " + key +
                                   " H100: n_runs must be 1 in a run artifact: a row is one run "
                                   "(got 1000)"});
    CHECK(problems_of(row("2")).size() == 1);
    std::vector<std::string> problems;
    const Artifact refused = ingest_artifact(parse_artifact_text(row("1000"), "run.json"),
                                             fixture::set(), fixture::stems, problems);
    CHECK(refused.rows.empty());
}

TEST_CASE("case keys must belong to a known config, with declared axes in order") {
    CHECK(problems_of(R"({"nope[InOutDataType=uchar3]": {}})") ==
          std::vector<std::string>{"run.json: nope[InOutDataType=uchar3]: unknown config key "
                                   "'nope' (no operator config declares it)"});
    CHECK(
        problems_of(
            R"({"invert_basic[InOutDataType=uchar3][layout=NHWC][shape=8x1080x1920][inputKind=Tensor]": {}})") ==
        std::vector<std::string>{
            "run.json: case key 'invert_basic[InOutDataType=uchar3][layout=NHWC][shape=8x1080x1920]"
            "[inputKind=Tensor]' has axes ['InOutDataType', 'layout', 'shape', 'inputKind'], "
            "expected ['InOutDataType', 'shape', 'layout', 'inputKind']"});
    CHECK(
        problems_of(
            R"({"invert_basic[InOutDataType=uchar3][shape=8x1080x1920][layout=NHWC][inputKind=VarShape]": {}})") ==
        std::vector<std::string>{
            "run.json: case key 'invert_basic[InOutDataType=uchar3][shape=8x1080x1920]"
            "[layout=NHWC][inputKind=VarShape]': inputKind value 'VarShape' not declared "
            "(allowed: ['Tensor'])"});
    CHECK(problems_of(R"({"no groups": {}})") ==
          std::vector<std::string>{
              "run.json: case key 'no groups': expected at least one [axis=value] group"});
}

TEST_CASE("load_artifact throws one error listing every problem") {
    TempDir dir;
    const auto path =
        dir.write("run.json", R"({"x[a=b]": {}, ")" + fixture::nhwc + R"(": {"Z": {}}})");
    try {
        load_artifact(path, fixture::set(), fixture::stems);
        FAIL("expected InputError");
    } catch (const odo::InputError& e) {
        const std::string what = e.what();
        CHECK(what.find("unknown config key 'x'") != std::string::npos);
        CHECK(what.find("\n") != std::string::npos);
        CHECK(what.find("Z: unknown SKU stem") != std::string::npos);
    }
}

TEST_CASE("--from paths: files must be .json, directories give their *.json children sorted") {
    TempDir dir;
    dir.write("runs/b.json", "{}");
    dir.write("runs/a.json", "{}");
    dir.write("runs/notes.txt", "");
    dir.write("empty/.keep", "");
    const auto paths = artifact_paths({dir.path() / "runs", dir.path() / "runs" / "a.json"});
    REQUIRE(paths.size() == 2);
    CHECK(paths[0].filename() == "a.json");
    CHECK(paths[1].filename() == "b.json");
    CHECK_THROWS_WITH_AS(artifact_paths({dir.path() / "runs" / "notes.txt"}),
                         doctest::Contains("an artifact must be a .json file"), odo::InputError);
    CHECK_THROWS_WITH_AS(artifact_paths({dir.path() / "missing.json"}),
                         doctest::Contains("no such file or directory"), odo::InputError);
    CHECK_THROWS_WITH_AS(artifact_paths({dir.path() / "empty"}),
                         doctest::Contains("directory has no *.json artifact"), odo::InputError);
}
