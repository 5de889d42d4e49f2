#pragma once
#include "odo/baseline/detail/problem_list.hpp"
#include "odo/baseline/nvbench_state.hpp"
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/core/text.hpp"
#include "odo/surface/axis.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace odo::baseline {

namespace detail {

#if ODO_BASELINE_DEFINITIONS
// One CSV record split into cells. nvbench writes no quoting; double-quoted cells (with ""
// for a quote) are accepted so that a re-saved file still reads.
inline std::vector<std::string> csv_cells(std::string_view line) {
    std::vector<std::string> cells(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
            cells.back() += '"';
            ++i;
        } else if (c == '"') {
            quoted = !quoted;
        } else if (c == ',' && !quoted) {
            cells.emplace_back();
        } else {
            cells.back() += c;
        }
    }
    return cells;
}

// pandas' names for repeated headers: the second `Noise` (the GPU one) becomes `Noise.1`.
inline std::vector<std::string> deduplicated_header(const std::vector<std::string>& header) {
    std::vector<std::string> names;
    std::map<std::string, int> seen;
    for (const std::string& name : header) {
        const int n = seen[name]++;
        names.push_back(n == 0 ? name : name + "." + std::to_string(n));
    }
    return names;
}

// The columns nvbench prints about a measurement rather than a case (§6.3), without pandas'
// `.1` suffix. `Elem/s` is one too, although the reference mistook it for an axis.
inline bool is_nvbench_measure_column(std::string_view name) {
    static constexpr std::array<std::string_view, 12> columns{"Benchmark",
                                                              "Device",
                                                              "Device Name",
                                                              "Skipped",
                                                              "Samples",
                                                              "CPU Time (sec)",
                                                              "Noise",
                                                              "GPU Time (sec)",
                                                              "Elem/s (elem/sec)",
                                                              "GlobalMem BW (bytes/sec)",
                                                              "BWUtil",
                                                              "Batch GPU (sec)"};
    const std::size_t dot = name.rfind('.');
    const bool suffixed = dot != std::string_view::npos && dot + 1 < name.size() &&
                          name.find_first_not_of("0123456789", dot + 1) == std::string_view::npos;
    const std::string_view base = suffixed ? name.substr(0, dot) : name;
    return std::find(columns.begin(), columns.end(), base) != columns.end();
}

// A measurement cell's number. A cell that holds none (a localized "1,5e-05") is a problem that
// quotes it, so the message shows what the file says rather than the NaN it would become.
inline double csv_number(std::string_view cell, std::string_view column, const std::string& label,
                         std::vector<std::string>& problems) {
    if (const auto number = surface::detail::python_float(cell))
        return *number;
    problems.push_back(label + ": " + python_str_repr(column) +
                       " is not a number: " + python_str_repr(cell) +
                       (cell.find(',') == std::string_view::npos
                            ? ""
                            : " (a decimal comma? nvbench's CSV writes a '.')"));
    return std::numeric_limits<double>::quiet_NaN();
}

inline std::size_t required_column(const std::vector<std::string>& header, std::string_view name,
                                   const std::string& source) {
    const auto it = std::find(header.begin(), header.end(), name);
    if (it == header.end())
        throw InputError(source + ": not nvbench CSV output: no " + python_str_repr(name) +
                         " column (a benchmark without global memory traffic has no BWUtil)");
    return std::size_t(it - header.begin());
}

// The column of GPU noise: the `Noise` that follows `GPU Time (sec)`. A newer nvbench names it
// `Noise (%)` with another scale, which must not be read as a fraction.
inline std::size_t gpu_noise_column(const std::vector<std::string>& header, std::size_t gpu_time,
                                    const std::string& source) {
    if (gpu_time + 1 >= header.size() || header[gpu_time + 1].rfind("Noise", 0) != 0 ||
        !is_nvbench_measure_column(header[gpu_time + 1]))
        throw InputError(source + ": expected a Noise column right after \"GPU Time (sec)\" (got " +
                         (gpu_time + 1 < header.size() ? python_str_repr(header[gpu_time + 1])
                                                       : std::string("none")) +
                         ")");
    return gpu_time + 1;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace detail

// The measured states of nvbench's `--csv` output (bench-harness.md §6.3): a header, then one
// row per state. Skipped states are dropped; every column nvbench prints about the measurement
// is consumed and every other column is an axis. Throws InputError naming the file and line.
ODO_API std::vector<NvbenchState> read_nvbench_csv(std::string_view text,
                                                   const std::string& source);
#if ODO_BASELINE_DEFINITIONS
ODO_API std::vector<NvbenchState> read_nvbench_csv(std::string_view text,
                                                   const std::string& source) {
    const auto lines = text::lines(text);
    std::size_t first = 0;
    while (first < lines.size() && text::strip(lines[first]).empty())
        ++first;
    if (first == lines.size())
        throw InputError(source + ": empty CSV");
    auto record = [](std::string_view line) {
        return detail::csv_cells(line.substr(0, line.find_last_not_of('\r') + 1));
    };
    const auto header = detail::deduplicated_header(record(lines[first]));
    const std::size_t gpu_time = detail::required_column(header, "GPU Time (sec)", source);
    const std::size_t noise = detail::gpu_noise_column(header, gpu_time, source);
    const std::size_t skipped = detail::required_column(header, "Skipped", source);
    const std::size_t bwutil = detail::required_column(header, "BWUtil", source);
    const std::size_t device = detail::required_column(header, "Device Name", source);
    detail::required_column(header, "Benchmark", source);
    std::vector<NvbenchState> states;
    std::vector<std::string> problems;
    for (std::size_t l = first + 1; l < lines.size(); ++l) {
        if (text::strip(lines[l]).empty())
            continue;
        const std::string label = source + ":" + std::to_string(l + 1);
        const auto cells = record(lines[l]);
        if (cells.size() != header.size()) {
            problems.push_back(label + ": " + std::to_string(cells.size()) +
                               " cells, the header has " + std::to_string(header.size()));
            continue;
        }
        if (text::strip(cells[skipped]) != "No")
            continue;
        const std::size_t before = problems.size();
        const auto number = [&](std::size_t column) {
            return detail::csv_number(cells[column], header[column], label, problems);
        };
        NvbenchState state{label,
                           std::string(text::strip(cells[device])),
                           {},
                           number(gpu_time),
                           number(noise),
                           number(bwutil)};
        if (problems.size() != before)
            continue;
        for (std::size_t c = 0; c < header.size(); ++c)
            if (!detail::is_nvbench_measure_column(header[c]))
                state.axes.emplace_back(header[c], cells[c]);
        states.push_back(std::move(state));
    }
    detail::throw_if_problems(problems);
    return states;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
