// The ncu, nsys and compute-sanitizer drivers end to end against fake tools: what they run, what
// they read, and every way a run can fail, as a status rather than an exception.
#include "fake_tools.hpp"
#include "fixture.hpp"
#include "text_helpers.hpp"

#include <odo/profile/ncu.hpp>
#include <odo/profile/nsys.hpp>
#include <odo/profile/sanitizer.hpp>

#include <doctest/doctest.h>

#include <cstdlib>
#include <string>

using namespace odo::profile;
using namespace std::chrono_literals;

namespace {

const std::string key = "resize[shape=1920x1080][layout=NHWC]";

ProfileTarget bench(std::chrono::milliseconds timeout = 20s) {
    return {"/opt/bench/cvcuda_bench_resize", {"--case", key}, timeout, {}};
}

NcuOptions case_options(const std::string& regex = {}) {
    NcuOptions o;
    o.nvtx_range = key;
    o.kernel_regex = regex;
    return o;
}

using odo::testing::contains;

// PATH with the fake tools' directory first, restored at scope exit.
class PathWith {
public:
    explicit PathWith(const std::filesystem::path& dir) : old_(std::getenv("PATH")) {
        ::setenv("PATH", (dir.string() + ":" + old_).c_str(), 1);
    }
    ~PathWith() { ::setenv("PATH", old_.c_str(), 1); }
    PathWith(const PathWith&) = delete;
    PathWith& operator=(const PathWith&) = delete;

private:
    std::string old_;
};

} // namespace

TEST_CASE("ncu: profiles the case and reads the raw page into figures") {
    const fake::Tools tools;
    tools.write("ncu.out", fixture("ncu_raw_2023.csv"));
    const NcuRun run = run_ncu(case_options("resize_.*"), bench(), tools.path("ncu"));
    REQUIRE_MESSAGE(run.status.ok(), run.status.message);
    CHECK(run.version == "2023.2.0.0");
    CHECK(run.provenance == "ncu 2023.2.0.0 (clock control base, cache control all, sections "
                            "SpeedOfLight, Occupancy, WarpStateStats)");
    CHECK(run.report.kernels.size() == 3);
    CHECK(run.figures.launches == 3);
    CHECK(run.figures.dominant_stall == "long scoreboard");
    const std::string args = tools.read("ncu.args");
    CHECK(contains(args, "--nvtx-include\nodo@resize\\[shape=1920x1080\\]\\[layout=NHWC\\]/\n"));
    CHECK(contains(args, "--kernel-name\nregex:resize_.*\n"));
    CHECK(contains(args, "/opt/bench/cvcuda_bench_resize\n--case\n" + key + "\n"));
}

TEST_CASE("ncu: found on PATH by name") {
    const fake::Tools tools;
    tools.write("ncu.out", fixture("ncu_details_2023.csv"));
    const PathWith path(tools.dir());
    const NcuRun run = run_ncu(case_options(), bench());
    REQUIRE_MESSAGE(run.status.ok(), run.status.message);
    CHECK(run.figures.launches == 3);
}

TEST_CASE("ncu: a filter that matches nothing is NothingProfiled, with what to check") {
    const fake::Tools tools;
    tools.write("ncu.out", fixture("ncu_no_kernels.txt"));
    const NcuRun run = run_ncu(case_options("no_such_kernel"), bench(), tools.path("ncu"));
    CHECK(run.status.outcome == ProfilerOutcome::NothingProfiled);
    CHECK(run.status.message ==
          "ncu profiled no kernel: no launch inside NVTX range "
          "odo@resize\\[shape=1920x1080\\]\\[layout=NHWC\\]/ matched kernel regex "
          "'no_such_kernel' (check the case key, the kernel regex, and that the benchmark opens "
          "odo's NVTX range around the case)");
    tools.write("ncu.out", "\"ID\",\"Kernel Name\",\"gpu__time_duration.sum\"\n\"\",\"\",\"ns\"\n");
    CHECK(run_ncu(case_options(), bench(), tools.path("ncu")).status.outcome ==
          ProfilerOutcome::NothingProfiled);
}

TEST_CASE("ncu: a failing run reports ncu's own error lines") {
    const fake::Tools tools;
    tools.write("ncu.out", fixture("ncu_permission_error.txt"));
    tools.write("ncu.rc", "1");
    const NcuRun run = run_ncu(case_options(), bench(), tools.path("ncu"));
    CHECK(run.status.outcome == ProfilerOutcome::Failed);
    CHECK(contains(run.status.message, "ncu exited with code 1: ==ERROR== ERR_NVGPUCTRPERM"));
    CHECK(contains(run.status.message, " | ==ERROR== An error was reported by the driver"));
}

