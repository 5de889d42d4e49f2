// DEFAULT_BENCHMARK_QUALITY: noise, parity in both directions, the 1e-9 limit tolerance.
#include <odo/baseline/quality.hpp>
#include <odo/core/json_read.hpp>

#include <doctest/doctest.h>

using namespace odo::baseline;

namespace {

Metrics both(double cpp_us, double cpp_noise, double python_us, double python_noise) {
    Metrics m;
    m.n_runs = 5;
    m.cpp = LanguageMetrics{cpp_us, cpp_noise, 0.5};
    m.python = LanguageMetrics{python_us, python_noise, 0.5};
    return m;
}

} // namespace

TEST_CASE("the gate limits are the reference's, in one place") {
    CHECK(default_benchmark_quality.max_noise_pct == 10.0);
    CHECK(default_benchmark_quality.max_perf_diff_pct == 10.0);
    CHECK(default_benchmark_quality.max_perf_diff_us == 100.0);
    CHECK(limit_tolerance == 1e-9);
    CHECK(default_max_regression_pct == 10.0);
    CHECK_FALSE(exceeds_limit(10.0, 10.0));
    CHECK_FALSE(exceeds_limit(10.0 + 5e-10, 10.0));
    CHECK(exceeds_limit(10.0 + 2e-9, 10.0));
}

TEST_CASE("a clean row passes; values exactly at the limits pass") {
    CHECK(quality_problems(both(100, 1, 104, 1)).empty());
    CHECK(quality_problems(both(100, 10, 110, 11)).empty()); // 10 % noise, +10 % parity
    CHECK(quality_problems(both(1000, 1, 1100, 1)).empty()); // +100 µs parity
}

TEST_CASE("a noisy language fails with its noise and the limit") {
    CHECK(quality_problems(both(100, 12.5, 104, 1)) ==
          std::vector<std::string>{"C++ noise 12.50% exceeds 10.0%"});
    CHECK(quality_problems(both(100, 1, 104, 10.5)) ==
          std::vector<std::string>{"Python noise 10.10% exceeds 10.0%"});
}

TEST_CASE("a vanishing time gives a noise figure of bounded width, not 300 digits") {
    CHECK(quality_problems(both(1e-300, 0.549, 1e-300, 0)) ==
          std::vector<std::string>{"C++ noise 5.49e+301% exceeds 10.0%"});
}

TEST_CASE("parity fails in either direction, relative below 1 ms and absolute above") {
    CHECK(quality_problems(both(100, 1, 112, 1)) ==
          std::vector<std::string>{"parity +12.00% exceeds ±10.0% (Python vs C++)"});
    CHECK(quality_problems(both(100, 1, 85, 1)) ==
          std::vector<std::string>{"parity -15.00% exceeds ±10.0% (Python vs C++)"});
    CHECK(quality_problems(both(2000, 1, 2150, 1)) ==
          std::vector<std::string>{"parity +150.00 us exceeds ±100.0 us (Python vs C++)"});
}

TEST_CASE("quality needs both languages with positive times") {
    Metrics cpp_only = both(100, 1, 100, 1);
    cpp_only.python.reset();
    CHECK(quality_problems(cpp_only) ==
          std::vector<std::string>{
              "baseline quality requires C++/Python parity (no Python metrics)"});
    CHECK(quality_problems(both(0, 0, 5, 0)) ==
          std::vector<std::string>{"C++ time must be > 0 (got 0.00 us)"});
}

TEST_CASE("custom limits are honoured") {
    BenchmarkQuality strict;
    strict.max_noise_pct = 0.5;
    CHECK(quality_problems(both(100, 1, 104, 0.1), strict) ==
          std::vector<std::string>{"C++ noise 1.00% exceeds 0.5%"});
}

TEST_CASE("a SKU map entry's own limits apply to its rows only") {
    const auto map = odo::surface::parse_sku_map(odo::json::parse(R"({"entries": [
          {"gpu_name": "host", "power_cap_w": 0, "locked_sm_clock_mhz": 0, "stem": "HOST_DEV",
           "quality": {"max_noise_pct": 30, "max_parity_pct": 25}},
          {"gpu_name": "G", "power_cap_w": 1, "locked_sm_clock_mhz": 2, "stem": "REF"}]})",
                                                                  "sku"),
                                                 "sku");
    const QualityPolicy policy = quality_policy(map);
    const Metrics noisy = both(100, 20, 120, 1); // 20 % noise, +20 % parity
    CHECK(quality_problems(noisy, policy.for_sku("HOST_DEV")).empty());
    CHECK(quality_problems(noisy, policy.for_sku("REF")).size() == 2);
    CHECK(quality_problems(noisy, policy.for_sku("UNLISTED")).size() == 2);
    CHECK(policy.for_sku("HOST_DEV").max_perf_diff_us == 100.0); // unset: the default
    // A policy made from one set of limits holds every SKU to them.
    const QualityPolicy loose(BenchmarkQuality{50, 50, 500});
    CHECK(quality_problems(noisy, loose.for_sku("REF")).empty());
}
