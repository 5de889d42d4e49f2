#pragma once
#include "odo/bench/result.hpp"
#include "odo/bench/sku.hpp"
#include "odo/core/python_repr.hpp"

#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::bench {

namespace detail {

// RFC 4180: quote a field holding a comma, quote or line break; double the quotes inside.
inline std::string csv_field(std::string_view text) {
    if (text.find_first_of(",\"\r\n") == std::string_view::npos)
        return std::string(text);
    std::string out = "\"";
    for (char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

// Numbers keep every digit (Python repr); a missing or non-finite figure is an empty cell.
inline std::string csv_number(std::optional<double> v) {
    return v && std::isfinite(*v) ? python_float_repr(*v) : std::string();
}

inline std::string csv_row(const std::vector<std::string>& fields) {
    std::string out;
    for (std::size_t i = 0; i < fields.size(); ++i)
        out += (i ? "," : "") + csv_field(fields[i]);
    return out + "\n";
}

inline std::optional<double> micro(double seconds) {
    return std::isfinite(seconds) ? std::optional(seconds * 1e6) : std::nullopt;
}

inline std::optional<double> percent(double fraction) {
    return std::isfinite(fraction) ? std::optional(fraction * 100) : std::nullopt;
}

} // namespace detail

// The column names, after the reference's run_bench CSV where a column means the same. "Clock"
// names what the "GPU" columns were timed by, "Beside Clock" the "CPU" columns' (nvbench's
// CUDA events and host wall time; on the host backend thread CPU time and wall time by default);
// the noise columns follow "Noise Statistic".
inline const std::vector<std::string>& csv_columns() {
    static const std::vector<std::string> columns{"Benchmark",
                                                  "tier",
                                                  "config_key",
                                                  "case_key",
                                                  "Language",
                                                  "SKU",
                                                  "Device Name",
                                                  "Status",
                                                  "Message",
                                                  "Samples",
                                                  "Stop",
                                                  "Clock",
                                                  "Beside Clock",
                                                  "Noise Statistic",
                                                  "GPU Time (\xC2\xB5s)",
                                                  "GPU Noise (%)",
                                                  "GPU Median (\xC2\xB5s)",
                                                  "GPU Min (\xC2\xB5s)",
                                                  "GPU Max (\xC2\xB5s)",
                                                  "CPU Time (\xC2\xB5s)",
                                                  "CPU Noise (%)",
                                                  "Batch GPU (\xC2\xB5s)",
                                                  "Batch Noise (%)",
                                                  "Batch Samples",
                                                  "Batch Launches",
                                                  "GlobalMem BW (bytes/sec)",
                                                  "BWUtil",
                                                  "Elem/s",
                                                  "Warmup",
                                                  "Walltime (s)"};
    return columns;
}

// One row per case, in run order.
inline std::string render_csv(const std::string& benchmark, const std::vector<CaseResult>& results,
                              const SkuIdentity& sku, const DeviceInfo& device) {
    using detail::csv_number;
    std::string out = detail::csv_row(csv_columns());
    for (const CaseResult& r : results) {
        const bool cold = r.measured();
        const bool batch = cold && r.batch;
        const NoiseStatistic noise = cold ? r.cold->noise_statistic : NoiseStatistic::RelativeStdev;
        out += detail::csv_row({
            benchmark,
            r.tier,
            r.key.config_key,
            r.key.str(),
            std::string(baseline::to_string(r.language)),
            sku.stem,
            device.name,
            std::string(to_string(r.outcome)),
            r.message,
            cold ? std::to_string(r.cold_time.count) : "",
            cold ? std::string(to_string(r.cold->stop)) : "",
            cold ? std::string(to_string(r.cold->clock)) : "",
            cold ? std::string(to_string(r.cold->beside_clock)) : "",
            cold ? std::string(to_string(noise)) : "",
            csv_number(detail::micro(r.cold_time.mean)),
            csv_number(detail::percent(r.cold_time.relative_noise(noise))),
            csv_number(detail::micro(r.cold_time.median)),
            csv_number(detail::micro(r.cold_time.min)),
            csv_number(detail::micro(r.cold_time.max)),
            csv_number(detail::micro(r.cold_beside.mean)),
            csv_number(detail::percent(r.cold_beside.relative_noise(noise))),
            csv_number(detail::micro(r.batch_time.mean)),
            csv_number(detail::percent(r.batch_time.relative_noise(noise))),
            batch ? std::to_string(r.batch_time.count) : "",
            batch ? std::to_string(r.batch->launches_per_sample) : "",
            csv_number(r.throughput.bytes_per_second),
            csv_number(r.throughput.bwutil),
            csv_number(r.throughput.elements_per_second),
            cold ? std::to_string(r.warmup_iterations) : "",
            cold ? csv_number(r.cold->walltime_s + (batch ? r.batch->walltime_s : 0.0)) : "",
        });
    }
    return out;
}

} // namespace odo::bench
