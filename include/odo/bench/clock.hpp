#pragma once
#include <chrono>
#include <cstdint>
#include <ctime>
#include <optional>
#include <string_view>

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

namespace detail {

inline std::int64_t posix_clock_ns(clockid_t id) noexcept {
    timespec ts{};
    clock_gettime(id, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

} // namespace detail

// CPU time of the calling thread (what Google Benchmark reports as cpu_time): it stops while
// the thread sleeps, waits or is preempted, so other processes on the machine do not inflate it.
struct ThreadCpuClock {
    std::int64_t now_ns() const noexcept { return detail::posix_clock_ns(CLOCK_THREAD_CPUTIME_ID); }
};

// CPU time of every thread of the process: for bodies that hand their work to other threads
// (Google Benchmark's MeasureProcessCPUTime).
struct ProcessCpuClock {
    std::int64_t now_ns() const noexcept {
        return detail::posix_clock_ns(CLOCK_PROCESS_CPUTIME_ID);
    }
};

// Which clock a figure was read from. Every measurement records its own, and every output
// names it: a thread-CPU microsecond and a wall microsecond are different figures.
enum class ClockKind { CudaEvents, ThreadCpu, ProcessCpu, Wall };

constexpr std::string_view to_string(ClockKind c) noexcept {
    switch (c) {
    case ClockKind::CudaEvents:
        return "cuda-events";
    case ClockKind::ThreadCpu:
        return "thread-cpu";
    case ClockKind::ProcessCpu:
        return "process-cpu";
    case ClockKind::Wall:
        return "wall";
    }
    return "?";
}

// The clock named `text` ("thread-cpu", …), or nullopt.
inline std::optional<ClockKind> parse_clock_kind(std::string_view text) noexcept {
    for (const ClockKind c :
         {ClockKind::CudaEvents, ClockKind::ThreadCpu, ClockKind::ProcessCpu, ClockKind::Wall})
        if (text == to_string(c))
            return c;
    return std::nullopt;
}

inline double seconds_between(std::int64_t start_ns, std::int64_t stop_ns) noexcept {
    return static_cast<double>(stop_ns - start_ns) * 1e-9;
}

} // namespace odo::bench
