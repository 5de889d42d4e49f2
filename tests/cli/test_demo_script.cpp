// scripts/demo.sh, the README's first command, where it does not need a whole campaign to be
// checked: a failure ends with one line naming the step, and a run keeps the odo it installed
// before (build/demo/odo, which README points to); a build shows a line per compiled file
// (scripts/demo-steps.sh, which demo.sh sources). The whole campaign is the example_campaign
// test; what it measures, odo_campaign's, is tested in test_campaign_autopilot.cpp.
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
