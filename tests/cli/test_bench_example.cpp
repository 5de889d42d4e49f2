// The example benchmark executable (tests/bench_example) end to end: --list and the filters,
// the artifact and CSV files, --footprint counting a planted buffer, and --odo-gate catching a
// planted slowdown. The machine running the tests is shared, so real timings are loose; the
// gate's arithmetic is tested exactly on fake time in unit_bench.
#include "text_helpers.hpp"

#include <odo/baseline/artifact.hpp>
#include <odo/baseline/config_set.hpp>
#include <odo/core/file.hpp>
#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>
#include <odo/core/process.hpp>
#include <odo/core/text.hpp>
#include <odo/profile/memory_footprint.hpp>
#include <odo/surface/case_expansion.hpp>
#include <odo/surface/sku_map.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path config_dir = ODO_SOURCE_DIR "/tests/bench_example/config";
const fs::path example_config = config_dir / "operators" / "example.json";
const std::string uint8_case = "example_basic[InOutDataType=uint8][shape=1x256x256][passes=1]";

// Short measurements: these tests check plumbing, not timing quality.
const std::vector<std::string> quick{"--min-time", "0.02",  "--max-noise", "50", "--timeout", "2",
                                     "--no-batch", "--sku", "HOST_EXAMPLE"};

// `env`: NAME=VALUE settings for the run (the example's planted slowdown or scratch buffer).
odo::ProcessResult bench(std::vector<std::string> args, const std::vector<std::string>& env = {}) {
    args.insert(args.begin(), ODO_BENCH_EXAMPLE);
    args.insert(args.begin(), env.begin(), env.end());
    args.insert(args.begin(), "CVCUDA_BENCH_WARMUP_CAP=2");
    return odo::run_process("/usr/bin/env", args, {{}, std::chrono::seconds(120), {}, {}});
}

std::vector<std::string> with_quick(std::vector<std::string> args) {
    args.insert(args.end(), quick.begin(), quick.end());
    return args;
}

class ScratchDir {
public:
    ScratchDir()
        : path_(fs::temp_directory_path() /
                ("odo-bench-cli-" + std::to_string(std::random_device{}()))) {
        fs::create_directories(path_);
    }
    ~ScratchDir() {
        std::error_code ignored;
        fs::remove_all(path_, ignored);
    }
    const fs::path& path() const { return path_; }

private:
    fs::path path_;
};

std::string expansion(bool advanced_too) {
    std::string text;
    for (const auto& entry : odo::surface::load_bench_config_file(example_config).entries)
        if (advanced_too || odo::surface::entry_tier(entry.fields) == odo::surface::Tier::Basic)
            for (const auto& key : odo::surface::expected_case_keys(entry.key, entry.fields))
                text += key.str() + "\n";
    return text;
}

using odo::testing::contains;

} // namespace

TEST_CASE("--list prints exactly the config's case keys") {
    const auto all = bench({"--list", "--tier", "basic,advanced"});
    CHECK(all.exit_code == 0);
    CHECK(all.out == expansion(true));
    const auto basic = bench({"-l"});
    CHECK(basic.out == expansion(false));
    const auto one = bench({"--list", "--case", uint8_case});
    CHECK(one.out == uint8_case + "\n");
    const auto config_key = bench({"--list", "--config-key", "example_advanced"});
    CHECK(odo::text::lines(config_key.out).size() == 4);
}

TEST_CASE("bad arguments exit 2 with one line naming the option") {
    const auto r = bench({"--tier", "gold"});
    CHECK(r.exit_code == 2);
    CHECK(contains(r.err, "error: --tier: unknown tier 'gold'"));
    CHECK(r.out.empty());
    CHECK(bench({"--help"}).exit_code == 0);
}

