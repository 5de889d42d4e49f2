#pragma once
// Where one host workload stands against this machine's memory roofline: a memcpy of the same
// bytes is the fastest a streaming operator can go on the host, so BWUtil = memcpy time /
// operator time. The two are timed in alternating rounds of about `round_us` each, so both see the
// same state of a shared machine (its neighbours' cache and bandwidth pressure comes and goes over
// hundreds of milliseconds), and compared by their median rounds. By default both are timed by
// the thread's CPU time, as odo's host benchmarks are, so a busy neighbour that takes the core
// away does not count as the operator's time. The record is what a profile of a machine without a
// GPU can state (docs/formats.md, "Host roofline").
#include "odo/bench/clock.hpp"
#include "odo/bench/do_not_optimize.hpp"
#include "odo/core/error.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <unistd.h>
#include <vector>

namespace odo::bench {

struct HostRooflineOptions {
    int rounds = 300;       // alternating rounds of each
    double round_us = 2000; // the operator's time per round, from one warm call
};

struct HostRoofline {
    std::int64_t bytes_moved = 0; // per call: read + written
    int rounds = 0;
    int calls_per_round = 0;
    double operator_median_us = 0; // per call
    double memcpy_median_us = 0;   // per call of the same bytes
    long largest_cache_bytes = 0;  // 0: the C library cannot tell

    double bwutil() const { return memcpy_median_us / operator_median_us; }
    // The bytes fit the largest cache: the roofline is a cached copy, which one pass can beat.
    bool cache_resident() const {
        return largest_cache_bytes > 0 && bytes_moved <= largest_cache_bytes;
    }
};

namespace detail {

template <class Clock>
double per_call_us(const std::function<void()>& work, int calls, const Clock& clock) {
    const std::int64_t start = clock.now_ns();
    for (int i = 0; i < calls; ++i)
        work();
    return static_cast<double>(clock.now_ns() - start) * 1e-3 / calls;
}

inline double median(std::vector<double> values) {
    std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
    return values[values.size() / 2];
}

} // namespace detail

// The size of this host's largest cache in bytes, 0 when the C library cannot tell.
inline long largest_cache_bytes() {
    long largest = 0;
    for (int level : {_SC_LEVEL1_DCACHE_SIZE, _SC_LEVEL2_CACHE_SIZE, _SC_LEVEL3_CACHE_SIZE,
                      _SC_LEVEL4_CACHE_SIZE})
        largest = std::max(largest, sysconf(level));
    return largest;
}

// Times `op`, which reads and writes `bytes_moved` bytes per call, against a memcpy of half as
// many bytes (the same reads and writes). InputError for no bytes or fewer than ten rounds.
template <class Clock = ThreadCpuClock>
HostRoofline measure_host_roofline(const std::function<void()>& op, std::int64_t bytes_moved,
                                   const HostRooflineOptions& options = {},
                                   const Clock& clock = {}) {
    if (bytes_moved < 2)
        throw InputError("a host roofline needs the bytes the operator moves per call");
    if (options.rounds < 10)
        throw InputError("a host roofline needs at least 10 rounds");
    std::vector<unsigned char> from(static_cast<std::size_t>(bytes_moved / 2), 1), to(from.size());
    const std::function<void()> copy = [&] {
        std::memcpy(to.data(), from.data(), from.size());
        do_not_optimize(to.data());
    };
    op(); // warm: first-touch page faults and lazy initialization are not the operator's time
    HostRoofline r;
    r.bytes_moved = bytes_moved;
    r.rounds = options.rounds;
    r.calls_per_round =
        std::max(1, int(options.round_us / std::max(detail::per_call_us(op, 1, clock), 0.01)));
    std::vector<double> op_us, copy_us;
    for (int round = 0; round < options.rounds; ++round) {
        op_us.push_back(detail::per_call_us(op, r.calls_per_round, clock));
        copy_us.push_back(detail::per_call_us(copy, r.calls_per_round, clock));
    }
    r.operator_median_us = detail::median(std::move(op_us));
    r.memcpy_median_us = detail::median(std::move(copy_us));
    r.largest_cache_bytes = largest_cache_bytes();
    return r;
}

// The record of a host roofline of one case (docs/formats.md, "Host roofline"); `clock` names
// the clock it was timed by.
inline boost::json::object host_roofline_json(const HostRoofline& r, const std::string& case_key,
                                              const std::string& op,
                                              std::string_view clock = "thread-cpu") {
    return {{"case", case_key},
            {"operator", op},
            {"bytes_moved", r.bytes_moved},
            {"rounds", r.rounds},
            {"calls_per_round", r.calls_per_round},
            {"operator_median_us", r.operator_median_us},
            {"memcpy_median_us", r.memcpy_median_us},
            {"bwutil", r.bwutil()},
            {"clock", clock},
            {"largest_cache_bytes", r.largest_cache_bytes}};
}

} // namespace odo::bench
