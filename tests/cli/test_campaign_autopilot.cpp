// odo_campaign with a session (`start`) on a scratch copy of the example op library: odo builds the
// benchmark target, measures and imports the full surface, snapshots a lead's base, times it
// against the working tree's build, keeps a win as its perf commit and shelves a strike at its
// attempt ref; status's next step follows every stage. The benchmark is a stand-in executable
// built by a real CMake project: it lists the surface and writes a run artifact of every case at
// the time the test gives it, so each outcome is the test's to choose.
#include "cli_support.hpp"

#include <odo/campaign/ledger_read.hpp>
#include <odo/core/file.hpp>
#include <odo/core/json_read.hpp>
#include <odo/surface/case_expansion.hpp>

#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#if defined(ODO_CAMPAIGN) && defined(ODO_REFACTOR_OP)

namespace {

using odo::testing::TempRepo;
namespace fs = std::filesystem;

const std::string autopilot_hot_key = "invert_uchar3_basic[InOutDataType=uchar3][shape=2x160x240]"
                                      "[layout=NHWC][inputKind=Tensor]";

// Every basic and advanced case key of the example's Invert config, one per line.
std::string autopilot_surface(const TempRepo& repo) {
    const std::string path = "bench/config/operators/invert.json";
    const boost::json::value doc = odo::json::parse(repo.read(path), path);
    std::string keys;
    for (const auto& [config_key, entry] : doc.at("configs").as_object())
        for (const auto& k : odo::surface::expected_case_keys(config_key, entry.as_object()))
            keys += k.str() + "\n";
    return keys;
}

// A CMake project whose target bench_invert copies bench_invert.sh, the stand-in benchmark, and
// whose target oplib_tests copies oplib_tests.sh, the stand-in tests.
struct StandInBench {
    TempRepo project;

    explicit StandInBench(const std::string& keys) {
        project.write("keys.txt", keys);
        project.write("CMakeLists.txt",
                      "cmake_minimum_required(VERSION 3.20)\nproject(standin NONE)\n"
                      "add_custom_target(bench_invert COMMAND ${CMAKE_COMMAND} -E copy "
                      "${CMAKE_SOURCE_DIR}/bench_invert.sh ${CMAKE_BINARY_DIR}/bench_invert)\n"
                      "add_custom_target(oplib_tests COMMAND ${CMAKE_COMMAND} -E copy "
                      "${CMAKE_SOURCE_DIR}/oplib_tests.sh ${CMAKE_BINARY_DIR}/oplib_tests)\n");
        set_time(100);
        set_tests_passing(true);
        const auto configured = odo::testing::run_in(
            project.root(), "cmake", {"-S", ".", "-B", "build", "-G", "Unix Makefiles"});
        INFO(configured.out << configured.err);
        REQUIRE(configured.exit_code == 0);
    }

    // The time every case measures at, from the next build on.
    void set_time(int us) const {
        project.write("bench_invert.sh",
                      "#!/bin/sh\n"
                      "if [ \"$1\" = --list ]; then cat '" +
                          (project.root() / "keys.txt").string() +
                          "'; exit 0; fi\n"
                          "while [ $# -gt 0 ]; do case $1 in --case) key=$2;; --language) "
                          "lang=$2;; --sku) sku=$2;; --json) out=$2;; --min-time) t=$2;; esac; "
                          "shift; done\n"
                          "dir=$(dirname \"$0\")/..; noise=1.0; row=$key\n"
                          "echo \"$key $t\" >> \"$dir/measured.txt\"\n"
                          "limit=$(grep -F \"$key \" \"$dir/noisy.txt\" 2>/dev/null | cut -d' ' "
                          "-f2)\n"
                          "if [ -n \"$limit\" ] && [ $(grep -cF \"$key \" \"$dir/measured.txt\") "
                          "-le \"$limit\" ]; then noise=30.0; fi\n"
                          "[ -f \"$dir/misfile.txt\" ] && row=$(cat \"$dir/misfile.txt\")\n"
                          "printf '{\"schema_version\": 1, \"run_metadata\": {\"gpu_name\": "
                          "null}, \"baselines\": {\"%s\": {\"%s\": {\"n_runs\": 1, "
                          "\"gpu_time_us_%s\": " +
                          std::to_string(us) +
                          ", \"gpu_noise_us_%s\": %s, \"gpu_bwutil_%s\": 0.0}}}}\\n' \"$row\" "
                          "\"$sku\" \"$lang\" \"$lang\" \"$noise\" \"$lang\" > \"$out\"\n");
        fs::permissions(project.root() / "bench_invert.sh", fs::perms::owner_exec,
                        fs::perm_options::add);
    }

