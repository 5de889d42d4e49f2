// nsys stats CSV of several versions, and the host-timeline figures read from it.
#include "fixture.hpp"

#include <odo/profile/nsys_figures.hpp>
#include <odo/profile/nsys_stats.hpp>

#include <doctest/doctest.h>

using namespace odo::profile;

TEST_CASE("nsys stats (2023): three reports under ** headings") {
    const NsysStats s = parse_nsys_stats(fixture("nsys_stats_2023.txt"));
    REQUIRE(s.tables.size() == 3);
    const NsysTable* kernels = s.find(nsys_report::kernels);
    REQUIRE(kernels);
    REQUIRE(kernels->rows.size() == 2);
    CHECK(kernels->rows[0].total_ns == 4122880);
    CHECK(kernels->rows[0].count == 100);
    const NsysTable* api = s.find(nsys_report::api);
    REQUIRE(api);
    CHECK(api->rows.size() == 4);
    CHECK(api->rows[1].name == "cudaLaunchKernel");
    CHECK(api->rows[1].count == 120);
    const NsysTable* ranges = s.find(nsys_report::ranges);
    REQUIRE(ranges);
    CHECK(ranges->rows[0].name == "odo:resize[shape=1920x1080][layout=NHWC]");
}

TEST_CASE("nsys stats (2021): legacy report names, quoted thousands, old column names") {
    const NsysStats s = parse_nsys_stats(fixture("nsys_stats_2021.txt"));
    REQUIRE(s.tables.size() == 3);
    CHECK(s.tables[0].report == "gpukernsum");
    const NsysTable* kernels = s.find(nsys_report::kernels);
    REQUIRE(kernels);
    CHECK(kernels->rows[0].total_ns == 750400);
    CHECK(kernels->rows[0].count == 500);
    CHECK(s.find(nsys_report::api)->rows[0].total_ns == 2100350);
    CHECK(s.find(nsys_report::ranges)->rows[0].total_ns == 3300512);
}

TEST_CASE("host figures (2023): kernel time, launch and sync API time, the case range") {
    const NsysFigures f = nsys_figures(parse_nsys_stats(fixture("nsys_stats_2023.txt")),
                                       "resize[shape=1920x1080][layout=NHWC]");
    CHECK(f.kernel_ns == 4122880 + 58240);
    CHECK(f.kernel_launches == 120);
    CHECK(f.kernels == 2);
    CHECK(f.dominant_kernel == "cvcuda::priv::resize_linear_kernel");
    CHECK(f.launch_api_ns == 295340);
    CHECK(f.launch_calls == 120);
    CHECK(f.sync_api_ns == 4275120 + 67780);
    CHECK(f.sync_calls == 121);
    CHECK(f.api_ns == 4275120 + 295340 + 203112 + 67780);
    CHECK(f.range_ns == 4902311);
}

TEST_CASE("host figures (2021): versioned API names, range without a domain prefix") {
    const NsysFigures f = nsys_figures(parse_nsys_stats(fixture("nsys_stats_2021.txt")),
                                       "flip[shape=64x64][layout=NHWC]");
    CHECK(f.launch_api_ns == 2100350);
    CHECK(f.launch_calls == 500);
    CHECK(f.sync_api_ns == 400120);
    CHECK(f.sync_calls == 50);
    CHECK(f.range_ns == 3300512);
}

TEST_CASE("host figures: another case's range does not count") {
    const NsysFigures f = nsys_figures(parse_nsys_stats(fixture("nsys_stats_2023.txt")),
                                       "resize[shape=64x64][layout=NHWC]");
    CHECK_FALSE(f.range_ns);
}

TEST_CASE("SKIPPED reports are empty tables: nothing was captured") {
    const NsysStats s = parse_nsys_stats(fixture("nsys_stats_no_kernels.txt"));
    REQUIRE(s.tables.size() == 3);
    CHECK(s.find(nsys_report::kernels)->rows.empty());
    const NsysFigures f = nsys_figures(s, "resize[a=1]");
    CHECK(f.kernel_launches == 0);
    CHECK_FALSE(f.range_ns);
}

