#pragma once
// Device side: CUPTI callbacks on the CUDA allocation and free calls of this process, feeding an
// AllocationLedger. Needs the CUDA Toolkit (cupti.h) and linking CUDA::cupti and CUDA::cudart;
// odo's GPU tests build it. Host pinned allocations count as allocation calls but not as device
// bytes; CUDA arrays and the virtual memory API (cuMemCreate/cuMemMap) are not tracked.
#include "odo/profile/allocation_ledger.hpp"
#include "odo/profile/memory_footprint.hpp"

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <cupti.h> // also the generated *_params structs of each API call

#include <cstdint>
#include <mutex>
#include <string>

namespace odo::profile {

// Records every CUDA allocation and free made while it exists: the peak of live device bytes
// since it was created (the workload's attributable peak) and the calls made inside timed
// regions. CUPTI admits one subscriber per process, so under ncu or nsys, or next to another
// tracker, it reports a problem instead of measuring.
class AllocationTracker {
public:
    AllocationTracker() {
        const CUptiResult subscribed = cuptiSubscribe(&subscriber_, &callback, this);
        if (subscribed != CUPTI_SUCCESS) {
            subscriber_ = nullptr;
            problem_ = "CUPTI cannot subscribe: " + result_text(subscribed);
            if (subscribed == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED)
                problem_ += " (a profiler or another tracker is attached)";
            return;
        }
        enable(CUPTI_CB_DOMAIN_RUNTIME_API,
               {CUPTI_RUNTIME_TRACE_CBID_cudaMalloc_v3020,
                CUPTI_RUNTIME_TRACE_CBID_cudaMallocPitch_v3020,
                CUPTI_RUNTIME_TRACE_CBID_cudaMalloc3D_v3020,
                CUPTI_RUNTIME_TRACE_CBID_cudaMallocManaged_v6000,
                CUPTI_RUNTIME_TRACE_CBID_cudaMallocAsync_v11020,
                CUPTI_RUNTIME_TRACE_CBID_cudaMallocAsync_ptsz_v11020,
                CUPTI_RUNTIME_TRACE_CBID_cudaMallocFromPoolAsync_v11020,
                CUPTI_RUNTIME_TRACE_CBID_cudaMallocFromPoolAsync_ptsz_v11020,
                CUPTI_RUNTIME_TRACE_CBID_cudaMallocHost_v3020,
                CUPTI_RUNTIME_TRACE_CBID_cudaHostAlloc_v3020,
                CUPTI_RUNTIME_TRACE_CBID_cudaFree_v3020,
                CUPTI_RUNTIME_TRACE_CBID_cudaFreeAsync_v11020,
                CUPTI_RUNTIME_TRACE_CBID_cudaFreeAsync_ptsz_v11020,
                CUPTI_RUNTIME_TRACE_CBID_cudaFreeHost_v3020});
        enable(CUPTI_CB_DOMAIN_DRIVER_API,
               {CUPTI_DRIVER_TRACE_CBID_cuMemAlloc_v2, CUPTI_DRIVER_TRACE_CBID_cuMemAllocPitch_v2,
                CUPTI_DRIVER_TRACE_CBID_cuMemAllocManaged, CUPTI_DRIVER_TRACE_CBID_cuMemAllocAsync,
                CUPTI_DRIVER_TRACE_CBID_cuMemAllocAsync_ptsz,
                CUPTI_DRIVER_TRACE_CBID_cuMemAllocFromPoolAsync,
                CUPTI_DRIVER_TRACE_CBID_cuMemAllocFromPoolAsync_ptsz,
                CUPTI_DRIVER_TRACE_CBID_cuMemAllocHost_v2, CUPTI_DRIVER_TRACE_CBID_cuMemHostAlloc,
                CUPTI_DRIVER_TRACE_CBID_cuMemFree_v2, CUPTI_DRIVER_TRACE_CBID_cuMemFreeAsync,
                CUPTI_DRIVER_TRACE_CBID_cuMemFreeAsync_ptsz,
                CUPTI_DRIVER_TRACE_CBID_cuMemFreeHost});
    }

    ~AllocationTracker() {
        if (subscriber_)
            cuptiUnsubscribe(subscriber_);
    }
    AllocationTracker(const AllocationTracker&) = delete;
    AllocationTracker& operator=(const AllocationTracker&) = delete;

    // Empty while tracking works; otherwise why nothing is recorded.
    const std::string& problem() const noexcept { return problem_; }

    // Marks the benchmark's timed loop: allocation and free calls in it are counted.
    class TimedRegion {
    public:
        explicit TimedRegion(AllocationTracker& tracker) : tracker_(tracker) { set(true); }
        ~TimedRegion() { set(false); }
        TimedRegion(const TimedRegion&) = delete;
        TimedRegion& operator=(const TimedRegion&) = delete;