    // Whether the stand-in tests pass, from the next build on.
    void set_tests_passing(bool pass) const {
        project.write("oplib_tests.sh", std::string("#!/bin/sh\necho '[doctest] test cases: 2 | ") +
                                            (pass ? "2 passed | 0 failed" : "1 passed | 1 failed") +
                                            " | 0 skipped'\nexit " + (pass ? "0" : "1") + "\n");
        fs::permissions(project.root() / "oplib_tests.sh", fs::perms::owner_exec,
                        fs::perm_options::add);
    }

    fs::path build_dir() const { return project.root() / "build"; }
};

using odo::testing::campaign_ok;
using odo::testing::campaign_run;

boost::json::object autopilot_next(const TempRepo& repo) {
    const std::string out = campaign_ok(repo, {"status", "--format", "json"});
    return odo::json::parse(out, "status").as_object().at("next").as_object();
}

std::string autopilot_step(const TempRepo& repo) {
    return std::string(autopilot_next(repo).at("step").as_string());
}

std::string autopilot_command(const TempRepo& repo) {
    const auto next = autopilot_next(repo);
    REQUIRE(next.at("command").is_string());
    return std::string(next.at("command").as_string());
}

void autopilot_change(const TempRepo& repo, const std::string& line) {
    const std::string file = "src/cvcuda/priv/OpInvert.cpp";
    repo.write(file, repo.read(file) + line + "\n");
}

} // namespace

TEST_CASE("odo_campaign start: the session's folders and SKU, refused one line at a time") {
    TempRepo repo(ODO_SOURCE_DIR "/examples/oplib");
    TempRepo art;
    StandInBench bench(autopilot_surface(repo));
    const std::string build = bench.build_dir().string();
    const auto refused = [&](std::vector<std::string> args, const std::string& part) {
        const odo::ProcessResult r = campaign_run(repo, args);
        INFO(r.out << r.err);
        CHECK(r.exit_code == 2);
        CHECK(r.err.find(part) != std::string::npos);
    };
    refused({"start", "--build-dir", build}, "start needs --artifacts DIR");
    refused({"start", "--build-dir", art.root().string(), "--artifacts", art.root().string()},
            "no CMakeCache.txt");
    refused({"start", "--build-dir", build, "--artifacts", art.root().string(), "--sku", "H100"},
            "--sku H100: not a stem of the SKU map (HOST_OPLIB)");
    repo.write("inside/keep.txt", "x");
    refused({"start", "--build-dir", build, "--artifacts", (repo.root() / "inside").string()},
            "inside the repository and not ignored by git");
    refused(
        {"start", "--build-dir", build, "--artifacts", art.root().string(), "--bench-target=-all"},
        "--bench-target -all: not a CMake target name");
    repo.write("odo-layout.json", R"({"paths": {"bench_target": "-{name}"}})");
    refused({"start", "--build-dir", build, "--artifacts", art.root().string()},
            "--bench-target -invert: not a CMake target name (letters, digits, _ . + -; not first "
            "-) (from the layout's paths.bench_target)");
    repo.remove("odo-layout.json");
    refused({"keep", "--lead", "L1"}, "no measured evaluation waits");
    refused({"baseline"}, "run `odo_campaign Invert start --build-dir DIR --artifacts DIR` first");
    repo.remove("inside");
    const std::string out = campaign_ok(repo, {"start", "--build-dir", build, "--artifacts",
                                               art.root().string(), "--profiler", "host-roofline"});
    CHECK(out.find("measures on HOST_OPLIB") != std::string::npos);
    CHECK(out.find("base main") != std::string::npos);
    CHECK(fs::is_regular_file(repo.root() / ".git/odo/invert/session.json"));
    refused({"lead", "--id", "L 1", "--hypothesis", "h", "--category", "memory", "--target",
             autopilot_hot_key},
            "--id L 1: letters, digits");
    refused({"lead", "--id", "L1", "--hypothesis", "h", "--category", "speed", "--target",
             autopilot_hot_key},
            "--category speed: not one of memory, compute");
}

