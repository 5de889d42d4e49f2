// ncu CSV exports of several versions and both pages, read into kernels and metrics.
#include "fixture.hpp"

#include <odo/profile/ncu_report.hpp>

#include <doctest/doctest.h>

#include <string>

using namespace odo::profile;

TEST_CASE("details page (2023): kernels by ID, units normalized, sections kept apart") {
    const NcuReport r = parse_ncu_csv(fixture("ncu_details_2023.csv"));
    CHECK(r.page == NcuPage::Details);
    REQUIRE(r.kernels.size() == 3);
    CHECK(r.kernels[0].id == "0");
    CHECK(r.kernels[2].name == "void cvcuda::priv::fill_kernel<uchar4>(cuda::Tensor4DWrap<uchar4>, "
                               "uchar4)");
    CHECK(r.find(r.kernels[0], "Duration") == doctest::Approx(13410));
    CHECK(r.find(r.kernels[2], "Duration") == 2816);
    CHECK(r.find(r.kernels[0], "Elapsed Cycles") == 21344);
    CHECK(r.find(r.kernels[0], "Memory Throughput", "%") == doctest::Approx(91.52));
    CHECK(r.find(r.kernels[0], "Memory Throughput", "byte/second") == doctest::Approx(3.52e12));
    CHECK(r.find(r.kernels[2], "Memory Throughput", "byte/second") == doctest::Approx(26.18e9));
    CHECK(r.find(r.kernels[0], "Grid Size") == 8100);
    CHECK_FALSE(r.find(r.kernels[0], "Function Cache Configuration"));
    CHECK_FALSE(r.find(r.kernels[1], "Elapsed Cycles")); // not reported for that launch
    CHECK(r.messages.size() == 5);
    CHECK(r.messages.front().rfind("==PROF== Connected", 0) == 0);
    CHECK(r.skipped.empty());
}

TEST_CASE("details page (2021): Kernel Time column, Memory [%] and SM [%]") {
    const NcuReport r = parse_ncu_csv(fixture("ncu_details_2021.csv"));
    CHECK(r.page == NcuPage::Details);
    REQUIRE(r.kernels.size() == 1);
    CHECK(r.kernels[0].name == "gaussian_kernel");
    CHECK(r.find(r.kernels[0], "Duration") == doctest::Approx(130750));
    CHECK(r.find(r.kernels[0], "SM [%]") == doctest::Approx(84.35));
    CHECK(r.find(r.kernels[0], "DRAM Frequency") == doctest::Approx(1.21519e9));
}

TEST_CASE("raw page (2023): header, units row, one launch per row") {
    const NcuReport r = parse_ncu_csv(fixture("ncu_raw_2023.csv"));
    CHECK(r.page == NcuPage::Raw);
    REQUIRE(r.kernels.size() == 3);
    CHECK(r.kernels[1].id == "1");
    CHECK(r.find(r.kernels[0], "gpu__time_duration.sum") == 41216);
    CHECK(r.find(r.kernels[0], "dram__bytes_read.sum") == 99532800);
    CHECK(r.find(r.kernels[2], "sm__throughput.avg.pct_of_peak_sustained_elapsed") ==
          doctest::Approx(31.12));
    CHECK_FALSE(r.find(r.kernels[0], "device__attribute_display_name")); // text, not a number
    for (const NcuMetric& m : r.metrics)
        CHECK_MESSAGE(m.section.empty(), m.name);
    CHECK(r.metrics.size() == 22);
}

TEST_CASE("raw page (2020): Kernel Time column and usecond durations") {
    const NcuReport r = parse_ncu_csv(fixture("ncu_raw_2020.csv"));
    REQUIRE(r.kernels.size() == 2);
    CHECK(r.find(r.kernels[0], "gpu__time_duration.sum") == doctest::Approx(210430));
    CHECK(r.find(r.kernels[0], "smsp__pcsamp_warps_issue_stalled_selected") == 6320);
}

TEST_CASE("raw page without a units row: values taken as printed") {
    const NcuReport r = parse_ncu_csv("\"ID\",\"Kernel Name\",\"gpu__time_duration.sum\"\n"
                                      "\"0\",\"k\",\"1,500\"\n\"1\",\"k\",\"1,600\"\n");
    REQUIRE(r.kernels.size() == 2);
    CHECK(r.find(r.kernels[1], "gpu__time_duration.sum") == 1600);
}

TEST_CASE("rows that do not fit the header are listed, not fatal") {
    const std::string text = "\"ID\",\"Kernel Name\",\"m\"\n\"\",\"\",\"%\"\n\"0\",\"k\",\"5\"\n"
                             "\"1\",\"k\"\n\"2\",\"k\",\"unterminated\n\"3\",\"k\",\"7\"\n";
    const NcuReport r = parse_ncu_csv(text);
    REQUIRE(r.kernels.size() == 2);
    CHECK(r.kernels[1].id == "3");
    REQUIRE(r.skipped.size() == 2);
    CHECK(r.skipped[0] == "line 4: 2 cells, header has 3");
    CHECK(r.skipped[1] == "line 5: unterminated quote");
}

TEST_CASE("a header without launches is an empty report") {
    const NcuReport r = parse_ncu_csv("\"ID\",\"Kernel Name\",\"gpu__time_duration.sum\"\n"
                                      "\"\",\"\",\"nsecond\"\n");
    CHECK(r.kernels.empty());
    CHECK(r.metrics.size() == 1);
}

TEST_CASE("output without an ncu table is an InputError naming what was expected") {
    CHECK_THROWS_WITH_AS(parse_ncu_csv(fixture("ncu_no_kernels.txt")),
                         doctest::Contains("no CSV table with \"ID\" and \"Kernel Name\""),
                         odo::InputError);
    CHECK_THROWS_WITH_AS(parse_ncu_csv(fixture("ncu_permission_error.txt")),
                         doctest::Contains("ncu said: ==ERROR== ERR_NVGPUCTRPERM"),
                         odo::InputError);
    CHECK_THROWS_AS(parse_ncu_csv(""), odo::InputError);
    CHECK_THROWS_AS(parse_ncu_csv("Time (%),Total Time (ns),Instances,Name\n1,2,3,k\n"),
                    odo::InputError);
}

TEST_CASE("tool messages are recognized by their ==TAG== prefix only") {
    using odo::profile::detail::is_ncu_message;
    CHECK(is_ncu_message("==PROF== Connected"));
    CHECK(is_ncu_message("==WARNING== No kernels were profiled."));
    CHECK_FALSE(is_ncu_message("== not a tag"));
    CHECK_FALSE(is_ncu_message("==prof== lower case"));
    CHECK_FALSE(is_ncu_message("\"==PROF==\",\"x\""));
}
