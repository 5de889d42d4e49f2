// optimize_op --phase preflight end to end, on throw-away git repositories laid out from the
// CV-CUDA-layout fixture in tests/data/oprepo. Each PRE check is driven to every status it can
// take; the reports are read back as JSON.
#include "cli_support.hpp"
#include "temp_repo.hpp"
#include "text_helpers.hpp"

#include <odo/core/json_read.hpp>

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace {

using odo::testing::oprepo_fixture;

using odo::testing::TempRepo;
namespace fs = std::filesystem;

// Runs optimize_op with PATH limited to the system directories (plus `extra_path`), so PRE-4
// does not depend on the machine running the tests.
odo::ProcessResult optimize_op(const fs::path& dir, std::vector<std::string> args,
                               const std::string& extra_path = "") {
    args.insert(args.begin(), {std::string("PATH=") + (extra_path.empty() ? "" : extra_path + ":") +
                                   "/usr/local/bin:/usr/bin:/bin",
                               ODO_OPTIMIZE_OP});
    return odo::testing::run_in(dir, "/usr/bin/env", args);
}

struct Preflight {
    odo::ProcessResult process;
    boost::json::value report;

    std::string status(const std::string& id) const {
        return odo::testing::finding_field(report, id, "status", "absent");
    }
    std::string field(const std::string& id, const char* name) const {
        return odo::testing::finding_field(report, id, name, {});
    }
};

Preflight preflight(const TempRepo& repo, const std::string& op = "Invert",
                    std::vector<std::string> extra = {}, const std::string& extra_path = "") {
    std::vector<std::string> args{op, "--phase", "preflight", "--format", "json"};
    args.insert(args.end(), extra.begin(), extra.end());
    Preflight p{optimize_op(repo.root(), args, extra_path), {}};
    INFO(p.process.err);
    REQUIRE(p.process.started);
    REQUIRE(p.process.exit_code != 2);
    p.report = odo::json::parse(p.process.out, "optimize_op stdout");
    return p;
}

using odo::testing::contains;

using odo::testing::replace_in;

} // namespace

TEST_CASE("a ready repository passes every blocking check, and the report has the contract shape") {
    TempRepo repo(oprepo_fixture);
    const Preflight p = preflight(repo);
    CHECK(p.process.exit_code == 0);
    CHECK(p.report.at("phase") == "preflight");
    CHECK(p.report.at("operator") == "Invert");
    CHECK(p.report.at("op") == "invert");
    const auto& findings = p.report.at("findings").as_array();
    REQUIRE(findings.size() == 6);
    for (std::size_t i = 0; i < 6; ++i)
        CHECK(findings[i].at("id").as_string() == ("PRE-" + std::to_string(i + 1)).c_str());
    for (const char* id : {"PRE-1", "PRE-2", "PRE-3", "PRE-5", "PRE-6"})
        CHECK_MESSAGE(p.status(id) == "PASS", id);
    CHECK(p.status("PRE-4") == "MANUAL");
    CHECK(p.report.at("exit_blocking") == 0);
}

TEST_CASE("reports are deterministic and --out writes the same bytes") {
    TempRepo repo(oprepo_fixture);
    for (const std::string format : {"md", "json"}) {
        const fs::path out = repo.root() / ("report." + format);
        const auto first = optimize_op(repo.root(), {"Invert", "--phase", "preflight", "--format",
                                                     format, "--out", out.string()});
        const auto second =
            optimize_op(repo.root(), {"Invert", "--phase", "preflight", "--format", format});
        CHECK(first.out == second.out);
        CHECK(odo::read_file(out) == first.out);
    }
}

TEST_CASE("S1/S4: --out never follows a committed link, and a refused --out still prints") {
    TempRepo repo(oprepo_fixture);
    const fs::path victim = repo.root() / "outside-victim";
    fs::create_directories(repo.root() / "reports");
    fs::create_symlink(victim, repo.root() / "reports/.preflight.md.odo-tmp");
    const auto written = optimize_op(
        repo.root(), {"Invert", "--phase", "preflight", "--out", "reports/preflight.md"});
    CHECK(written.exit_code == 0);
    CHECK(odo::read_file(repo.root() / "reports/preflight.md") == written.out);
    CHECK_FALSE(fs::exists(victim));

    fs::create_symlink(victim, repo.root() / "reports/linked.md");
    const auto linked =
        optimize_op(repo.root(), {"Invert", "--phase", "preflight", "--out", "reports/linked.md"});
    CHECK(linked.exit_code == 2);
    CHECK(linked.err == "optimize_op: reports/linked.md: is a symbolic link; odo does not write "
                        "through links (name its target)\n");
    CHECK(linked.out == written.out);
    CHECK_FALSE(fs::exists(victim));

    const auto device =
        optimize_op(repo.root(), {"Invert", "--phase", "preflight", "--out", "/dev/null"});
    CHECK(device.exit_code == 2);
    CHECK(device.err == "optimize_op: /dev/null: exists and is not a regular file; refusing to "
                        "replace it\n");
    CHECK(fs::is_character_file("/dev/null"));
}

