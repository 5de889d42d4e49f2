// odo_profile end to end: the driver run with PATH holding only fake profilers (see
// tests/unit/profile/fake_tools.hpp) that print recorded outputs, and a stand-in benchmark.
#include "../unit/profile/fake_tools.hpp"
#include "../unit/profile/fixture.hpp"

#include <odo/core/process.hpp>
#include <odo/core/text.hpp>

#include <boost/json.hpp>

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

const std::string profiled_case = "resize[shape=1920x1080][layout=NHWC]";

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
    std::vector<std::string> args{"--bench", tools.path("bench"), "--case", profiled_case};
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
          "Case: " + profiled_case +
              "\n"
              "Profiler: ncu 2023.2.0.0 (clock control base, cache control all, sections "
              "SpeedOfLight, Occupancy, WarpStateStats)\n"
              "Classification: memory-bound (Memory SOL 88.1%, Compute SOL 31.2%; the busier unit "
              "is at or above 60.0%, at ridge (>= 80.0%))\n"
              "Ceiling: 1.13x (100 / 88.1% Memory SOL)\n"
              "**Primary bottleneck: Memory-bound**\n"
              "Profile evidence: ncu measured 88.1% Memory SOL and 31.2% Compute SOL for `" +
              profiled_case +
              "` (3 launches of cvcuda::priv::resize_linear_kernel, mean 41.2 us; DRAM "
              "throughput 86.0%; achieved occupancy 71.3%; dominant stall long scoreboard). "
              "Classification: memory-bound, at ridge (ceiling 1.13x).\n"
              "Lead exhaustion: ncu measured 88.1% Memory SOL at ridge for `" +
              profiled_case + "` (ceiling 1.13x).\n");
    const std::string args = tools.read("ncu.args");
    CHECK(args.find("--kernel-name\nregex:resize_.*\n") != std::string::npos);
    CHECK(args.find(tools.path("bench") + "\n--case\n" + profiled_case + "\n") !=
          std::string::npos);
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
    CHECK(tools.read("nsys-profile.args").find("--case\n" + profiled_case + "\n--samples=1\n") !=
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
        {{"--case", profiled_case}, "--bench and --case are required"},
        {{"--bench", bench, "--case", "resize"}, "case key 'resize'"},
        {{"--bench", tools.path("ncu.out"), "--case", profiled_case}, "not an executable file"},
        {{"--bench", "/nonexistent/bench", "--case", profiled_case}, "not an executable file"},
        {{"--bench", bench, "--case", profiled_case, "--profiler", "rocprof"},
         "expected ncu, nsys or auto"},
        {{"--bench", bench, "--case", profiled_case, "--timeout", "0"},
         "--timeout must be a number from 0.001 to 86400"},
        {{"--bench", bench, "--case", profiled_case, "--no-such-option"}, "unrecognised option"},
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

namespace {

// odo_profile's stdout without its "Profiler:" lines, which name where the figures came from.
std::string without_provenance(const std::string& out) {
    std::string kept;
    for (std::string_view line : odo::text::lines(out))
        if (!odo::text::starts_with(line, "Profiler: "))
            kept.append(line).append("\n");
    return kept;
}

Run import(std::vector<std::string> args) {
    const fake::Tools none{fake::empty};
    args.insert(args.begin(), "import");
    return odo_profile(none, args);
}

} // namespace

TEST_CASE("odo_profile import --ncu: the real CC 10.0 details page is issue-bound, exit 0") {
    const std::string file = profile_data_path("ncu_details_cc100_superbench.csv");
    const Run run = import({"--ncu", file, "--case", profiled_case});
    CHECK(run.process.exit_code == 0);
    CHECK(run.process.out ==
          "Case: " + profiled_case + "\nProfiler: ncu (version not in the export; imported " +
              file +
              ")\n"
              "Classification: issue-bound (Memory SOL 21.7%, Compute SOL 23.6%, both below "
              "60.0%: latency or instruction issue bounds)\n"
              "Ceiling: 4.24x (100 / 23.6% Compute SOL)\n"
              "**Primary bottleneck: Compute-bound**\n"
              "Profile evidence: ncu measured 21.7% Memory SOL and 23.6% Compute SOL for `" +
              profiled_case +
              "` (1 launch of cutlass3x_sm100_tensorop_s64x256x32gemm_f8_f8_f32_f16_f16_64x256x128_"
              "1x1x1_0_tnn_align4_1sm_bias_f16_relu_aux_scalemax, mean 406.2 us; DRAM throughput "
              "0.7%; achieved occupancy 15.5%). Classification: issue-bound (ceiling 4.24x).\n");
}

TEST_CASE("odo_profile import prints what a live run on the same output prints") {
    for (const std::string& file :
         {profile_data_path("ncu_details_cc100_superbench.csv"),
          profile_data_path("ncu_details_rules.csv"), fixture_path("ncu_raw_2023.csv")}) {
        CAPTURE(file);
        const fake::Tools tools{"ncu"};
        tools.write("ncu.out", odo::read_file(file));
        const Run live = odo_profile(tools, case_args(tools));
        const Run imported = import({"--ncu", file, "--case", profiled_case});
        CHECK(live.process.exit_code == 0);
        CHECK(imported.process.exit_code == 0);
        CHECK(without_provenance(imported.process.out) == without_provenance(live.process.out));
    }
}

TEST_CASE("odo_profile: unreadable ncu rows are counted in the output") {
    const fake::Tools tools{"ncu"};
    tools.write("ncu.out", profile_data("ncu_details_rules.csv"));
    const Run live = odo_profile(tools, case_args(tools));
    CHECK(live.process.exit_code == 0);
    CHECK(live.has("\nUnreadable: ncu: 1 unreadable row (line 13: 13 cells, a row needs 15 to "
                   "20)\nClassification: memory-bound"));
    const Run json = import({"--ncu", profile_data_path("ncu_details_rules.csv"), "--case",
                             profiled_case, "--format", "json"});
    CHECK(json.process.exit_code == 0);
    const boost::json::value v = boost::json::parse(json.process.out);
    CHECK(v.at("unreadable").as_array().size() == 1);
    CHECK(v.at("classification").at("bottleneck") == "memory-bound");
    CHECK(v.at("ncu").at("launches") == 2);
}

TEST_CASE("odo_profile: absent SOL figures are exit 1 with the reason and the unreadable rows") {
    const std::string why = "ncu output has no duration, Memory SOL, Compute SOL for any of its 1 "
                            "launch (the SpeedOfLight section holds them); 2 unreadable rows";
    const fake::Tools tools{"ncu"};
    tools.write("ncu.out", profile_data("ncu_details_rules_no_sol.csv"));
    const Run live = odo_profile(tools, case_args(tools));
    CHECK(live.process.exit_code == 1);
    CHECK(live.process.out.empty());
    CHECK(live.process.err.find(why) != std::string::npos);
    const Run imported = import({"--ncu", profile_data_path("ncu_details_rules_no_sol.csv")});
    CHECK(imported.process.exit_code == 1);
    CHECK(imported.process.out.empty());
    CHECK(imported.process.err.find(why) != std::string::npos);
    const Run no_table = import({"--ncu", profile_data_path("nsys_2024_nvtx_sum.csv")});
    CHECK(no_table.process.exit_code == 1);
    CHECK(no_table.process.err.find("no CSV table") != std::string::npos);
}

TEST_CASE("odo_profile import: decimal commas give the same figures as the English page") {
    const Run english =
        import({"--ncu", profile_data_path("ncu_details_rules.csv"), "--case", profiled_case});
    const Run other = import({"--ncu", profile_data_path("ncu_details_rules_decimal_comma.csv"),
                              "--case", profiled_case});
    CHECK(other.process.exit_code == 0);
    CHECK(without_provenance(other.process.out) == without_provenance(english.process.out));
}

TEST_CASE("odo_profile import --nsys: headed output, heading-less files, the same figures") {
    const std::string flip = "flip[shape=1920x1080][layout=NHWC]";
    const std::string headed = profile_data_path("nsys_stats_2024.txt");
    const Run one = import({"--nsys", headed, "--case", flip});
    CHECK(one.process.exit_code == 0);
    CHECK(one.has("Profiler: nsys 2024.6.2 (imported " + headed + ")\n"));
    CHECK(one.has("Profile evidence: nsys measured GPU compute time in kernels at 87.3% of the "
                  "case's NVTX range over 140 kernel launches"));
    const Run files = import({"--nsys", profile_data_path("nsys_2024_cuda_gpu_kern_sum.csv"),
                              "--nsys", profile_data_path("nsys_2024_cuda_api_sum.csv"), "--nsys",
                              profile_data_path("nsys_2024_nvtx_sum.csv"), "--case", flip});
    CHECK(files.process.exit_code == 0);
    CHECK(files.has("Profiler: nsys (version not in the output) (imported "));
    CHECK(without_provenance(files.process.out) == without_provenance(one.process.out));
    const Run no_kernels = import({"--nsys", profile_data_path("nsys_2024_nvtx_sum.csv")});
    CHECK(no_kernels.process.exit_code == 1);
    CHECK(no_kernels.process.err.find("no kernel summary") != std::string::npos);
}

TEST_CASE("odo_profile import --sanitizer: every run reported; errors are exit 1") {
    const std::string file = profile_data_path("sanitizer_nvtx_naming_two_runs.txt");
    const Run run = import({"--sanitizer", file});
    CHECK(run.process.exit_code == 1);
    CHECK(run.process.out ==
          "Sanitizer log: " + file +
              "\n"
              "Run 1: 1 error, 1 byte leaked (1x Leaked 1 bytes at 0x7f26c3000000 called My "
              "allocation)\n"
              "Run 2: 1 error (1x Unused memory in allocation 0x7efc4d000000 called My allocation "
              "of size 1)\n"
              "Verdict: errors reported\n");
    const Run json = import({"--sanitizer", file, "--format", "json"});
    const boost::json::value v = boost::json::parse(json.process.out);
    CHECK(v.at("runs").as_array().size() == 2);
    CHECK(v.at("clean") == false);
    const Run clean = import({"--sanitizer", fixture_path("sanitizer_synccheck_clean.txt")});
    CHECK(clean.process.exit_code == 0);
    CHECK(clean.has("Run 1: 0 errors\nVerdict: clean\n"));
    const Run unfinished = import({"--sanitizer", profile_data_path("ncu_details_rules.csv")});
    CHECK(unfinished.process.exit_code == 1);
    CHECK(unfinished.process.err.find("no 'ERROR SUMMARY' line") != std::string::npos);
}

TEST_CASE("odo_profile import: bad options and unreadable files are exit 2") {
    const std::string ncu = profile_data_path("ncu_details_rules.csv");
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
        {{}, "import needs --ncu FILE, --nsys FILE, --sanitizer FILE or --host-roofline FILE"},
        {{"--ncu", ncu, "--sanitizer", ncu}, "--sanitizer reads a log on its own"},
        {{"--sanitizer", ncu, "--case", profiled_case}, "a sanitizer log has none"},
        {{"--ncu", ncu, "--format", "xml"}, "--format 'xml': expected md or json"},
        {{"--ncu", ncu, "--case", "flip"}, "case key 'flip'"},
        {{"--ncu", "/nonexistent/ncu.csv"}, "--ncu /nonexistent/ncu.csv: does not exist"},
        {{"--nsys", ODO_SOURCE_DIR "/tests/data/profile"}, "is a directory"},
        {{"--ncu", ncu, "--bench", "x"}, "unrecognised option"},
    };
    for (const auto& [args, message] : cases) {
        const Run run = import(args);
        CAPTURE(run.process.err);
        CHECK(run.process.exit_code == 2);
        CHECK(run.process.out.empty());
        CHECK(run.process.err.find(message) != std::string::npos);
    }
    const Run help = import({"--help"});
    CHECK(help.process.exit_code == 0);
    CHECK(help.has("odo_profile import (--ncu FILE | --nsys FILE [--nsys FILE ...] | --sanitizer"));
}
