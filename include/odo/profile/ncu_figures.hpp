#pragma once
// The figures the bottleneck classification and the evidence text use, read from an ncu report:
// duration, Memory and Compute SOL %, DRAM throughput %, achieved occupancy % and the dominant
// warp stall, under the metric names of the raw page and the display names of the details page.
#include "odo/profile/kernel_name.hpp"
#include "odo/profile/ncu_report.hpp"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::profile {

// A metric that carries a figure: its name and, for display names that several sections share
// ("Memory Throughput" is a % in Speed Of Light and a byte/second elsewhere), the unit it must
// have.
struct MetricQuery {
    std::string_view name;
    std::string_view unit; // empty: any
};

namespace ncu_metric {
inline constexpr MetricQuery duration[] = {{"gpu__time_duration.sum", ""}, {"Duration", "nsecond"}};
inline constexpr MetricQuery memory_sol[] = {
    {"gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed", ""},
    {"Memory Throughput", "%"},
    {"Memory [%]", "%"}};
inline constexpr MetricQuery compute_sol[] = {
    {"sm__throughput.avg.pct_of_peak_sustained_elapsed", ""},
    {"Compute (SM) Throughput", "%"},
    {"Compute (SM) [%]", "%"},
    {"SM [%]", "%"}};
inline constexpr MetricQuery dram_throughput[] = {
    {"gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed", ""},
    {"dram__throughput.avg.pct_of_peak_sustained_elapsed", ""},
    {"DRAM Throughput", "%"}};
inline constexpr MetricQuery achieved_occupancy[] = {
    {"sm__warps_active.avg.pct_of_peak_sustained_active", ""}, {"Achieved Occupancy", "%"}};

// Warp stall reasons, one metric per reason: `<prefix><reason><suffix>`. The families are tried in
// order; the first one present in the report names the dominant stall.
struct StallFamily {
    std::string_view prefix;
    std::string_view suffix;
};
inline constexpr StallFamily stall_families[] = {
    {"smsp__average_warps_issue_stalled_", "_per_issue_active.ratio"},
    {"smsp__pcsamp_warps_issue_stalled_", ""}};
} // namespace ncu_metric

// The figures of one case, over every launch ncu profiled for it. Percentages are averaged with
// each launch weighted by its duration (by one when a launch has no duration), so a short helper
// kernel does not outvote the kernel that takes the time.
struct NcuFigures {
    std::size_t launches = 0;
    std::size_t kernels = 0;     // distinct kernel names
    std::string dominant_kernel; // short name of the kernel with the largest total duration
    std::optional<double> total_duration_ns;
    std::optional<double> mean_duration_ns;
    std::optional<double> memory_sol_pct;
    std::optional<double> compute_sol_pct;
    std::optional<double> dram_throughput_pct;
    std::optional<double> achieved_occupancy_pct;
    std::string dominant_stall; // "long scoreboard"; empty when stall metrics were not collected
};

namespace detail {

// The report's metric indices matching `queries`, best query first.
template <std::size_t N>
std::vector<std::size_t> metric_indices(const NcuReport& report, const MetricQuery (&queries)[N]) {
    std::vector<std::size_t> out;
    for (const MetricQuery& q : queries)
        for (std::size_t i = 0; i < report.metrics.size(); ++i)
            if (report.metrics[i].name == q.name &&
                (q.unit.empty() || report.metrics[i].unit == q.unit))
                out.push_back(i);
    return out;
}

inline std::optional<double> first_value(const NcuReport& report, const NcuKernel& kernel,
                                         const std::vector<std::size_t>& indices) {
    for (std::size_t i : indices)
        if (auto v = report.value(kernel, i))
            return v;
    return std::nullopt;
}

// A weighted mean that stays empty until some launch contributes.
struct WeightedMean {
    double sum = 0, weight = 0;
    void add(std::optional<double> value, double w) {
        if (value) {
            sum += *value * w;
            weight += w;
        }
    }
    std::optional<double> mean() const {
        return weight > 0 ? std::optional<double>(sum / weight) : std::nullopt;
    }
};

// reason -> (metric index) for the first stall family the report has.
inline std::map<std::string, std::size_t> stall_metrics(const NcuReport& report) {
    for (const ncu_metric::StallFamily& family : ncu_metric::stall_families) {
        std::map<std::string, std::size_t> out;
        for (std::size_t i = 0; i < report.metrics.size(); ++i) {
            std::string_view name = report.metrics[i].name;
            if (!odo::text::starts_with(name, family.prefix) ||
                !odo::text::ends_with(name, family.suffix) ||
                name.size() <= family.prefix.size() + family.suffix.size())
                continue;
            name = name.substr(family.prefix.size(),
                               name.size() - family.prefix.size() - family.suffix.size());
            // "selected" is the warp issuing, not stalling; "_not_issued" variants count the same
            // samples again.
            if (name == "selected" || odo::text::ends_with(name, "_not_issued"))
                continue;
            out.emplace(std::string(name), i);
        }
        if (!out.empty())
            return out;
    }
    return {};
}

inline std::string readable_stall(std::string reason) {
    for (char& c : reason)
        if (c == '_')
            c = ' ';
    return reason;
}

} // namespace detail

