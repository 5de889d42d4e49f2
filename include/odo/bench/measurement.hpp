#pragma once
#include "odo/bench/clock.hpp"
#include "odo/bench/statistics.hpp"
#include "odo/bench/stopping.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace odo::bench {

// One timed sample: the measured time of the work and a second clock's time beside it, both per
// launch; a batch sample holds `launches`. Which clocks they are is the Measurement's record:
// CUDA events with the host's wall time beside them (nvbench's "GPU Time" and "CPU Time"), or
// on the host backend its clock (thread CPU time by default) with the wall time beside it.
struct Sample {
    double time_s = 0;
    double beside_s = 0;
    std::int64_t launches = 1;
};

// The kept raw samples of one measurement, the clocks they were read from, how their noise is
// stated and why it stopped. Batch samples are stored per launch (the sample's time over its
// launch count), so both kinds summarize the same way.
struct Measurement {
    std::vector<double> times_s;
    std::vector<double> beside_times_s;
    ClockKind clock = ClockKind::Wall;        // of times_s
    ClockKind beside_clock = ClockKind::Wall; // of beside_times_s
    NoiseStatistic noise_statistic = NoiseStatistic::RelativeStdev;
    std::int64_t launches_per_sample = 1;
    StopReason stop = StopReason::Timeout;
    std::string stop_detail; // at a timeout: the conditions still unmet
    double walltime_s = 0;

    Summary time() const { return summarize(times_s); }
    Summary beside_time() const { return summarize(beside_times_s); }
};

namespace detail {

// The wall clock is read only every few samples: for ns-scale host work a read per sample would
// double the loop's cost. A sample longer than this forces a read, so slow work cannot overrun
// the timeout by more than one sample.
inline constexpr std::int64_t timeout_check_every = 64;
inline constexpr double timeout_check_after_s = 1e-3;

} // namespace detail

// Takes samples until the criteria stop, recording why. `take_sample()` returns one Sample;
// `clock.now_ns()` is the wall clock the timeout runs on. The same loop serves every backend
// and, with a fake clock, the tests.
template <class TakeSample, class Clock>
Measurement measure(const StoppingCriteria& criteria, TakeSample&& take_sample, const Clock& clock,
                    StopRule rule = StopRule::Noise) {
    Measurement m;
    NoiseCriterion criterion(criteria, rule);
    const std::int64_t start_ns = clock.now_ns();
    std::int64_t since_check = 0;
    double time_since_check = 0;
    while (true) {
        const Sample sample = take_sample();
        m.times_s.push_back(sample.time_s);
        m.beside_times_s.push_back(sample.beside_s);
        criterion.add(sample.time_s, sample.launches);
        if (const auto reason = criterion.decision()) {
            m.stop = *reason;
            break;
        }
        time_since_check += sample.time_s * static_cast<double>(sample.launches);
        if (++since_check < detail::timeout_check_every &&
            time_since_check < detail::timeout_check_after_s)
            continue;
        since_check = 0;
        time_since_check = 0;
        if (seconds_between(start_ns, clock.now_ns()) > criteria.timeout_s) {
            m.stop = StopReason::Timeout;
            m.stop_detail = criterion.unmet();
            break;
        }
    }
    m.walltime_s = seconds_between(start_ns, clock.now_ns());
    return m;
}

} // namespace odo::bench
