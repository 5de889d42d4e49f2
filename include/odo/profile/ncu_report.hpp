#pragma once
// The CSV that `ncu --csv --page details` and `ncu --csv --page raw` print (also with --import),
// read into kernels and metric values. Columns are found by header name, never by position: the
// leading columns differ across ncu versions. The tool's own ==PROF== / ==WARNING== / ==ERROR==
// lines and the profiled program's output before the table are set aside, not mistaken for data.
// Numbers are read in the locale the page was printed in (decimal_mark_of).
// Since 2023 the details page ends its header with five rule columns ("Rule Name" … "Estimated
// Speedup") that only rule rows fill: a metric row stops after its value (with a trailing comma),
// and a rule row carries no metric. Both are read; a row that fits neither is counted in `skipped`.
#include "odo/core/error.hpp"
#include "odo/profile/detail/csv.hpp"
#include "odo/profile/detail/number.hpp"
#include "odo/profile/detail/unit_scale.hpp"

#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace odo::profile {

enum class NcuPage { Details, Raw };

struct NcuMetric {
    std::string section; // details page: the section that shows it; raw page: empty
    std::string name; // details: display name ("Duration"); raw: metric ("gpu__time_duration.sum")
    std::string unit; // normalized: nsecond, byte, byte/second, cycle/second, %, ...
};

// One profiled kernel launch. `values` is indexed like NcuReport::metrics; a NaN, or an index past
// its end, means the export has no number for that metric and launch.
struct NcuKernel {
    std::string id;
    std::string name;
    std::vector<double> values;
};

struct NcuReport {
    NcuPage page = NcuPage::Raw;
    std::vector<NcuMetric> metrics;
    std::vector<NcuKernel> kernels;
    std::vector<std::string> messages; // the tool's ==PROF== / ==WARNING== / ==ERROR== lines
    std::vector<std::string> skipped;  // table rows that could not be read, and why
    std::size_t rule_rows = 0;         // details page: rows holding a rule's advice, not a metric

    std::optional<double> value(const NcuKernel& kernel, std::size_t metric) const noexcept {
        if (metric >= kernel.values.size() || std::isnan(kernel.values[metric]))
            return std::nullopt;
        return kernel.values[metric];
    }

    // The first metric called `name` (in `unit`, when one is given) that `kernel` has a value for.
    std::optional<double> find(const NcuKernel& kernel, std::string_view name,
                               std::string_view unit = {}) const {
        for (std::size_t i = 0; i < metrics.size(); ++i)
            if (metrics[i].name == name && (unit.empty() || metrics[i].unit == unit))
                if (auto v = value(kernel, i))
                    return v;
        return std::nullopt;
    }
};

namespace detail {

// "==PROF== Connected to process …", "==WARNING== No kernels were profiled."
inline bool is_ncu_message(std::string_view line) noexcept {
    if (line.size() < 4 || line.substr(0, 2) != "==")
        return false;
    const std::size_t close = line.find("==", 2);
    if (close == std::string_view::npos || close == 2)
        return false;
    for (char c : line.substr(2, close - 2))
        if (c < 'A' || c > 'Z')
            return false;
    return true;
}

// The details page's trailing columns that only a rule row fills.
inline bool is_ncu_rule_column(std::string_view name) noexcept {
    for (std::string_view rule : {"Rule Name", "Rule Type", "Rule Description",
                                  "Estimated Speedup Type", "Estimated Speedup"})
        if (name == rule)
            return true;
    return false;
}

// Leading columns that describe the launch rather than measure it.
inline bool is_ncu_identity_column(std::string_view name) noexcept {
    for (std::string_view id :
         {"ID", "Process ID", "Process Name", "Host Name", "Kernel Name", "Kernel Time", "Context",
          "Stream", "Block Size", "Grid Size", "Device", "CC", "Section Name", "Metric Name",
          "Metric Unit", "Metric Value"})
        if (name == id)
            return true;
    return false;
}

class NcuCsvReader {
public:
    NcuReport read(std::string_view text) {
        mark_ = decimal_mark_of(text);
        std::size_t line_number = 0;
        for (std::size_t start = 0; start < text.size();) {
            std::size_t end = text.find('\n', start);
            if (end == std::string_view::npos)
                end = text.size();
            read_line(text.substr(start, end - start), ++line_number);
            start = end + 1;
        }
        if (!header_found_)
            throw InputError(missing_table_message());
        return std::move(report_);
    }

private:
    struct RawColumn {
        std::size_t cell;
        std::size_t metric;
        UnitScale scale;
    };

