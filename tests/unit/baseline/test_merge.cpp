// Merging artifacts: n_runs-weighted means and the pooled gap standard deviation.
#include <odo/baseline/merge.hpp>

#include <doctest/doctest.h>

#include <cmath>

using namespace odo::baseline;

namespace {

ArtifactRow row(double cpp_us, std::optional<double> python_us, std::int64_t n = 1,
                std::optional<double> gap = std::nullopt, const std::string& sku = "H100") {
    ArtifactRow r{"c", "c[a=1]", sku, {}};
    r.metrics.n_runs = n;
    r.metrics.cpp = LanguageMetrics{cpp_us, cpp_us / 100, 0.5};
    if (python_us)
        r.metrics.python = LanguageMetrics{*python_us, *python_us / 100, 0.4};
    r.metrics.gap_stddev_us = gap;
    return r;
}

std::vector<BaselineUpdate> merged(std::vector<std::vector<ArtifactRow>> runs,
                                   std::vector<std::string>* problems_out = nullptr) {
    std::vector<Artifact> artifacts;
    for (auto& rows : runs)
        artifacts.push_back({"run.json", std::nullopt, std::move(rows)});
    std::vector<std::string> problems;
    auto updates = merge_artifacts(artifacts, problems);
    if (problems_out)
        *problems_out = problems;
    else
        CHECK(problems.empty());
    return updates;
}

TEST_CASE("two single runs with gaps 5 and 15 pool to a gap stddev of sqrt(50)") {
    const auto updates = merged({{row(100, 105)}, {row(200, 215)}});
    REQUIRE(updates.size() == 1);
    const Metrics& m = updates[0].metrics;
    CHECK(m.n_runs == 2);
    CHECK(m.cpp->time_us == 150);
    CHECK(m.python->time_us == 160);
    CHECK(m.cpp->noise_us == doctest::Approx(1.5));
    CHECK(m.gap_stddev_us == doctest::Approx(std::sqrt(50.0)));
}

TEST_CASE("means are weighted by n_runs, and pooling keeps multi-run spreads") {
    // 3 runs with gap mean 10 and stddev 2, plus one run with gap 14.
    const auto updates = merged({{row(100, 110, 3, 2.0)}, {row(300, 314)}});
    REQUIRE(updates.size() == 1);
    const Metrics& m = updates[0].metrics;
    CHECK(m.n_runs == 4);
    CHECK(m.cpp->time_us == doctest::Approx((3 * 100 + 300) / 4.0));
    // M2 = 2²·2 + (14−10)²·3·1/4 = 8 + 12 = 20; stddev = sqrt(20 / 3)
    CHECK(m.gap_stddev_us == doctest::Approx(std::sqrt(20.0 / 3)));
}

ArtifactRow python_only(double python_us) {
    ArtifactRow r = row(python_us, python_us);
    r.metrics.cpp.reset();
    return r;
}

} // namespace

TEST_CASE("the gap stddev is omitted without per-run pairing or with one run in all") {
    CHECK_FALSE(merged({{row(100, 105)}})[0].metrics.gap_stddev_us);
    const auto unpaired = merged({{row(100, 105)}, {row(100, std::nullopt)}, {python_only(107)}});
    CHECK(unpaired[0].metrics.n_runs == 2);
    CHECK(unpaired[0].metrics.python->time_us == 106);
    CHECK_FALSE(unpaired[0].metrics.gap_stddev_us);
    CHECK_FALSE(merged({{row(100, 105, 3)}, {row(100, 106)}})[0].metrics.gap_stddev_us);
}

TEST_CASE("rows are merged per (config, case, SKU) and sorted") {
    const auto updates =
        merged({{row(1, 2, 1, std::nullopt, "H100"), row(3, 4, 1, std::nullopt, "A100")}});
    REQUIRE(updates.size() == 2);
    CHECK(updates[0].sku == "A100");
    CHECK(updates[1].sku == "H100");
}

TEST_CASE("both languages must come from the same number of runs") {
    std::vector<std::string> problems;
    const auto updates = merged({{row(100, 105)}, {row(100, std::nullopt)}, {}}, &problems);
    CHECK(updates.empty());
    CHECK(problems ==
          std::vector<std::string>{"c[a=1] H100: C++ was measured in 2 run(s) but Python in 1"});
}
