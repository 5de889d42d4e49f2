#pragma once
#include "odo/baseline/detail/number_text.hpp"
#include "odo/bench/result.hpp"
#include "odo/bench/sku.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace odo::bench {

namespace detail {

inline std::string shown(double v, double scale, int decimals, const char* suffix = "") {
    return std::isfinite(v) ? baseline::detail::fixed(v * scale, decimals) + suffix : "-";
}

inline std::string shown(std::optional<double> v, double scale, int decimals,
                         const char* suffix = "") {
    return v ? shown(*v, scale, decimals, suffix) : "-";
}

inline std::vector<std::string> table_row(const CaseResult& r) {
    if (!r.measured())
        return {r.key.str(), std::string(to_string(r.outcome)) + ": " + r.message,
                "",          "",
                "",          "",
                "",          "",
                ""};
    return {r.key.str(),
            std::to_string(r.cold_time.count),
            std::string(to_string(r.cold->stop)),
            shown(r.cold_time.mean, 1e6, 3),
            shown(r.cold_time.relative_noise(), 100, 2, "%"),
            shown(r.cold_cpu.mean, 1e6, 3),
            r.batch ? shown(r.batch_time.mean, 1e6, 3) : "-",
            shown(r.throughput.bytes_per_second, 1e-9, 2),
            shown(r.throughput.bwutil, 100, 2, "%")};
}

inline std::string markdown_line(const std::vector<std::string>& cells,
                                 const std::vector<std::size_t>& widths) {
    std::string out = "|";
    for (std::size_t i = 0; i < cells.size(); ++i)
        out += " " + cells[i] + std::string(widths[i] - cells[i].size(), ' ') + " |";
    return out + "\n";
}

} // namespace detail

// The readable summary: one markdown row per case, columns padded to line up. Times in µs from
// the cold samples; "Batch" is the per-launch mean of the batch samples.
inline std::string render_table(const std::vector<CaseResult>& results, const SkuIdentity& sku,
                                const DeviceInfo& device) {
    std::vector<std::vector<std::string>> rows{{"Case", "Samples", "Stop", "Time (us)", "Noise",
                                                "CPU (us)", "Batch (us)", "BW (GB/s)", "BWUtil"}};
    for (const CaseResult& r : results)
        rows.push_back(detail::table_row(r));
    std::vector<std::size_t> widths(rows.front().size(), 3);
    for (const auto& row : rows)
        for (std::size_t i = 0; i < row.size(); ++i)
            widths[i] = std::max(widths[i], row[i].size());
    std::string out = "# " + device.backend + " backend: " + device.name + " (SKU " + sku.stem +
                      "; " + sku.note + ")\n\n";
    out += detail::markdown_line(rows.front(), widths);
    std::vector<std::string> rule;
    for (std::size_t w : widths)
        rule.push_back(std::string(w, '-'));
    out += detail::markdown_line(rule, widths);
    for (std::size_t i = 1; i < rows.size(); ++i)
        out += detail::markdown_line(rows[i], widths);
    return out;
}

// The stderr line after each case: enough to watch a long run progress.
inline std::string progress_line(std::size_t index, std::size_t total, const CaseResult& r) {
    std::string out =
        "[" + std::to_string(index) + "/" + std::to_string(total) + "] " + r.key.str();
    if (!r.measured())
        return out + ": " + std::string(to_string(r.outcome)) + ": " + r.message;
    const double wall = r.cold->walltime_s + (r.batch ? r.batch->walltime_s : 0.0);
    return out + ": " + detail::shown(r.cold_time.mean, 1e6, 3) + " us, noise " +
           detail::shown(r.cold_time.relative_noise(), 100, 2, "%") + ", " +
           std::to_string(r.cold_time.count) + " samples (" + std::string(to_string(r.cold->stop)) +
           "), " + baseline::detail::fixed(wall, 2) + " s";
}

} // namespace odo::bench