TEST_CASE("odo_campaign autopilot: baseline, lead, evaluate, keep and revert, as status says") {
    TempRepo repo(ODO_SOURCE_DIR "/examples/oplib");
    TempRepo art;
    StandInBench bench(autopilot_surface(repo));
    campaign_ok(repo, {"start", "--build-dir", bench.build_dir().string(), "--artifacts",
                       art.root().string(), "--profiler", "host-roofline", "--min-time", "0.01",
                       "--test-target", "oplib_tests"});

    // The baseline: every case measured, imported and committed on main.
    CHECK(autopilot_command(repo) == "odo_campaign Invert baseline --commit");
    const std::string measured = campaign_ok(repo, {"baseline", "--commit"});
    CHECK(measured.find("committed bench(invert): baselines measured on HOST_OPLIB") !=
          std::string::npos);
    CHECK(fs::is_regular_file(art.root() / "invert-baselines-before.json"));
    CHECK(fs::is_directory(art.root() / "invert-before"));
    CHECK(repo.git({"log", "-1", "--format=%s"}) ==
          "bench(invert): baselines measured on HOST_OPLIB\n");
    CHECK(repo.read("bench/config/operators/invert.json").find("HOST_OPLIB") != std::string::npos);

    // The branch, then a profile below the ridge, then the lead.
    CHECK(autopilot_command(repo) == "git switch -c 'campaign/invert'");
    repo.git({"switch", "-q", "-c", "campaign/invert"});
    CHECK(autopilot_step(repo) == "profile");
    CHECK(autopilot_command(repo).find("--host-roofline --record '" +
                                       (fs::canonical(art.root()) / "profile-1.json").string()) !=
          std::string::npos);
    art.write("roofline.json", "{\"case\": \"" + autopilot_hot_key +
                                   "\", \"operator_median_us\": 10.0, \"memcpy_median_us\": 5.0, "
                                   "\"bwutil\": 0.5, \"bytes_moved\": 460800, "
                                   "\"largest_cache_bytes\": 0}\n");
    campaign_ok(repo, {"profile", "--report", (art.root() / "roofline.json").string()});
    CHECK(autopilot_step(repo) == "lead");
    campaign_ok(repo, {"lead", "--id", "L1", "--hypothesis",
                       "one flat, vectorizable pass over packed tensors", "--category", "memory",
                       "--target", autopilot_hot_key});
    CHECK(fs::is_regular_file(repo.root() / ".git/odo/invert/lead-L1/bench_invert"));
    CHECK(autopilot_step(repo) == "change");
    CHECK(autopilot_next(repo).at("command").is_null());

    // A win: evaluated against the snapshot, kept as the perf commit.
    autopilot_change(repo, "// one flat, vectorizable pass over packed tensors");
    bench.set_time(50);
    CHECK(autopilot_command(repo) == "odo_campaign Invert evaluate --lead 'L1'");
    const std::string win = campaign_ok(repo, {"evaluate", "--lead", "L1"});
    CHECK(win.find("L1: win") != std::string::npos);
    CHECK(win.find("time -50.0%") != std::string::npos);
    CHECK(autopilot_command(repo) == "odo_campaign Invert keep --lead 'L1'");
    // Failing tests keep nothing: the change is to be fixed and evaluated again.
    bench.set_tests_passing(false);
    const auto failing = campaign_run(repo, {"keep", "--lead", "L1"});
    CHECK(failing.exit_code == 1);
    CHECK(failing.err.find("oplib_tests fails with the change") != std::string::npos);
    CHECK(repo.git({"log", "-1", "--format=%s"}) !=
          "perf(invert): one flat, vectorizable pass over packed tensors\n");
    CHECK(autopilot_step(repo) == "evaluate");
    bench.set_tests_passing(true);
    campaign_ok(repo, {"evaluate", "--lead", "L1"});
    campaign_ok(repo, {"keep", "--lead", "L1"});
    CHECK(odo::read_file(art.root() / "pixel-tests.txt").find("2 passed") != std::string::npos);
    CHECK(repo.git({"log", "-1", "--format=%s"}) ==
          "perf(invert): one flat, vectorizable pass over packed tensors\n");
    CHECK(autopilot_step(repo) == "review");

    // Review, then the baselines measured again after the win.
    const auto assess = odo::testing::run_in(repo.root(), ODO_REFACTOR_OP,
                                             {"Invert", "--phase", "assess", "--format", "json",
                                              "--out", (art.root() / "assess.json").string()});
    REQUIRE(assess.exit_code != 2);
    campaign_ok(repo, {"review", "--report", (art.root() / "assess.json").string()});
    CHECK(autopilot_step(repo) == "rebaseline");
    campaign_ok(repo, {"baseline", "--commit"});
    CHECK(fs::is_regular_file(art.root() / "invert-baselines-after.json"));
    CHECK(autopilot_step(repo) == "profile");
    campaign_ok(repo, {"profile", "--report", (art.root() / "roofline.json").string()});

    // A strike: reverted, its work kept at the attempt ref, the ledger's records kept.
    campaign_ok(repo, {"lead", "--id", "L2", "--hypothesis", "unroll", "--category", "compute",
                       "--target", autopilot_hot_key});
    autopilot_change(repo, "// unrolled");
    repo.write("src/cvcuda/priv/NewHelper.hpp", "// a new file of the attempt\n");
    const std::string strike = campaign_ok(repo, {"evaluate", "--lead", "L2"});
    CHECK(strike.find("L2: strike") != std::string::npos);
    const auto next = autopilot_next(repo);
    CHECK(next.at("step") == "revert");
    CHECK(std::string(next.at("why").as_string()).find("refs/odo/attempts/invert/L2") !=
          std::string::npos);
    const auto keep_strike = campaign_run(repo, {"keep", "--lead", "L2"});
    CHECK(keep_strike.exit_code == 2);
    CHECK(keep_strike.err.find("a strike is not kept") != std::string::npos);
    campaign_ok(repo, {"revert", "--lead", "L2"});
    CHECK(repo.read("src/cvcuda/priv/OpInvert.cpp").find("// unrolled") == std::string::npos);
    CHECK_FALSE(fs::exists(repo.root() / "src/cvcuda/priv/NewHelper.hpp"));
    CHECK(repo.git({"show", "refs/odo/attempts/invert/L2:src/cvcuda/priv/NewHelper.hpp"}) ==
          "// a new file of the attempt\n");
    const std::string ledger = repo.read("bench/campaigns/OpInvert.ledger.jsonl");
    const auto parsed = odo::campaign::parse_ledger(ledger, "ledger");
    CHECK(parsed.problems.empty());
    CHECK(parsed.records.back().kind == odo::campaign::RecordKind::Evaluation);
    CHECK(autopilot_step(repo) == "lead");
    CHECK(campaign_ok(repo, {"status"}).find("work kept at refs/odo/attempts/invert/L2") !=
          std::string::npos);
}

