#pragma once
#include "odo/bench/backend.hpp"
#include "odo/bench/blocking_kernel.cuh"
#include "odo/bench/clock.hpp"
#include "odo/bench/cuda_device.cuh"
#include "odo/bench/cuda_timer.cuh"
#include "odo/bench/detail/cuda_check.cuh"
#include "odo/bench/l2_flush.cuh"
#include "odo/bench/runner.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

namespace odo::bench {

struct CudaBackendOptions {
    int device = 0;
    double blocking_timeout_s = 30; // nvbench's deadlock watchdog
};

// Times launchers on a CUDA device the way nvbench does. A cold sample flushes L2, queues the
// start event, the work and the stop event behind the blocking kernel, then releases it: the
// events time the work alone, without launch overhead, and the host clock around the whole
// sample gives the CPU time. A batch sample queues many launches between one event pair (only
// the first two behind the blocking kernel: more could fill the launch queue and deadlock).
class CudaBackend : public Backend {
public:
    explicit CudaBackend(CudaBackendOptions options = {})
        : options_(options), device_(select(options.device)), l2_(options.device),
          blocker_(options.blocking_timeout_s) {
        detail::cuda_check(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking),
                           "cudaStreamCreateWithFlags");
    }
    ~CudaBackend() override { cudaStreamDestroy(stream_); }
    CudaBackend(const CudaBackend&) = delete;
    CudaBackend& operator=(const CudaBackend&) = delete;

    const DeviceInfo& device() const override { return device_; }

    ClockKind clock() const override { return ClockKind::CudaEvents; }

    void warmup(LaunchRef launcher, std::int64_t iterations) override {
        Launch launch(stream_);
        for (std::int64_t i = 0; i < iterations; ++i)
            launcher(launch);
        finish();
    }

    Measurement measure_cold(LaunchRef launcher, const StoppingCriteria& criteria,
                             ExecTag tag) override {
        return labelled(measure(
            criteria, [&] { return cold_sample(launcher, tag); }, SteadyClock{}));
    }

    Measurement measure_batch(LaunchRef launcher, const StoppingCriteria& criteria,
                              double launch_estimate_s) override {
        const std::int64_t launches = batch_launches(launch_estimate_s);
        Measurement m = measure(
            criteria, [&] { return batch_sample(launcher, launches); }, SteadyClock{},
            StopRule::Time);
        m.launches_per_sample = launches;
        return labelled(std::move(m));
    }

private:
    // Events time the work; the host's wall time of the whole sample is beside it.
    static Measurement labelled(Measurement m) {
        m.clock = ClockKind::CudaEvents;
        m.beside_clock = ClockKind::Wall;
        m.noise_statistic = NoiseStatistic::RelativeStdev;
        return m;
    }

    static DeviceInfo select(int device) {
        if (const std::string reason = cuda_unavailable_reason(); !reason.empty())
            throw std::runtime_error("CUDA backend: " + reason);
        detail::cuda_check(cudaSetDevice(device), "cudaSetDevice");
        return describe_cuda_device(device);
    }

    Sample cold_sample(LaunchRef launcher, ExecTag tag) {
        Launch launch(stream_);
        const bool hide_launch = tag != ExecTag::Sync;
        l2_.flush(stream_);
        detail::cuda_check(cudaStreamSynchronize(stream_), "cudaStreamSynchronize");
        const std::int64_t cpu_start = clock_.now_ns();
        if (hide_launch)
            blocker_.block(stream_);
        timer_.start(stream_);
        launcher(launch);
        timer_.stop(stream_);
        if (hide_launch)
            blocker_.release();
        finish();
        const std::int64_t cpu_stop = clock_.now_ns();
        return {timer_.seconds(), seconds_between(cpu_start, cpu_stop)};
    }

    Sample batch_sample(LaunchRef launcher, std::int64_t launches) {
        Launch launch(stream_);
        const std::int64_t cpu_start = clock_.now_ns();
        blocker_.block(stream_);
        timer_.start(stream_);
        std::int64_t i = 0;
        for (; i < std::min<std::int64_t>(launches, 2); ++i)
            launcher(launch);
        blocker_.release();
        for (; i < launches; ++i)
            launcher(launch);
        timer_.stop(stream_);
        finish();
        const std::int64_t cpu_stop = clock_.now_ns();
        const auto n = static_cast<double>(launches);
        return {timer_.seconds() / n, seconds_between(cpu_start, cpu_stop) / n, launches};
    }

    // Waits for the stream; a launch error or a blocking kernel that gave up ends the case.
    void finish() {
        detail::cuda_check(cudaStreamSynchronize(stream_), "cudaStreamSynchronize");
        detail::cuda_check(cudaGetLastError(), "kernel launch");
        if (blocker_.timed_out())
            throw std::runtime_error(
                "the blocking kernel waited " + std::to_string(options_.blocking_timeout_s) +
                " s: the launcher synchronized (or waited on other work) while its stream was "
                "held; declare it with exec(odo::bench::ExecTag::Sync, ...)");
    }

    CudaBackendOptions options_;
    DeviceInfo device_;
    L2Flush l2_;
    BlockingKernel blocker_;
    CudaTimer timer_;
    SteadyClock clock_;
    cudaStream_t stream_ = nullptr;
};

// The runner's factory for a CUDA backend:
//   odo::bench::Runner runner(argc, argv, ODO_BENCH_CONFIG, odo::bench::cuda_backend());
inline BackendFactory cuda_backend(CudaBackendOptions options = {}) {
    return [options] { return std::make_unique<CudaBackend>(options); };
}

} // namespace odo::bench
