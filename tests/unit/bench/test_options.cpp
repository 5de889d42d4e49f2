#include <odo/bench/options.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace odo::bench;

namespace {

RunOptions parse(std::vector<std::string> args) {
    return parse_options(args);
}

void check_rejected(std::vector<std::string> args, const std::string& message) {
    CAPTURE(message);
    CHECK_THROWS_WITH_AS(parse_options(args), doctest::Contains(message.c_str()), odo::InputError);
}

} // namespace

TEST_CASE("no arguments: the basic tier, the backend's stopping defaults and clock") {
    const RunOptions o = parse({});
    CHECK_FALSE(o.list);
    CHECK(o.tiers == std::vector{odo::surface::Tier::Basic});
    CHECK(o.tier_text == "basic");
    CHECK_FALSE(o.stopping.min_samples);
    CHECK_FALSE(o.stopping.max_noise_pct);
    CHECK_FALSE(o.clock);
    CHECK(o.batch);
    CHECK_FALSE(o.gate);
    CHECK(o.gate_limits.regression_pct == 10.0);
    CHECK_FALSE(o.gate_noise_pct); // the SKU map's quality entry, else 10 %
    CHECK_FALSE(o.gate_limits.improvement_pct);
    CHECK(o.run_context == "local");
}

TEST_CASE("selection options, in both --name value and --name=value forms") {
    const RunOptions o =
        parse({"--list", "--tier=basic,advanced", "--config-key", "a,b", "--config-key=c", "--case",
               "a[x=1,2]", "--case=b[y=z=w]", "--config", "ops/x.json"});
    CHECK(o.list);
    CHECK(o.tiers.size() == 2);
    CHECK(o.tier_text == "basic,advanced");
    CHECK(o.config_keys == std::vector<std::string>{"a", "b", "c"});
    CHECK(o.cases == std::vector<std::string>{"a[x=1,2]", "b[y=z=w]"});
    CHECK(*o.config == "ops/x.json");
    CHECK(parse({"-l"}).list);
}

TEST_CASE("measurement overrides") {
    const RunOptions o = parse({"--min-samples", "3", "--min-time", "0.1", "--max-noise=2",
                                "--timeout", "60", "--max-samples", "500", "--no-batch"});
    CHECK(o.stopping.min_samples == 3);
    CHECK(o.stopping.min_time_s == 0.1);
    CHECK(o.stopping.max_noise_pct == 2);
    CHECK(o.stopping.timeout_s == 60);
    CHECK(o.stopping.max_samples == 500);
    CHECK_FALSE(o.batch);
}

TEST_CASE("--clock names what times the samples") {
    CHECK(parse({"--clock", "thread-cpu"}).clock == ClockKind::ThreadCpu);
    CHECK(parse({"--clock=process-cpu"}).clock == ClockKind::ProcessCpu);
    CHECK(parse({"--clock", "wall"}).clock == ClockKind::Wall);
    CHECK(parse({"--clock", "cuda-events"}).clock == ClockKind::CudaEvents);
    check_rejected({"--clock", "cpu"}, "--clock: unknown clock 'cpu' (expected thread-cpu, "
                                       "process-cpu, wall, cuda-events)");
}

