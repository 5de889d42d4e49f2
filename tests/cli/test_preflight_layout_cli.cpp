// A library that is not laid out like CV-CUDA describes itself in odo-layout.json; the same
// driver then resolves its operators, reads its configs and attributes its changes.
#include "cli_support.hpp"
#include "temp_repo.hpp"
#include "text_helpers.hpp"

#include <odo/core/json_read.hpp>

#include <doctest/doctest.h>

#include <filesystem>

namespace {

using odo::testing::oprepo_fixture;

using odo::testing::TempRepo;
namespace fs = std::filesystem;

const char* const layout_json = R"({
  "schema": "odo-layout/v1",
  "paths": {
    "c_api": "include/pixelforge/ops/{Name}.h",
    "c_api_excluded": ["Common.h"],
    "cpp_api": "include/pixelforge/ops/{Name}.hpp",
    "binding": "python/src/ops/{name}_binding.cpp",
    "priv_dir": "src/kernels",
    "priv_sources": ["src/kernels/{Name}.cu"],
    "legacy_dir": "",
    "tests_dir": "test",
    "test_cpp": "test/unit/{Name}Test.cpp",
    "bench_config_dir": "perf/configs",
    "manifest": "perf/configs/manifest.json",
    "sku_map": "perf/configs/gpus.json"
  },
  "attribution": {
    "multi_op_sources": {"src/kernels/ConvolutionCore.cu": ["boxblur", "gaussianblur"]},
    "broad_sources": [],
    "broad_prefixes": ["perf/harness/"],
    "op_prefixed_roots": ["include/pixelforge/ops/", "src/kernels/", "python/src/ops/"],
    "kernel_prefix": "",
    "include_roots": ["include", "src"]
  },
  "guidelines": {"optimization": "docs/perf/OPTIMIZING.md"}
})";

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

// The fixture's Invert and Flip, renamed GaussianBlur and BoxBlur, in PixelForge's layout.
void lay_out_pixelforge(const TempRepo& repo) {
    const std::vector<std::pair<std::string, std::string>> ops{{"Invert", "GaussianBlur"},
                                                               {"Flip", "BoxBlur"}};
    std::string manifest = "{\"operators\": {";
    for (const auto& [from, to] : ops) {
        const std::string from_lower = odo::text::lower(from), to_lower = odo::text::lower(to);
        auto port = [&](const std::string& text) {
            return replace_all(replace_all(text, from, to), from_lower, to_lower);
        };
        const std::string src = oprepo_fixture + "/";
        repo.write("include/pixelforge/ops/" + to + ".h",
                   port(odo::read_file(src + "src/cvcuda/include/cvcuda/Op" + from + ".h")));
        repo.write("include/pixelforge/ops/" + to + ".hpp",
                   port(odo::read_file(src + "src/cvcuda/include/cvcuda/Op" + from + ".hpp")));
        repo.write("src/kernels/" + to + ".cu",
                   "#include \"ConvolutionCore.cuh\"\n" +
                       port(odo::read_file(src + "src/cvcuda/priv/Op" + from + ".cu")));
        repo.write("python/src/ops/" + to_lower + "_binding.cpp",
                   port(odo::read_file(src + "python/mod_cvcuda/operators/Op" + from + ".cpp")));
        repo.write("test/unit/" + to + "Test.cpp",
                   port(odo::read_file(src + "tests/cvcuda/system/TestOp" + from + ".cpp")));
        repo.write("perf/configs/" + to_lower + ".json",
                   port(odo::read_file(src + "bench/config/operators/" + from_lower + ".json")));
        manifest += std::string(manifest.back() == '{' ? "" : ", ") + "\"" + to_lower +
                    "\": {\"config\": \"" + to_lower + ".json\"}";
    }
    repo.write("perf/configs/manifest.json", manifest + "}}\n");
    repo.write("perf/configs/gpus.json",
               odo::read_file(oprepo_fixture + "/bench/config/sku_map.json"));
    repo.write("include/pixelforge/ops/Common.h", "#pragma once\n");
    repo.write("src/kernels/ConvolutionCore.cu", "// shared convolution core\n");
    repo.write("src/kernels/ConvolutionCore.cuh", "#pragma once\n");
}

using odo::testing::optimize_op;

std::string status_of(const boost::json::value& report, const std::string& id) {
    for (const auto& f : report.at("findings").as_array())
        if (f.at("id").as_string() == id)
            return std::string(f.at("status").as_string());
    return "absent";
}

} // namespace

