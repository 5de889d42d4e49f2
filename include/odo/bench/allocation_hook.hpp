#pragma once
// The allocation hook behind a benchmark's `--footprint`: a host operator's memory footprint,
// measured as CUPTI measures a GPU operator's (odo/profile/allocation_tracker.cuh). While an
// ArmedAllocations scope is open on a thread, the global operator new and delete of that thread
// report each allocation and free to an AllocationLedger: the bytes held live and their peak, and
// the number of calls.
//
// The replaced operators are compiled once per executable, in the translation unit that compiles
// the runner (ODO_BENCH_IMPLEMENT; detail/allocation_hook_replacement.hpp): a benchmark source pays
// nothing for them. Where they are not compiled (ODO_BENCH_NO_ALLOCATION_HOOK, a runner compiled by
// nvcc, or a program that does not compile the runner) an armed scope sees nothing, so the runner
// refuses `--footprint`.
//
// Seen: every form of operator new and delete (sized, aligned, nothrow, arrays), from any code
// the armed thread runs, the standard library's containers included. Not seen: other threads (an
// operator's thread pool), malloc/calloc/realloc/posix_memalign and mmap called directly, memory
// of a Python interpreter, and device memory. Bytes are those requested, not the allocator's
// rounding and headers.
#include "odo/profile/allocation_ledger.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace odo::bench {

// How the runner's footprint file says its figures were measured (FootprintMeasurement::method,
// quoted in the `## Memory footprint` evidence line).
inline constexpr std::string_view allocation_hook_method =
    "odo runner allocation hook (global operator new/delete)";

namespace detail {

// The armed thread's ledger; null on every other thread, and while the hook records into it (the
// ledger's own bookkeeping allocates, and that is not the workload's memory). A plain pointer, so
// reading it in operator new needs no initialization even before main or during thread exit.
inline thread_local profile::AllocationLedger* armed_ledger = nullptr;

// Disarms the thread while the hook records, so the ledger's own allocations go uncounted.
class HookRecording {
public:
    HookRecording() noexcept : ledger_(armed_ledger) { armed_ledger = nullptr; }
    ~HookRecording() { armed_ledger = ledger_; }
    HookRecording(const HookRecording&) = delete;
    HookRecording& operator=(const HookRecording&) = delete;

    profile::AllocationLedger* ledger() const noexcept { return ledger_; }

private:
    profile::AllocationLedger* ledger_;
};

// Called by the replaced operator new after it allocated. May throw std::bad_alloc (the ledger's
// bookkeeping); the caller then frees the block.
inline void hook_allocated(void* block, std::size_t bytes) {
    if (!armed_ledger || !block)
        return;
    const HookRecording recording;
    recording.ledger()->allocated(reinterpret_cast<std::uintptr_t>(block), bytes,
                                  profile::AllocationLedger::Memory::Host);
}

// Called by the replaced operator delete before it frees.
inline void hook_freed(void* block) noexcept {
    if (!armed_ledger || !block)
        return;
    const HookRecording recording;
    recording.ledger()->freed(reinterpret_cast<std::uintptr_t>(block));
}

} // namespace detail

// Counts the calling thread's allocations into `ledger` for the scope's lifetime, as its timed
// region. Scopes do not nest, and the ledger must outlive the scope.
class ArmedAllocations {
public:
    explicit ArmedAllocations(profile::AllocationLedger& ledger) noexcept : ledger_(ledger) {
        ledger_.set_timed(true);
        detail::armed_ledger = &ledger_;
    }
    ~ArmedAllocations() {
        detail::armed_ledger = nullptr;
        ledger_.set_timed(false);
    }
    ArmedAllocations(const ArmedAllocations&) = delete;
    ArmedAllocations& operator=(const ArmedAllocations&) = delete;

private:
    profile::AllocationLedger& ledger_;
};

} // namespace odo::bench