TEST_CASE("PRE-1 is a GAP without the system test and without a positive tensor test") {
    TempRepo repo(oprepo_fixture);
    repo.remove("tests/cvcuda/system/TestOpInvert.cpp");
    repo.commit("drop the test");
    Preflight p = preflight(repo);
    CHECK(p.process.exit_code == 1);
    CHECK(p.status("PRE-1") == "GAP");
    CHECK(contains(p.field("PRE-1", "evidence"), "TST-1:"));
    CHECK(contains(p.field("PRE-1", "evidence"), "TST-2:"));

    repo.write("tests/cvcuda/system/TestOpInvert.cpp",
               "// compares against the reference\nTEST(OpInvert, smoke) {}\n");
    p = preflight(repo);
    CHECK(p.status("PRE-1") == "GAP");
    CHECK_FALSE(contains(p.field("PRE-1", "evidence"), "TST-1:")); // TST-1 reads code, not comments
}

TEST_CASE("PRE-2 blocks on an unmatched FakePlanar case and on a missing SKU") {
    TempRepo repo(oprepo_fixture);
    replace_in(repo, "bench/config/operators/invert.json",
               "\"NCHW\",\n                    \"NCHW_FAKE\"", "\"NCHW_FAKE\"");
    Preflight p = preflight(repo);
    CHECK(p.status("PRE-2") == "GAP");
    CHECK(contains(p.field("PRE-2", "evidence"), "BEN-6:"));

    TempRepo other(oprepo_fixture);
    replace_in(other, "bench/config/sku_map.json", "\"entries\": [",
               "\"entries\": [\n        {\"gpu_name\": \"NVIDIA L4\", \"power_cap_w\": 72, "
               "\"locked_sm_clock_mhz\": 1095, \"cuda_major\": 13, \"stem\": \"L4\"},");
    p = preflight(other);
    CHECK(p.status("PRE-2") == "GAP");
    CHECK(contains(p.field("PRE-2", "evidence"), "BEN-7:"));
}

TEST_CASE("PRE-1 and PRE-2 show each blocking sub-check's own fix, in md and in json") {
    TempRepo repo(oprepo_fixture);
    repo.remove("tests/cvcuda/system/TestOpInvert.cpp");
    replace_in(repo, "bench/config/operators/invert.json",
               "\"layout\": [\n                    \"NHWC\",\n                    \"NCHW\"\n"
               "                ],\n",
               "");
    for (int side = 0; side < 2; ++side) // a malformed planar declaration, no planar layout
        replace_in(repo, "src/cvcuda/include/cvcuda/OpInvert.h", "[kNHWC, kHWC, kNCHW, kCHW]",
                   "[kNHWC, kHWC]");
    replace_in(repo, "src/cvcuda/include/cvcuda/OpInvert.h", " * Limitations:\n",
               " * Limitations:\n * Planar image layouts: maybe\n");
    const std::vector<std::string> sub_fixes = {
        "TST-1: Add the C++ system test.",
        "TST-2: Add tensor positive/correctness test: a TEST in suite OpInvert or "
        "OpInvertTensor... (grammar.test_suite_prefix \"Op\", then the operator's name).",
        "BEN-5: Add a truthful string_axes.layout axis (e.g. NHWC, NCHW) to these configs.",
        "BEN-6: In src/cvcuda/include/cvcuda/OpInvert.h's doc comment, either list the planar "
        "layouts in the Limitations table's input row (` *      Data Layout:    [kNHWC, kNCHW]` "
        "under ` * Input:`), or write ` * Planar image layouts: Not applicable` and on the next "
        "line ` * Reason: <why no planar layout applies>` (docs/bench.md, \"Layout coverage: "
        "BEN-5 and BEN-6\")."};
    const Preflight p = preflight(repo);
    const auto md = optimize_op(repo.root(), {"Invert", "--phase", "preflight"});
    const std::string fixes = p.field("PRE-1", "fix") + " " + p.field("PRE-2", "fix");
    for (const std::string& fix : sub_fixes) {
        INFO(fix);
        CHECK(contains(fixes, fix));
        CHECK(contains(md.out, fix));
    }
    CHECK(contains(md.out, "    - fix: Add the missing test coverage before optimizing, as a "
                           "separate non-perf commit pushed before the optimization. TST-1: "));
}

