// The CUDA backend on a real device: cold and batch samples of a copy kernel, BWUtil against
// the device's peak, launchers that synchronize, the deadlock watchdog, and the runner end to
// end. Every case skips, saying why, where there is no CUDA device.
#include "device_skip.hpp"

#include <odo/bench/cuda_backend.cuh>
#include <odo/bench/cuda_dtypes.cuh>
#include <odo/bench/result.hpp>
#include <odo/bench/runner.hpp>

#include <cuda_runtime.h>
#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

using namespace odo::bench;

namespace {

bool skip_without_device() {
    return odo::testing::skip_for(cuda_unavailable_reason());
}

template <class T = void>
__global__ void copy_kernel(const float4* in, float4* out, std::size_t n) {
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
         i += std::size_t(gridDim.x) * blockDim.x)
        out[i] = in[i];
}

// Two device buffers of `bytes` each.
class Buffers {
public:
    explicit Buffers(std::size_t bytes) : bytes_(bytes) {
        REQUIRE(cudaMalloc(&in_, bytes) == cudaSuccess);
        REQUIRE(cudaMalloc(&out_, bytes) == cudaSuccess);
        REQUIRE(cudaMemset(in_, 1, bytes) == cudaSuccess);
    }
    ~Buffers() {
        cudaFree(in_);
        cudaFree(out_);
    }
    void copy_kernel(cudaStream_t stream) const {
        const std::size_t n = bytes_ / sizeof(float4);
        ::copy_kernel<<<1024, 256, 0, stream>>>(static_cast<const float4*>(in_),
                                                static_cast<float4*>(out_), n);
    }
    void memcpy(cudaStream_t stream) const {
        cudaMemcpyAsync(out_, in_, bytes_, cudaMemcpyDeviceToDevice, stream);
    }

private:
    std::size_t bytes_;
    void* in_ = nullptr;
    void* out_ = nullptr;
};

StoppingCriteria quick() {
    StoppingCriteria c;
    c.min_time_s = 0.05;
    c.max_noise_pct = 2;
    c.timeout_s = 5;
    return c;
}

} // namespace

TEST_CASE("the device description has a name, a CUDA major and a peak bandwidth with its source") {
    if (skip_without_device())
        return;
    CudaBackend backend;
    const DeviceInfo& d = backend.device();
    MESSAGE(d.name << ": peak " << d.peak_bandwidth_bytes_per_s.value_or(0) / 1e9 << " GB/s from "
                   << d.peak_bandwidth_source);
    CHECK(d.is_gpu());
    CHECK_FALSE(d.name.empty());
    CHECK(d.cuda_major >= 12);
    REQUIRE(d.peak_bandwidth_bytes_per_s);
    CHECK(*d.peak_bandwidth_bytes_per_s > 1e11);
    CHECK(d.peak_bandwidth_source.find("MemoryClockRate") != std::string::npos);
}

TEST_CASE("cold samples time the copy kernel alone; CPU time is recorded beside") {
    if (skip_without_device())
        return;
    CudaBackend backend;
    Buffers buffers(64 << 20);
    const Measurement m = backend.measure_cold(
        [&](Launch& l) { buffers.copy_kernel(l.get_stream()); }, quick(), ExecTag::Default);
    const Summary gpu = m.time();
    const Summary cpu = m.beside_time(); // the host wall time of each sample
    MESSAGE("cold copy of 64 MiB: " << gpu.mean * 1e6 << " us, noise " << gpu.relative_noise() * 100
                                    << " %, " << gpu.count << " samples, stop "
                                    << to_string(m.stop));
    CHECK(gpu.count >= 10);
    CHECK(gpu.min > 0);
    CHECK(cpu.mean >= gpu.mean); // the host waits for the whole sample
    CHECK(m.clock == ClockKind::CudaEvents);
    CHECK(m.beside_clock == ClockKind::Wall);
    CHECK(m.stop != StopReason::NoiseUndefined);
}

