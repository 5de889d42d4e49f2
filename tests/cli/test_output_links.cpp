// Every output option of every tool refuses a folder that is a symbolic link in the checkout
// (issue #26.2): `ln -s <outside> reports; optimize_op … --out reports/preflight.md` created
// <outside>/preflight.md. Each refusal is exit 2, one line naming the folder, nothing written
// outside; the same option into a real folder writes.
#include "artifact_builder.hpp"
#include "temp_dir.hpp"
#include "temp_repo.hpp"
#include "text_helpers.hpp"

#include <odo/baseline/operator_file.hpp>
#include <odo/core/text.hpp>

#include <boost/json.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace {

using odo::testing::contains;
using odo::testing::oprepo_fixture;
using odo::testing::TempRepo;
namespace fs = std::filesystem;

const std::string linked_message =
    "its folder reports is a symbolic link; odo does not write through links";

struct ToolRun {
    std::string tool;
    std::vector<std::string> args; // "OUT" stands for the output folder
};

std::vector<std::string> with_folder(std::vector<std::string> args, const std::string& folder) {
    for (std::string& arg : args)
        if (arg.rfind("OUT/", 0) == 0)
            arg = folder + arg.substr(3);
    return args;
}

// A run artifact of invert_uchar3_basic on the H100 stem, 1 % slower than committed.
std::string h100_artifact(const TempRepo& repo) {
    const boost::json::value doc =
        odo::baseline::load_operator_file(repo.root() / "bench/config/operators/invert.json")
            .document;
    boost::json::object baselines;
    for (const auto& c : doc.at("configs").at("invert_uchar3_basic").at("baselines").as_object())
        baselines[c.key()].emplace_object()["H100_PCIe_350W_1095MHz"] =
            odo::testing::scaled_artifact_row(c.value().at("H100_PCIe_350W_1095MHz").as_object(),
                                              1.01);
    return odo::testing::artifact_text(std::move(baselines), {});
}

// nvbench's --csv output of invert_uchar3_basic's first case on an H100.
const std::string nvbench_csv =
    "Benchmark,Device,Device Name,InOutDataType,inputKind,layout,shape,Skipped,Samples,"
    "CPU Time (sec),Noise,GPU Time (sec),Noise,GlobalMem BW (bytes/sec),BWUtil\n"
    "Invert,0,NVIDIA H100 PCIe,uchar3,Tensor,NHWC,8x1080x1920,No,900,2e-4,0.01,1.3725e-4,0.004,"
    "1e12,0.81\n";

const std::vector<ToolRun> output_options{
    {ODO_OPTIMIZE_OP, {"Invert", "--phase", "preflight", "--out", "OUT/preflight.md"}},
    {ODO_OPTIMIZE_OP,
     {"Invert", "--phase", "preflight", "--format", "junit", "--out", "OUT/preflight.xml"}},
    {ODO_BASELINE_TOOL, {"validate", "--junit", "OUT/validate.xml"}},
    {ODO_BASELINE_TOOL, {"import", "--from", "runs", "--write-summary", "OUT/s.md"}},
    {ODO_BASELINE_TOOL,
     {"import", "--nvbench", "cpp:invert_uchar3_basic:out.csv", "--power-cap-w", "350",
      "--locked-sm-clock-mhz", "1095", "--cuda-major", "13", "--write-artifact", "OUT/a.json"}},
    {ODO_BASELINE_TOOL,
     {"compare", "--current", "runs/h100.json", "--operator", "invert", "--markdown", "OUT/c.md"}},
    {ODO_BASELINE_TOOL,
     {"compare", "--current", "runs/h100.json", "--operator", "invert", "--junit", "OUT/c.xml"}},
    {ODO_BASELINE_TOOL,
     {"drift", "--from", "runs", "--any-run-context", "--min-samples", "1", "--markdown",
      "OUT/d.md"}},
    {ODO_BASELINE_TOOL,
     {"drift", "--from", "runs", "--any-run-context", "--min-samples", "1", "--json-out",
      "OUT/d.json"}},
};

} // namespace