TEST_CASE("--footprint counts one launch per case: nothing, then a planted buffer") {
    ScratchDir dir;
    const fs::path before = dir.path() / "before.json";
    const fs::path after = dir.path() / "after.json";
    const auto clean = bench({"--footprint", before.string()});
    INFO(clean.err);
    REQUIRE(clean.exit_code == 0);
    CHECK(contains(clean.out,
                   uint8_case + ": peak 0 B live, 0 allocations and 0 frees in the call\n"));
    const auto planted = bench({"--footprint", after.string()}, {"ODO_EXAMPLE_SCRATCH_BYTES=4096"});
    REQUIRE(planted.exit_code == 0);
    CHECK(contains(planted.out,
                   uint8_case + ": peak 4096 B live, 1 allocation and 1 free in the call\n"));
    const auto measured = odo::profile::parse_footprints(odo::read_file(after), after.string());
    REQUIRE(measured.size() == 2);
    CHECK(measured.front().workload == uint8_case);
    for (const auto& m : measured) {
        CHECK(m.peak_live_bytes == 4096);
        CHECK(m.timed_allocations == 1);
        CHECK(m.timed_frees == 1);
    }
    const auto change = odo::profile::compare_footprints(
        odo::profile::parse_footprints(odo::read_file(before), before.string()), measured);
    CHECK(change.increase_bytes == 4096);
    CHECK(change.new_allocations);

    const auto no_file = bench({"--footprint"});
    CHECK(no_file.exit_code == 2);
    CHECK(odo::text::lines(no_file.err).size() == 1);
    CHECK(contains(no_file.err, "error: --footprint: needs a value"));
}

TEST_CASE("a run writes a CSV and an artifact the baseline importer accepts") {
    ScratchDir dir;
    const fs::path json = dir.path() / "run.json";
    const fs::path csv = dir.path() / "run.csv";
    const auto r = bench(with_quick({"--json", json.string(), "--csv", csv.string()}));
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(contains(r.out, "| " + uint8_case));
    CHECK(contains(r.err, "[1/2] " + uint8_case + ": "));
    odo::baseline::ConfigSet set({odo::baseline::load_operator_file(example_config)});
    const auto artifact = odo::baseline::load_artifact(
        json, set, odo::surface::load_sku_map(config_dir / "sku_map.json").stems());
    CHECK(artifact.rows.size() == 2);
    CHECK(artifact.rows.front().sku == "HOST_EXAMPLE");
    CHECK(odo::text::lines(odo::read_file(csv)).size() == 3);
}

TEST_CASE("--odo-gate passes an unchanged run and catches a planted slowdown") {
    ScratchDir dir;
    const fs::path json = dir.path() / "base.json";
    REQUIRE(
        bench(with_quick({"--case", uint8_case, "--json", json.string(), "--quiet"})).exit_code ==
        0);

    // Commit the measured row as the baseline, as if five CI runs had agreed on it.
    auto doc = odo::json::parse(odo::read_file(example_config), "config");
    auto row = odo::json::parse(odo::read_file(json), "artifact")
                   .at("baselines")
                   .at(uint8_case)
                   .as_object();
    row.at("HOST_EXAMPLE").as_object()["n_runs"] = 5;
    doc.at("configs").at("example_basic").as_object()["baselines"] =
        boost::json::object{{uint8_case, row}};
    fs::create_directories(dir.path() / "config" / "operators");
    const fs::path config = dir.path() / "config" / "operators" / "example.json";
    std::ofstream(config) << odo::json::dumps(doc, {4, false, true}) << "\n";

    const std::vector<std::string> gate{"--config",   config.string(), "--case", uint8_case,
                                        "--odo-gate", "--gate-format", "json",   "--quiet"};
    // Loose limits: on a shared machine only a planted slowdown is certain to show.
    auto unchanged_args = with_quick(gate);
    unchanged_args.insert(unchanged_args.end(),
                          {"--gate-regression-pct", "1000000", "--gate-noise-pct", "1000000"});
    const auto unchanged = bench(unchanged_args);
    INFO(unchanged.err);
    CHECK(unchanged.exit_code == 0);
    const auto passed = odo::json::parse(unchanged.out, "gate report");
    CHECK(passed.at("findings").at(0).at("status") == "PASS");
    CHECK(contains(std::string(passed.at("findings").at(0).at("summary").as_string()),
                   "same as the committed baseline within noise"));

    const auto slowed = bench(with_quick(gate), {"ODO_EXAMPLE_SLOWDOWN_US=20000"}); // +20 ms
    INFO(slowed.err);
    CHECK(slowed.exit_code == 1);
    const auto failed = odo::json::parse(slowed.out, "gate report");
    CHECK(failed.at("findings").at(0).at("id") == "BENCH-TIME");
    CHECK(failed.at("findings").at(0).at("status") == "GAP");
    CHECK(contains(std::string(failed.at("findings").at(0).at("summary").as_string()),
                   "slower than the committed baseline beyond noise"));
    CHECK(failed.at("exit_blocking").as_int64() >= 1);
}

