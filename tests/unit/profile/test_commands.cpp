// The argument vectors odo hands to ncu, nsys and compute-sanitizer, the NVTX filter strings, the
// provenance line, and version parsing.
#include <odo/profile/ncu_command.hpp>
#include <odo/profile/nsys_command.hpp>
#include <odo/profile/nvtx_range.hpp>
#include <odo/profile/sanitizer_command.hpp>
#include <odo/profile/tool_version.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

using namespace odo::profile;
using Args = std::vector<std::string>;

TEST_CASE("NVTX filters: domain and range in each tool's order, operators escaped") {
    CHECK(ncu_nvtx_include("resize[shape=1920x1080][layout=NHWC]") ==
          R"(odo@resize\[shape=1920x1080\]\[layout=NHWC\]/)");
    CHECK(ncu_nvtx_include(R"(a/b@c\d)") == R"(odo@a\/b\@c\\d/)");
    CHECK(nsys_nvtx_capture("resize[shape=1920x1080]") == "resize[shape=1920x1080]@odo");
    CHECK(nsys_nvtx_capture("a@b") == R"(a\@b@odo)");
}

TEST_CASE("ScopedRange opens and closes a range, or compiles to nothing without NVTX") {
    {
        const ScopedRange range("resize[shape=64x64]");
        const ScopedRange nested(std::string("resize[shape=64x64]"));
    }
#if !ODO_HAVE_NVTX
    static_assert(std::is_empty_v<ScopedRange>);
#endif
    static_assert(!std::is_copy_constructible_v<ScopedRange>);
    CHECK(nvtx_domain == "odo");
}

TEST_CASE("ncu: the default run collects the figure sections and metrics as a raw CSV") {
    NcuOptions o;
    o.nvtx_range = "flip[a=1]";
    const Args args = ncu_arguments(o, "/bin/bench", {"--case", "flip[a=1]"});
    const Args expected{"--csv",
                        "--page",
                        "raw",
                        "--print-units",
                        "base",
                        "--clock-control",
                        "base",
                        "--cache-control",
                        "all",
                        "--nvtx",
                        "--nvtx-include",
                        R"(odo@flip\[a=1\]/)",
                        "--section",
                        "SpeedOfLight",
                        "--section",
                        "Occupancy",
                        "--section",
                        "WarpStateStats",
                        "--metrics",
                        std::string(ncu_figure_metrics),
                        "/bin/bench",
                        "--case",
                        "flip[a=1]"};
    CHECK(args == expected);
}

TEST_CASE("ncu: kernel regex, launch window, full set, export, clock and cache control") {
    NcuOptions o;
    o.kernel_regex = "resize_.*";
    o.launch_skip = 10;
    o.launch_count = 5;
    o.full_set = true;
    o.clock_control = "none";
    o.cache_control = "none";
    o.export_path = "/tmp/r.ncu-rep";
    const Args args = ncu_arguments(o, "bench", {});
    const Args expected{"--csv",
                        "--page",
                        "raw",
                        "--print-units",
                        "base",
                        "--clock-control",
                        "none",
                        "--cache-control",
                        "none",
                        "--kernel-name",
                        "regex:resize_.*",
                        "--launch-skip",
                        "10",
                        "--launch-count",
                        "5",
                        "--set",
                        "full",
                        "--metrics",
                        std::string(ncu_figure_metrics),
                        "--export",
                        "/tmp/r.ncu-rep",
                        "--force-overwrite",
                        "bench"};
    CHECK(args == expected);
    o.full_set = false;
    o.sections = {"MemoryWorkloadAnalysis"};
    const Args sections = ncu_arguments(o, "bench", {});
    CHECK(std::count(sections.begin(), sections.end(), "--section") == 1);
    CHECK(ncu_provenance(o, "2023.2.0.0") == "ncu 2023.2.0.0 (clock control none, cache control "
                                             "none, sections MemoryWorkloadAnalysis)");
}

