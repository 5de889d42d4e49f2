#pragma once
// The CSV that `nsys stats --format csv` prints: one or more summary reports (kernels, CUDA API
// calls, NVTX ranges), each as a table under a heading, or one table per file with --output.
// Report names and column names changed across nsys versions (gpukernsum -> cuda_gpu_kern_sum,
// "Average" -> "Avg (ns)", "Calls" -> "Num Calls"), so reports are found by any of their names and
// columns by header name. A table without a heading (one report's file, or `-q`) is named from its
// header.
#include "odo/core/error.hpp"
#include "odo/core/text.hpp"
#include "odo/profile/detail/csv.hpp"
#include "odo/profile/detail/number.hpp"
#include "odo/profile/tool_version.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::profile {

// One summary row: a kernel, an API function or an NVTX range, its total time and how often it
// ran (instances or calls).
struct NsysRow {
    std::string name;
    double total_ns = 0;
    std::uint64_t count = 0;
};

struct NsysTable {
    std::string report; // e.g. "cuda_gpu_kern_sum"; empty for a single table read on its own
    std::vector<NsysRow> rows;
};

// A summary report under its current name and the name nsys used before 2022.
struct NsysReportName {
    std::string_view current;
    std::string_view legacy;
};

// The reports odo reads.
namespace nsys_report {
inline constexpr NsysReportName kernels{"cuda_gpu_kern_sum", "gpukernsum"};
inline constexpr NsysReportName api{"cuda_api_sum", "cudaapisum"};
inline constexpr NsysReportName ranges{"nvtx_sum", "nvtxsum"};
} // namespace nsys_report

struct NsysStats {
    std::vector<NsysTable> tables;
    std::string version; // from the report scripts' install path; empty when none was printed

    const NsysTable* find(const NsysReportName& report) const {
        for (const NsysTable& t : tables)
            if (t.report == report.current || t.report == report.legacy)
                return &t;
        return nullptr;
    }
};

namespace detail {

// The report a console line introduces, or empty: " ** CUDA GPU Kernel Summary
// (cuda_gpu_kern_sum):", "Processing [r.sqlite] with [/…/cuda_gpu_kern_sum.py]... ", "Running
// [/…/gpukernsum.py r.sqlite]... ".
inline std::string_view nsys_report_heading(std::string_view line) {
    const std::string_view s = odo::text::strip(line);
    if (odo::text::starts_with(s, "** ") && odo::text::ends_with(s, "):")) {
        const std::size_t open = s.rfind('(');
        if (open != std::string_view::npos)
            return s.substr(open + 1, s.size() - open - 3);
    }
    if (odo::text::starts_with(s, "Processing [") || odo::text::starts_with(s, "Running [")) {
        const std::size_t py = s.find(".py");
        if (py == std::string_view::npos)
            return {};
        const std::size_t slash = s.find_last_of("/\\[", py);
        const std::size_t start = slash == std::string_view::npos ? 0 : slash + 1;
        return s.substr(start, py - start);
    }
    return {};
}

// Whether every row names a CUDA API function (cudaX, cuX): what tells cuda_api_sum from the host
// call summaries (osrt_sum, …) whose headers are the same.
inline bool all_cuda_calls(const NsysTable& table) {
    for (const NsysRow& row : table.rows)
        if (!odo::text::starts_with(row.name, "cu"))
            return false;
    return true;
}

// The report whose header `cells` are, for a table without a heading: nvtx_sum has a Range
// column; cuda_gpu_kern_sum counts Instances by Name; cuda_api_sum counts Num Calls by Name (so do
// the host call summaries: see all_cuda_calls); cuda_gpu_mem_time_sum counts by Operation. Empty
// when the header is none of those.
inline std::string_view report_of_header(const std::vector<std::string_view>& cells) {
    if (find_column(cells, {"Total Time (ns)", "Total Time"}) < 0)
        return {};
    const bool instances = find_column(cells, {"Instances"}) >= 0;
    if (instances && find_column(cells, {"Range"}) >= 0)
        return nsys_report::ranges.current;
    if (find_column(cells, {"Name"}) >= 0) {
        if (instances)
            return nsys_report::kernels.current;
        if (find_column(cells, {"Num Calls", "Calls"}) >= 0)
            return nsys_report::api.current;
    }
    if (find_column(cells, {"Operation"}) >= 0 && find_column(cells, {"Count"}) >= 0)
        return "cuda_gpu_mem_time_sum";
    return {};
}

class NsysTableReader {
public:
    explicit NsysTableReader(std::string report) { table_.report = std::move(report); }

    bool has_header() const noexcept { return name_ >= 0; }