    private:
        void set(bool open) {
            const std::lock_guard<std::mutex> lock(tracker_.mutex_);
            tracker_.ledger_.set_timed(open);
        }
        AllocationTracker& tracker_;
    };

    FootprintMeasurement measurement(std::string workload) const {
        const std::lock_guard<std::mutex> lock(mutex_);
        return odo::profile::measurement(ledger_, std::move(workload), "CUPTI allocation tracking");
    }

private:
    using Memory = AllocationLedger::Memory;

    static std::string result_text(CUptiResult result) {
        const char* text = nullptr;
        cuptiGetResultString(result, &text);
        return text ? text : "CUPTI error " + std::to_string(int(result));
    }

    void enable(CUpti_CallbackDomain domain, std::initializer_list<CUpti_CallbackId> ids) {
        for (CUpti_CallbackId id : ids) {
            const CUptiResult r = cuptiEnableCallback(1, subscriber_, domain, id);
            if (r != CUPTI_SUCCESS && problem_.empty())
                problem_ = "CUPTI cannot enable an allocation callback: " + result_text(r);
        }
    }

    template <class Params>
    static const Params& params(const CUpti_CallbackData& data) {
        return *static_cast<const Params*>(data.functionParams);
    }

    static std::uint64_t address(const void* pointer) {
        return reinterpret_cast<std::uintptr_t>(pointer);
    }

    // The runtime implements its calls with the driver's; a driver call made inside a tracked
    // runtime call on the same thread is that call, not another one.
    static int& runtime_depth() {
        thread_local int depth = 0;
        return depth;
    }

    static void CUPTIAPI callback(void* self, CUpti_CallbackDomain domain, CUpti_CallbackId id,
                                  const void* data) {
        const auto& call = *static_cast<const CUpti_CallbackData*>(data);
        auto& tracker = *static_cast<AllocationTracker*>(self);
        if (domain == CUPTI_CB_DOMAIN_RUNTIME_API) {
            if (call.callbackSite == CUPTI_API_ENTER) {
                ++runtime_depth();
                return;
            }
            if (runtime_depth() > 0) // 0: the call began before this tracker subscribed
                --runtime_depth();
            if (*static_cast<const cudaError_t*>(call.functionReturnValue) == cudaSuccess)
                tracker.record_runtime(id, call);
        } else if (call.callbackSite == CUPTI_API_EXIT && runtime_depth() == 0 &&
                   *static_cast<const CUresult*>(call.functionReturnValue) == CUDA_SUCCESS) {
            tracker.record_driver(id, call);
        }
    }

    void allocated(std::uint64_t at, std::uint64_t bytes, Memory memory) {
        const std::lock_guard<std::mutex> lock(mutex_);
        ledger_.allocated(at, bytes, memory);
    }

    void freed(std::uint64_t at) {
        const std::lock_guard<std::mutex> lock(mutex_);
        ledger_.freed(at);
    }

    void record_runtime(CUpti_CallbackId id, const CUpti_CallbackData& c) {
        switch (id) {
        case CUPTI_RUNTIME_TRACE_CBID_cudaMalloc_v3020: {
            const auto& p = params<cudaMalloc_v3020_params>(c);
            return allocated(address(*p.devPtr), p.size, Memory::Device);
        }
        case CUPTI_RUNTIME_TRACE_CBID_cudaMallocPitch_v3020: {
            const auto& p = params<cudaMallocPitch_v3020_params>(c);
            return allocated(address(*p.devPtr), std::uint64_t(*p.pitch) * p.height,
                             Memory::Device);
        }
        case CUPTI_RUNTIME_TRACE_CBID_cudaMalloc3D_v3020: {
            const auto& p = params<cudaMalloc3D_v3020_params>(c);
            return allocated(address(p.pitchedDevPtr->ptr),
                             std::uint64_t(p.pitchedDevPtr->pitch) * p.extent.height *
                                 p.extent.depth,
                             Memory::Device);
        }
        case CUPTI_RUNTIME_TRACE_CBID_cudaMallocManaged_v6000: {
            const auto& p = params<cudaMallocManaged_v6000_params>(c);
            return allocated(address(*p.devPtr), p.size, Memory::Device);
        }
        case CUPTI_RUNTIME_TRACE_CBID_cudaMallocAsync_v11020: {
            const auto& p = params<cudaMallocAsync_v11020_params>(c);
            return allocated(address(*p.devPtr), p.size, Memory::Device);
        }
        case CUPTI_RUNTIME_TRACE_CBID_cudaMallocAsync_ptsz_v11020: {
            const auto& p = params<cudaMallocAsync_ptsz_v11020_params>(c);
            return allocated(address(*p.devPtr), p.size, Memory::Device);
        }
        case CUPTI_RUNTIME_TRACE_CBID_cudaMallocFromPoolAsync_v11020: {
            const auto& p = params<cudaMallocFromPoolAsync_v11020_params>(c);
            return allocated(address(*p.ptr), p.size, Memory::Device);
        }
        case CUPTI_RUNTIME_TRACE_CBID_cudaMallocFromPoolAsync_ptsz_v11020: {
            const auto& p = params<cudaMallocFromPoolAsync_ptsz_v11020_params>(c);
            return allocated(address(*p.ptr), p.size, Memory::Device);
        }
        case CUPTI_RUNTIME_TRACE_CBID_cudaMallocHost_v3020: {
            const auto& p = params<cudaMallocHost_v3020_params>(c);
            return allocated(address(*p.ptr), p.size, Memory::PinnedHost);
        }
        case CUPTI_RUNTIME_TRACE_CBID_cudaHostAlloc_v3020: {
            const auto& p = params<cudaHostAlloc_v3020_params>(c);
            return allocated(address(*p.pHost), p.size, Memory::PinnedHost);
        }
        case CUPTI_RUNTIME_TRACE_CBID_cudaFree_v3020:
            return freed(address(params<cudaFree_v3020_params>(c).devPtr));
        case CUPTI_RUNTIME_TRACE_CBID_cudaFreeAsync_v11020:
            return freed(address(params<cudaFreeAsync_v11020_params>(c).devPtr));
        case CUPTI_RUNTIME_TRACE_CBID_cudaFreeAsync_ptsz_v11020:
            return freed(address(params<cudaFreeAsync_ptsz_v11020_params>(c).devPtr));
        case CUPTI_RUNTIME_TRACE_CBID_cudaFreeHost_v3020:
            return freed(address(params<cudaFreeHost_v3020_params>(c).ptr));
        default:
            return;
        }
    }