TEST_CASE("PRE-3 needs a measured row; empty braces with a letter are not one") {
    TempRepo repo(oprepo_fixture);
    repo.write(
        "bench/config/operators/invert.json",
        R"({"benchmark": "invert", "configs": {"invert_basic": {"tier": "basic", "dtypes": ["uint8"], "string_axes": {"layout": ["NHWC"]}, "baselines": {"case": {}}}}})");
    Preflight p = preflight(repo);
    CHECK(p.status("PRE-3") == "GAP");
    CHECK(p.field("PRE-3", "summary") == "No baselines in the op config");

    repo.write("bench/config/operators/invert.json", "{ not json");
    p = preflight(repo);
    CHECK(p.status("PRE-3") == "GAP");
    CHECK(contains(p.field("PRE-3", "evidence"), "invalid JSON"));
    CHECK(p.status("PRE-2") == "GAP"); // BEN-4: config invalid

    repo.remove("bench/config/operators/invert.json");
    p = preflight(repo);
    CHECK(p.status("PRE-3") == "GAP");
    CHECK(contains(p.field("PRE-3", "evidence"), "missing"));
}

TEST_CASE("PRE-3 is a GAP, never a crash, when the config is JSON but not an object") {
    TempRepo repo(oprepo_fixture);
    for (const char* text : {"[]", "1", "null", "\"x\"", "true", "[{\"baselines\": {}}]"}) {
        repo.write("bench/config/operators/invert.json", text);
        const Preflight p = preflight(repo);
        CHECK_MESSAGE(p.process.exit_code == 1, text);
        CHECK(p.status("PRE-3") == "GAP");
        CHECK_MESSAGE(p.field("PRE-3", "evidence") ==
                          "bench/config/operators/invert.json: bench config must be a JSON object",
                      text);
        CHECK(p.status("PRE-2") == "GAP");
    }
}

TEST_CASE("PRE-3 is a GAP on every row odo_baseline validate rejects, naming case, SKU and field") {
    const std::string row = "[layout=NHWC][inputKind=Tensor] H100_PCIe_350W_1095MHz: ";
    const struct {
        const char* from;
        const char* to;
        const char* problem;
    } cases[] = {
        {"\"gpu_time_us_cpp\": 137.25", "\"gpu_time_us_cpp\": -137.25", "gpu_time_us_cpp must be"},
        {"\"gpu_time_us_cpp\": 137.25", "\"gpu_time_us_cpp\": 0", "C++ time must be > 0"},
        {"\"gpu_time_us_cpp\": 137.25", "\"gpu_time_us_cpp\": 1e400", "gpu_time_us_cpp must be"},
        {"\"gpu_time_us_cpp\": 137.25", "\"gpu_time_us_cpp\": \"137.25\"",
         "gpu_time_us_cpp must be"},
        {"\"gpu_time_us_cpp\": 137.25", "\"gpu_time_us_cpp\": null", "gpu_time_us_cpp must be"},
        {"\"n_runs\": 5,", "\"n_runs\": 0,", "n_runs must be a positive integer (got 0)"},
        {"\"n_runs\": 5,", "\"n_runs\": -3,", "n_runs must be a positive integer (got -3)"},
        {"\"n_runs\": 5,", "\"n_runs\": 5.5,", "n_runs must be a positive integer (got 5.5)"},
        {"\"gpu_noise_us_cpp\": 0.549", "\"gpu_noise_us_cpp\": -0.549",
         "gpu_noise_us_cpp must be a finite number >= 0"},
    };
    for (const auto& c : cases) {
        TempRepo repo(oprepo_fixture);
        replace_in(repo, "bench/config/operators/invert.json", c.from, c.to);
        const Preflight p = preflight(repo);
        const std::string evidence = p.field("PRE-3", "evidence");
        CHECK_MESSAGE(p.process.exit_code == 1, c.to);
        CHECK_MESSAGE(p.status("PRE-3") == "GAP", c.to);
        CHECK_MESSAGE(contains(evidence, row), evidence);
        CHECK_MESSAGE(contains(evidence, c.problem), evidence);
    }
    TempRepo repo(oprepo_fixture);
    replace_in(repo, "bench/config/operators/invert.json", "\"n_runs\": 5,",
               "\"n_runs\": 5, \"n_runs\": 5,");
    const Preflight p = preflight(repo);
    CHECK(p.status("PRE-3") == "GAP");
    CHECK(p.field("PRE-3", "evidence") ==
          "bench/config/operators/invert.json: key 'n_runs' appears twice in one object");
}

