#pragma once
#include "odo/bench/backend.hpp"
#include "odo/bench/clock.hpp"

#include <unistd.h>

#include <cstdint>
#include <string>
#include <utility>

namespace odo::bench {

namespace detail {

inline std::string host_name() {
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) != 0 || name[0] == '\0')
        return "localhost";
    return name;
}

} // namespace detail

// Times the launcher on the host: CPU work, or GPU work that the launcher synchronizes itself.
// There is no cache to flush, so a cold sample is one timed launch. `Clock` times the work and
// the timeout; `CpuClock` gives the CPU time beside it. Tests substitute fake clocks.
template <class Clock = SteadyClock, class CpuClock = ThreadCpuClock>
class BasicHostBackend : public Backend {
public:
    explicit BasicHostBackend(Clock clock = {}, CpuClock cpu_clock = {})
        : clock_(std::move(clock)), cpu_clock_(std::move(cpu_clock)) {
        device_.backend = "host";
        device_.name = detail::host_name();
    }

    const DeviceInfo& device() const override { return device_; }

    void warmup(LaunchRef launcher, std::int64_t iterations) override {
        Launch launch;
        for (std::int64_t i = 0; i < iterations; ++i)
            launcher(launch);
    }

    Measurement measure_cold(LaunchRef launcher, const StoppingCriteria& criteria,
                             ExecTag) override {
        return measure(
            criteria, [&] { return timed(launcher, 1); }, clock_);
    }

    Measurement measure_batch(LaunchRef launcher, const StoppingCriteria& criteria,
                              double launch_estimate_s) override {
        const std::int64_t launches = batch_launches(launch_estimate_s);
        Measurement m = measure(
            criteria, [&] { return timed(launcher, launches); }, clock_, StopRule::Time);
        m.launches_per_sample = launches;
        return m;
    }

private:
    // The CPU clock is read outside the wall-clock pair: it costs a system call, which must
    // not land in the measured time.
    Sample timed(LaunchRef launcher, std::int64_t launches) {
        Launch launch;
        const std::int64_t cpu_start = cpu_clock_.now_ns();
        const std::int64_t start = clock_.now_ns();
        for (std::int64_t i = 0; i < launches; ++i)
            launcher(launch);
        const std::int64_t stop = clock_.now_ns();
        const std::int64_t cpu_stop = cpu_clock_.now_ns();
        const auto n = static_cast<double>(launches);
        return {seconds_between(start, stop) / n, seconds_between(cpu_start, cpu_stop) / n,
                launches};
    }

    Clock clock_;
    CpuClock cpu_clock_;
    DeviceInfo device_;
};

using HostBackend = BasicHostBackend<>;

} // namespace odo::bench
