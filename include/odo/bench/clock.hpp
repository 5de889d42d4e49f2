#pragma once
#include <chrono>
#include <cstdint>
#include <ctime>

namespace odo::bench {

// The clocks the host backend and the measurement loop read. Any type with
// `std::int64_t now_ns()` can stand in for them, which is how tests inject a fake clock.

// Wall time: monotonic, unaffected by clock adjustments.
struct SteadyClock {
    std::int64_t now_ns() const noexcept {
        return std::chrono::duration_cast<std::chrono::nanoseconds>(
                   std::chrono::steady_clock::now().time_since_epoch())
            .count();
    }
};

// CPU time of the calling thread (what Google Benchmark reports as cpu_time): it stops while
// the thread sleeps or waits, so wall ≫ CPU exposes blocking work.
struct ThreadCpuClock {
    std::int64_t now_ns() const noexcept {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
    }
};

inline double seconds_between(std::int64_t start_ns, std::int64_t stop_ns) noexcept {
    return static_cast<double>(stop_ns - start_ns) * 1e-9;
}

} // namespace odo::bench
