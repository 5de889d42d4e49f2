// CUPTI allocation tracking on a device: the peak of live device bytes since the tracker opened,
// the allocation and free calls inside a timed region, and the memory footprint section built
// from two such measurements. Skips, saying why, where there is no device.
#include "device_skip.hpp"

#include <odo/profile/allocation_tracker.cuh>

#include <cuda_runtime.h>
#include <doctest/doctest.h>

#include <string>

using odo::profile::AllocationTracker;

namespace {

std::string no_device_reason() {
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess) {
        cudaGetLastError();
        return std::string("no CUDA device: ") + cudaGetErrorString(status);
    }
    return count == 0 ? "no CUDA device: cudaGetDeviceCount reports 0 devices" : "";
}

bool skip_without_device() {
    return odo::testing::skip_for(no_device_reason());
}

__global__ void fill(int* data, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        data[i] = i;
}

// A workload: a 1 MiB buffer set up outside the timed region, and `scratch` bytes allocated and
// freed inside it when the "changed" implementation needs scratch space.
odo::profile::FootprintMeasurement run_workload(std::size_t scratch) {
    AllocationTracker tracker;
    REQUIRE_MESSAGE(tracker.problem().empty(), tracker.problem());
    int* data = nullptr;
    REQUIRE(cudaMalloc(&data, 1 << 20) == cudaSuccess);
    {
        const AllocationTracker::TimedRegion timed(tracker);
        void* extra = nullptr;
        if (scratch) {
            REQUIRE(cudaMalloc(&extra, scratch) == cudaSuccess);
            REQUIRE(cudaFree(extra) == cudaSuccess);
        }
        fill<<<1024, 256>>>(data, (1 << 20) / int(sizeof(int)));
        REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    }
    REQUIRE(cudaFree(data) == cudaSuccess);
    return tracker.measurement("fill[n=262144]");
}

} // namespace

TEST_CASE("peak live bytes and timed calls, from the runtime API") {
    if (skip_without_device())
        return;
    REQUIRE(cudaFree(nullptr) == cudaSuccess); // create the context outside the measurement
    const auto before = run_workload(0);
    CHECK(before.peak_live_bytes == 1 << 20);
    CHECK(before.timed_allocations == 0);
    CHECK(before.timed_frees == 0);
    const auto after = run_workload(4096);
    CHECK(after.peak_live_bytes == (1 << 20) + 4096);
    CHECK(after.timed_allocations == 1);
    CHECK(after.timed_frees == 1);
    const auto change = odo::profile::compare_footprints({before}, {after});
    CHECK(change.increase_bytes == 4096);
    CHECK(change.new_allocations);
    CHECK(odo::profile::memory_footprint_section(change).find(
              "Peak attributable increase: 4096 B\nNew runtime CUDA allocations/frees: yes\n") !=
          std::string::npos);
}

TEST_CASE("stream-ordered and pitched allocations are counted once each") {
    if (skip_without_device())
        return;
    AllocationTracker tracker;
    REQUIRE_MESSAGE(tracker.problem().empty(), tracker.problem());
    cudaStream_t stream = nullptr;
    REQUIRE(cudaStreamCreate(&stream) == cudaSuccess);
    void* async = nullptr;
    void* pitched = nullptr;
    std::size_t pitch = 0;
    {
        const AllocationTracker::TimedRegion timed(tracker);
        REQUIRE(cudaMallocAsync(&async, 8192, stream) == cudaSuccess);
        REQUIRE(cudaMallocPitch(&pitched, &pitch, 1000, 16) == cudaSuccess);
        REQUIRE(cudaFreeAsync(async, stream) == cudaSuccess);
        REQUIRE(cudaStreamSynchronize(stream) == cudaSuccess);
    }
    REQUIRE(cudaFree(pitched) == cudaSuccess);
    REQUIRE(cudaStreamDestroy(stream) == cudaSuccess);
    const auto m = tracker.measurement("mixed[a=1]");
    CHECK(m.timed_allocations == 2);
    CHECK(m.timed_frees == 1);
    CHECK(m.peak_live_bytes == 8192 + pitch * 16);
}

TEST_CASE("a second tracker either reports CUPTI's refusal or measures on its own") {
    if (skip_without_device())
        return;
    AllocationTracker first;
    REQUIRE(first.problem().empty());
    AllocationTracker second;
    if (!second.problem().empty()) {
        CHECK(second.problem().find("CUPTI cannot subscribe") != std::string::npos);
        return;
    }
    void* data = nullptr;
    REQUIRE(cudaMalloc(&data, 256) == cudaSuccess);
    REQUIRE(cudaFree(data) == cudaSuccess);
    CHECK(first.measurement("w[a=1]").peak_live_bytes == 256);
    CHECK(second.measurement("w[a=1]").peak_live_bytes == 256);
}
