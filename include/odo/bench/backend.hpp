#pragma once
#include "odo/bench/clock.hpp"
#include "odo/bench/device.hpp"
#include "odo/bench/launch.hpp"
#include "odo/bench/measurement.hpp"
#include "odo/bench/stopping.hpp"

#include <cstdint>

namespace odo::bench {

// Where and how samples are taken: the host clock, or CUDA events on a device. State and
// printers never see which; the runner owns one backend for the whole run.
class Backend {
public:
    virtual ~Backend() = default;

    virtual const DeviceInfo& device() const = 0;

    // The clock the samples' times are read from.
    virtual ClockKind clock() const = 0;

    // Times the samples by `clock` instead; false when this backend cannot (`--clock`).
    virtual bool select_clock(ClockKind clock) { return clock == this->clock(); }

    // The stopping criteria a run uses where its command line gives none: nvbench's.
    virtual StoppingCriteria default_criteria() const { return {}; }

    // Runs the launcher `iterations` times untimed and waits for the work to finish.
    virtual void warmup(LaunchRef launcher, std::int64_t iterations) = 0;

    // One launch per sample, from a cold cache where the backend can flush it.
    virtual Measurement measure_cold(LaunchRef launcher, const StoppingCriteria& criteria,
                                     ExecTag tag) = 0;

    // Back-to-back launches per sample, sized from `launch_estimate_s` so each sample is long
    // against the timer's resolution; times are stored per launch. Stops on the time rule.
    virtual Measurement measure_batch(LaunchRef launcher, const StoppingCriteria& criteria,
                                      double launch_estimate_s) = 0;
};

namespace detail {

// A batch sample should last this long; shorter ones would measure the timer. nvbench's floor
// of four launches keeps slow work batched at all.
inline constexpr double batch_sample_target_s = 0.01;
inline constexpr std::int64_t min_batch_launches = 4;
inline constexpr std::int64_t max_batch_launches = 1'000'000'000;

} // namespace detail

// Launches per batch sample for work that takes `launch_estimate_s` per launch.
inline std::int64_t batch_launches(double launch_estimate_s) noexcept {
    if (!(launch_estimate_s > 0))
        return detail::min_batch_launches;
    const double wanted = detail::batch_sample_target_s / launch_estimate_s;
    if (wanted >= static_cast<double>(detail::max_batch_launches))
        return detail::max_batch_launches;
    const auto launches = static_cast<std::int64_t>(wanted) + 1;
    return launches < detail::min_batch_launches ? detail::min_batch_launches : launches;
}

} // namespace odo::bench
