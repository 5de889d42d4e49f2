// The shapes today's profilers print, on real outputs committed to public repositories and on
// outputs written in exactly that shape (tests/data/profile): ncu details pages with Rule
// columns, numbers in either locale, nsys tables with and without headings, compute-sanitizer
// logs with two-space headlines and several runs.
#include "fixture.hpp"

#include <odo/profile/bottleneck.hpp>
#include <odo/profile/ncu_figures.hpp>
#include <odo/profile/ncu_report.hpp>
#include <odo/profile/nsys_figures.hpp>
#include <odo/profile/nsys_stats.hpp>
#include <odo/profile/sanitizer_report.hpp>
#include <odo/profile/tool_version.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace odo::profile;

namespace {

const std::string flip_key = "flip[shape=1920x1080][layout=NHWC]";

NsysStats merged(const std::vector<std::string>& files) {
    NsysStats all;
    for (const std::string& file : files)
        for (NsysTable& table : parse_nsys_stats(profile_data(file)).tables)
            all.tables.push_back(std::move(table));
    return all;
}

} // namespace

TEST_CASE("real ncu details page (CC 10.0): 16-cell metric rows under the 20-column header") {
    const NcuReport r = parse_ncu_csv(profile_data("ncu_details_cc100_superbench.csv"));
    CHECK(r.page == NcuPage::Details);
    REQUIRE(r.kernels.size() == 1);
    CHECK(r.skipped.empty());
    CHECK(r.rule_rows == 8);
    CHECK(r.metrics.size() == 50);
    const NcuFigures f = ncu_figures(r);
    CHECK(f.total_duration_ns == 406240);
    CHECK(f.memory_sol_pct == doctest::Approx(21.68));
    CHECK(f.compute_sol_pct == doctest::Approx(23.59));
    CHECK(f.dram_throughput_pct == doctest::Approx(0.74));
    CHECK(f.achieved_occupancy_pct == doctest::Approx(15.53));
    CHECK_FALSE(missing_ncu_figures(r, f));
    CHECK(classify({f, std::nullopt}).bottleneck == Bottleneck::IssueBound);
    CHECK(r.find(r.kernels[0], "DRAM Frequency") == doctest::Approx(3995313115.40));
    CHECK_FALSE(r.find(r.kernels[0], "Enabled TPC IDs")); // "all": text, not a number
}

TEST_CASE("ncu details page: rows without the trailing comma, rule rows, a row cut short") {
    const NcuReport r = parse_ncu_csv(profile_data("ncu_details_rules.csv"));
    REQUIRE(r.kernels.size() == 2);
    CHECK(r.rule_rows == 4);
    REQUIRE(r.skipped.size() == 1);
    CHECK(r.skipped[0] == "line 13: 13 cells, a row needs 15 to 20");
    CHECK(skipped_rows_text(r) == "1 unreadable row (line 13: 13 cells, a row needs 15 to 20)");
    // 15 cells: the value is the last cell, no trailing comma.
    CHECK(r.find(r.kernels[0], "Compute (SM) Throughput", "%") == doctest::Approx(31.24));
    CHECK(r.find(r.kernels[1], "Duration") == doctest::Approx(40980));
    CHECK(r.find(r.kernels[0], "DRAM Frequency") == doctest::Approx(1.215e9));
    for (const NcuMetric& m : r.metrics)
        CHECK_MESSAGE(!m.name.empty(), m.section); // rule rows add no metric
}

TEST_CASE("ncu details page: cells past the header, or a row with neither metric nor rule") {
    const std::string header = "\"ID\",\"Kernel Name\",\"Section Name\",\"Metric Name\","
                               "\"Metric Unit\",\"Metric Value\",\"Rule Name\",\"Rule Type\"\n";
    const NcuReport r =
        parse_ncu_csv(header + "\"0\",\"k\",\"S\",\"Duration\",\"ns\",\"5\",\n"
                               "\"0\",\"k\",\"S\",\"\",\"\",\"\",\"\",\"\"\n"
                               "\"0\",\"k\",\"S\",\"\",\"\",\"\",\"R\",\"OPT\"\n"
                               "\"0\",\"k\",\"S\",\"Duration\",\"ns\"\n"
                               "\"0\",\"k\",\"S\",\"X\",\"\",\"1\",\"\",\"\",\"\"\n");
    REQUIRE(r.kernels.size() == 1);
    CHECK(r.rule_rows == 1);
    CHECK(r.skipped == std::vector<std::string>{"line 3: a row without a metric name or a rule",
                                                "line 5: 5 cells, a row needs 6 to 8",
                                                "line 6: 9 cells, a row needs 6 to 8"});
}