TEST_CASE("ncu: settings ncu does not have are bad input") {
    NcuOptions o;
    o.clock_control = "boost";
    CHECK_THROWS_WITH_AS(ncu_arguments(o, "b", {}),
                         "ncu --clock-control 'boost': expected base or none", odo::InputError);
    o.clock_control = "base";
    o.cache_control = "some";
    CHECK_THROWS_WITH_AS(ncu_arguments(o, "b", {}),
                         "ncu --cache-control 'some': expected all or none", odo::InputError);
}

TEST_CASE("ncu: provenance and re-export of a saved report") {
    CHECK(ncu_provenance({}, "2023.2.0.0") ==
          "ncu 2023.2.0.0 (clock control base, cache control all, sections SpeedOfLight, "
          "Occupancy, WarpStateStats)");
    NcuOptions full;
    full.full_set = true;
    CHECK(ncu_provenance(full, "") ==
          "ncu (unknown version) (clock control base, cache control all, set full)");
    CHECK(ncu_import_arguments("/r/before.ncu-rep") ==
          Args{"--import", "/r/before.ncu-rep", "--csv", "--page", "raw", "--print-units", "base"});
}

TEST_CASE("nsys: capture the case's range, then summarize under current or legacy names") {
    NsysOptions o;
    o.nvtx_range = "flip[a=1]";
    o.output_base = "/tmp/p/case";
    CHECK(nsys_profile_arguments(o, "bench", {"--case", "flip[a=1]"}) ==
          Args{"profile", "--trace", "cuda,nvtx", "--output", "/tmp/p/case", "--force-overwrite",
               "true", "--capture-range", "nvtx", "--nvtx-capture", "flip[a=1]@odo",
               "--capture-range-end", "stop", "bench", "--case", "flip[a=1]"});
    o.nvtx_range.clear();
    CHECK(nsys_profile_arguments(o, "bench", {}).size() == 8);
    CHECK(nsys_stats_arguments("/tmp/p/case.nsys-rep") ==
          Args{"stats", "--report", "cuda_gpu_kern_sum,cuda_api_sum,nvtx_sum", "--format", "csv",
               "--force-export", "true", "/tmp/p/case.nsys-rep"});
    CHECK(nsys_stats_arguments("r.qdrep", true)[2] == "gpukernsum,cudaapisum,nvtxsum");
}

TEST_CASE("compute-sanitizer: tool, leak check for memcheck only, print limit") {
    SanitizerOptions o;
    o.leak_check = true;
    o.print_limit = 20;
    CHECK(sanitizer_arguments(o, "bench", {"--case", "k[a=1]"}) ==
          Args{"--tool", "memcheck", "--leak-check", "full", "--print-limit", "20", "bench",
               "--case", "k[a=1]"});
    o.tool = SanitizerTool::Racecheck;
    CHECK(sanitizer_arguments(o, "bench", {}) ==
          Args{"--tool", "racecheck", "--print-limit", "20", "bench"});
    CHECK(to_string(SanitizerTool::Initcheck) == "initcheck");
    CHECK(to_string(SanitizerTool::Synccheck) == "synccheck");
}

TEST_CASE("tool versions from --version output") {
    CHECK(tool_version("NVIDIA (R) Nsight Compute Command Line Profiler\nCopyright (c) 2018-2023 "
                       "NVIDIA Corporation\nVersion 2023.2.0.0 (build 32895467) "
                       "(public-release)\n") == "2023.2.0.0");
    CHECK(tool_version("NVIDIA Nsight Systems version 2023.2.3.1001-32894139v0\n") ==
          "2023.2.3.1001-32894139v0");
    CHECK(tool_version("NVIDIA (R) Compute Sanitizer\r\nVersion 2024.1.0\r\n") == "2024.1.0");
    CHECK(tool_version("usage: ncu [options]\nVersion unknown\n").empty());
    CHECK(tool_version("").empty());
}