inline NcuFigures ncu_figures(const NcuReport& report) {
    using detail::metric_indices;
    const auto duration = metric_indices(report, ncu_metric::duration);
    const auto memory = metric_indices(report, ncu_metric::memory_sol);
    const auto compute = metric_indices(report, ncu_metric::compute_sol);
    const auto dram = metric_indices(report, ncu_metric::dram_throughput);
    const auto occupancy = metric_indices(report, ncu_metric::achieved_occupancy);
    const auto stalls = detail::stall_metrics(report);

    NcuFigures f;
    f.launches = report.kernels.size();
    detail::WeightedMean memory_mean, compute_mean, dram_mean, occupancy_mean;
    std::map<std::string, double> stall_weight;
    std::map<std::string, double> time_by_kernel;
    double total_ns = 0;
    std::size_t timed_launches = 0;
    for (const NcuKernel& k : report.kernels) {
        const auto ns = detail::first_value(report, k, duration);
        const double w = ns && *ns > 0 ? *ns : 1.0;
        if (ns) {
            total_ns += *ns;
            ++timed_launches;
        }
        time_by_kernel[short_kernel_name(k.name)] += w;
        memory_mean.add(detail::first_value(report, k, memory), w);
        compute_mean.add(detail::first_value(report, k, compute), w);
        dram_mean.add(detail::first_value(report, k, dram), w);
        occupancy_mean.add(detail::first_value(report, k, occupancy), w);
        for (const auto& [reason, index] : stalls)
            if (auto v = report.value(k, index))
                stall_weight[reason] += *v * w;
    }
    f.kernels = time_by_kernel.size();
    f.dominant_kernel = dominant_kernel(time_by_kernel);
    if (timed_launches > 0) {
        f.total_duration_ns = total_ns;
        f.mean_duration_ns = total_ns / double(timed_launches);
    }
    f.memory_sol_pct = memory_mean.mean();
    f.compute_sol_pct = compute_mean.mean();
    f.dram_throughput_pct = dram_mean.mean();
    f.achieved_occupancy_pct = occupancy_mean.mean();
    double worst = 0;
    for (const auto& [reason, weight] : stall_weight)
        if (weight > worst) {
            worst = weight;
            f.dominant_stall = detail::readable_stall(reason);
        }
    return f;
}

// Why the classification cannot be made from `f`: the figures it reads (duration, Memory SOL,
// Compute SOL) that no launch of `report` has, with the count of rows that could not be read (a
// skipped row may be the one that held them); nullopt when all of them are there.
inline std::optional<std::string> missing_ncu_figures(const NcuReport& report,
                                                      const NcuFigures& f) {
    std::vector<std::string> missing;
    if (!f.total_duration_ns)
        missing.emplace_back("duration");
    if (!f.memory_sol_pct)
        missing.emplace_back("Memory SOL");
    if (!f.compute_sol_pct)
        missing.emplace_back("Compute SOL");
    if (missing.empty())
        return std::nullopt;
    std::string why = "ncu output has no " + odo::text::join(missing, ", ") + " for any of its " +
                      std::to_string(f.launches) + (f.launches == 1 ? " launch" : " launches") +
                      " (the SpeedOfLight section holds them); ";
    const std::string skipped = skipped_rows_text(report);
    return why + (skipped.empty() ? "0 unreadable rows" : skipped);
}

} // namespace odo::profile