TEST_CASE("ncu: a page printed with decimal commas reads like its English twin") {
    const NcuReport english = parse_ncu_csv(profile_data("ncu_details_rules.csv"));
    const NcuReport other = parse_ncu_csv(profile_data("ncu_details_rules_decimal_comma.csv"));
    REQUIRE(other.metrics.size() == english.metrics.size());
    REQUIRE(other.kernels.size() == english.kernels.size());
    for (std::size_t k = 0; k < english.kernels.size(); ++k)
        for (std::size_t m = 0; m < english.metrics.size(); ++m) {
            CAPTURE(english.metrics[m].name);
            CHECK(other.value(other.kernels[k], m) == english.value(english.kernels[k], m));
        }
    // "65.536" on a page with decimal commas groups thousands.
    CHECK(other.find(other.kernels[0], "Elapsed Cycles") == 65536);
    CHECK(other.find(other.kernels[0], "Memory Throughput", "%") == doctest::Approx(88.10));
}

TEST_CASE("ncu: a profile without the figures the classification reads says why and counts rows") {
    const NcuReport r = parse_ncu_csv(profile_data("ncu_details_rules_no_sol.csv"));
    const NcuFigures f = ncu_figures(r);
    const auto missing = missing_ncu_figures(r, f);
    REQUIRE(missing);
    CHECK(*missing == "ncu output has no duration, Memory SOL, Compute SOL for any of its 1 launch "
                      "(the SpeedOfLight section holds them); 2 unreadable rows (line 7: 22 cells, "
                      "a row needs 15 to 20; line 8: 13 cells, a row needs 15 to 20)");
    NcuFigures no_compute = ncu_figures(parse_ncu_csv(profile_data("ncu_details_rules.csv")));
    no_compute.compute_sol_pct.reset();
    const auto only_compute =
        missing_ncu_figures(parse_ncu_csv(profile_data("ncu_details_rules.csv")), no_compute);
    REQUIRE(only_compute);
    CHECK(only_compute->find("no Compute SOL for any of its 2 launches") != std::string::npos);
    CHECK(only_compute->find("1 unreadable row (line 13") != std::string::npos);
}

TEST_CASE("nsys 2024.6.2 stats CSV with report headings: tables, version from the script paths") {
    const NsysStats s = parse_nsys_stats(profile_data("nsys_stats_2024.txt"));
    CHECK(s.version == "2024.6.2");
    REQUIRE(s.tables.size() == 4);
    CHECK(s.tables[1].report == "osrt_sum");
    const NsysFigures f = nsys_figures(s, flip_key);
    CHECK(f.kernel_ns == 4246784);
    CHECK(f.kernel_launches == 140);
    CHECK(f.range_ns == 4866020);
    CHECK(f.launch_api_ns == 309310);
    CHECK(f.sync_api_ns == 4301220);
}

TEST_CASE("nsys stats CSV without headings: each table named from its header") {
    const NsysStats quiet = parse_nsys_stats(profile_data("nsys_stats_2024_quiet.txt"));
    CHECK(quiet.version.empty());
    REQUIRE(quiet.tables.size() == 4);
    CHECK(quiet.tables[0].report == "nvtx_sum");
    CHECK(quiet.tables[1].report.empty()); // osrt_sum: host calls, not the CUDA API
    CHECK(quiet.tables[1].rows.size() == 2);
    CHECK(quiet.tables[2].report == "cuda_api_sum");
    CHECK(quiet.tables[3].report == "cuda_gpu_kern_sum");
    const NsysStats files = merged({"nsys_2024_cuda_gpu_kern_sum.csv", "nsys_2024_cuda_api_sum.csv",
                                    "nsys_2024_nvtx_sum.csv", "nsys_2024_osrt_sum.csv"});
    const NsysFigures headed =
        nsys_figures(parse_nsys_stats(profile_data("nsys_stats_2024.txt")), flip_key);
    for (const NsysStats* s : {&quiet, &files}) {
        const NsysFigures f = nsys_figures(*s, flip_key);
        CHECK(f.kernel_ns == headed.kernel_ns);
        CHECK(f.kernel_launches == headed.kernel_launches);
        CHECK(f.range_ns == headed.range_ns);
        CHECK(f.api_ns == headed.api_ns); // the host calls are not counted as API time
        CHECK(f.sync_api_ns == headed.sync_api_ns);
    }
    CHECK(parse_nsys_stats("\"Time (%)\",\"Total Time (ns)\",\"Count\",\"Operation\"\n"
                           "100.0,52,1,\"[CUDA memcpy Host-to-Device]\"\n")
              .tables[0]
              .report == "cuda_gpu_mem_time_sum");
    CHECK_THROWS_AS(parse_nsys_stats("\"Time (%)\",\"Name\"\n1,k\n"), odo::InputError);
}