TEST_CASE("PRE-1 is MANUAL, not PASS, when TST-1 finds no obvious CPU reference") {
    TempRepo repo(oprepo_fixture);
    std::string test = repo.read("tests/cvcuda/system/TestOpInvert.cpp");
    for (auto at = test.find("InvertGold"); at != std::string::npos; at = test.find("InvertGold"))
        test.replace(at, 10, "InvertHost");
    repo.write("tests/cvcuda/system/TestOpInvert.cpp", test);
    const Preflight p = preflight(repo);
    CHECK(p.status("PRE-1") == "MANUAL");
    CHECK(contains(p.field("PRE-1", "evidence"), "TST-1:No obvious CPU reference; verify"));
    CHECK(p.process.exit_code == 0); // MANUAL does not block preflight, but the verdict shows it
}

TEST_CASE("PRE-4 passes when a profiler is on PATH") {
    TempRepo repo(oprepo_fixture);
    const fs::path bin = repo.root() / ".fake-bin";
    fs::create_directories(bin);
    repo.write(".fake-bin/nsys", "#!/bin/sh\nexit 0\n");
    fs::permissions(bin / "nsys", fs::perms::owner_all);
    const Preflight p = preflight(repo, "Invert", {}, bin.string());
    CHECK(p.status("PRE-4") == "PASS");
    CHECK(p.field("PRE-4", "summary") == "Profiler(s) available: nsys");
}

TEST_CASE("PRE-4's MANUAL says how to resolve it in md as in json") {
    TempRepo repo(oprepo_fixture);
    const std::string fix =
        "Install or enable ncu or nsys, or record the profiler's unavailability in the MR.";
    CHECK(preflight(repo).field("PRE-4", "fix") == fix);
    const auto md = optimize_op(repo.root(), {"Invert", "--phase", "preflight"});
    CHECK(contains(md.out, "`PRE-4` \xE2\x80\x94 ncu/nsys not on PATH\n    - evidence: PATH "
                           "probe\n    - fix: " +
                               fix + "\n"));
}

TEST_CASE("PRE-5 is MANUAL when the binding ODO-5 will snapshot is missing") {
    TempRepo repo(oprepo_fixture);
    repo.remove("python/mod_cvcuda/operators/OpInvert.cpp");
    const Preflight p = preflight(repo);
    CHECK(p.status("PRE-5") == "MANUAL");
    CHECK(contains(p.field("PRE-5", "evidence"),
                   "missing: python/mod_cvcuda/operators/OpInvert.cpp"));
    CHECK(p.process.exit_code == 0); // MANUAL does not block preflight
}

TEST_CASE("PRE-6 follows the refresh commit, the base and the attributed changes") {
    TempRepo repo(oprepo_fixture);
    const std::string refresh = repo.commit("nothing");
    SUBCASE("unchanged since the refresh") {
        repo.write("docs/notes.md", "docs never move a benchmark");
        repo.write("src/cvcuda/priv/OpFlip.cu", "// another operator's kernel");
        repo.commit("unrelated changes");
        const Preflight p = preflight(repo);
        CHECK(p.status("PRE-6") == "PASS");
        CHECK(contains(p.field("PRE-6", "summary"), "still describe the code"));
    }
    SUBCASE("the operator's kernel changed after the refresh") {
        repo.write("src/cvcuda/priv/OpInvert.cu", "// faster");
        repo.commit("perf: unrelated speed-up merged before the campaign");
        const Preflight p = preflight(repo);
        CHECK(p.status("PRE-6") == "GAP");
        CHECK(contains(p.field("PRE-6", "evidence"), "src/cvcuda/priv/OpInvert.cu"));
        CHECK(contains(p.field("PRE-6", "fix"), "\"benchmark_operators\": \"invert\""));
        CHECK(p.process.exit_code == 1);
    }
    SUBCASE("a shared bench tree change marks every operator stale") {
        repo.write("bench/config/sku_map.json", repo.read("bench/config/sku_map.json") + " ");
        repo.commit("touch the sku map");
        CHECK(preflight(repo).status("PRE-6") == "GAP");
    }
    SUBCASE("baselines refreshed on the campaign branch, after the base") {
        repo.git({"branch", "campaign-base"});
        repo.write("src/cvcuda/priv/OpInvert.cu", "// faster");
        repo.commit("perf(invert): faster");
        replace_in(repo, "bench/config/operators/invert.json", "\"n_runs\": 5", "\"n_runs\": 6");
        repo.commit("bench(invert): refresh baselines");
        const Preflight p = preflight(repo, "Invert", {"--base", "campaign-base"});
        CHECK(p.status("PRE-6") == "PASS");
        CHECK(contains(p.field("PRE-6", "summary"), "at or after the campaign base"));
    }
    SUBCASE("no commit ever changed the baselines: MANUAL") {
        TempRepo bare(oprepo_fixture);
        bare.write("bench/config/operators/invert.json",
                   R"({"benchmark": "invert", "configs": {"invert_basic": {"tier": "basic"}}})");
        bare.git({"checkout", "-q", "--orphan", "other"});
        bare.commit("a history whose config never had rows");
        const Preflight p = preflight(bare, "Invert", {"--base", "HEAD"});
        CHECK(p.status("PRE-6") == "MANUAL");
        CHECK(contains(p.field("PRE-6", "evidence"), "last refresh=unknown"));
        CHECK(contains(p.field("PRE-6", "fix"), "\"config\": \"baseline-regen\""));
    }
    SUBCASE("the default base `main` does not exist: MANUAL, not an error") {
        repo.git({"branch", "-m", "main", "trunk"});
        const Preflight p = preflight(repo);
        CHECK(p.status("PRE-6") == "MANUAL");
        CHECK(contains(p.field("PRE-6", "evidence"), "base=main"));
    }
    (void)refresh;
}

