#pragma once
#include "odo/bench/detail/cuda_check.cuh"

#include <cuda_runtime.h>

namespace odo::bench {

// Evicts the work's data from L2 before a cold sample by writing a buffer the size of the L2
// (nvbench's l2flush). The buffer is allocated once: allocating per sample cost nvbench up to a
// second per iteration (nvbench#100). Lines set persisting by an access policy survive a
// memset, so they are reset too where the device has a persisting region.
class L2Flush {
public:
    explicit L2Flush(int device) {
        detail::cuda_check(cudaDeviceGetAttribute(&bytes_, cudaDevAttrL2CacheSize, device),
                           "cudaDeviceGetAttribute(L2CacheSize)");
        int persisting = 0;
        detail::cuda_check(
            cudaDeviceGetAttribute(&persisting, cudaDevAttrMaxPersistingL2CacheSize, device),
            "cudaDeviceGetAttribute(MaxPersistingL2CacheSize)");
        reset_persisting_ = persisting > 0;
        if (bytes_ > 0)
            detail::cuda_check(cudaMalloc(&buffer_, static_cast<size_t>(bytes_)),
                               "cudaMalloc(L2 flush buffer)");
    }
    ~L2Flush() {
        if (buffer_)
            cudaFree(buffer_);
    }
    L2Flush(const L2Flush&) = delete;
    L2Flush& operator=(const L2Flush&) = delete;

    void flush(cudaStream_t stream) {
        if (reset_persisting_)
            detail::cuda_check(cudaCtxResetPersistingL2Cache(), "cudaCtxResetPersistingL2Cache");
        if (buffer_)
            detail::cuda_check(cudaMemsetAsync(buffer_, 0, static_cast<size_t>(bytes_), stream),
                               "cudaMemsetAsync(L2 flush)");
    }

private:
    int bytes_ = 0;
    bool reset_persisting_ = false;
    void* buffer_ = nullptr;
};

} // namespace odo::bench