TEST_CASE("each tool's output option refuses a folder linked out of the checkout") {
    const TempDir outside;
    TempRepo repo{oprepo_fixture};
    repo.write("runs/h100.json", h100_artifact(repo));
    repo.write("runs/h100-again.json", h100_artifact(repo));
    repo.write("out.csv", nvbench_csv);
    repo.commit("chore: runs");
    fs::create_directory_symlink(outside.path(), repo.root() / "reports");
    fs::create_directories(repo.root() / "real");
    const std::string invert = repo.read("bench/config/operators/invert.json");
    for (const ToolRun& run : output_options) {
        const std::string command = odo::text::join(run.args, " ");
        CAPTURE(command);
        const auto refused =
            odo::testing::run_in(repo.root(), run.tool, with_folder(run.args, "reports"));
        CAPTURE(refused.err);
        CHECK(refused.exit_code == 2);
        CHECK(contains(refused.err, linked_message));
        CHECK(std::count(refused.err.begin(), refused.err.end(), '\n') == 1);
        CHECK(fs::is_empty(outside.path()));
        CHECK(repo.read("bench/config/operators/invert.json") == invert);

        const auto written =
            odo::testing::run_in(repo.root(), run.tool, with_folder(run.args, "real"));
        CAPTURE(written.err);
        CHECK(written.exit_code != 2);
        CHECK(std::distance(fs::directory_iterator(repo.root() / "real"), {}) == 1);
        fs::remove_all(repo.root() / "real");
        fs::create_directories(repo.root() / "real");
        repo.write("bench/config/operators/invert.json", invert);
    }
}

TEST_CASE("refactor_op --out refuses a folder linked out of the checkout") {
    const TempDir outside;
    TempRepo repo{ODO_TEST_DATA_DIR "/refactor"};
    fs::create_directory_symlink(outside.path(), repo.root() / "reports");
    const auto refused = odo::testing::run_in(
        repo.root(), ODO_REFACTOR_OP, {"twin", "--domain", "api", "--out", "reports/twin.md"});
    const TempDir elsewhere;
    const auto from_elsewhere =
        odo::testing::run_in(elsewhere.path(), ODO_REFACTOR_OP,
                             {"twin", "--domain", "api", "--repo", repo.root().string(), "--out",
                              (repo.root() / "reports/twin.md").string()});
    CHECK(from_elsewhere.exit_code == 2);
    CHECK(contains(from_elsewhere.err, "is a symbolic link; odo does not write through links"));
    CAPTURE(refused.err);
    CHECK(refused.exit_code == 2);
    CHECK(contains(refused.err, linked_message));
    CHECK(fs::is_empty(outside.path()));
    const auto written = odo::testing::run_in(repo.root(), ODO_REFACTOR_OP,
                                              {"twin", "--domain", "api", "--out", "twin.md"});
    CHECK(written.exit_code != 2);
    CHECK(fs::exists(repo.root() / "twin.md"));
}

TEST_CASE("an absolute output into a linked folder of the repository is refused from elsewhere") {
    const TempDir outside, elsewhere;
    TempRepo repo{oprepo_fixture};
    fs::create_directory_symlink(outside.path(), repo.root() / "reports");
    const std::string reports = (repo.root() / "reports").string();
    const std::vector<ToolRun> runs{
        {ODO_OPTIMIZE_OP,
         {"Invert", "--phase", "preflight", "--repo", repo.root().string(), "--out",
          reports + "/preflight.md"}},
        {ODO_BASELINE_TOOL,
         {"validate", "--repo", repo.root().string(), "--junit", reports + "/validate.xml"}},
    };
    for (const ToolRun& run : runs) {
        const std::string command = odo::text::join(run.args, " ");
        CAPTURE(command);
        const auto refused = odo::testing::run_in(elsewhere.path(), run.tool, run.args);
        CAPTURE(refused.err);
        CHECK(refused.exit_code == 2);
        CHECK(contains(refused.err, "is a symbolic link; odo does not write through links"));
        CHECK(fs::is_empty(outside.path()));
    }
    // The folder the link leads to, named: the machine's path, written.
    const auto written =
        odo::testing::run_in(elsewhere.path(), ODO_OPTIMIZE_OP,
                             {"Invert", "--phase", "preflight", "--repo", repo.root().string(),
                              "--out", (outside.path() / "preflight.md").string()});
    CHECK(written.exit_code != 2);
    CHECK(fs::exists(outside.path() / "preflight.md"));
}