TEST_CASE("usage and input errors are one line on stderr and exit 2") {
    TempRepo repo(oprepo_fixture);
    auto expect_error = [&](std::vector<std::string> args, const std::string& message) {
        const auto r = optimize_op(repo.root(), args);
        CHECK(r.exit_code == 2);
        CHECK(r.out.empty());
        CHECK_MESSAGE(contains(r.err, message), r.err);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    };
    expect_error({"Invert"}, "--phase");
    expect_error({"--phase", "preflight"}, "operator");
    expect_error({"Invert", "--phase", "bogus"}, "invalid choice 'bogus'");
    expect_error({"Invert", "--phase", "preflight", "--format", "xml"}, "--format");
    expect_error({"Invert", "--phase", "preflight", "--frobnicate"}, "frobnicate");
    expect_error({"NotAnOperator", "--phase", "preflight"}, "OpNotAnOperator.h");
    expect_error({"Invert", "--phase", "preflight", "--base", "no-such-ref"}, "--base no-such-ref");
    expect_error({"Invert", "--phase", "preflight", "--repo", "/nonexistent"}, "/nonexistent");
    expect_error({"Invert", "--phase", "preflight", "--layout", "/nonexistent.json"},
                 "/nonexistent.json");

    repo.write("bench/config/bench_params.json", "{\"operators\": [");
    expect_error({"Invert", "--phase", "preflight"}, "bench_params.json");
    repo.write("bench/config/bench_params.json", "{\"operators\": {}}");
    repo.write("bench/config/sku_map.json", "{\"entries\": 3}");
    expect_error({"Invert", "--phase", "preflight"}, "sku_map.json");
    repo.write("bench/config/sku_map.json", "{\"entries\": []}"); // BEN-7 against zero SKUs
    expect_error({"Invert", "--phase", "preflight"}, "sku_map.json: \"entries\" lists no SKU");
    repo.write("bench/config/sku_map.json",
               R"({"entries": [{"gpu_name": "G", "power_cap_w": -350, "locked_sm_clock_mhz": 1095,
                                "stem": "G"}]})");
    expect_error({"Invert", "--phase", "preflight"}, "sku_map.json: entries[0] power_cap_w");

    const fs::path outside = fs::temp_directory_path() / "odo-not-a-repo";
    fs::create_directories(outside);
    const auto r = optimize_op(outside, {"Invert", "--phase", "preflight"});
    CHECK(r.exit_code == 2);
    CHECK(contains(r.err, "not inside a git repository"));
    fs::remove_all(outside);
}

TEST_CASE("--help and --version") {
    TempRepo repo;
    const auto help = optimize_op(repo.root(), {"--help"});
    CHECK(help.exit_code == 0);
    CHECK(contains(help.out, "--phase"));
    CHECK(contains(help.out, "--layout"));
    const auto version = optimize_op(repo.root(), {"--version"});
    CHECK(version.exit_code == 0);
    CHECK(contains(version.out, "optimize_op 0."));
}
