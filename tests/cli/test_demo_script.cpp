// scripts/demo.sh, the README's first command, where it does not need a whole campaign to be
// checked: a failure ends with one line naming the step, and a run keeps the odo it installed
// before (build/demo/odo, which README points to); a measurement the import refuses three times
// ends with the line naming the refused rows (scripts/demo-steps.sh, which demo.sh sources). The
// whole campaign is the example_campaign test.
#include "temp_repo.hpp"
#include "text_helpers.hpp"

#include <odo/core/file.hpp>
#include <odo/core/process.hpp>
#include <odo/core/text.hpp>

#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace {

namespace fs = std::filesystem;

class DemoScratchDir {
public:
    DemoScratchDir()
        : path_(fs::temp_directory_path() /
                ("odo-demo-cli-" + std::to_string(std::random_device{}()))) {
        fs::create_directories(path_);
    }
    ~DemoScratchDir() {
        std::error_code ignored;
        fs::remove_all(path_, ignored);
    }
    const fs::path& path() const { return path_; }

private:
    fs::path path_;
};

// demo.sh on odo's build folder `build` and the demo folder `demo`.
odo::ProcessResult demo(const fs::path& build, const fs::path& demo) {
    return odo::run_process("/usr/bin/env",
                            {"ODO_BUILD_DIR=" + build.string(), "ODO_DEMO_DIR=" + demo.string(),
                             "bash", ODO_SOURCE_DIR "/scripts/demo.sh"},
                            {{}, std::chrono::seconds(60), {}, {}});
}

} // namespace

TEST_CASE("a failed demo step ends with one line naming it; the installed odo is kept") {
    DemoScratchDir dir;
    const fs::path demo_dir = dir.path() / "demo";
    // What an earlier run left: its install, kept; its campaign, started afresh.
    fs::create_directories(demo_dir / "odo" / "bin");
    std::ofstream(demo_dir / "odo" / "bin" / "earlier") << "installed by an earlier run\n";
    fs::create_directories(demo_dir / "artifacts");
    std::ofstream(demo_dir / "artifacts" / "stale.json") << "{}\n";

    // No odo build there: installing it fails, the first step.
    const auto r = demo(dir.path() / "no-build", demo_dir);
    CHECK(r.exit_code != 0);
    const auto lines = odo::text::lines(r.err);
    REQUIRE_FALSE(lines.empty());
    CHECK(std::string(lines.back()) ==
          "demo.sh: FAILED at step \"setting up\" (exit " + std::to_string(r.exit_code) +
              "): the command above failed (its output is above; the files of the run are in " +
              demo_dir.string() + ")");
    CHECK(fs::exists(demo_dir / "odo" / "bin" / "earlier"));
    CHECK_FALSE(fs::exists(demo_dir / "artifacts" / "stale.json"));
}

namespace {

const std::string refused_key = "invert_uchar3_basic[InOutDataType=uchar3][shape=8x1080x1920]"
                                "[layout=NHWC][inputKind=Tensor]";
const std::string refused_sku = "H100_PCIe_350W_1095MHz";

// A bench_invert that lists one case of the op repository fixture and "measures" it at 137.25 us
// with 30 % noise, written as the host backend writes a run artifact: a row no import accepts
// under the reference's 10 % limit, however often it is measured.
const std::string noisy_bench = R"sh(#!/usr/bin/env bash
set -eu
if [ "$1" = --list ]; then echo ')sh" +
                                refused_key + R"sh('; exit 0; fi
while [ $# -gt 0 ]; do
  case $1 in --case) key=$2 ;; --language) language=$2 ;; --sku) sku=$2 ;; --json) json=$2 ;; esac
  shift
done
cat > "$json" <<ARTIFACT
{"schema_version": 1, "run_metadata": {"gpu_name": null, "timing": "batch", "clock": "thread-cpu"},
 "baselines": {"$key": {"$sku": {"n_runs": 1, "gpu_time_us_$language": 137.25,
  "gpu_noise_us_$language": 41.18, "gpu_bwutil_$language": 0.5}}}}
ARTIFACT
echo "bench_invert [$key]: 137.25 us (noise 30.00 %)" >&2
)sh";

std::size_t occurrences(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
        ++n;
    return n;
}