TEST_CASE("one report's file, as --output writes it") {
    const NsysTable t = parse_nsys_table(
        "Time (%),Total Time (ns),Instances,Avg (ns),Med (ns),Min (ns),Max (ns),StdDev (ns),Name\n"
        "100.0,\"1,000\",4,250.0,250.0,240,260,8.1,k\n",
        "cuda_gpu_kern_sum");
    REQUIRE(t.rows.size() == 1);
    CHECK(t.rows[0].total_ns == 1000);
    CHECK(t.rows[0].count == 4);
}

TEST_CASE("unexpected formats are InputErrors naming the report") {
    CHECK_THROWS_WITH_AS(parse_nsys_stats("Generating SQLite file x.sqlite\n"),
                         doctest::Contains("no report found"), odo::InputError);
    CHECK_THROWS_WITH_AS(parse_nsys_stats(" ** CUDA GPU Kernel Summary (cuda_gpu_kern_sum):\n\n"
                                          "Time,Count,What\n1,2,3\n"),
                         doctest::Contains("report 'cuda_gpu_kern_sum' has no table"),
                         odo::InputError);
    CHECK_THROWS_WITH_AS(parse_nsys_stats(" ** CUDA GPU Kernel Summary (cuda_gpu_kern_sum):\n\n"
                                          "Total Time (ns),Instances,Name\nlots,2,k\n"),
                         doctest::Contains("unreadable total time lots"), odo::InputError);
    CHECK_THROWS_WITH_AS(parse_nsys_table("Total Time (ns),Instances,Name\n5,1\n", "x"),
                         doctest::Contains("unreadable row '5,1' (its cells do not match the "
                                           "header's 3)"),
                         odo::InputError);
    CHECK_THROWS_WITH_AS(parse_nsys_table("Total Time (ns),Instances,Name\n5,1,\"k\n", "x"),
                         doctest::Contains("unreadable row"), odo::InputError);
    CHECK_THROWS_WITH_AS(parse_nsys_table("Total Time (ns),Instances,Name\n5,-1,k\n", "x"),
                         doctest::Contains("unreadable count -1"), odo::InputError);
    CHECK_THROWS_WITH_AS(parse_nsys_table("Total Time (ns),Instances,Name\n5,2.5,k\n", "x"),
                         doctest::Contains("unreadable count 2.5"), odo::InputError);
    CHECK_THROWS_WITH_AS(parse_nsys_table("Total Time (ns),Instances,Name\n5,1e30,k\n", "x"),
                         doctest::Contains("unreadable count 1e30"), odo::InputError);
    CHECK_THROWS_WITH_AS(parse_nsys_table("Total Time (ns),Instances,Name\n-5,1,k\n", "x"),
                         doctest::Contains("unreadable total time -5"), odo::InputError);
    CHECK_THROWS_WITH_AS(nsys_figures(parse_nsys_stats(" ** CUDA API Summary (cuda_api_sum):\n\n"
                                                       "Total Time (ns),Num Calls,Name\n5,1,f\n"),
                                      "r"),
                         doctest::Contains("no kernel summary"), odo::InputError);
}

TEST_CASE("report headings of each version") {
    using odo::profile::detail::nsys_report_heading;
    CHECK(nsys_report_heading(" ** CUDA GPU Kernel Summary (cuda_gpu_kern_sum):") ==
          "cuda_gpu_kern_sum");
    CHECK(nsys_report_heading("Processing [a.sqlite] with [/opt/r/cuda_api_sum.py]... ") ==
          "cuda_api_sum");
    CHECK(nsys_report_heading("Running [/opt/r/gpukernsum.py a.sqlite]... ") == "gpukernsum");
    CHECK(nsys_report_heading("Time (%),Total Time (ns),Name").empty());
    CHECK(nsys_report_heading("Processing [a.sqlite] with nothing").empty());
}

TEST_CASE("API names lose version and per-thread-stream suffixes") {
    using odo::profile::detail::plain_api_name;
    CHECK(plain_api_name("cudaLaunchKernel_v7000") == "cudaLaunchKernel");
    CHECK(plain_api_name("cudaMemcpyAsync_ptsz_v7000") == "cudaMemcpyAsync");
    CHECK(plain_api_name("cuMemcpyDtoH_v2") == "cuMemcpyDtoH");
    CHECK(plain_api_name("cudaStreamSynchronize") == "cudaStreamSynchronize");
    CHECK(plain_api_name("cuda_helper_thing") == "cuda_helper_thing");
}
