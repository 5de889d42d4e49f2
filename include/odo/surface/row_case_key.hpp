#pragma once
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/core/text.hpp"
#include "odo/surface/axis.hpp"
#include "odo/surface/case_key.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace odo::surface {

// One result row: (column, cell text) in column order. A blank cell means "no value".
using ResultRow = std::vector<std::pair<std::string, std::string>>;

#if ODO_SURFACE_DEFINITIONS
// Columns of a result row that describe the measurement, not the case (bench-harness.md §3.3);
// pandas' `Unnamed: n` index columns are ignored too.
inline bool is_metadata_column(std::string_view column) {
    static constexpr std::array<std::string_view, 24> metadata{
        "config_key",
        "Benchmark",
        "Language",
        "tier",
        "GPU Time (µs)",
        "GPU Noise (%)",
        "GPU Noise (µs)",
        "CPU Time (µs)",
        "CPU Noise (%)",
        "CPU Noise (µs)",
        "GlobalMem BW (bytes/sec)",
        "BWUtil",
        "Py overhead (%)",
        "Py overhead (µs)",
        "Status",
        "Device Name",
        "Power Cap (W)",
        "Locked SM Clock (MHz)",
        "vBIOS Version",
        "Device",
        "Skipped",
        "Samples",
        "Samples.1",
        "Batch GPU (sec)",
    };
    return odo::text::starts_with(column, "Unnamed:") ||
           std::find(metadata.begin(), metadata.end(), column) != metadata.end();
}
#endif // ODO_SURFACE_DEFINITIONS

namespace detail {

#if ODO_SURFACE_DEFINITIONS
inline const std::string* row_cell(const ResultRow& row, std::string_view column) {
    for (const auto& [name, cell] : row)
        if (name == column && !odo::text::strip(cell).empty())
            return &cell;
    return nullptr;
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace detail

// The case key a result row measured (§2.3 `case_key_from_row`). Every non-metadata column with
// a value must be a declared axis; a declared axis may be absent or blank only when it declares
// exactly one value, which is then used. Values are canonicalized and must be declared.
ODO_API CaseKey case_key_from_row(std::string_view config_key, const std::vector<AxisSpec>& specs,
                                  const ResultRow& row);
#if ODO_SURFACE_DEFINITIONS
ODO_API CaseKey case_key_from_row(std::string_view config_key, const std::vector<AxisSpec>& specs,
                                  const ResultRow& row) {
    const std::string where = std::string(config_key) + ": ";
    std::vector<std::string> unknown;
    for (const auto& cell : row) {
        const bool declared = std::any_of(specs.begin(), specs.end(),
                                          [&](const AxisSpec& s) { return s.name == cell.first; });
        if (!declared && !is_metadata_column(cell.first) && !odo::text::strip(cell.second).empty())
            unknown.push_back(cell.first);
    }
    if (!unknown.empty())
        throw InputError(where + "unknown non-metadata axis column(s) " +
                         python_list_repr(unknown));
    CaseKey key{std::string(config_key), {}};
    for (const AxisSpec& spec : specs) {
        const std::string* cell = detail::row_cell(row, spec.name);
        if (!cell && spec.values.size() != 1)
            throw InputError(where + "missing axis column " + python_str_repr(spec.name));
        std::string value;
        try {
            value = cell ? canonical_axis_text(spec.kind, *cell) : spec.values.front();
        } catch (const InputError& e) {
            throw InputError(where + spec.name + ": " + e.what());
        }
        if (std::find(spec.values.begin(), spec.values.end(), value) == spec.values.end())
            throw InputError(where + spec.name + " value " + python_str_repr(value) +
                             " not declared (allowed: " + python_list_repr(spec.values) + ")");
        key.axes.emplace_back(spec.name, std::move(value));
    }
    return key;
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace odo::surface
