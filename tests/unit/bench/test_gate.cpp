// The embedded gate (--odo-gate) on fake time: a planted slowdown fails, an unchanged run passes,
// and every other finding status is reachable.
#include "runner_fixture.hpp"

#include <odo/bench/gate.hpp>
#include <odo/core/file.hpp>
#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>
#include <odo/surface/sku_map.hpp>

#include <doctest/doctest.h>

using namespace odo::bench;
using namespace odo::bench::testing;
using odo::Status;

namespace {

const std::vector<std::string> gate_args{"--quiet",    "--sku",         "HOST_EXAMPLE",
                                         "--odo-gate", "--gate-format", "json"};

// The gate report of a run, parsed from stdout.
struct GateRun {
    RunOutput run;
    boost::json::array findings;

    std::string status(std::size_t i) const {
        return std::string(findings.at(i).at("status").as_string());
    }
    std::string summary(std::size_t i) const {
        return std::string(findings.at(i).at("summary").as_string());
    }
};

GateRun gate(const std::filesystem::path& config, const LaunchTime& launch_us = nominal_us,
             std::vector<std::string> extra = {}) {
    std::vector<std::string> args = gate_args;
    args.insert(args.end(), extra.begin(), extra.end());
    GateRun g{run_example(config, args, launch_us), {}};
    INFO(g.run.err);
    const auto report = odo::json::parse(g.run.out, "gate report");
    CHECK(report.at("phase") == "evidence");
    CHECK(report.at("operator") == "example");
    g.findings = report.at("findings").as_array();
    return g;
}

// 65.536 µs ± 0.5 µs, the nominal launch time with a little noise.
LaunchTime noisy(double scale) {
    return [scale](const State& s, std::int64_t launch) {
        return nominal_us(s, launch) * scale + jitter_us(launch, 0.5);
    };
}

std::filesystem::path committed(const TempDir& dir, double time_us = 65.536, double noise_us = 0.5,
                                std::int64_t n_runs = 5) {
    return example_with_baselines(dir, basic_baselines(metrics(time_us, noise_us, n_runs)));
}

} // namespace

TEST_CASE("an unchanged run passes the gate") {
    TempDir dir;
    const GateRun g = gate(committed(dir), noisy(1.0));
    CHECK(g.run.code == 0);
    REQUIRE(g.findings.size() == 4); // BENCH-TIME and BENCH-NOISE per case
    CHECK(g.findings[0].at("id") == "BENCH-TIME");
    CHECK(g.findings[1].at("id") == "BENCH-NOISE");
    for (std::size_t i = 0; i < 4; ++i)
        CHECK(g.status(i) == "PASS");
    CHECK(g.summary(0).find("`" + uint8_case +
                            "`: same as the committed baseline within noise (") == 0);
    // 1.4826 × 0.5 µs of 65.536 µs, the limit and where it comes from
    CHECK(g.summary(1).find("`" + uint8_case + "`: noise 1.13% within 10.0% (odo's default)") == 0);
    CHECK(
        std::string(g.findings[0].at("evidence").as_string())
            .find("baseline 65.54 us ± 0.50 us over 5 run(s) on HOST_EXAMPLE; current 65.54 us") ==
        0);
}

TEST_CASE("a --language python run is gated against the committed Python timing") {
    TempDir dir;
    boost::json::object row = metrics(65.536, 0.5, 5);
    row["gpu_time_us_python"] = 80.0; // the binding's committed cost
    row["gpu_noise_us_python"] = 0.5;
    row["gpu_bwutil_python"] = 0.0;
    const auto config = example_with_baselines(dir, basic_baselines(row));
    // 81.9 µs per launch: within 10 % of the Python row, 25 % over the C++ one.
    const GateRun python = gate(config, noisy(1.25), {"--language", "python"});
    CHECK(python.run.code == 0);
    CHECK(python.status(0) == "PASS");
    CHECK(std::string(python.findings[0].at("evidence").as_string()).find("baseline 80.00 us") ==
          0);
    const GateRun cpp = gate(config, noisy(1.25));
    CHECK(cpp.run.code == 1);
    CHECK(cpp.status(0) == "GAP");
    // A committed row without Python figures cannot gate a Python run.
    TempDir cpp_only;
    const GateRun missing = gate(committed(cpp_only), noisy(1.0), {"--language", "python"});
    CHECK(missing.status(0) == "GAP");
    CHECK(std::string(missing.findings[0].at("evidence").as_string()) == "no Python metrics");
}

