// The stopping rules, driven by scripted sample times on a fake clock: every stop is exact.
#include "fake_clock.hpp"

#include <odo/bench/measurement.hpp>
#include <odo/bench/stopping.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

using namespace odo::bench;
using odo::bench::testing::FakeClock;
using odo::bench::testing::FakeTime;

namespace {

// Measures a launcher whose sample times follow `pattern` (µs), repeating.
Measurement run_pattern(const StoppingCriteria& criteria, std::vector<double> pattern,
                        FakeTime& time) {
    std::size_t i = 0;
    return measure(
        criteria,
        [&] {
            const double us = pattern[i++ % pattern.size()];
            time.advance_us(us);
            return Sample{us * 1e-6, us * 1e-6};
        },
        FakeClock{&time});
}

} // namespace

TEST_CASE("the defaults are nvbench's") {
    const StoppingCriteria c;
    CHECK(c.min_samples == 10);
    CHECK(c.min_time_s == 0.5);
    CHECK(c.max_noise_pct == 0.5);
    CHECK(c.timeout_s == 15.0);
    CHECK(c.problem().empty());
}

TEST_CASE("steady samples stop on the noise target once the minimum time is accumulated") {
    FakeTime time;
    const Measurement m = run_pattern({}, {3000}, time); // 3 ms each
    CHECK(m.stop == StopReason::NoiseTarget);
    CHECK(m.times_s.size() == 167); // the first count whose sum exceeds 0.5 s
    CHECK(m.walltime_s == doctest::Approx(0.501));
    CHECK(m.stop_detail.empty());
}

TEST_CASE("slow samples stop at the minimum sample count") {
    FakeTime time;
    const Measurement m = run_pattern({}, {1e6}, time); // 1 s each: min time met at once
    CHECK(m.stop == StopReason::NoiseTarget);
    CHECK(m.times_s.size() == 10);
}

TEST_CASE("the noise target is a strict bound on the relative deviation") {
    FakeTime time;
    StoppingCriteria c;
    c.min_time_s = 0;
    // Alternating 99/101 µs: relative deviation ≈ 1.05 %, above 1 % but below 1.1 %.
    c.max_noise_pct = 1.0;
    const Measurement above = run_pattern(c, {99, 101}, time);
    CHECK(above.stop != StopReason::NoiseTarget);
    c.max_noise_pct = 1.1;
    const Measurement below = run_pattern(c, {99, 101}, time);
    CHECK(below.stop == StopReason::NoiseTarget);
    CHECK(below.times_s.size() == 10);
}

TEST_CASE("noise that settles above the target stops on the plateau rule") {
    FakeTime time;
    const Measurement m = run_pattern({}, {1000, 2000}, time); // ~33 % noise, never 0.5 %
    CHECK(m.stop == StopReason::Plateau);
    CHECK(m.times_s.size() % 16 == 0);
    const Summary s = m.time();
    CHECK(s.mean * static_cast<double>(s.count) > 0.5);
    CHECK(s.mean * static_cast<double>(s.count) < 0.5 + 16 * 2e-3);
}

TEST_CASE("noise above the target runs to the timeout, which records the unmet conditions") {
    FakeTime time;
    StoppingCriteria c;
    c.timeout_s = 2;
    // Each sample 1 ms longer than the last: 2 s hold too few noise estimates for a plateau.
    std::size_t n = 0;
    const Measurement m = measure(
        c,
        [&] {
            const double us = 1000.0 * static_cast<double>(++n);
            time.advance_us(us);
            return Sample{us * 1e-6, 0};
        },
        FakeClock{&time});
    CHECK(m.stop == StopReason::Timeout);
    CHECK(m.walltime_s > 2);
    CHECK(m.stop_detail.find("noise") != std::string::npos);
    CHECK(m.stop_detail.find("samples <") == std::string::npos);
}

TEST_CASE("a timeout before the minimum samples names the sample count") {
    FakeTime time;
    StoppingCriteria c;
    c.timeout_s = 3;
    const Measurement m = run_pattern(c, {1e6}, time); // 1 s samples, 10 needed
    CHECK(m.stop == StopReason::Timeout);
    CHECK(m.times_s.size() == 4);
    CHECK(m.stop_detail.find("4 samples < 10") != std::string::npos);
}

