#pragma once
// The bottleneck classification of the workflow's profiling table (docs/profiling.md): which of
// memory, compute, instruction issue, kernel launches or host synchronization bounds a case, the
// speed-up ceiling 100 / max(SOL%), and whether the kernel is at the roofline ridge.
#include "odo/profile/detail/fixed.hpp"
#include "odo/profile/ncu_figures.hpp"
#include "odo/profile/nsys_figures.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

namespace odo::profile {

enum class Bottleneck {
    MemoryBound,
    ComputeBound,
    IssueBound,
    LaunchOverheadBound,
    SyncBound,
    Undetermined
};

constexpr std::string_view to_string(Bottleneck b) noexcept {
    switch (b) {
    case Bottleneck::MemoryBound:
        return "memory-bound";
    case Bottleneck::ComputeBound:
        return "compute-bound";
    case Bottleneck::IssueBound:
        return "issue-bound";
    case Bottleneck::LaunchOverheadBound:
        return "launch-overhead-bound";
    case Bottleneck::SyncBound:
        return "sync-bound";
    case Bottleneck::Undetermined:
        return "undetermined";
    }
    return "?";
}

// The numbers the table decides on. The SOL thresholds are ncu's own: its SpeedOfLight rule calls
// a kernel below 60% of peak on both units latency-bound, and 80% well utilized.
struct BottleneckThresholds {
    double bound_sol_pct = 60;     // a unit at or above this bounds the kernel
    double ridge_sol_pct = 80;     // max SOL at or above this: at the ridge
    double short_kernel_ns = 5000; // mean kernel shorter than this: launch latency dominates
    double busy_fraction = 0.5;    // kernel time / case time below this: the host bounds the case
};

// What a case's profile shows: from ncu (per-kernel SOL), nsys (host timeline), or both.
struct ProfileFigures {
    std::optional<NcuFigures> ncu;
    std::optional<NsysFigures> nsys;
};

struct Classification {
    Bottleneck bottleneck = Bottleneck::Undetermined;
    std::string reason;                // the figures and the threshold that decided
    std::optional<double> max_sol_pct; // max(Memory SOL %, Compute SOL %)
    std::optional<double> ceiling;     // 100 / max SOL %
    bool at_ridge = false;
    bool memory_dominant = true; // Memory SOL >= Compute SOL (meaningful with max_sol_pct)
};

// The speed-up left before the busier unit reaches 100% of its peak.
inline std::optional<double> sol_ceiling(double max_sol_pct) {
    if (!(max_sol_pct > 0))
        return std::nullopt;
    return 100.0 / max_sol_pct;
}

namespace detail {

// The time the case took, as nsys saw it: its NVTX range, else the host's CUDA API time.
inline std::optional<double> case_time_ns(const NsysFigures& n) {
    if (n.range_ns && *n.range_ns > 0)
        return n.range_ns;
    if (n.api_ns > 0)
        return n.api_ns;
    return std::nullopt;
}

inline std::string host_share(const NsysFigures& n) {
    const double api = n.api_ns > 0 ? n.api_ns : 1;
    return "host API time " + percent(100 * n.launch_api_ns / api) + " in launches, " +
           percent(100 * n.sync_api_ns / api) + " in synchronization";
}

// Host-bound when the GPU sits idle for most of the case; nullopt when it does not (or nsys did
// not run).
inline std::optional<Classification> host_bound(const ProfileFigures& f,
                                                const BottleneckThresholds& t) {
    if (!f.nsys || f.nsys->kernel_launches == 0)
        return std::nullopt;
    const auto time = case_time_ns(*f.nsys);
    if (!time)
        return std::nullopt;
    const double busy = f.nsys->kernel_ns / *time;
    if (busy >= t.busy_fraction)
        return std::nullopt;
    Classification c;
    c.bottleneck = f.nsys->sync_api_ns > f.nsys->launch_api_ns ? Bottleneck::SyncBound
                                                               : Bottleneck::LaunchOverheadBound;
    c.reason = "GPU busy in kernels " + percent(100 * busy) + " of the case (< " +
               percent(100 * t.busy_fraction) + "); " + host_share(*f.nsys);
    return c;
}

inline void add_sol(Classification& c, const NcuFigures& n, const BottleneckThresholds& t) {
    if (!n.memory_sol_pct && !n.compute_sol_pct)
        return;
    const double memory = n.memory_sol_pct.value_or(0);
    const double compute = n.compute_sol_pct.value_or(0);
    c.memory_dominant = memory >= compute;
    c.max_sol_pct = std::max(memory, compute);
    c.ceiling = sol_ceiling(*c.max_sol_pct);
    c.at_ridge = *c.max_sol_pct >= t.ridge_sol_pct;
}

inline std::string sol_pair(const NcuFigures& n) {
    auto show = [](const std::optional<double>& v) { return v ? percent(*v) : "n/a"; };
    return "Memory SOL " + show(n.memory_sol_pct) + ", Compute SOL " + show(n.compute_sol_pct);
}

inline Classification kernel_bound(const NcuFigures& n, const BottleneckThresholds& t) {
    Classification c;
    add_sol(c, n, t);
    const std::string bound = percent(t.bound_sol_pct);
    if (c.max_sol_pct && *c.max_sol_pct >= t.bound_sol_pct) {
        c.bottleneck = c.memory_dominant ? Bottleneck::MemoryBound : Bottleneck::ComputeBound;
        c.reason = sol_pair(n) + "; the busier unit is at or above " + bound;
        if (c.at_ridge)
            c.reason += ", at ridge (>= " + percent(t.ridge_sol_pct) + ")";
    } else if (n.mean_duration_ns && *n.mean_duration_ns < t.short_kernel_ns) {
        c.bottleneck = Bottleneck::LaunchOverheadBound;
        c.reason = "mean kernel duration " + microseconds(*n.mean_duration_ns) + " < " +
                   microseconds(t.short_kernel_ns) + ": launch latency dominates (" + sol_pair(n) +
                   ")";
    } else if (c.max_sol_pct) {
        c.bottleneck = Bottleneck::IssueBound;
        c.reason = sol_pair(n) + ", both below " + bound + ": latency or instruction issue bounds";
        if (!n.dominant_stall.empty())
            c.reason += " (dominant stall " + n.dominant_stall + ")";
    } else {
        c.reason = "ncu reported no SOL figures (collect the SpeedOfLight section)";
    }
    return c;
}

} // namespace detail

// Decides in the table's order: a GPU idle for most of the case is host-bound (launch overhead or
// synchronization, whichever takes more host time); otherwise the SOL figures decide between
// memory, compute, launch latency (very short kernels) and issue. Without the figures a rule
// needs, the result is Undetermined with a reason saying what is missing.
inline Classification classify(const ProfileFigures& figures,
                               const BottleneckThresholds& thresholds = {}) {
    if (auto host = detail::host_bound(figures, thresholds)) {
        if (figures.ncu)
            detail::add_sol(*host, *figures.ncu, thresholds);
        return *host;
    }
    if (figures.ncu)
        return detail::kernel_bound(*figures.ncu, thresholds);
    Classification c;
    c.reason = figures.nsys ? "nsys shows the GPU busy in kernels for most of the case; telling "
                              "memory from compute needs ncu's SOL figures"
                            : "no profile figures";
    return c;
}

} // namespace odo::profile
