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

// The mean of the timing the case does not report, per launch: the batch one beside reported
// cold figures, the cold one beside reported batch figures.
inline std::string other_timing_mean(const CaseResult& r) {
    if (r.reports_batch())
        return shown(r.cold_time.mean, 1e6, 3);
    return r.batch ? shown(r.batch_time.mean, 1e6, 3) : "-";
}

inline std::vector<std::string> table_row(const CaseResult& r) {
    if (!r.measured())
        return {r.key.str(), std::string(to_string(r.outcome)) + ": " + r.message,
                "",          "",
                "",          "",
                "",          "",
                ""};
    const Measurement& m = r.reported_measurement();
    return {r.key.str(),
            std::to_string(r.reported_time().count),
            std::string(to_string(m.stop)),
            shown(r.reported_time().mean, 1e6, 3),
            shown(r.reported_noise(), 100, 2, "%"),
            shown(m.beside_time().mean, 1e6, 3),
            other_timing_mean(r),
            shown(r.throughput.bytes_per_second, 1e-9, 2),
            shown(r.throughput.bwutil, 100, 2, "%")};
}

// What the Time and Noise columns are, from a measured case (every case of a run shares them).
inline std::string table_legend(const CaseResult& r) {
    const Measurement& m = r.reported_measurement();
    return "Time and Noise: the " +
           std::string(to_string(r.reports_batch() ? Timing::Batch : Timing::Cold)) +
           " samples the artifact and the gate use, per launch, on the " +
           std::string(to_string(m.clock)) + " clock; noise by " +
           std::string(to_string(m.noise_statistic)) + ". " +
           std::string(to_string(m.beside_clock)) + ": the same samples on the " +
           std::string(to_string(m.beside_clock)) + " clock.\n\n";
}

inline std::string markdown_line(const std::vector<std::string>& cells,
                                 const std::vector<std::size_t>& widths) {
    std::string out = "|";
    for (std::size_t i = 0; i < cells.size(); ++i)
        out += " " + cells[i] + std::string(widths[i] - cells[i].size(), ' ') + " |";
    return out + "\n";
}

} // namespace detail

// The readable summary: one markdown row per case, columns padded to line up, under a legend
// naming the clocks. Samples, Stop, Time and Noise are the reported timing's (`--timing`): the
// figures the artifact holds and the gate judges. Times in µs per launch; the column after Noise
// is the same samples on the second clock, the next the other timing's mean.
inline std::string render_table(const std::vector<CaseResult>& results, const SkuIdentity& sku,
                                const DeviceInfo& device) {
    const auto measured = std::find_if(results.begin(), results.end(),
                                       [](const CaseResult& r) { return r.measured(); });
    const bool batch = measured != results.end() && measured->reports_batch();
    const std::string beside =
        measured == results.end()
            ? "Beside"
            : std::string(to_string(measured->reported_measurement().beside_clock));
    std::vector<std::vector<std::string>> rows{
        {"Case", "Samples", "Stop", "Time (us)", "Noise", beside + " (us)",
         batch ? "Cold (us)" : "Batch (us)", "BW (GB/s)", "BWUtil"}};
    for (const CaseResult& r : results)
        rows.push_back(detail::table_row(r));
    std::vector<std::size_t> widths(rows.front().size(), 3);
    for (const auto& row : rows)
        for (std::size_t i = 0; i < row.size(); ++i)
            widths[i] = std::max(widths[i], row[i].size());
    std::string out = "# " + device.backend + " backend: " + device.name + " (SKU " + sku.stem +
                      "; " + sku.note + ")\n\n";
    if (measured != results.end())
        out += detail::table_legend(*measured);
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
    const Measurement& m = r.reported_measurement();
    return out + ": " + detail::shown(r.reported_time().mean, 1e6, 3) + " us " +
           std::string(to_string(m.clock)) + ", noise " +
           detail::shown(r.reported_noise(), 100, 2, "%") + " (" +
           std::string(to_string(m.noise_statistic)) + "), " +
           std::to_string(r.reported_time().count) + " " +
           std::string(to_string(r.reports_batch() ? Timing::Batch : Timing::Cold)) + " samples (" +
           std::string(to_string(m.stop)) + "), " + baseline::detail::fixed(wall, 2) + " s wall";
}

} // namespace odo::bench