TEST_CASE("versions named by install paths") {
    CHECK(version_in_install_path("Processing [r.sqlite] with [/opt/nvidia/nsight-systems/"
                                  "2024.6.2/host-linux-x64/reports/nvtx_sum.py]... ") ==
          "2024.6.2");
    CHECK(version_in_install_path("/opt/nvidia/nsight-systems-cli/2024.5.1/target-linux-x64/") ==
          "2024.5.1");
    CHECK(version_in_install_path("/usr/local/cuda-12.4/nsight-systems-2023.4.4/bin/nsys") ==
          "2023.4.4");
    CHECK(version_in_install_path(
              R"(C:\Program Files\NVIDIA Corporation\Nsight Systems 2024.6.2\reports\x.py)") ==
          "2024.6.2");
    for (const char* none : {"", "/opt/nvidia/nsight-systems/host-linux-x64/", "nsight-systems/12",
                             "nsight-systems/.5", "Processing [r.sqlite] with [/x/y.py]"})
        CHECK_MESSAGE(version_in_install_path(none).empty(), none);
}

TEST_CASE("real compute-sanitizer log: two runs, the second with a two-space headline") {
    const auto runs = parse_sanitizer_runs(profile_data("sanitizer_nvtx_naming_two_runs.txt"));
    REQUIRE(runs.size() == 2);
    CHECK(runs[0].errors == 1);
    CHECK(runs[0].leaked_bytes == 1u);
    REQUIRE(runs[0].kinds.size() == 1);
    CHECK(runs[0].kinds[0].first == "Leaked 1 bytes at 0x7f26c3000000 called My allocation");
    CHECK(runs[1].errors == 1);
    CHECK_FALSE(runs[1].leaked_bytes);
    REQUIRE(runs[1].kinds.size() == 1);
    CHECK(runs[1].kinds[0].first ==
          "Unused memory in allocation 0x7efc4d000000 called My allocation of size 1");
    const SanitizerReport total =
        parse_sanitizer_output(profile_data("sanitizer_nvtx_naming_two_runs.txt"));
    CHECK(total.errors == 2);
    CHECK(total.leaked_bytes == 1u);
    CHECK(total.kinds.size() == 2);
}

TEST_CASE("compute-sanitizer: a second run without a banner starts after the first summary") {
    const auto runs = parse_sanitizer_runs(profile_data("sanitizer_two_runs.txt"));
    REQUIRE(runs.size() == 2);
    CHECK(runs[0].errors == 2);
    REQUIRE(runs[0].kinds.size() == 1);
    CHECK(runs[0].kinds[0] ==
          std::pair<std::string, std::uint64_t>{"Invalid __global__ write of size 4 bytes", 2});
    CHECK(runs[1].errors == 2);
    REQUIRE(runs[1].kinds.size() == 2); // each names its allocation; details are not headlines
    CHECK(runs[1].kinds[1].first ==
          "Unused memory in allocation 0x7f3a22200000 of size 4,096 bytes");
    CHECK(parse_sanitizer_output(profile_data("sanitizer_two_runs.txt")).errors == 4);
}

TEST_CASE("compute-sanitizer: a run that never printed its summary is an InputError") {
    CHECK_THROWS_WITH_AS(parse_sanitizer_runs("========= COMPUTE-SANITIZER\n"
                                              "========= Invalid __global__ read\n"
                                              "========= COMPUTE-SANITIZER\n"
                                              "========= ERROR SUMMARY: 0 errors\n"),
                         "compute-sanitizer output: run 1 has no 'ERROR SUMMARY' line (the tool "
                         "did not finish it)",
                         odo::InputError);
    CHECK_THROWS_WITH_AS(parse_sanitizer_runs("========= ERROR SUMMARY: 0 errors\n"
                                              "=========  Unused memory in allocation 0x1\n"),
                         doctest::Contains("run 2 has no 'ERROR SUMMARY'"), odo::InputError);
    const auto runs = parse_sanitizer_runs("========= ERROR SUMMARY: 0 errors\n"
                                           "========= ERROR SUMMARY: 3 errors\n");
    REQUIRE(runs.size() == 2);
    CHECK(runs[1].errors == 3);
}