// demo.sh's baseline step (measure_and_import with the functions it sources) in `repo`, whose
// build/bench_invert is the script `bench`; the measurements go to art/.
odo::ProcessResult measure_and_import_before(odo::testing::TempRepo& repo,
                                             const std::string& bench) {
    const fs::path program = repo.root() / "build" / "bench_invert";
    repo.write("build/bench_invert", bench);
    fs::permissions(program, fs::perms::owner_exec, fs::perm_options::add);
    const fs::path art = repo.root() / "art";
    fs::create_directories(art);
    const std::string script = "set -euo pipefail\n"
                               "source '" ODO_SOURCE_DIR "/scripts/demo-steps.sh'\n"
                               "step \"a full-surface baseline measured on this machine ($sku)\"\n"
                               "measure_and_import before invert\n";
    return odo::testing::run_in(repo.root(), "/usr/bin/env",
                                {"demo=" + repo.root().string(), "art=" + art.string(),
                                 "build=" + program.parent_path().string(), "sku=" + refused_sku,
                                 "min_time=0.01", "odo_baseline=" ODO_BASELINE_TOOL, "bash", "-c",
                                 script});
}

} // namespace

TEST_CASE("a measurement the import refuses five times ends with the refused rows and what to do") {
    odo::testing::TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const fs::path art = repo.root() / "art";
    const auto r = measure_and_import_before(repo, noisy_bench);
    INFO(r.out);
    INFO(r.err);
    CHECK(r.exit_code == 1);

    // Five measurements, a line per case each; "measuring again" after the first four only, of
    // the refused case (here the only one), for twice as long each time.
    CHECK(occurrences(r.out, "  [1/1] " + refused_key +
                                 ": cpp 137.25 us python 137.25 us cpp 137.25 us python "
                                 "137.25 us\n") == 5);
    CHECK(odo::testing::contains(r.out, "the import refused attempt 1 of 5 (rows above); "
                                        "measuring its refused cases again, 0.02 s each\n"));
    CHECK(odo::testing::contains(r.out, "the import refused attempt 4 of 5 (rows above); "
                                        "measuring its refused cases again, 0.16 s each\n"));
    CHECK_FALSE(odo::testing::contains(r.out, "attempt 5 of 5"));

    const auto lines = odo::text::lines(r.err);
    REQUIRE_FALSE(lines.empty());
    const std::string last(lines.back());
    // The step, each refused row (case, SKU, problem) and what to do, on one line.
    const std::string row = refused_sku +
                            " invert_uchar3_basic (InOutDataType=uchar3, shape=8x1080x1920, "
                            "layout=NHWC, inputKind=Tensor): ";
    CHECK(last == "demo.sh: FAILED at step \"a full-surface baseline measured on this machine (" +
                      refused_sku +
                      ")\" (exit 1): odo_baseline import refused the before measurements 5 "
                      "times: " +
                      row + "C++ noise 30.00% exceeds 10.0%; " + row +
                      "Python noise 30.00% exceeds 10.0%. The machine is too busy for the SKU "
                      "map's quality limits (bench/config/sku_map.json) and the import's "
                      "regression limit: stop other work and run again, or raise ODO_DEMO_MIN_TIME "
                      "(now 0.01 s); the import's report is " +
                      (art / "import-before.txt").string());
}

namespace {

const std::string steady_key = "invert_uchar3_basic[InOutDataType=uchar3][shape=8x1080x1920]"
                               "[layout=NHWC][inputKind=VarShape]";

// A bench_invert with two cases: refused_key is 30 % noisy the first four times it is measured
// (one attempt: two runs through two entry points) and 1 % noisy after; steady_key always 1 %.
const std::string once_noisy_bench = R"sh(#!/usr/bin/env bash
set -eu
if [ "$1" = --list ]; then printf '%s\n' ')sh" +
                                     refused_key + "' '" + steady_key + R"sh('; exit 0; fi
while [ $# -gt 0 ]; do
  case $1 in --case) key=$2 ;; --language) language=$2 ;; --sku) sku=$2 ;; --json) json=$2 ;; esac
  shift
done
noise=1.37 percent=1.00
if [ "$key" = ')sh" + refused_key + R"sh(' ]; then
  echo x >> "$0.runs"
  if [ "$(wc -l < "$0.runs")" -le 4 ]; then noise=41.18 percent=30.00; fi
fi
cat > "$json" <<ARTIFACT
{"schema_version": 1, "run_metadata": {"gpu_name": null, "timing": "batch", "clock": "thread-cpu"},
 "baselines": {"$key": {"$sku": {"n_runs": 1, "gpu_time_us_$language": 137.25,
  "gpu_noise_us_$language": $noise, "gpu_bwutil_$language": 0.5}}}}
ARTIFACT
echo "bench_invert [$key]: 137.25 us (noise $percent %)" >&2
)sh";

} // namespace

TEST_CASE("a refused import measures only its refused cases again and keeps the accepted rows") {
    odo::testing::TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const auto r = measure_and_import_before(repo, once_noisy_bench);
    INFO(r.out);
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(odo::testing::contains(r.out, "the import refused attempt 1 of 5 (rows above); "
                                        "measuring its refused cases again, 0.02 s each\n"));
    CHECK_FALSE(odo::testing::contains(r.out, "attempt 2 of 5"));
    // The refused case twice, the accepted one once: its first rows are the ones imported.
    CHECK(occurrences(r.out, "  [1/2] " + refused_key + ":") == 2);
    CHECK(occurrences(r.out, "  [2/2] " + steady_key + ":") == 1);
    const std::string config = repo.read("bench/config/operators/invert.json");
    CHECK(odo::testing::contains(config, "\"gpu_noise_us_cpp\": 1.37"));
    CHECK_FALSE(odo::testing::contains(config, "41.18"));
}

