
#include "text_helpers.hpp"

#include <odo/gates/evidence_checks_regression.hpp>
#include <odo/surface/bench_config.hpp>

#include <doctest/doctest.h>

using namespace odo::gates;
using odo::Finding;
using odo::Status;

namespace {
using odo::testing::guide;

odo::surface::BenchConfig config(double time_us, double noise_us, int runs) {
    const std::string row = "{\"n_runs\": " + std::to_string(runs) +
                            ", \"gpu_time_us_cpp\": " + std::to_string(time_us) +
                            ", \"gpu_time_us_python\": " + std::to_string(time_us + 5) +
                            ", \"gpu_noise_us_cpp\": " + std::to_string(noise_us) +
                            ", \"gpu_noise_us_python\": " + std::to_string(noise_us) +
                            ", \"gpu_bwutil_cpp\": 0.5, \"gpu_bwutil_python\": 0.5}";
    const std::string text =
        R"({"benchmark": "invert", "configs": {"invert_basic": {"tier": "basic", "dtypes": ["uint8"],)"
        R"( "string_axes": {"layout": ["NHWC"]}, "baselines": {"invert_basic[InOutDataType=uint8][layout=NHWC]":)"
        R"( {"H100": )" +
        row + "}}}}}";
    return odo::surface::load_bench_config(odo::json::parse(text, "invert.json"), "invert.json");
}

RegressionGateFacts facts(const odo::surface::BenchConfig& now,
                          const odo::surface::BenchConfig& before) {
    RegressionGateFacts f;
    f.compared_to = "abc123";
    f.validation = odo::baseline::ValidationSummary{};
    f.regression = odo::baseline::compare_revisions({{"invert.json", &now, before}}, "abc123");
    return f;
}

using odo::testing::contains;
} // namespace

TEST_CASE("ODO-7 passes unchanged committed baselines") {
    const auto now = config(100.0, 0.5, 5);
    const Finding f = check_odo7_baseline_regression(facts(now, config(100.0, 0.5, 5)), guide);
    CHECK(f.id == "ODO-7");
    CHECK(f.status == Status::Pass);
    CHECK(f.summary == "Comparable committed baselines do not regress vs abc123");
    CHECK(f.guideline == guide + "#golden-rules");
    CHECK(contains(f.evidence, "odo_baseline validate --reject-regressions-from abc123; compared"));
    CHECK(f.evidence.find('\n') == std::string::npos); // stays inside its Markdown bullet
}

TEST_CASE("ODO-7 is a GAP for a 12% slower row") {
    const auto now = config(112.0, 0.5, 5);
    const Finding f = check_odo7_baseline_regression(facts(now, config(100.0, 0.5, 5)), guide);
    CHECK(f.status == Status::Gap);
    CHECK(contains(f.evidence, "abc123; exit=1; "));
    CHECK(contains(f.evidence, "same-key baseline regressed +12.00%"));
    CHECK(f.evidence.find('\n') == std::string::npos);
    CHECK(contains(f.fix, "revert the regressed baseline"));
}

TEST_CASE("ODO-7 cannot tell a 9% slowdown inside a wide noise band: MANUAL with the decision") {
    const auto now = config(109.0, 20.0, 5);
    const Finding f = check_odo7_baseline_regression(facts(now, config(100.0, 20.0, 5)), guide);
    CHECK(f.status == Status::Manual);
    CHECK(contains(f.evidence, "cannot tell"));
    CHECK(contains(f.evidence, "; decide:"));
    CHECK(f.evidence.find('\n') == std::string::npos);
}

TEST_CASE("ODO-7 is a GAP when validation fails or the gate cannot run") {
    const auto now = config(100.0, 0.5, 5);
    RegressionGateFacts f = facts(now, config(100.0, 0.5, 5));
    f.validation->issues.push_back({"invert.json", "invert_basic", "gpu_noise_us_cpp exceeds 10%"});
    Finding finding = check_odo7_baseline_regression(f, guide);
    CHECK(finding.status == Status::Gap);
    CHECK(contains(finding.evidence, "invert.json: invert_basic: gpu_noise_us_cpp exceeds 10%"));

    RegressionGateFacts broken;
    broken.compared_to = "abc123";
    broken.problem = "abc123:bench/config/operators/invert.json: invalid JSON";
    finding = check_odo7_baseline_regression(broken, guide);
    CHECK(finding.status == Status::Gap);
    CHECK(finding.summary == "Committed-baseline regression gate could not run");
    CHECK(finding.guideline == guide);
}
