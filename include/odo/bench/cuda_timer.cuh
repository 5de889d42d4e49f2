#pragma once
#include "odo/bench/detail/cuda_check.cuh"

#include <cuda_runtime.h>

namespace odo::bench {

// GPU time between two points of a stream, from a pair of CUDA events (resolution about 0.5 µs).
class CudaTimer {
public:
    CudaTimer() {
        detail::cuda_check(cudaEventCreate(&start_), "cudaEventCreate");
        detail::cuda_check(cudaEventCreate(&stop_), "cudaEventCreate");
    }
    ~CudaTimer() {
        cudaEventDestroy(start_);
        cudaEventDestroy(stop_);
    }
    CudaTimer(const CudaTimer&) = delete;
    CudaTimer& operator=(const CudaTimer&) = delete;

    void start(cudaStream_t stream) {
        detail::cuda_check(cudaEventRecord(start_, stream), "cudaEventRecord");
    }
    void stop(cudaStream_t stream) {
        detail::cuda_check(cudaEventRecord(stop_, stream), "cudaEventRecord");
    }

    // Waits for the stop event; the elapsed time in seconds.
    double seconds() {
        detail::cuda_check(cudaEventSynchronize(stop_), "cudaEventSynchronize");
        float ms = 0;
        detail::cuda_check(cudaEventElapsedTime(&ms, start_, stop_), "cudaEventElapsedTime");
        return ms * 1e-3;
    }

private:
    cudaEvent_t start_ = nullptr;
    cudaEvent_t stop_ = nullptr;
};

} // namespace odo::bench