TEST_CASE("a planted slowdown fails the gate") {
    TempDir dir;
    const GateRun g = gate(committed(dir), noisy(1.25));
    CHECK(g.run.code == 1);
    CHECK(g.status(0) == "GAP");
    CHECK(g.summary(0).find("slower than the committed baseline beyond noise (+25.00%") !=
          std::string::npos);
    CHECK(g.summary(0).find("limit +10.0%") != std::string::npos);
    CHECK(std::string(g.findings[0].at("fix").as_string()).find("Find the slowdown") == 0);
    CHECK(g.status(1) == "PASS"); // the slow run itself is not noisy
}

TEST_CASE("a slowdown inside the limit passes; the limit is configurable") {
    TempDir dir;
    const auto config = committed(dir);
    CHECK(gate(config, noisy(1.05)).run.code == 0);
    const GateRun strict = gate(config, noisy(1.05), {"--gate-regression-pct", "1"});
    CHECK(strict.run.code == 1);
    CHECK(strict.status(0) == "GAP");
}

TEST_CASE("a speedup passes unless improvements are declared stale") {
    TempDir dir;
    const auto config = committed(dir);
    const GateRun faster = gate(config, noisy(0.5));
    CHECK(faster.run.code == 0);
    CHECK(faster.status(0) == "PASS");
    CHECK(faster.summary(0).find("faster than the committed baseline beyond noise (-50.00%") !=
          std::string::npos);
    const GateRun stale = gate(config, noisy(0.5), {"--gate-improvement-pct", "10"});
    CHECK(stale.run.code == 1);
    CHECK(stale.status(0) == "GAP");
    CHECK(std::string(stale.findings[0].at("fix").as_string()).find("Refresh the baseline") == 0);
}

TEST_CASE("a band that crosses the limit cannot be told, which blocks as MANUAL") {
    TempDir dir;
    // ±10 µs per launch: the band around +10 % is far wider than the distance to the limit.
    const GateRun g = gate(committed(dir), [](const State& s, std::int64_t launch) {
        return nominal_us(s, launch) * 1.1 + jitter_us(launch, 10.0);
    });
    CHECK(g.run.code == 1);
    CHECK(g.status(0) == "MANUAL");
    CHECK(g.summary(0).find("cannot tell against the committed baseline (") != std::string::npos);
    CHECK(g.summary(0).find("the band crosses a limit") != std::string::npos);
    CHECK(g.status(1) == "GAP"); // 1.4826 × 10 µs on 72 µs is 21 % noise
    CHECK(g.summary(1).find("exceeds 10.0%") != std::string::npos);
}

TEST_CASE("a baseline from a single run cannot be told") {
    TempDir dir;
    const GateRun g = gate(committed(dir, 65.536, 0.5, 1), noisy(1.0));
    CHECK(g.run.code == 1);
    CHECK(g.status(0) == "MANUAL");
    CHECK(g.summary(0).find("the baseline rests on a single run") != std::string::npos);
}

TEST_CASE("a case without a baseline on this SKU needs a human") {
    const GateRun g = gate(example_config, noisy(1.0));
    CHECK(g.run.code == 1);
    CHECK(g.status(0) == "MANUAL");
    CHECK(g.summary(0) == "`" + uint8_case + "`: no committed baseline on SKU HOST_EXAMPLE");
    CHECK(std::string(g.findings[0].at("evidence").as_string()).find("host backend: label given") !=
          std::string::npos);
}

TEST_CASE("an unusable committed baseline is a GAP naming the problem") {
    TempDir dir;
    const GateRun g = gate(committed(dir, -1.0), noisy(1.0));
    CHECK(g.run.code == 1);
    CHECK(g.status(0) == "GAP");
    CHECK(g.summary(0).find("committed baseline on HOST_EXAMPLE is unusable") != std::string::npos);
    CHECK(std::string(g.findings[0].at("evidence").as_string())
              .find("gpu_time_us_cpp must be a finite number > 0 (got -1.0)") == 0);
}