    void record_driver(CUpti_CallbackId id, const CUpti_CallbackData& c) {
        switch (id) {
        case CUPTI_DRIVER_TRACE_CBID_cuMemAlloc_v2: {
            const auto& p = params<cuMemAlloc_v2_params>(c);
            return allocated(*p.dptr, p.bytesize, Memory::Device);
        }
        case CUPTI_DRIVER_TRACE_CBID_cuMemAllocPitch_v2: {
            const auto& p = params<cuMemAllocPitch_v2_params>(c);
            return allocated(*p.dptr, std::uint64_t(*p.pPitch) * p.Height, Memory::Device);
        }
        case CUPTI_DRIVER_TRACE_CBID_cuMemAllocManaged: {
            const auto& p = params<cuMemAllocManaged_params>(c);
            return allocated(*p.dptr, p.bytesize, Memory::Device);
        }
        case CUPTI_DRIVER_TRACE_CBID_cuMemAllocAsync: {
            const auto& p = params<cuMemAllocAsync_params>(c);
            return allocated(*p.dptr, p.bytesize, Memory::Device);
        }
        case CUPTI_DRIVER_TRACE_CBID_cuMemAllocAsync_ptsz: {
            const auto& p = params<cuMemAllocAsync_ptsz_params>(c);
            return allocated(*p.dptr, p.bytesize, Memory::Device);
        }
        case CUPTI_DRIVER_TRACE_CBID_cuMemAllocFromPoolAsync: {
            const auto& p = params<cuMemAllocFromPoolAsync_params>(c);
            return allocated(*p.dptr, p.bytesize, Memory::Device);
        }
        case CUPTI_DRIVER_TRACE_CBID_cuMemAllocFromPoolAsync_ptsz: {
            const auto& p = params<cuMemAllocFromPoolAsync_ptsz_params>(c);
            return allocated(*p.dptr, p.bytesize, Memory::Device);
        }
        case CUPTI_DRIVER_TRACE_CBID_cuMemAllocHost_v2: {
            const auto& p = params<cuMemAllocHost_v2_params>(c);
            return allocated(address(*p.pp), p.bytesize, Memory::PinnedHost);
        }
        case CUPTI_DRIVER_TRACE_CBID_cuMemHostAlloc: {
            const auto& p = params<cuMemHostAlloc_params>(c);
            return allocated(address(*p.pp), p.bytesize, Memory::PinnedHost);
        }
        case CUPTI_DRIVER_TRACE_CBID_cuMemFree_v2:
            return freed(params<cuMemFree_v2_params>(c).dptr);
        case CUPTI_DRIVER_TRACE_CBID_cuMemFreeAsync:
            return freed(params<cuMemFreeAsync_params>(c).dptr);
        case CUPTI_DRIVER_TRACE_CBID_cuMemFreeAsync_ptsz:
            return freed(params<cuMemFreeAsync_ptsz_params>(c).dptr);
        case CUPTI_DRIVER_TRACE_CBID_cuMemFreeHost:
            return freed(address(params<cuMemFreeHost_params>(c).p));
        default:
            return;
        }
    }

    CUpti_SubscriberHandle subscriber_ = nullptr;
    std::string problem_;
    mutable std::mutex mutex_;
    AllocationLedger ledger_;
};

} // namespace odo::profile
