// The three-way verdict with "cannot tell" (docs/baselines.md "Verdicts").
#include <odo/baseline/verdict.hpp>

#include <doctest/doctest.h>

#include <cmath>

using namespace odo::baseline;
using odo::Status;

namespace {

const ChangeThresholds regression_gate{10.0, std::nullopt};
const ChangeThresholds two_sided{10.0, 10.0};

ChangeVerdict judge(double base_us, double current_us, double noise_us,
                    const ChangeThresholds& t = two_sided, std::int64_t n = 5) {
    return verdict(change_band({base_us, noise_us, n}, {current_us, noise_us, n}), t);
}

} // namespace

TEST_CASE("the band is the log ratio ± 3 combined relative standard errors, mapped back") {
    const ChangeBand band = change_band({100, 2.0, 4}, {105, 2.0, 4});
    CHECK(band.delta_pct == doctest::Approx(5.0));
    // each standard error 2/√4 = 1 µs: 1 % of the base, 1/105 of the current time
    const double half_width = 3 * std::hypot(1.0 / 100, 1.0 / 105);
    CHECK(band.low_pct == doctest::Approx(std::expm1(std::log(1.05) - half_width) * 100));
    CHECK(band.high_pct == doctest::Approx(std::expm1(std::log(1.05) + half_width) * 100));
    // to first order, the change ± 3·√2 µs of 100 µs
    CHECK(band.high_pct - band.delta_pct == doctest::Approx(3 * std::sqrt(2.0)).epsilon(0.05));
    CHECK(band.delta_pct - band.low_pct == doctest::Approx(3 * std::sqrt(2.0)).epsilon(0.05));
    CHECK(band.thin_evidence.empty());
}

TEST_CASE("however noisy the timings, the band never reaches below -100 %") {
    // A third of the time as noise: the plain difference's band, +15 % ± 3·√(20²/2 + 20²)/60,
    // would run from -107 % to +137 %, though a time cannot fall below zero.
    const ChangeBand band = change_band({60, 20.0, 2}, {69, 20.0, 1});
    CHECK(band.delta_pct == doctest::Approx(15.0));
    CHECK(band.low_pct > -100);
    CHECK(band.low_pct < band.delta_pct);
    CHECK(band.high_pct > band.delta_pct);
    CHECK(verdict(band, regression_gate) == ChangeVerdict::CannotTell);
    CHECK(change_band({60, 1.0, 2}, {0, 1.0, 1}).thin_evidence == "no positive current time");
}

TEST_CASE("slower, faster and same need the whole band on one side of the thresholds") {
    CHECK(judge(100, 130, 1) == ChangeVerdict::Slower);
    CHECK(judge(100, 70, 1) == ChangeVerdict::Faster);
    CHECK(judge(100, 103, 1) == ChangeVerdict::Same);
    CHECK(judge(100, 97, 1) == ChangeVerdict::Same);
}

TEST_CASE("a band that crosses a threshold that matters cannot tell") {
    CHECK(judge(100, 109, 2) == ChangeVerdict::CannotTell); // 9 % ± 3.8 %
    CHECK(judge(100, 111, 2) == ChangeVerdict::CannotTell); // 11 % ± 3.8 %
    CHECK(judge(100, 91, 2) == ChangeVerdict::CannotTell);
    // The regression gate ignores improvements: reaching -10 % is not a question there.
    CHECK(judge(100, 91, 2, regression_gate) == ChangeVerdict::Same);
    CHECK(judge(100, 70, 1, regression_gate) == ChangeVerdict::Faster);
    CHECK(judge(100, 109, 2, regression_gate) == ChangeVerdict::CannotTell);
}

TEST_CASE("thin evidence cannot tell, however large the change") {
    CHECK(judge(100, 200, 1, two_sided, 1) == ChangeVerdict::CannotTell);
    CHECK(change_band({100, 1.0, 1}, {200, 1.0, 5}).thin_evidence ==
          "the baseline rests on a single run");
    // A single fresh run against a multi-run baseline is the normal comparison.
    CHECK(verdict(change_band({100, 1.0, 5}, {200, 1.0, 1}), two_sided) == ChangeVerdict::Slower);
    CHECK(change_band({100, std::nullopt, 5}, {101, 1.0, 5}).thin_evidence ==
          "no noise figure for the baseline");
    CHECK(change_band({100, 1.0, 5}, {101, NAN, 5}).thin_evidence ==
          "no noise figure for the current timing");
}

TEST_CASE("a stored zero noise means below the 0.01 µs rounding, not exactly zero") {
    const ChangeBand band = change_band({1, 0.0, 1 * 4}, {1.05, 0.0, 4});
    const double half_width = 3 * std::hypot(0.0025, 0.0025 / 1.05);
    CHECK(band.high_pct == doctest::Approx(std::expm1(std::log(1.05) + half_width) * 100));
}

TEST_CASE("verdicts map to statuses; cannot tell is MANUAL, never PASS") {
    CHECK(gate_status(ChangeVerdict::Slower, false) == Status::Gap);
    CHECK(gate_status(ChangeVerdict::Faster, false) == Status::Pass);
    CHECK(gate_status(ChangeVerdict::Faster, true) == Status::Gap);
    CHECK(gate_status(ChangeVerdict::Same, true) == Status::Pass);
    CHECK(gate_status(ChangeVerdict::CannotTell, false) == Status::Manual);
    CHECK(gate_status(ChangeVerdict::CannotTell, true) == Status::Manual);
    CHECK(to_string(ChangeVerdict::CannotTell) == "cannot tell");
}
