#pragma once
#include "odo/bench/detail/cuda_check.cuh"

#include <cuda_runtime.h>

#include <atomic>

namespace odo::bench {

namespace detail {

__device__ inline unsigned long long global_timer_ns() {
    unsigned long long ns;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(ns));
    return ns;
}

// Holds the stream until the host sets `flags[0]`, or gives up after `timeout_ns` and sets
// `flags[1]`. A template, so every translation unit may define it.
template <class = void>
__global__ void block_stream(volatile int* flags, unsigned long long timeout_ns) {
    const unsigned long long start = global_timer_ns();
    while (flags[0] == 0) {
        if (global_timer_ns() - start > timeout_ns) {
            flags[1] = 1;
            return;
        }
    }
}

} // namespace detail

// nvbench's launch hider: a one-thread kernel spinning on a host-mapped flag holds the stream
// while the timing events and the work are queued behind it, so the GPU time excludes launch
// overhead. The watchdog turns a launcher that synchronizes behind it (a deadlock) into an error
// after `timeout_s` instead of a hang.
class BlockingKernel {
public:
    explicit BlockingKernel(double timeout_s)
        : timeout_ns_(static_cast<unsigned long long>(timeout_s * 1e9)) {
        detail::cuda_check(
            cudaHostAlloc(reinterpret_cast<void**>(&flags_), 2 * sizeof(int), cudaHostAllocMapped),
            "cudaHostAlloc(blocking kernel flags)");
        detail::cuda_check(
            cudaHostGetDevicePointer(reinterpret_cast<void**>(&device_flags_), flags_, 0),
            "cudaHostGetDevicePointer(blocking kernel flags)");
    }
    ~BlockingKernel() { cudaFreeHost(flags_); }
    BlockingKernel(const BlockingKernel&) = delete;
    BlockingKernel& operator=(const BlockingKernel&) = delete;

    void block(cudaStream_t stream) {
        flags_[0] = 0;
        flags_[1] = 0;
        std::atomic_thread_fence(std::memory_order_seq_cst);
        detail::block_stream<<<1, 1, 0, stream>>>(device_flags_, timeout_ns_);
        detail::cuda_check(cudaGetLastError(), "launch of the blocking kernel");
    }

    void release() {
        std::atomic_thread_fence(std::memory_order_seq_cst);
        static_cast<volatile int*>(flags_)[0] = 1;
    }

    // Whether the last block gave up waiting (read after the stream has synchronized).
    bool timed_out() const { return static_cast<volatile int*>(flags_)[1] != 0; }

private:
    unsigned long long timeout_ns_;
    int* flags_ = nullptr;
    int* device_flags_ = nullptr;
};

} // namespace odo::bench
