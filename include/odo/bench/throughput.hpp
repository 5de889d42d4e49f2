#pragma once
#include <cstdint>
#include <optional>

namespace odo::bench {

// What one launch moves, as the benchmark declares it (nvbench's add_element_count and
// add_global_memory_reads/writes). Count every global read and write.
struct Traffic {
    std::int64_t bytes_read = 0;
    std::int64_t bytes_written = 0;
    std::int64_t elements = 0;

    std::int64_t bytes() const noexcept { return bytes_read + bytes_written; }
};

// Rates derived from a mean launch time. BWUtil is achieved bandwidth over the device's peak;
// it is empty when no traffic is declared or no peak is known.
struct Throughput {
    std::optional<double> bytes_per_second;
    std::optional<double> bwutil;
    std::optional<double> elements_per_second;
};

inline Throughput throughput(const Traffic& traffic, double mean_time_s,
                             std::optional<double> peak_bytes_per_second) {
    Throughput t;
    if (!(mean_time_s > 0))
        return t;
    if (traffic.bytes() > 0) {
        t.bytes_per_second = static_cast<double>(traffic.bytes()) / mean_time_s;
        if (peak_bytes_per_second && *peak_bytes_per_second > 0)
            t.bwutil = *t.bytes_per_second / *peak_bytes_per_second;
    }
    if (traffic.elements > 0)
        t.elements_per_second = static_cast<double>(traffic.elements) / mean_time_s;
    return t;
}

} // namespace odo::bench