TEST_CASE("ncu: without error lines, the last lines of stderr say why") {
    const fake::Tools tools;
    tools.write("ncu.out", "");
    tools.write("ncu.err", "one\ntwo\nthree\nfour\n");
    tools.write("ncu.rc", "7");
    const NcuRun run = run_ncu(case_options(), bench(), tools.path("ncu"));
    CHECK(run.status.outcome == ProfilerOutcome::Failed);
    CHECK(run.status.message == "ncu exited with code 7: two | three | four");
}

TEST_CASE("ncu: output in another format is UnreadableOutput") {
    const fake::Tools tools;
    tools.write("ncu.out",
                "  resize_linear_kernel (120, 270, 1)x(32, 8, 1)\n    Duration  usecond  41.22\n");
    const NcuRun run = run_ncu(case_options(), bench(), tools.path("ncu"));
    CHECK(run.status.outcome == ProfilerOutcome::UnreadableOutput);
    CHECK(contains(run.status.message, "no CSV table"));
}

TEST_CASE("ncu: a run past its timeout is TimedOut") {
    const fake::Tools tools;
    tools.write("ncu.out", fixture("ncu_raw_2023.csv"));
    tools.write("ncu.sleep", "5");
    const NcuRun run = run_ncu(case_options(), bench(300ms), tools.path("ncu"));
    CHECK(run.status.outcome == ProfilerOutcome::TimedOut);
    CHECK(contains(run.status.message, "timed out"));
}

TEST_CASE("ncu: a missing tool is Missing, by name or by path") {
    const NcuRun by_name = run_ncu(case_options(), bench(), "odo-no-such-ncu");
    CHECK(by_name.status.outcome == ProfilerOutcome::Missing);
    CHECK(by_name.status.message == "odo-no-such-ncu: not found on PATH");
    const NcuRun by_path = run_ncu(case_options(), bench(), "/nonexistent/ncu");
    CHECK(by_path.status.outcome == ProfilerOutcome::Missing);
    CHECK(by_path.status.message == "/nonexistent/ncu: not found");
    CHECK_FALSE(by_path.arguments.empty()); // what would have run is still known
}

TEST_CASE("ncu: a saved report is re-exported and read") {
    const fake::Tools tools;
    tools.write("ncu.out", fixture("ncu_raw_2020.csv"));
    const NcuRun run = import_ncu_report("/r/before.ncu-rep", 20s, tools.path("ncu"));
    REQUIRE_MESSAGE(run.status.ok(), run.status.message);
    CHECK(run.provenance == "ncu 2023.2.0.0 (imported /r/before.ncu-rep)");
    CHECK(run.figures.dominant_kernel == "warp_perspective_kernel");
    CHECK(tools.read("ncu.args") ==
          "--import\n/r/before.ncu-rep\n--csv\n--page\nraw\n--print-units\nbase\n");
    tools.write("ncu.out", "\"ID\",\"Kernel Name\",\"m\"\n");
    CHECK(import_ncu_report("/r/empty.ncu-rep", 20s, tools.path("ncu")).status.message ==
          "ncu found no kernel in the report /r/empty.ncu-rep");
}

TEST_CASE("nsys: captures the case's range, summarizes, and reads the host figures") {
    const fake::Tools tools;
    tools.write("nsys.stats", fixture("nsys_stats_2023.txt"));
    NsysOptions o{key, tools.dir() / "case"};
    const NsysRun run = run_nsys(o, bench(), tools.path("nsys"));
    REQUIRE_MESSAGE(run.status.ok(), run.status.message);
    CHECK(run.version == "2023.2.3.1001-32894139v0");
    CHECK(run.report == tools.dir() / "case.nsys-rep");
    CHECK(run.figures.kernel_launches == 120);
    CHECK(run.figures.range_ns == 4902311);
    CHECK(contains(tools.read("nsys-profile.args"), "--nvtx-capture\n" + key + "@odo\n"));
    CHECK(tools.read("nsys-stats.args") ==
          "stats\n--report\ncuda_gpu_kern_sum,cuda_api_sum,nvtx_sum\n--format\ncsv\n"
          "--force-export\ntrue\n" +
              (tools.dir() / "case.nsys-rep").string() + "\n");
}

TEST_CASE("nsys: an old nsys is asked again under the pre-2022 report names") {
    const fake::Tools tools;
    tools.write("nsys.stats", fixture("nsys_stats_2021.txt"));
    tools.write("nsys.legacy-only", "");
    const NsysRun run = run_nsys({"flip[shape=64x64][layout=NHWC]", tools.dir() / "case"}, bench(),
                                 tools.path("nsys"));
    REQUIRE_MESSAGE(run.status.ok(), run.status.message);
    CHECK(run.stats_arguments[2] == "gpukernsum,cudaapisum,nvtxsum");
    CHECK(run.figures.launch_calls == 500);
}

