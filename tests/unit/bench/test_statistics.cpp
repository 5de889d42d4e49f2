#include <odo/bench/statistics.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

using namespace odo::bench;

TEST_CASE("summarize reports mean, median, Bessel-corrected deviation, min and max") {
    const Summary s = summarize({4, 1, 3, 2});
    CHECK(s.count == 4);
    CHECK(s.mean == doctest::Approx(2.5));
    CHECK(s.median == doctest::Approx(2.5));
    CHECK(s.stdev == doctest::Approx(std::sqrt(5.0 / 3.0)));
    CHECK(s.min == 1);
    CHECK(s.max == 4);
    CHECK(s.relative_noise() == doctest::Approx(std::sqrt(5.0 / 3.0) / 2.5));
}

TEST_CASE("the median of an odd count is the middle sample") {
    CHECK(summarize({9, 1, 5}).median == 5);
}

TEST_CASE("too few samples leave the undefined figures NaN") {
    const Summary none = summarize({});
    CHECK(none.count == 0);
    CHECK(std::isnan(none.mean));
    CHECK(std::isnan(none.relative_noise()));
    const Summary one = summarize({2e-6});
    CHECK(one.mean == 2e-6);
    CHECK(std::isnan(one.stdev));
    CHECK(std::isnan(one.relative_noise()));
}

TEST_CASE("a zero mean has no relative noise") {
    CHECK(std::isnan(summarize({0, 0, 0}).relative_noise()));
}

TEST_CASE("the running statistics agree with the two-pass summary") {
    const std::vector<double> samples{1.5e-3, 1.25e-3, 1.75e-3, 1.5e-3, 1.6e-3, 1.4e-3};
    RunningStats running;
    for (double x : samples)
        running.add(x);
    const Summary s = summarize(samples);
    CHECK(running.count() == samples.size());
    CHECK(running.mean() == doctest::Approx(s.mean).epsilon(1e-12));
    CHECK(running.stdev() == doctest::Approx(s.stdev).epsilon(1e-12));
}

TEST_CASE("the deviation of nearly equal large samples keeps its digits") {
    // One part in 1e9 of spread on top of a large value: a one-pass sum of squares loses it.
    const Summary s = summarize({1e3 + 1e-6, 1e3 - 1e-6, 1e3 + 1e-6, 1e3 - 1e-6});
    CHECK(s.stdev == doctest::Approx(std::sqrt(4e-12 / 3)).epsilon(1e-4));
}

TEST_CASE("the robust noise is the scaled median absolute deviation over the median") {
    // deviations from the median 3: 2, 1, 0, 1, 2 -> MAD 1
    const Summary s = summarize({1, 2, 3, 4, 5});
    CHECK(s.mad_stdev == doctest::Approx(mad_to_stdev));
    CHECK(s.robust_relative_noise() == doctest::Approx(mad_to_stdev / 3));
    CHECK(s.relative_noise(NoiseStatistic::RelativeMad) == s.robust_relative_noise());
    CHECK(s.relative_noise(NoiseStatistic::RelativeStdev) == s.relative_noise());
    CHECK(std::isnan(summarize({2}).robust_relative_noise()));
    CHECK(std::isnan(summarize({0, 0, 0}).robust_relative_noise()));
}

TEST_CASE("a preempted sample moves the standard deviation, not the robust noise") {
    std::vector<double> samples(99, 100e-6);
    for (std::size_t i = 0; i < samples.size(); ++i)
        samples[i] += (i % 3) * 1e-6; // 100, 101, 102 µs
    const Summary quiet = summarize(samples);
    samples.push_back(10e-3); // one sample the scheduler held for 10 ms
    const Summary preempted = summarize(samples);
    CHECK(preempted.relative_noise() > 10 * quiet.relative_noise());
    CHECK(preempted.robust_relative_noise() == doctest::Approx(quiet.robust_relative_noise()));
}

TEST_CASE("every noise statistic has a name") {
    CHECK(to_string(NoiseStatistic::RelativeStdev) == "stdev");
    CHECK(to_string(NoiseStatistic::RelativeMad) == "mad");
}