TEST_CASE("identity, output and gate options") {
    const RunOptions o = parse({"--sku-map",
                                "m.json",
                                "--sku",
                                "HOST_CI",
                                "--cuda-major",
                                "13",
                                "--power-cap-w",
                                "350",
                                "--sm-clock-mhz",
                                "1095",
                                "--peak-bandwidth-gbps",
                                "2000",
                                "--json",
                                "a.json",
                                "--csv",
                                "a.csv",
                                "--run-context",
                                "nightly",
                                "--git-ref",
                                "main",
                                "--quiet",
                                "--odo-gate",
                                "--gate-format",
                                "json",
                                "--gate-regression-pct",
                                "5",
                                "--gate-improvement-pct",
                                "7.5",
                                "--gate-noise-pct",
                                "3"});
    CHECK(*o.sku_map == "m.json");
    CHECK(*o.sku_label == "HOST_CI");
    CHECK(*o.cuda_major == 13);
    CHECK(*o.power_cap_w == 350);
    CHECK(*o.sm_clock_mhz == 1095);
    CHECK(*o.peak_bandwidth_bytes_per_s == 2e12);
    CHECK(*o.json == "a.json");
    CHECK(*o.csv == "a.csv");
    CHECK(o.run_context == "nightly");
    CHECK(*o.git_ref == "main");
    CHECK(o.quiet);
    CHECK(o.gate);
    CHECK(o.gate_format == GateFormat::Json);
    CHECK(o.gate_limits.regression_pct == 5);
    CHECK(*o.gate_limits.improvement_pct == 7.5);
    CHECK(o.gate_noise_pct == 3);
}

TEST_CASE("help is recognised anywhere") {
    CHECK(parse({"--tier", "advanced", "-h"}).help);
    CHECK(parse({"--help"}).help);
    CHECK(usage("bench_flip").find("usage: bench_flip [options]") == 0);
}

TEST_CASE("bad command lines name the option and the rule") {
    check_rejected({"--frobnicate"}, "--frobnicate: unknown option");
    check_rejected({"--tier"}, "--tier: needs a value");
    check_rejected({"--tier", "gold"}, "unknown tier 'gold'");
    check_rejected({"--timing", "warm"}, "--timing: unknown timing 'warm' (expected cold, batch)");
    check_rejected({"--timing", "batch", "--no-batch"}, "batch timing needs batch samples");
    check_rejected({"--language", "rust"},
                   "--language: unknown language 'rust' (expected cpp, python)");
    check_rejected({"--language", "cpp", "--language", "python"}, "--language: given twice");
    check_rejected({"--tier", "basic,basic"}, "'basic' given twice");
    check_rejected({"--tier", "basic,"}, "empty item");
    check_rejected({"--tier", "basic", "--tier", "advanced"}, "--tier: given twice");
    check_rejected({"--config-key", "a", "--config-key", "a"}, "'a' given twice");
    check_rejected({"--min-samples", "ten"}, "expected a number, got 'ten'");
    check_rejected({"--min-samples", "10x"}, "expected a number");
    check_rejected({"--min-time", "inf"}, "expected a finite number");
    check_rejected({"--min-samples", "0"}, "min-samples must be at least 1");
    check_rejected({"--timeout", "0"}, "timeout must be");
    check_rejected({"--quiet=yes"}, "--quiet: takes no value");
    check_rejected({"--quiet", "--quiet"}, "--quiet: given twice");
    check_rejected({"--run-context", "weekly"}, "expected local, mr or nightly");
    check_rejected({"--gate-format", "xml"}, "expected md, json or junit");
    check_rejected({"--gate-regression-pct", "-1"}, "must be >= 0");
    check_rejected({"--cuda-major", "0"}, "positive integer");
    check_rejected({"--peak-bandwidth-gbps", "0"}, "must be > 0");
    check_rejected({"--sku", "a[b]"}, "--sku: must be non-empty");
}

TEST_CASE("--footprint: a file name, and no timing outputs beside it") {
    CHECK_FALSE(parse({}).footprint);
    CHECK(*parse({"--tier", "basic,advanced", "--footprint=fp.json"}).footprint == "fp.json");
    check_rejected({"--footprint"}, "--footprint: needs a value");
    check_rejected({"--footprint="}, "--footprint: needs a file name");
    check_rejected({"--footprint", "a", "--footprint", "b"}, "--footprint: given twice");
    for (const char* timing : {"--json", "--csv", "--host-roofline"})
        check_rejected({"--footprint", "fp.json", timing, "x"},
                       "--footprint: counts the allocations of one call per case");
    check_rejected({"--footprint", "fp.json", "--odo-gate"}, "give --json, --csv, --odo-gate");
}