TEST_CASE("batch samples amortize launches and are no slower than cold ones") {
    if (skip_without_device())
        return;
    CudaBackend backend;
    Buffers buffers(1 << 20); // fits in L2: the cold flush makes the difference
    auto launch = [&](Launch& l) { buffers.copy_kernel(l.get_stream()); };
    const double cold = backend.measure_cold(launch, quick(), ExecTag::Default).time().median;
    const Measurement batch = backend.measure_batch(launch, quick(), cold);
    MESSAGE("1 MiB copy: cold " << cold * 1e6 << " us, batch " << batch.time().median * 1e6
                                << " us x " << batch.launches_per_sample);
    CHECK(batch.launches_per_sample >= 4);
    CHECK(batch.time().median <= cold * 1.1);
}

TEST_CASE("a device-to-device copy approaches the peak bandwidth") {
    if (skip_without_device())
        return;
    CudaBackend backend;
    const std::size_t bytes = std::size_t(1) << 30;
    Buffers buffers(bytes);
    const Measurement m = backend.measure_cold([&](Launch& l) { buffers.memcpy(l.get_stream()); },
                                               quick(), ExecTag::Default);
    const Traffic traffic{static_cast<std::int64_t>(bytes), static_cast<std::int64_t>(bytes), 0};
    const Throughput t =
        throughput(traffic, m.time().mean, backend.device().peak_bandwidth_bytes_per_s);
    REQUIRE(t.bwutil);
    MESSAGE("D2D copy of 1 GiB: " << *t.bytes_per_second / 1e9 << " GB/s, BWUtil " << *t.bwutil);
    CHECK(*t.bwutil > 0.5);
    CHECK(*t.bwutil < 1.05);
}

TEST_CASE("a launcher that synchronizes runs under ExecTag::Sync") {
    if (skip_without_device())
        return;
    CudaBackend backend;
    Buffers buffers(1 << 20);
    const Measurement m = backend.measure_cold(
        [&](Launch& l) {
            buffers.copy_kernel(l.get_stream());
            cudaStreamSynchronize(l.get_stream());
        },
        quick(), ExecTag::Sync);
    CHECK(m.time().min > 0);
}

TEST_CASE("the watchdog turns a synchronizing launcher without ExecTag::Sync into an error") {
    if (skip_without_device())
        return;
    CudaBackend backend({0, 1.0});
    Buffers buffers(1 << 20);
    CHECK_THROWS_WITH(backend.measure_cold(
                          [&](Launch& l) {
                              buffers.copy_kernel(l.get_stream());
                              cudaStreamSynchronize(l.get_stream());
                          },
                          quick(), ExecTag::Default),
                      doctest::Contains("ExecTag::Sync"));
}

TEST_CASE("the runner measures a typed CUDA benchmark end to end") {
    if (skip_without_device())
        return;
    const auto dir = std::filesystem::temp_directory_path() / "odo-gpu-bench";
    std::filesystem::create_directories(dir / "operators");
    const auto config = dir / "operators" / "copy.json";
    std::ofstream(config) << R"({"benchmark": "copy", "configs": {"copy_basic": {"tier": "basic",
        "dtypes": ["float4", "uchar4"], "int64_axes": {"mib": [16]}, "warmup_iterations": 3}}})";
    Runner runner({"--min-time", "0.05", "--max-noise", "2"}, config, cuda_backend());
    runner.add("copy", type_list<float4, uchar4>{}, [](State& s, auto tag) {
        using T = typename decltype(tag)::type;
        const std::size_t bytes = std::size_t(s.get_int64("mib")) << 20;
        Buffers buffers(bytes);
        s.add_global_memory_reads<T>(std::int64_t(bytes / sizeof(T)));
        s.add_global_memory_writes<T>(std::int64_t(bytes / sizeof(T)));
        s.exec([&](Launch& l) { buffers.copy_kernel(l.get_stream()); });
    });
    std::ostringstream out, err;
    CHECK(runner.run(out, err) == 0);
    MESSAGE(out.str());
    REQUIRE(runner.results().size() == 2);
    for (const CaseResult& r : runner.results()) {
        CHECK(r.measured());
        REQUIRE(r.throughput.bwutil);
        CHECK(*r.throughput.bwutil > 0);
    }
    std::filesystem::remove_all(dir);
}
