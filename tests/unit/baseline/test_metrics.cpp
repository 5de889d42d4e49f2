// The metric row of one case × SKU: schema, field-level errors and the canonical write order.
#include <odo/baseline/metrics.hpp>
#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>

#include <doctest/doctest.h>

using namespace odo::baseline;

namespace {

std::vector<std::string> problems_of(const char* text, MetricsSchema schema) {
    std::vector<std::string> problems;
    const auto m = read_metrics(odo::json::parse(text, "test"), schema, problems);
    CHECK(m.has_value() == problems.empty());
    return problems;
}

constexpr const char* full_row = R"({"n_runs": 5, "gpu_time_us_cpp": 100.0,
    "gpu_time_us_python": 104.0, "gpu_noise_us_cpp": 1.0, "gpu_noise_us_python": 2.0,
    "gpu_bwutil_cpp": 0.5, "gpu_bwutil_python": 0.49, "gpu_gap_stddev_us": 0.7})";

} // namespace

TEST_CASE("a complete committed row reads into typed metrics") {
    std::vector<std::string> problems;
    const auto m =
        read_metrics(odo::json::parse(full_row, "t"), MetricsSchema::Committed, problems);
    REQUIRE(m);
    CHECK(m->n_runs == 5);
    CHECK(m->cpp->time_us == 100.0);
    CHECK(m->python->noise_us == 2.0);
    CHECK(m->python->bwutil == 0.49);
    CHECK(m->gap_stddev_us == 0.7);
}

TEST_CASE("committed rows need all seven fields; errors name each field") {
    CHECK(problems_of(R"({"n_runs": 1, "gpu_time_us_cpp": 1, "gpu_noise_us_cpp": 0,
                          "gpu_bwutil_cpp": 0})",
                      MetricsSchema::Committed) ==
          std::vector<std::string>{
              "missing field(s) gpu_time_us_python, gpu_noise_us_python, gpu_bwutil_python"});
    CHECK(problems_of(R"({"n_runs": true, "gpu_time_us_cpp": 1, "gpu_time_us_python": 1,
                          "gpu_noise_us_cpp": -1, "gpu_noise_us_python": "2",
                          "gpu_bwutil_cpp": 0, "gpu_bwutil_python": 0})",
                      MetricsSchema::Committed) ==
          std::vector<std::string>{"n_runs must be a positive integer (got true)",
                                   "gpu_noise_us_cpp must be a finite number >= 0 (got -1)",
                                   "gpu_noise_us_python must be a finite number >= 0 (got \"2\")"});
    CHECK(problems_of("[1]", MetricsSchema::Committed) ==
          std::vector<std::string>{"metrics must be an object (got [1])"});
}

TEST_CASE("artifact rows may carry one language, all three fields or none") {
    CHECK(problems_of(R"({"n_runs": 1, "gpu_time_us_cpp": 5, "gpu_noise_us_cpp": 0,
                          "gpu_bwutil_cpp": 0.1})",
                      MetricsSchema::Artifact)
              .empty());
    CHECK(problems_of(R"({"n_runs": 1, "gpu_time_us_cpp": 5, "gpu_noise_us_cpp": 0})",
                      MetricsSchema::Artifact) ==
          std::vector<std::string>{"cpp fields must be present together (missing gpu_bwutil_cpp)"});
    CHECK(problems_of(R"({"n_runs": 1})", MetricsSchema::Artifact) ==
          std::vector<std::string>{
              "no language metrics (expected the gpu_*_cpp or gpu_*_python fields)"});
    CHECK(problems_of(R"({"n_runs": 1, "gpu_time_us_cpp": 0, "gpu_noise_us_cpp": 0,
                          "gpu_bwutil_cpp": 0})",
                      MetricsSchema::Artifact) ==
          std::vector<std::string>{"gpu_time_us_cpp must be a finite number > 0 (got 0)"});
}

TEST_CASE("the gap stddev needs several runs, and in artifacts both languages") {
    CHECK(problems_of(R"({"n_runs": 1, "gpu_time_us_cpp": 5, "gpu_noise_us_cpp": 0,
                          "gpu_bwutil_cpp": 0.1, "gpu_gap_stddev_us": 1})",
                      MetricsSchema::Artifact) ==
          std::vector<std::string>{"gpu_gap_stddev_us needs n_runs >= 2",
                                   "gpu_gap_stddev_us needs both languages"});
    CHECK(
        problems_of(R"({"n_runs": 2, "gpu_time_us_cpp": 5, "gpu_noise_us_cpp": 0,
                          "gpu_bwutil_cpp": 0.1, "gpu_time_us_python": 5, "gpu_noise_us_python": 0,
                          "gpu_bwutil_python": 0.1, "gpu_gap_stddev_us": 1e999})",
                    MetricsSchema::Artifact) ==
        std::vector<std::string>{"gpu_gap_stddev_us must be a finite number >= 0 (got Infinity)"});
}

TEST_CASE("an update replaces n_runs and its languages, keeps the rest, writes canonical order") {
    const auto previous = odo::json::parse(R"({"zz_extra": 1, "gpu_bwutil_python": 0.4,
        "n_runs": 5, "gpu_time_us_python": 9.0, "gpu_noise_us_python": 0.1,
        "gpu_gap_stddev_us": 2.0})",
                                           "t")
                              .get_object();
    Metrics update;
    update.n_runs = 1;
    update.cpp = LanguageMetrics{7.5, 0.25, 0.5};
    CHECK(odo::json::dumps(updated_metrics_object(&previous, update)) ==
          R"({"n_runs": 1, "gpu_time_us_cpp": 7.5, "gpu_time_us_python": 9.0, )"
          R"("gpu_noise_us_cpp": 0.25, "gpu_noise_us_python": 0.1, "gpu_bwutil_cpp": 0.5, )"
          R"("gpu_bwutil_python": 0.4, "zz_extra": 1})");
    update.gap_stddev_us = 0.5;
    CHECK(odo::json::dumps(updated_metrics_object(nullptr, update)) ==
          R"({"n_runs": 1, "gpu_time_us_cpp": 7.5, "gpu_noise_us_cpp": 0.25, )"
          R"("gpu_bwutil_cpp": 0.5, "gpu_gap_stddev_us": 0.5})");
}
