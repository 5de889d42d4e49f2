// odo_profile end to end: the driver run with PATH holding only fake profilers (see
// tests/unit/profile/fake_tools.hpp) that print recorded outputs, and a stand-in benchmark.
#include "../unit/profile/fake_tools.hpp"
#include "../unit/profile/fixture.hpp"

#include <odo/core/process.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace {

const std::string key = "resize[shape=1920x1080][layout=NHWC]";

struct Run {
    odo::ProcessResult process;
    bool has(const std::string& part) const { return process.out.find(part) != std::string::npos; }
};

// Runs odo_profile with PATH set to the fake tools' folder alone.
Run odo_profile(const fake::Tools& tools, std::vector<std::string> args) {
    args.insert(args.begin(), {"PATH=" + tools.dir().string(), ODO_PROFILE});
    Run run{odo::run_process("/usr/bin/env", args)};
    INFO(run.process.err);
    REQUIRE(run.process.started);
    return run;
}

std::vector<std::string> case_args(const fake::Tools& tools, std::vector<std::string> extra = {}) {
    tools.script("bench", "#!/bin/sh\nexit 0\n");
    std::vector<std::string> args{"--bench", tools.path("bench"), "--case", key};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

} // namespace

TEST_CASE("odo_profile: ncu alone, memory-bound at ridge, every evidence line") {
    const fake::Tools tools{"ncu"};
    tools.write("ncu.out", fixture("ncu_raw_2023.csv"));
    const Run run = odo_profile(tools, case_args(tools, {"--kernel-regex", "resize_.*"}));
    CHECK(run.process.exit_code == 0);
    CHECK(run.process.out ==
          "Case: " + key +
              "\n"
              "Profiler: ncu 2023.2.0.0 (clock control base, cache control all, sections "
              "SpeedOfLight, Occupancy, WarpStateStats)\n"
              "Classification: memory-bound (Memory SOL 88.1%, Compute SOL 31.2%; the busier unit "
              "is at or above 60.0%, at ridge (>= 80.0%))\n"
              "Ceiling: 1.13x (100 / 88.1% Memory SOL)\n"
              "**Primary bottleneck: Memory-bound**\n"
              "Profile evidence: ncu measured 88.1% Memory SOL and 31.2% Compute SOL for `" +
              key +
              "` (3 launches of cvcuda::priv::resize_linear_kernel, mean 41.2 us; DRAM "
              "throughput 86.0%; achieved occupancy 71.3%; dominant stall long scoreboard). "
              "Classification: memory-bound, at ridge (ceiling 1.13x).\n"
              "Lead exhaustion: ncu measured 88.1% Memory SOL at ridge for `" +
              key + "` (ceiling 1.13x).\n");
    const std::string args = tools.read("ncu.args");
    CHECK(args.find("--kernel-name\nregex:resize_.*\n") != std::string::npos);
    CHECK(args.find(tools.path("bench") + "\n--case\n" + key + "\n") != std::string::npos);
}

TEST_CASE("odo_profile: auto runs ncu and nsys and combines their figures") {
    const fake::Tools tools{"ncu", "nsys"};
    tools.write("ncu.out", fixture("ncu_details_2023.csv"));
    tools.write("nsys.stats", fixture("nsys_stats_2023.txt"));
    const Run run = odo_profile(tools, case_args(tools, {"--bench-arg", "--samples=1"}));
    CHECK(run.process.exit_code == 0);
    CHECK(run.has("Profiler: nsys 2023.2.3.1001-32894139v0\n"));
    CHECK(run.has("Profile evidence: ncu measured 83.4% Memory SOL and 22.3% Compute SOL"));
    CHECK(run.has(" nsys measured GPU compute time in kernels at 85.3% of the case's NVTX range"));
    CHECK(tools.read("nsys-profile.args").find("--case\n" + key + "\n--samples=1\n") !=
          std::string::npos);
}

TEST_CASE("odo_profile: nsys alone classifies host-bound cases, without a summary line") {
    const fake::Tools tools{"nsys"};
    tools.write("nsys.stats", fixture("nsys_stats_2021.txt"));
    tools.write("nsys.legacy-only", "");
    tools.script("bench", "#!/bin/sh\nexit 0\n");
    const Run run = odo_profile(tools, {"--bench", tools.path("bench"), "--case",
                                        "flip[shape=64x64][layout=NHWC]", "--profiler", "nsys"});
    CHECK(run.process.exit_code == 0);
    CHECK(run.has("Classification: launch-overhead-bound (GPU busy in kernels 22.7% of the case"));
    CHECK_FALSE(run.has("Primary bottleneck"));
    CHECK_FALSE(run.has("Ceiling"));
    CHECK(run.has("Profile evidence: nsys measured GPU compute time in kernels at 22.7%"));
}