TEST_CASE("a repository's odo-layout.json replaces the CV-CUDA profile") {
    TempRepo repo;
    lay_out_pixelforge(repo);
    repo.write("odo-layout.json", layout_json);
    repo.commit("PixelForge with its layout file");

    auto r = optimize_op(repo, {"gaussianblur", "--phase", "preflight", "--format", "json"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    auto report = odo::json::parse(r.out, "stdout");
    CHECK(report.at("operator") == "GaussianBlur");
    for (const char* id : {"PRE-1", "PRE-2", "PRE-3", "PRE-5", "PRE-6"})
        CHECK_MESSAGE(status_of(report, id) == "PASS", id);
    for (const auto& f : report.at("findings").as_array())
        if (f.at("id") == "PRE-4")
            CHECK(f.at("guideline") == "docs/perf/OPTIMIZING.md#profiling");

    // The shared convolution core moves both blurs' benchmarks.
    repo.write("src/kernels/ConvolutionCore.cu", "// faster shared core\n");
    repo.commit("perf: shared core");
    for (const char* op : {"GaussianBlur", "BoxBlur"}) {
        r = optimize_op(repo, {op, "--phase", "preflight", "--format", "json"});
        CHECK_MESSAGE(status_of(odo::json::parse(r.out, "stdout"), "PRE-6") == "GAP", op);
    }
}

TEST_CASE("--layout names the profile explicitly, and a bad one is an input error") {
    TempRepo repo;
    lay_out_pixelforge(repo);
    repo.commit("PixelForge without a layout file");
    const fs::path layout = repo.root() / "profiles" / "pixelforge.json";
    repo.write("profiles/pixelforge.json", layout_json);

    // Without the profile the CV-CUDA defaults find no such operator.
    auto r = optimize_op(repo, {"GaussianBlur", "--phase", "preflight"});
    CHECK(r.exit_code == 2);
    r = optimize_op(repo, {"GaussianBlur", "--phase", "preflight", "--layout", layout.string()});
    CHECK(r.exit_code == 0);

    repo.write("profiles/pixelforge.json",
               R"({"schema": "odo-layout/v1", "paths": {"binding": 3}})");
    r = optimize_op(repo, {"GaussianBlur", "--phase", "preflight", "--layout", layout.string()});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("paths.binding") != std::string::npos);
    repo.write("profiles/pixelforge.json", R"({"schema": "odo-layout/v1", "pathz": {}})");
    r = optimize_op(repo, {"GaussianBlur", "--phase", "preflight", "--layout", layout.string()});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("pathz") != std::string::npos);
}

TEST_CASE(
    "grammar.test_suite_prefix names the test suites TST-2 reads, \"Op\" or another or none") {
    TempRepo repo;
    lay_out_pixelforge(repo);
    const auto with_prefix = [](const std::string& prefix) {
        return replace_all(layout_json, "\"guidelines\":",
                           "\"grammar\": {\"test_suite_prefix\": \"" + prefix +
                               "\"},\n  \"guidelines\":");
    };
    const auto pre1 = [&]() {
        const auto r =
            optimize_op(repo, {"GaussianBlur", "--phase", "preflight", "--format", "json"});
        INFO(r.err);
        REQUIRE(r.exit_code != 2);
        return status_of(odo::json::parse(r.out, "stdout"), "PRE-1");
    };
    const std::string test = repo.read("test/unit/GaussianBlurTest.cpp");
    REQUIRE(test.find("TEST(OpGaussianBlur, correct_output)") != std::string::npos);

    // PixelForge names its suites PfGaussianBlur: CV-CUDA's "Op" finds no positive test.
    repo.write("test/unit/GaussianBlurTest.cpp",
               replace_all(test, "OpGaussianBlur", "PfGaussianBlur"));
    repo.write("odo-layout.json", layout_json);
    repo.commit("PixelForge with its own test suite names");
    CHECK(pre1() == "GAP");
    repo.write("odo-layout.json", with_prefix("Pf"));
    CHECK(pre1() == "PASS");

    // Suites named after the operator alone, with an empty prefix.
    repo.write("test/unit/GaussianBlurTest.cpp",
               replace_all(test, "OpGaussianBlur", "GaussianBlur"));
    CHECK(pre1() == "GAP");
    repo.write("odo-layout.json", with_prefix(""));
    CHECK(pre1() == "PASS");
}

// Issue 36: a library with a layout file has no update_baseline.py and no baseline-regen CI job.
TEST_CASE("fix texts name the layout's tooling: odo's in a layout file, CV-CUDA's on request") {
    TempRepo repo;
    lay_out_pixelforge(repo);
    repo.write("odo-layout.json", layout_json);
    repo.commit("PixelForge with its layout file");
    repo.write("src/kernels/ConvolutionCore.cu", "// faster shared core\n");
    repo.commit("perf: shared core");
    const auto pre6_fix = [&]() {
        const auto r =
            optimize_op(repo, {"GaussianBlur", "--phase", "preflight", "--format", "json"});
        INFO(r.err);
        REQUIRE(r.exit_code != 2);
        const auto report = odo::json::parse(r.out, "stdout");
        REQUIRE(status_of(report, "PRE-6") == "GAP");
        return odo::testing::finding_field(report, "PRE-6", "fix", "absent");
    };
    std::string fix = pre6_fix();
    CHECK(odo::testing::contains(fix, "`odo_campaign GaussianBlur baseline`"));
    CHECK(odo::testing::contains(fix, "`odo_baseline import --operator gaussianblur --from RUNS`"));
    CHECK_FALSE(odo::testing::contains(fix, "update_baseline.py"));
    CHECK_FALSE(odo::testing::contains(fix, "baseline-regen"));

    repo.write("odo-layout.json",
               replace_all(layout_json, "\"schema\": \"odo-layout/v1\",",
                           "\"schema\": \"odo-layout/v1\", \"tooling\": \"cvcuda\","));
    fix = pre6_fix();
    CHECK(odo::testing::contains(fix, "bench/_internal/update_baseline.py"));
    CHECK(odo::testing::contains(fix, "\"config\": \"baseline-regen\""));
    CHECK_FALSE(odo::testing::contains(fix, "odo_campaign"));
}