TEST_CASE("the sample cap bounds ns-scale work") {
    FakeTime time;
    StoppingCriteria c;
    c.max_samples = 1000;
    const Measurement m = run_pattern(c, {0.001, 0.002}, time);
    CHECK(m.stop == StopReason::MaxSamples);
    CHECK(m.times_s.size() == 1000);
}

TEST_CASE("samples without a finite noise figure stop after 64 estimates") {
    FakeTime time;
    const Measurement m = run_pattern({}, {0}, time); // zero times: noise 0/0
    CHECK(m.stop == StopReason::NoiseUndefined);
    CHECK(m.times_s.size() == 4 + 64);
}

TEST_CASE("CPU times are kept beside the measured times") {
    FakeTime time;
    StoppingCriteria c;
    c.min_time_s = 0;
    const Measurement m = measure(
        c,
        [&] {
            time.advance_us(10);
            return Sample{10e-6, 4e-6};
        },
        FakeClock{&time});
    CHECK(m.beside_times_s.size() == m.times_s.size());
    CHECK(m.beside_time().mean == doctest::Approx(4e-6));
}

TEST_CASE("criteria that cannot work are named") {
    StoppingCriteria c;
    c.min_samples = 0;
    CHECK(c.problem() == "min-samples must be at least 1");
    c = {};
    c.timeout_s = 0;
    CHECK(c.problem().find("timeout") == 0);
    c = {};
    c.max_samples = 5;
    CHECK(c.problem().find("max-samples") == 0);
    c = {};
    c.max_noise_pct = -1;
    CHECK(c.problem().find("max-noise") == 0);
    c = {};
    c.min_time_s = std::nan("");
    CHECK(c.problem().find("min-time") == 0);
}

TEST_CASE("every stop reason has a name") {
    CHECK(to_string(StopReason::NoiseTarget) == "noise-target");
    CHECK(to_string(StopReason::Plateau) == "plateau");
    CHECK(to_string(StopReason::NoiseUndefined) == "noise-undefined");
    CHECK(to_string(StopReason::MinTime) == "min-time");
    CHECK(to_string(StopReason::MaxSamples) == "max-samples");
    CHECK(to_string(StopReason::Timeout) == "timeout");
}

TEST_CASE("the time rule stops once min samples and min time are in, whatever the noise") {
    FakeTime time;
    std::size_t i = 0;
    const std::vector<double> pattern{1000, 5000};
    const Measurement m = measure(
        StoppingCriteria{},
        [&] {
            const double us = pattern[i++ % 2];
            time.advance_us(us);
            return Sample{us * 1e-6, 0};
        },
        FakeClock{&time}, StopRule::Time);
    CHECK(m.stop == StopReason::MinTime);
    CHECK(m.times_s.size() == 168); // 0.504 s; 167 samples make 0.499 s
    CHECK(m.time().relative_noise() > 0.6);
}

TEST_CASE("without a noise target, cold samples stop on the time rule") {
    FakeTime time;
    const StoppingCriteria host = host_stopping_criteria();
    CHECK_FALSE(host.max_noise_pct);
    CHECK(host.min_time_s == 0.5);
    CHECK(host.timeout_s == 15.0);
    CHECK(host.problem().empty());
    // Noise of about 70 % that never settles: a noise target would run this to the timeout.
    const Measurement m = run_pattern(host, {1000, 5000}, time);
    CHECK(m.stop == StopReason::MinTime);
    CHECK(m.times_s.size() == 168);
}

TEST_CASE("overrides replace only the fields a command line gives") {
    StoppingOverrides given;
    given.min_time_s = 0.1;
    given.max_noise_pct = 2;
    const StoppingCriteria c = given.over(host_stopping_criteria());
    CHECK(c.min_time_s == 0.1);
    CHECK(c.max_noise_pct == 2);
    CHECK(c.min_samples == 10);
    CHECK(c.timeout_s == 15.0);
    CHECK(StoppingOverrides{}.over(StoppingCriteria{}).max_noise_pct == 0.5);
    CHECK_FALSE(StoppingOverrides{}.over(host_stopping_criteria()).max_noise_pct);
}