TEST_CASE("odo_profile: no profiler on PATH is exit 2 with a clear message") {
    const fake::Tools tools{fake::empty};
    const Run run = odo_profile(tools, case_args(tools));
    CHECK(run.process.exit_code == 2);
    CHECK(run.process.err == "odo_profile: no profiler on PATH (looked for ncu and nsys); install "
                             "Nsight Compute or Nsight Systems, or add it to PATH\n");
    const fake::Tools only_nsys{"nsys"};
    const Run wanted = odo_profile(only_nsys, case_args(only_nsys, {"--profiler", "ncu"}));
    CHECK(wanted.process.exit_code == 2);
    CHECK(wanted.process.err == "odo_profile: ncu: not found on PATH\n");
}

TEST_CASE("odo_profile: a kernel regex that matches nothing is exit 2") {
    const fake::Tools tools{"ncu"};
    tools.write("ncu.out", fixture("ncu_no_kernels.txt"));
    const Run run = odo_profile(tools, case_args(tools, {"--kernel-regex", "nope"}));
    CHECK(run.process.exit_code == 2);
    CHECK(run.process.err.find("ncu profiled no kernel") != std::string::npos);
    CHECK(run.process.err.find("kernel regex 'nope'") != std::string::npos);
    CHECK(run.process.out.empty());
}

TEST_CASE("odo_profile: a failing profiler or unreadable output is exit 1") {
    const fake::Tools tools{"ncu"};
    tools.write("ncu.out", fixture("ncu_permission_error.txt"));
    tools.write("ncu.rc", "1");
    const Run failed = odo_profile(tools, case_args(tools));
    CHECK(failed.process.exit_code == 1);
    CHECK(failed.process.err.find("ERR_NVGPUCTRPERM") != std::string::npos);
    tools.write("ncu.rc", "0");
    tools.write("ncu.out", "Duration 41.2 usecond\n");
    const Run unreadable = odo_profile(tools, case_args(tools));
    CHECK(unreadable.process.exit_code == 1);
    CHECK(unreadable.process.err.find("no CSV table") != std::string::npos);
    tools.write("ncu.out", "");
    tools.write("ncu.sleep", "5");
    const Run slow = odo_profile(tools, case_args(tools, {"--timeout", "0.3"}));
    CHECK(slow.process.exit_code == 1);
    CHECK(slow.process.err.find("timed out") != std::string::npos);
}

TEST_CASE("odo_profile: bad options and inputs are exit 2") {
    const fake::Tools tools{"ncu"};
    tools.write("ncu.out", fixture("ncu_raw_2023.csv"));
    tools.script("bench", "#!/bin/sh\nexit 0\n");
    const std::string bench = tools.path("bench");
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
        {{"--case", key}, "--bench and --case are required"},
        {{"--bench", bench, "--case", "resize"}, "case key 'resize'"},
        {{"--bench", tools.path("ncu.out"), "--case", key}, "not an executable file"},
        {{"--bench", "/nonexistent/bench", "--case", key}, "not an executable file"},
        {{"--bench", bench, "--case", key, "--profiler", "rocprof"}, "expected ncu, nsys or auto"},
        {{"--bench", bench, "--case", key, "--timeout", "0"},
         "--timeout must be a number from 0.001 to 86400"},
        {{"--bench", bench, "--case", key, "--no-such-option"}, "unrecognised option"},
    };
    for (const auto& [args, message] : cases) {
        const Run run = odo_profile(tools, args);
        CAPTURE(run.process.err);
        CHECK(run.process.exit_code == 2);
        CHECK(run.process.err.find(message) != std::string::npos);
    }
}

TEST_CASE("odo_profile: --help documents the benchmark contract") {
    const fake::Tools tools{fake::empty};
    const Run run = odo_profile(tools, {"--help"});
    CHECK(run.process.exit_code == 0);
    CHECK(run.has("usage: odo_profile --bench EXE --case KEY"));
    CHECK(run.has("inside an NVTX range"));
}