TEST_CASE("a refusal that names no listed case measures every case again") {
    // The bench lists refused_key but files its rows under steady_key, which the import refuses
    // for noise: a key the benchmark does not list, so no case can be picked out.
    std::string misfiled_bench = noisy_bench;
    const std::string row = "\"baselines\": {\"$key\": {";
    const auto at = misfiled_bench.find(row);
    REQUIRE(at != std::string::npos);
    misfiled_bench.replace(at, row.size(), "\"baselines\": {\"" + steady_key + "\": {");
    odo::testing::TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const auto r = measure_and_import_before(repo, misfiled_bench);
    INFO(r.out);
    INFO(r.err);
    CHECK(r.exit_code == 1);
    CHECK(odo::testing::contains(r.out, "the import refused attempt 1 of 5 (rows above); "
                                        "measuring again\n"));
    CHECK(odo::testing::contains(r.out, "the import refused attempt 4 of 5 (rows above); "
                                        "measuring again\n"));
    CHECK_FALSE(odo::testing::contains(r.out, "refused cases again"));
    CHECK(occurrences(r.out, "  [1/1] " + refused_key + ":") == 5);
}

TEST_CASE(
    "the refused cases of an import include its same-key regressions, named with a language") {
    odo::testing::TempRepo repo;
    const std::string regressed = "invert_float3_advanced[InOutDataType=float3][shape=2x80x120]"
                                  "[layout=NHWC][inputKind=Tensor]";
    repo.write("build/bench_invert",
               "#!/bin/sh\necho '" + regressed + "'\necho '" + refused_key + "'\n");
    fs::permissions(repo.root() / "build" / "bench_invert", fs::perms::owner_exec,
                    fs::perm_options::add);
    repo.write("report.txt",
               "HOST_VM invert_float3_advanced [cpp] (InOutDataType=float3, shape=2x80x120, "
               "layout=NHWC, inputKind=Tensor): same-key baseline would regress +17.49% (4.76 -> "
               "5.59 us; limit 10.0%)\nbaseline import refused: 1 failure(s); nothing was "
               "written\n");
    const auto r = odo::testing::run_in(
        repo.root(), "/usr/bin/env",
        {"build=" + (repo.root() / "build").string(), "bash", "-c",
         "source '" ODO_SOURCE_DIR "/scripts/demo-steps.sh'\nrefused_cases report.txt invert"});
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(r.out == regressed + "\n");
}

TEST_CASE("a build shows a line per compiled file and link, with Make or Ninja") {
    DemoScratchDir dir;
    const fs::path src = dir.path() / "src";
    fs::create_directories(src);
    std::ofstream(src / "CMakeLists.txt")
        << "cmake_minimum_required(VERSION 3.16)\nproject(hello CXX)\n"
           "add_executable(hello hello.cpp)\n";
    std::ofstream(src / "hello.cpp") << "int main() { return 0; }\n";
    std::vector<std::pair<std::string, std::string>> generators = {
        {"Unix Makefiles", "  [ 50%] Building CXX object CMakeFiles/hello.dir/hello.cpp.o\n"
                           "  [100%] Linking CXX executable hello\n"}};
    if (odo::run_process("/bin/sh", {"-c", "command -v ninja"}, {}).exit_code == 0)
        generators.push_back({"Ninja",
                              "  [1/2] Building CXX object CMakeFiles/hello.dir/hello.cpp.o\n"
                              "  [2/2] Linking CXX executable hello\n"});
    for (std::size_t i = 0; i < generators.size(); ++i) {
        const std::string& generator = generators[i].first;
        const std::string& shown = generators[i].second;
        CAPTURE(generator);
        const fs::path build = dir.path() / ("build" + std::to_string(i));
        // As demo.sh builds the op library: configured quietly, built through build_quietly.
        const std::string script = "set -euo pipefail\n"
                                   "source '" ODO_SOURCE_DIR "/scripts/demo-steps.sh'\n"
                                   "cmake -S \"$1\" -B \"$2\" -G \"$3\" >/dev/null\n"
                                   "build_quietly \"$2\"\n";
        const auto r = odo::run_process("/usr/bin/env",
                                        {"demo=" + dir.path().string(), "bash", "-c", script,
                                         "demo-build", src.string(), build.string(), generator},
                                        {dir.path(), std::chrono::seconds(120), {}, {}});
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(r.out == shown);
    }
}