    void read_line(std::string_view line, std::size_t line_number) {
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (is_ncu_message(line)) {
            report_.messages.emplace_back(line);
            return;
        }
        if (odo::text::strip(line).empty())
            return;
        if (!record_.parse(line)) {
            if (header_found_)
                skip(line_number, "unterminated quote");
            return;
        }
        if (!header_found_) {
            read_header();
            return;
        }
        const auto& cells = record_.cells();
        if (cells.size() < min_cells_ || cells.size() > header_size_)
            return skip(line_number, std::to_string(cells.size()) + " cells, " + cells_expected());
        if (report_.page == NcuPage::Details)
            read_details_row(cells, line_number);
        else
            read_raw_row(cells, line_number);
    }

    std::string missing_table_message() const {
        std::string why = "ncu output: no CSV table with \"ID\" and \"Kernel Name\" columns "
                          "(expected the output of --csv --page details or --page raw)";
        for (const std::string& m : report_.messages)
            if (m.rfind("==ERROR==", 0) == 0)
                return why + "; ncu said: " + m;
        return why;
    }

    // "header has 20", or "a row needs 15 to 20" where rows may leave off the rule columns.
    std::string cells_expected() const {
        if (min_cells_ == header_size_)
            return "header has " + std::to_string(header_size_);
        return "a row needs " + std::to_string(min_cells_) + " to " + std::to_string(header_size_);
    }

    void skip(std::size_t line_number, const std::string& why) {
        report_.skipped.push_back("line " + std::to_string(line_number) + ": " + why);
    }

    // Lines before the header are the profiled program's output; the header is the first record
    // naming both an ID and a Kernel Name column.
    void read_header() {
        const auto& cells = record_.cells();
        id_ = find_column(cells, {"ID"});
        name_ = find_column(cells, {"Kernel Name"});
        if (id_ < 0 || name_ < 0)
            return;
        header_found_ = true;
        header_size_ = cells.size();
        min_cells_ = header_size_;
        section_ = find_column(cells, {"Section Name"});
        metric_name_ = find_column(cells, {"Metric Name"});
        metric_unit_ = find_column(cells, {"Metric Unit"});
        metric_value_ = find_column(cells, {"Metric Value"});
        if (metric_name_ >= 0 && metric_value_ >= 0) {
            report_.page = NcuPage::Details;
            while (min_cells_ > 0 && is_ncu_rule_column(cells[min_cells_ - 1]))
                --min_cells_;
            return;
        }
        report_.page = NcuPage::Raw;
        for (std::size_t i = 0; i < cells.size(); ++i) {
            if (is_ncu_identity_column(cells[i]))
                continue;
            raw_columns_.push_back({i, report_.metrics.size(), {}});
            report_.metrics.push_back({"", std::string(cells[i]), ""});
        }
        expect_units_ = true;
    }

    // Empty for a column the header lacks or a trailing column the row left off.
    std::string_view cell(const std::vector<std::string_view>& cells, std::ptrdiff_t column) {
        return column < 0 || static_cast<std::size_t>(column) >= cells.size()
                   ? std::string_view{}
                   : cells[static_cast<std::size_t>(column)];
    }

    NcuKernel& kernel_for(std::string_view id, std::string_view name) {
        key_.assign(id).append("\x1f").append(name);
        const auto [it, added] = kernel_by_key_.try_emplace(key_, report_.kernels.size());
        if (added)
            report_.kernels.push_back({std::string(id), std::string(name), {}});
        return report_.kernels[it->second];
    }