namespace {

// A session on a stand-in whose first `noisy` measurements of the hot case are 30 % noisy.
struct NoisyBaseline {
    TempRepo repo{ODO_SOURCE_DIR "/examples/oplib"};
    TempRepo art;
    StandInBench bench{autopilot_surface(repo)};

    explicit NoisyBaseline(int noisy) {
        bench.project.write("noisy.txt", autopilot_hot_key + " " + std::to_string(noisy) + "\n");
        campaign_ok(repo, {"start", "--build-dir", bench.build_dir().string(), "--artifacts",
                           art.root().string(), "--min-time", "0.01"});
    }

    // How often `key` was measured, and with which --min-time each time.
    std::vector<std::string> measured(const std::string& key) const {
        std::vector<std::string> times;
        std::istringstream in(bench.project.read("measured.txt"));
        for (std::string line; std::getline(in, line);)
            if (line.rfind(key + " ", 0) == 0)
                times.push_back(line.substr(key.size() + 1));
        return times;
    }
};

} // namespace

TEST_CASE("odo_campaign baseline: a refused case is measured again for longer, the rest kept") {
    NoisyBaseline b(4); // one attempt: two runs through two entry points
    const odo::ProcessResult r = campaign_run(b.repo, {"baseline"});
    INFO(r.out << r.err);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("measuring 1 case(s) again for 0.020000 s each") != std::string::npos);
    const auto hot = b.measured(autopilot_hot_key);
    REQUIRE(hot.size() == 8); // twice 2 runs x 2 entry points
    CHECK(hot.back() == "0.020000");
    const std::string other = "invert_float3_advanced[InOutDataType=float3][shape=2x80x120]"
                              "[layout=NCHW][inputKind=Tensor]";
    CHECK(b.measured(other).size() == 4); // once: its rows were accepted
    CHECK(r.out.find("commit them: git add bench/config/operators/invert.json") !=
          std::string::npos);
    CHECK(b.repo.git({"status", "--porcelain"}) == " M bench/config/operators/invert.json\n");
}

TEST_CASE("odo_campaign baseline: refused five times, it says so and writes nothing") {
    NoisyBaseline b(1000);
    const odo::ProcessResult r = campaign_run(b.repo, {"baseline", "--commit"});
    INFO(r.out << r.err);
    CHECK(r.exit_code == 1);
    CHECK(b.measured(autopilot_hot_key).size() == 20);
    CHECK(b.measured(autopilot_hot_key).back() == "0.160000"); // doubled four times
    CHECK(r.err.find("C++ noise 30.00% exceeds") != std::string::npos);
    CHECK(r.err.find("the import refused the measurements 5 times") != std::string::npos);
    CHECK(b.repo.git({"status", "--porcelain"}).empty());
}

TEST_CASE("odo_campaign baseline: a refusal naming no listed case measures every case again") {
    NoisyBaseline b(1000);
    // Every row filed under a key the benchmark does not list: no case can be picked out.
    const std::string unlisted = "invert_uchar3_basic[InOutDataType=uchar3][shape=2x160x240]"
                                 "[layout=NCHW][inputKind=Tensor]";
    std::string keys = b.bench.project.read("keys.txt");
    keys.erase(keys.find(unlisted + "\n"), unlisted.size() + 1);
    b.bench.project.write("keys.txt", keys);
    b.bench.project.write("misfile.txt", unlisted + "\n");
    const odo::ProcessResult r = campaign_run(b.repo, {"baseline"});
    INFO(r.out << r.err);
    CHECK(r.exit_code != 0);
    CHECK(r.out.find("case(s) again") == std::string::npos);
}

#endif