TEST_CASE("nsys: the version comes from the stats output when --version says nothing") {
    const fake::Tools tools;
    tools.write("nsys.stats", profile_data("nsys_stats_2024.txt"));
    const NsysRun named = run_nsys({key, tools.dir() / "case"}, bench(), tools.path("nsys"));
    REQUIRE_MESSAGE(named.status.ok(), named.status.message);
    CHECK(named.version == "2023.2.3.1001-32894139v0"); // --version wins when it answers
    tools.write("nsys.no-version", "");
    const NsysRun run = run_nsys({key, tools.dir() / "case"}, bench(), tools.path("nsys"));
    REQUIRE_MESSAGE(run.status.ok(), run.status.message);
    CHECK(run.version == "2024.6.2");
    tools.write("nsys.stats", fixture("nsys_stats_2021.txt"));
    tools.write("nsys.legacy-only", "");
    CHECK(run_nsys({key, tools.dir() / "case"}, bench(), tools.path("nsys")).version ==
          "2021.3.1"); // "Running [/opt/nvidia/nsight-systems/2021.3.1/…]"
}

TEST_CASE("nsys: stats failing under both names keeps the first error") {
    const fake::Tools tools;
    tools.write("nsys.stats-fails", "");
    const NsysRun run = run_nsys({key, tools.dir() / "case"}, bench(), tools.path("nsys"));
    CHECK(run.status.outcome == ProfilerOutcome::Failed);
    CHECK(run.status.message == "nsys stats exited with code 2: ERROR: database is locked (the "
                                "pre-2022 report names failed too)");
    CHECK(tools.read("nsys-stats.args").find("gpukernsum") != std::string::npos);
}

TEST_CASE("nsys: nothing captured in the range, no report, unreadable stats") {
    const fake::Tools tools;
    tools.write("nsys.stats", fixture("nsys_stats_no_kernels.txt"));
    const NsysRun empty = run_nsys({key, tools.dir() / "case"}, bench(), tools.path("nsys"));
    CHECK(empty.status.outcome == ProfilerOutcome::NothingProfiled);
    CHECK(contains(empty.status.message, "nsys captured no kernel in NVTX range " + key + "@odo"));
    tools.write("nsys.no-report", "");
    const NsysRun no_report = run_nsys({key, tools.dir() / "other"}, bench(), tools.path("nsys"));
    CHECK(no_report.status.outcome == ProfilerOutcome::NothingProfiled);
    CHECK(contains(no_report.status.message, "no report was written"));
    tools.remove("nsys.no-report");
    tools.write("nsys.stats", "Processing failed: database is locked\n");
    const NsysRun garbled = run_nsys({key, tools.dir() / "case"}, bench(), tools.path("nsys"));
    CHECK(garbled.status.outcome == ProfilerOutcome::UnreadableOutput);
    CHECK(contains(garbled.status.message, "no report found"));
    CHECK(run_nsys({key, tools.dir() / "case"}, bench(), "odo-no-such-nsys").status.outcome ==
          ProfilerOutcome::Missing);
}

TEST_CASE("compute-sanitizer: errors found are a result, whatever the exit code") {
    const fake::Tools tools;
    tools.write("sanitizer.out", fixture("sanitizer_memcheck_errors.txt"));
    tools.write("sanitizer.rc", "1");
    SanitizerOptions o;
    o.leak_check = true;
    const SanitizerRun run = run_compute_sanitizer(o, bench(), tools.path("compute-sanitizer"));
    REQUIRE_MESSAGE(run.status.ok(), run.status.message);
    CHECK(run.version == "2023.2.0");
    CHECK(run.report.errors == 3);
    CHECK(run.process.exit_code == 1);
    CHECK(tools.read("sanitizer.args") ==
          "--tool\nmemcheck\n--leak-check\nfull\n/opt/bench/cvcuda_bench_resize\n--case\n" + key +
              "\n");
}

TEST_CASE("compute-sanitizer: no summary is unreadable, or a failure when the run failed") {
    const fake::Tools tools;
    tools.write("sanitizer.out", "Segmentation fault\n");
    const SanitizerRun unreadable =
        run_compute_sanitizer({}, bench(), tools.path("compute-sanitizer"));
    CHECK(unreadable.status.outcome == ProfilerOutcome::UnreadableOutput);
    tools.write("sanitizer.rc", "139");
    const SanitizerRun failed = run_compute_sanitizer({}, bench(), tools.path("compute-sanitizer"));
    CHECK(failed.status.outcome == ProfilerOutcome::Failed);
    CHECK(failed.status.message ==
          tools.path("compute-sanitizer") + " exited with code 139: Segmentation fault");
    CHECK(run_compute_sanitizer({}, bench(), "odo-no-such-sanitizer").status.outcome ==
          ProfilerOutcome::Missing);
}