TEST_CASE("skipped and failed cases in the gate") {
    TempDir dir;
    const auto config = committed(dir);
    FakeTime time;
    auto run_with = [&](std::function<void(State&)> body) {
        Runner runner(gate_args, config, fake_factory(time));
        runner.add("example", std::move(body));
        std::ostringstream out, err;
        const int code = runner.run(out, err);
        return std::make_pair(code,
                              odo::json::parse(out.str(), "report").at("findings").as_array());
    };
    const auto [skip_code, skipped] = run_with([](State& s) { s.skip("unsupported here"); });
    CHECK(skip_code == 1);
    CHECK(skipped[0].at("status") == "GAP"); // it has a baseline, so it stopped running
    CHECK(std::string(skipped[0].at("summary").as_string())
              .find("skipped (unsupported here) but has a committed baseline") !=
          std::string::npos);
    CHECK(skipped[1].at("status") == "N-A");

    const auto [fail_code, failed] = run_with([](State&) { throw std::runtime_error("boom"); });
    CHECK(fail_code == 1);
    CHECK(failed[0].at("status") == "GAP");
    CHECK(std::string(failed[0].at("summary").as_string()).find("failed: boom") !=
          std::string::npos);

    const GateRun no_baseline = [&] {
        Runner runner(gate_args, example_config, fake_factory(time));
        runner.add("example", [](State& s) { s.skip("unsupported here"); });
        std::ostringstream out, err;
        GateRun g{{runner.run(out, err), out.str(), err.str(), {}}, {}};
        g.findings = odo::json::parse(g.run.out, "report").at("findings").as_array();
        return g;
    }();
    CHECK(no_baseline.run.code == 0);
    CHECK(no_baseline.status(0) == "N-A");
    CHECK(no_baseline.summary(0) == "`" + uint8_case + "`: skipped: unsupported here");
}

TEST_CASE("the markdown report uses the core renderer") {
    TempDir dir;
    const RunOutput r = run_example(
        committed(dir), {"--quiet", "--sku", "HOST_EXAMPLE", "--odo-gate"}, noisy(1.25));
    CHECK(r.code == 1);
    CHECK(r.out.find("# optimize-op: example \xE2\x80\x94 phase=evidence") == 0);
    CHECK(r.out.find("**GAP** `BENCH-TIME`") != std::string::npos);
    CHECK(r.out.find("**evidence verdict: GAPS**") != std::string::npos);
}

TEST_CASE("the noise finding passes at exactly the limit") {
    CaseResult r;
    r.key = odo::surface::parse_case_key(uint8_case);
    r.cold = Measurement{};
    r.cold->times_s = {9e-6, 11e-6};
    r.cold_time = summarize(r.cold->times_s);
    GateLimits limits;
    limits.max_noise_pct = r.reported_noise() * 100;
    CHECK(noise_finding(r, limits).status == Status::Pass);
    limits.max_noise_pct -= 1e-6;
    CHECK(noise_finding(r, limits).status == Status::Gap);
}

TEST_CASE("the noise limit is the SKU map's quality for the run's SKU, as import reads it") {
    TempDir dir;
    const auto config = committed(dir);
    // The SKU map beside the config states 1 % for HOST_EXAMPLE: 1.13 % of noise exceeds it.
    boost::json::value map = odo::json::parse(odo::read_file(example_sku_map), "sku map");
    for (auto& entry : map.at("entries").as_array())
        if (entry.at("stem") == "HOST_EXAMPLE")
            entry.as_object()["quality"] = {{"max_noise_pct", 1}};
    dir.write("config/sku_map.json", odo::json::dumps(map, {4, false, true}) + "\n");
    const odo::surface::SkuMap sku_map =
        odo::surface::load_sku_map(dir.path() / "config/sku_map.json");
    CHECK(odo::baseline::quality_policy(sku_map).for_sku("HOST_EXAMPLE").max_noise_pct == 1.0);

    const GateRun g = gate(config, noisy(1.0));
    CHECK(g.status(1) == "GAP");
    CHECK(g.summary(1) ==
          "`" + uint8_case +
              "`: noise 1.13% exceeds 1.0% (the SKU map's quality for HOST_EXAMPLE)");
    // The command line wins over the map.
    const GateRun loose = gate(config, noisy(1.0), {"--gate-noise-pct", "2"});
    CHECK(loose.status(1) == "PASS");
    CHECK(loose.summary(1) == "`" + uint8_case + "`: noise 1.13% within 2.0% (--gate-noise-pct)");
}

TEST_CASE("the gate's evidence names the timing, the clock and the noise statistic it judges") {
    TempDir dir;
    const GateRun g = gate(committed(dir), noisy(1.0), {"--timing", "batch"});
    const std::string evidence(g.findings[1].at("evidence").as_string());
    CHECK(evidence.find(" batch samples, thread-cpu clock, noise by mad, stopped: min-time)") !=
          std::string::npos);
}