    // Feeds one line; false when the line ends the table (a blank line after its rows).
    bool read(std::string_view line) {
        if (odo::text::strip(line).empty())
            return !has_header();
        const bool parsed = record_.parse(line);
        if (!has_header()) {
            if (parsed)
                read_header(record_.cells());
            return true;
        }
        const auto& cells = record_.cells();
        if (!parsed || cells.size() != header_size_)
            bad_row("row '" + std::string(line) + "' (its cells do not match the header's " +
                    std::to_string(header_size_) + ")");
        NsysRow row;
        row.name = std::string(cells[std::size_t(name_)]);
        const auto total = parse_number(cells[std::size_t(total_)]);
        if (!total || *total < 0)
            bad_row("total time " + std::string(cells[std::size_t(total_)]));
        row.total_ns = *total;
        if (count_ >= 0) {
            const auto count = parse_count(cells[std::size_t(count_)]);
            if (!count)
                bad_row("count " + std::string(cells[std::size_t(count_)]));
            row.count = *count;
        }
        table_.rows.push_back(std::move(row));
        return true;
    }

    NsysTable take() {
        if (!has_header() && !skipped_)
            throw InputError("nsys stats output: report '" + table_.report +
                             "' has no table with a Name (or Range) and a Total Time column");
        return std::move(table_);
    }

    // "SKIPPED: r.sqlite does not contain CUDA kernel data." stands for an empty table.
    void mark_skipped() noexcept { skipped_ = true; }

private:
    void read_header(const std::vector<std::string_view>& cells) {
        const std::ptrdiff_t name = find_column(cells, {"Name", "Range", "Operation"});
        const std::ptrdiff_t total = find_column(cells, {"Total Time (ns)", "Total Time"});
        if (name < 0 || total < 0)
            return; // a line of prose before the table
        name_ = name;
        total_ = total;
        count_ = find_column(cells, {"Instances", "Num Calls", "Calls", "Count"});
        header_size_ = cells.size();
    }

    [[noreturn]] void bad_row(const std::string& what) const {
        throw InputError("nsys stats output: report '" + table_.report + "': unreadable " + what);
    }

    NsysTable table_;
    CsvRecord record_;
    std::ptrdiff_t name_ = -1, total_ = -1, count_ = -1;
    std::size_t header_size_ = 0;
    bool skipped_ = false;
};

} // namespace detail

// One report's table, as `nsys stats --output BASE` writes it to BASE_<report>.csv.
inline NsysTable parse_nsys_table(std::string_view csv, std::string report) {
    detail::NsysTableReader reader(std::move(report));
    for (std::string_view line : odo::text::lines(csv))
        if (!reader.read(line))
            break;
    return reader.take();
}

// The console output of `nsys stats --format csv` with one or more reports, each under its heading
// or, without one, named from its header (report_of_header). Text outside the tables (the
// "Generating SQLite file" and "Processing …" lines) is skipped, except for the nsys version their
// paths name; InputError when a report heading is not followed by a readable table, or when there
// is no report at all.
inline NsysStats parse_nsys_stats(std::string_view text) {
    NsysStats stats;
    std::optional<detail::NsysTableReader> reader;
    std::string current;
    bool reading = false, named_from_header = false;
    detail::CsvRecord record;
    auto finish = [&] {
        if (reader)
            stats.tables.push_back(reader->take());
        reader.reset();
        if (named_from_header && stats.tables.back().report == nsys_report::api.current &&
            !detail::all_cuda_calls(stats.tables.back()))
            stats.tables.back().report.clear(); // a host call summary odo does not read
        named_from_header = false;
    };
    for (std::string_view line : odo::text::lines(text)) {
        const std::string_view heading = detail::nsys_report_heading(line);
        if ((!reading || !heading.empty()) && stats.version.empty())
            stats.version = version_in_install_path(line);
        // A report may be announced twice ("Processing … with [x.py]" then "** … (x):").
        if (!heading.empty() && !(reader && heading == current && !reader->has_header())) {
            finish();
            current = std::string(heading);
            reader.emplace(current);
            reading = true;
            continue;
        }
        if (!reader || !reading) {
            const std::string_view report =
                record.parse(line) ? detail::report_of_header(record.cells()) : std::string_view{};
            if (report.empty())
                continue;
            finish();
            current = std::string(report);
            reader.emplace(current);
            named_from_header = reading = true;
        }
        if (odo::text::starts_with(odo::text::strip(line), "SKIPPED:"))
            reader->mark_skipped();
        else
            reading = reader->read(line);
    }
    finish();
    if (stats.tables.empty())
        throw InputError("nsys stats output: no report found (expected a heading such as "
                         "'** CUDA GPU Kernel Summary (cuda_gpu_kern_sum):' before each table)");
    return stats;
}

} // namespace odo::profile