    void read_details_row(const std::vector<std::string_view>& cells, std::size_t line_number) {
        const std::string_view name = cell(cells, metric_name_);
        if (name.empty()) {
            if (cells.size() > min_cells_ && !cells[min_cells_].empty())
                ++report_.rule_rows;
            else
                skip(line_number, "a row without a metric name or a rule");
            return;
        }
        NcuKernel& kernel = kernel_for(cell(cells, id_), cell(cells, name_));
        const UnitScale scale = scale_unit(cell(cells, metric_unit_));
        const std::string_view section = cell(cells, section_);
        key_.assign(section).append("\x1f").append(name).append("\x1f").append(scale.unit);
        const auto [it, added] = metric_by_key_.try_emplace(key_, report_.metrics.size());
        if (added)
            report_.metrics.push_back({std::string(section), std::string(name), scale.unit});
        if (kernel.values.size() <= it->second)
            kernel.values.resize(it->second + 1, std::numeric_limits<double>::quiet_NaN());
        if (const auto v = parse_number(cell(cells, metric_value_), mark_))
            kernel.values[it->second] = scale.apply(*v);
    }

    // The raw page's second row holds the units (its ID cell is empty); the rest are launches.
    void read_raw_row(const std::vector<std::string_view>& cells, std::size_t line_number) {
        if (expect_units_ && cell(cells, id_).empty()) {
            for (RawColumn& column : raw_columns_) {
                column.scale = scale_unit(cells[column.cell]);
                report_.metrics[column.metric].unit = column.scale.unit;
            }
            expect_units_ = false;
            return;
        }
        expect_units_ = false;
        if (cell(cells, id_).empty())
            return skip(line_number, "a row without an ID");
        NcuKernel kernel{
            std::string(cell(cells, id_)), std::string(cell(cells, name_)),
            std::vector<double>(report_.metrics.size(), std::numeric_limits<double>::quiet_NaN())};
        for (const RawColumn& column : raw_columns_)
            if (const auto v = parse_number(cells[column.cell], mark_))
                kernel.values[column.metric] = column.scale.apply(*v);
        report_.kernels.push_back(std::move(kernel));
    }

    NcuReport report_;
    CsvRecord record_;
    DecimalMark mark_ = DecimalMark::Either;
    bool header_found_ = false;
    bool expect_units_ = false;
    std::size_t header_size_ = 0;
    std::size_t min_cells_ = 0; // fewer cells than the header: the rule columns left off
    std::ptrdiff_t id_ = -1, name_ = -1, section_ = -1;
    std::ptrdiff_t metric_name_ = -1, metric_unit_ = -1, metric_value_ = -1;
    std::vector<RawColumn> raw_columns_;
    std::unordered_map<std::string, std::size_t> kernel_by_key_, metric_by_key_;
    std::string key_;
};

} // namespace detail

// "2 unreadable rows (line 4: 2 cells, header has 3; line 5: unterminated quote)", the first
// three reasons quoted; empty when every row was read.
inline std::string skipped_rows_text(const NcuReport& report) {
    const std::size_t n = report.skipped.size();
    if (n == 0)
        return {};
    std::string text = std::to_string(n) + (n == 1 ? " unreadable row (" : " unreadable rows (");
    for (std::size_t i = 0; i < n && i < 3; ++i)
        text += (i ? "; " : "") + report.skipped[i];
    return text + (n > 3 ? "; ...)" : ")");
}

// Parses ncu's CSV (details or raw page, detected from the header). InputError when the text has
// no ncu table at all, quoting ncu's first ==ERROR== line when there is one. Rows that do not fit
// the header are listed in `skipped` rather than failing the whole report; whoever uses the
// report says how many (a figure that is missing because its row was skipped must not pass for
// one ncu did not measure).
inline NcuReport parse_ncu_csv(std::string_view text) {
    return detail::NcuCsvReader().read(text);
}

} // namespace odo::profile
