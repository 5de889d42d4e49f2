#pragma once
#include <algorithm>
#include <cstdint>
#include <unordered_map>

namespace odo::profile {

// A running account of a workload's allocation calls: the bytes of its footprint live now and at
// their peak, and how many allocation and free calls happened while the timed region was open (a
// benchmark's timed loop must not allocate). Memory allocated before the account opened is not
// attributed to the workload, so freeing it does not lower the count below zero. Not thread-safe:
// the CUDA allocation tracker serializes the calls it records, the runner's allocation hook records
// one thread's.
class AllocationLedger {
public:
    enum class Memory {
        Device,     // CUDA device (and managed) memory: a GPU operator's footprint
        PinnedHost, // page-locked host memory: counted as a call, not as footprint bytes
        Host,       // heap memory of a host operator (odo/bench/allocation_hook.hpp): its footprint
    };

    void allocated(std::uint64_t address, std::uint64_t bytes, Memory memory) {
        timed_allocations_ += timed_;
        if (memory == Memory::PinnedHost)
            return;
        live_bytes_ -= take(address); // an address reused without a free seen: replace it
        blocks_[address] = bytes;
        live_bytes_ += bytes;
        peak_bytes_ = std::max(peak_bytes_, live_bytes_);
    }

    void freed(std::uint64_t address) {
        timed_frees_ += timed_;
        live_bytes_ -= take(address);
    }

    void set_timed(bool open) noexcept { timed_ = open; }

    std::uint64_t live_bytes() const noexcept { return live_bytes_; }
    std::uint64_t peak_bytes() const noexcept { return peak_bytes_; }
    std::uint64_t timed_allocations() const noexcept { return timed_allocations_; }
    std::uint64_t timed_frees() const noexcept { return timed_frees_; }

private:
    std::uint64_t take(std::uint64_t address) {
        const auto it = blocks_.find(address);
        if (it == blocks_.end())
            return 0;
        const std::uint64_t bytes = it->second;
        blocks_.erase(it);
        return bytes;
    }

    std::unordered_map<std::uint64_t, std::uint64_t> blocks_; // live footprint: address -> bytes
    std::uint64_t live_bytes_ = 0, peak_bytes_ = 0;
    std::uint64_t timed_allocations_ = 0, timed_frees_ = 0;
    bool timed_ = false;
};

} // namespace odo::profile
