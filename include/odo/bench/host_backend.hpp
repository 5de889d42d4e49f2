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
// There is no cache to flush, so a cold sample is one timed launch. Samples are timed by the
// thread's CPU time unless another clock is selected (`--clock`): other processes on a busy
// machine take the CPU away from the thread but do not add to its CPU time, as they add to its
// wall time. A body that hands work to other threads needs the process's CPU time, and one that
// waits (for a GPU, a file, a sleep) the wall time. The wall time is recorded beside a CPU clock,
// the thread's CPU time beside the wall clock; the timeout always runs on the wall clock. The
// clocks are template parameters, which is how the tests substitute fake ones.
template <class WallClock = SteadyClock, class ThreadClock = ThreadCpuClock,
          class ProcessClock = ProcessCpuClock>
class BasicHostBackend : public Backend {
public:
    explicit BasicHostBackend(WallClock wall = {}, ThreadClock thread = {},
                              ProcessClock process = {})
        : wall_(std::move(wall)), thread_(std::move(thread)), process_(std::move(process)) {
        device_.backend = "host";
        device_.name = detail::host_name();
    }

    const DeviceInfo& device() const override { return device_; }

    ClockKind clock() const override { return clock_; }

    bool select_clock(ClockKind clock) override {
        if (clock == ClockKind::CudaEvents)
            return false;
        clock_ = clock;
        return true;
    }

    StoppingCriteria default_criteria() const override { return host_stopping_criteria(); }

    void warmup(LaunchRef launcher, std::int64_t iterations) override {
        Launch launch;
        for (std::int64_t i = 0; i < iterations; ++i)
            launcher(launch);
    }

    Measurement measure_cold(LaunchRef launcher, const StoppingCriteria& criteria,
                             ExecTag) override {
        return labelled(measure(
            criteria, [&] { return timed(launcher, 1); }, wall_));
    }

    Measurement measure_batch(LaunchRef launcher, const StoppingCriteria& criteria,
                              double launch_estimate_s) override {
        const std::int64_t launches = batch_launches(launch_estimate_s);
        Measurement m = measure(
            criteria, [&] { return timed(launcher, launches); }, wall_, StopRule::Time);
        m.launches_per_sample = launches;
        return labelled(std::move(m));
    }

private:
    ClockKind beside_clock() const noexcept {
        return clock_ == ClockKind::Wall ? ClockKind::ThreadCpu : ClockKind::Wall;
    }

    std::int64_t now_ns(ClockKind clock) const noexcept {
        switch (clock) {
        case ClockKind::ThreadCpu:
            return thread_.now_ns();
        case ClockKind::ProcessCpu:
            return process_.now_ns();
        default:
            return wall_.now_ns();
        }
    }

    // The measured clock's pair is read inside the other's: a CPU clock read is a system call,
    // which must not land in the measured time.
    Sample timed(LaunchRef launcher, std::int64_t launches) {
        const ClockKind beside = beside_clock();
        Launch launch;
        const std::int64_t beside_start = now_ns(beside);
        const std::int64_t start = now_ns(clock_);
        for (std::int64_t i = 0; i < launches; ++i)
            launcher(launch);
        const std::int64_t stop = now_ns(clock_);
        const std::int64_t beside_stop = now_ns(beside);
        const auto n = static_cast<double>(launches);
        return {seconds_between(start, stop) / n, seconds_between(beside_start, beside_stop) / n,
                launches};
    }

    // Scheduler outliers land in a host's samples whatever the clock; their noise is stated
    // robustly (NoiseStatistic).
    Measurement labelled(Measurement m) const {
        m.clock = clock_;
        m.beside_clock = beside_clock();
        m.noise_statistic = NoiseStatistic::RelativeMad;
        return m;
    }

    WallClock wall_;
    ThreadClock thread_;
    ProcessClock process_;
    ClockKind clock_ = ClockKind::ThreadCpu;
    DeviceInfo device_;
};

using HostBackend = BasicHostBackend<>;

} // namespace odo::bench