TEST_CASE("the host times by the thread's CPU time unless --clock says otherwise") {
    ScratchDir dir;
    const fs::path json = dir.path() / "run.json";
    const auto cpu = bench(with_quick({"--case", uint8_case, "--json", json.string()}));
    INFO(cpu.err);
    REQUIRE(cpu.exit_code == 0);
    CHECK(contains(cpu.out, "on the thread-cpu clock; noise by mad. wall: the same samples"));
    CHECK(contains(cpu.err, " us thread-cpu, noise "));
    const auto meta = odo::json::parse(odo::read_file(json), "artifact").at("run_metadata");
    CHECK(meta.at("clock") == "thread-cpu");
    CHECK(meta.at("noise_statistic") == "mad");

    const auto wall = bench(
        with_quick({"--case", uint8_case, "--clock", "wall", "--json", json.string(), "--quiet"}));
    REQUIRE(wall.exit_code == 0);
    CHECK(odo::json::parse(odo::read_file(json), "artifact").at("run_metadata").at("clock") ==
          "wall");

    const auto events = bench(with_quick({"--case", uint8_case, "--clock", "cuda-events"}));
    CHECK(events.exit_code == 2);
    CHECK(events.err == std::string(ODO_BENCH_EXAMPLE) +
                            ": error: --clock: the host backend times by thread-cpu, not "
                            "cuda-events\n");
}

TEST_CASE("under --timing batch the table shows the batch figures the gate judges") {
    auto args = with_quick({"--case", uint8_case, "--timing", "batch"});
    args.erase(std::find(args.begin(), args.end(), "--no-batch"));
    const auto r = bench(args);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(contains(r.out, "Time and Noise: the batch samples the artifact and the gate use"));
    CHECK(contains(r.out, "| Cold (us) |"));
    CHECK(contains(r.err, " batch samples (min-time), "));
}

TEST_CASE("--odo-gate holds the noise to the SKU map's quality entry for the run's SKU") {
    ScratchDir dir;
    const fs::path json = dir.path() / "base.json";
    REQUIRE(
        bench(with_quick({"--case", uint8_case, "--json", json.string(), "--quiet"})).exit_code ==
        0);
    auto doc = odo::json::parse(odo::read_file(example_config), "config");
    auto row = odo::json::parse(odo::read_file(json), "artifact")
                   .at("baselines")
                   .at(uint8_case)
                   .as_object();
    doc.at("configs").at("example_basic").as_object()["baselines"] =
        boost::json::object{{uint8_case, row}};
    fs::create_directories(dir.path() / "config" / "operators");
    const fs::path config = dir.path() / "config" / "operators" / "example.json";
    std::ofstream(config) << odo::json::dumps(doc, {4, false, true}) << "\n";
    // A map beside the config that holds HOST_EXAMPLE to no noise at all: real timings exceed it.
    auto map = odo::json::parse(odo::read_file(config_dir / "sku_map.json"), "sku map");
    for (auto& entry : map.at("entries").as_array())
        if (entry.at("stem") == "HOST_EXAMPLE")
            entry.as_object()["quality"] = {{"max_noise_pct", 0}};
    std::ofstream(dir.path() / "config" / "sku_map.json")
        << odo::json::dumps(map, {4, false, true}) << "\n";

    const auto r =
        bench(with_quick({"--config", config.string(), "--case", uint8_case, "--odo-gate",
                          "--gate-format", "json", "--quiet", "--gate-regression-pct", "1000000"}));
    INFO(r.err);
    CHECK(r.exit_code == 1);
    const auto report = odo::json::parse(r.out, "gate report");
    const auto& noise = report.at("findings").at(1);
    CHECK(noise.at("id") == "BENCH-NOISE");
    CHECK(noise.at("status") == "GAP");
    CHECK(contains(std::string(noise.at("summary").as_string()),
                   "% exceeds 0.0% (the SKU map's quality for HOST_EXAMPLE)"));
}
