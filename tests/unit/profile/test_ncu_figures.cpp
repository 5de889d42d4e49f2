// The typed figures read from ncu reports of each page and version.
#include "fixture.hpp"

#include <odo/profile/kernel_name.hpp>
#include <odo/profile/ncu_figures.hpp>

#include <doctest/doctest.h>

using namespace odo::profile;

namespace {

double weighted(std::initializer_list<std::pair<double, double>> value_weight) {
    double sum = 0, weight = 0;
    for (auto [v, w] : value_weight) {
        sum += v * w;
        weight += w;
    }
    return sum / weight;
}

} // namespace

TEST_CASE("short kernel names drop return type, template arguments and parameters") {
    CHECK(short_kernel_name("void cvcuda::priv::resize<uchar4, 3>(Ptr<uchar4>, int)") ==
          "cvcuda::priv::resize");
    CHECK(short_kernel_name("gaussian_kernel") == "gaussian_kernel");
    CHECK(short_kernel_name("void k<Wrap<int>, (int)3>(int)") == "k");
    CHECK(short_kernel_name("  flip_kernel(int*) ") == "flip_kernel");
    CHECK(short_kernel_name("<lambda>") == "(unnamed kernel)");
    CHECK(short_kernel_name("") == "(unnamed kernel)");
}

TEST_CASE("the dominant kernel takes the most time; ties go to the first name") {
    CHECK(dominant_kernel({{"a", 1.0}, {"b", 3.0}, {"c", 2.0}}) == "b");
    CHECK(dominant_kernel({{"b", 2.0}, {"a", 2.0}}) == "a");
    CHECK(dominant_kernel({}).empty());
}

TEST_CASE("details page (2023): duration-weighted figures over every launch") {
    const NcuFigures f = ncu_figures(parse_ncu_csv(fixture("ncu_details_2023.csv")));
    CHECK(f.launches == 3);
    CHECK(f.kernels == 2);
    CHECK(f.dominant_kernel == "cvcuda::priv::resize_linear_kernel");
    CHECK(f.total_duration_ns == doctest::Approx(29596));
    CHECK(f.mean_duration_ns == doctest::Approx(29596 / 3.0));
    CHECK(f.memory_sol_pct ==
          doctest::Approx(weighted({{91.52, 13410}, {91.60, 13370}, {6.20, 2816}})));
    CHECK(f.compute_sol_pct ==
          doctest::Approx(weighted({{24.31, 13410}, {24.29, 13370}, {2.95, 2816}})));
    CHECK(f.dram_throughput_pct ==
          doctest::Approx(weighted({{91.52, 13410}, {91.58, 13370}, {1.03, 2816}})));
    CHECK(f.achieved_occupancy_pct ==
          doctest::Approx(weighted({{82.47, 13410}, {82.51, 13370}, {11.89, 2816}})));
    CHECK(f.dominant_stall.empty()); // WarpStateStats was not in this export
}

TEST_CASE("details page (2021): the old SOL display names") {
    const NcuFigures f = ncu_figures(parse_ncu_csv(fixture("ncu_details_2021.csv")));
    CHECK(f.memory_sol_pct == doctest::Approx(38.64));
    CHECK(f.compute_sol_pct == doctest::Approx(84.35));
    CHECK(f.dram_throughput_pct == doctest::Approx(12.07));
    CHECK(f.achieved_occupancy_pct == doctest::Approx(93.10));
    CHECK(f.mean_duration_ns == doctest::Approx(130750));
}

TEST_CASE("raw page (2023): metric names, and the dominant stall from the per-issue ratios") {
    const NcuFigures f = ncu_figures(parse_ncu_csv(fixture("ncu_raw_2023.csv")));
    CHECK(f.launches == 3);
    CHECK(f.kernels == 1);
    CHECK(f.memory_sol_pct ==
          doctest::Approx(weighted({{88.10, 41216}, {88.40, 41088}, {87.90, 41344}})));
    CHECK(f.dram_throughput_pct ==
          doctest::Approx(weighted({{86.02, 41216}, {86.31, 41088}, {85.81, 41344}})));
    CHECK(f.compute_sol_pct ==
          doctest::Approx(weighted({{31.20, 41216}, {31.26, 41088}, {31.12, 41344}})));
    CHECK(f.dominant_stall == "long scoreboard");
}

TEST_CASE("raw page (2020): pc-sampling stalls, 'selected' and '_not_issued' excluded") {
    const NcuFigures f = ncu_figures(parse_ncu_csv(fixture("ncu_raw_2020.csv")));
    CHECK(f.compute_sol_pct == doctest::Approx(weighted({{86.70, 210430}, {86.90, 209870}})));
    CHECK(f.dram_throughput_pct == doctest::Approx(weighted({{18.40, 210430}, {18.52, 209870}})));
    CHECK(f.dominant_stall == "math pipe throttle");
    CHECK(f.dominant_kernel == "warp_perspective_kernel");
}

TEST_CASE("a launch without a duration weighs one; figures absent stay absent") {
    const NcuReport r = parse_ncu_csv(
        "\"ID\",\"Kernel Name\",\"gpu__time_duration.sum\","
        "\"gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed\"\n"
        "\"\",\"\",\"nsecond\",\"%\"\n\"0\",\"a\",\"1000\",\"90\"\n\"1\",\"b\",\"n/a\",\"10\"\n");
    const NcuFigures f = ncu_figures(r);
    CHECK(f.memory_sol_pct == doctest::Approx((90.0 * 1000 + 10) / 1001));
    CHECK(f.total_duration_ns == 1000);
    CHECK(f.mean_duration_ns == 1000);
    CHECK_FALSE(f.compute_sol_pct);
    CHECK_FALSE(f.achieved_occupancy_pct);
    CHECK(f.dominant_kernel == "a");
}

TEST_CASE("an empty report has no figures") {
    const NcuFigures f = ncu_figures(NcuReport{});
    CHECK(f.launches == 0);
    CHECK_FALSE(f.memory_sol_pct);
    CHECK_FALSE(f.mean_duration_ns);
    CHECK(f.dominant_kernel.empty());
}
