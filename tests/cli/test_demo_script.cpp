// scripts/demo.sh, the README's first command, where it does not need a whole campaign to be
// checked: a failure ends with one line naming the step, and a run keeps the odo it installed
// before (build/demo/odo, which README points to). The whole campaign is the example_campaign
// test.
#include <odo/core/file.hpp>
#include <odo/core/process.hpp>
#include <odo/core/text.hpp>

#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

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
