#pragma once
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/summary/error.hpp"
#include "odo/summary/python_text.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace odo::summary {

// The human-readable name of a SKU stem (summary.md §4.6): "A100_PCIE_40GB_250W_1095MHz" ->
// "A100", "…_CUDA12" -> "… CUDA 12", any other stem with '_' read as ' ' ("RTX 6000 Ada").
ODO_API std::string sku_label(std::string_view stem);
#if ODO_SUMMARY_DEFINITIONS
ODO_API std::string sku_label(std::string_view stem) {
    constexpr std::string_view cuda12 = "_CUDA12";
    std::string_view base = stem;
    const bool is_cuda12 =
        stem.size() >= cuda12.size() &&
        pytext::casefold(stem.substr(stem.size() - cuda12.size())) == pytext::casefold(cuda12);
    if (is_cuda12)
        base.remove_suffix(cuda12.size());
    std::string label;
    std::size_t digits = 1;
    while (digits < base.size() && pytext::is_ascii_digit(base[digits]))
        ++digits;
    const char family = base.empty() ? 0 : base.front();
    if ((family == 'A' || family == 'a' || family == 'H' || family == 'h') && digits > 1 &&
        (digits == base.size() || base[digits] == '_')) {
        label = std::string(base.substr(0, digits));
        label[0] = static_cast<char>(family == 'a' || family == 'h' ? family - 'a' + 'A' : family);
    } else {
        label = std::string(base);
        std::replace(label.begin(), label.end(), '_', ' ');
    }
    return is_cuda12 ? label + " CUDA 12" : label;
}

// Stems sorted by label, stably.
inline std::vector<std::string> sorted_by_label(std::vector<std::string> stems) {
    std::stable_sort(stems.begin(), stems.end(), [](const std::string& a, const std::string& b) {
        return sku_label(a) < sku_label(b);
    });
    return stems;
}

// The reference stems of a sku_map.json document, in label order. Only `stem` is read.
inline std::vector<std::string> reference_stems(const boost::json::value& sku_map) {
    const auto* entries =
        sku_map.is_object() ? sku_map.get_object().if_contains("entries") : nullptr;
    if (!entries || !entries->is_array())
        throw SummaryError("SKU map must contain an entries array");
    std::vector<std::string> stems;
    std::unordered_set<std::string> seen;
    for (const auto& entry : entries->get_array()) {
        const auto* stem = entry.is_object() ? entry.get_object().if_contains("stem") : nullptr;
        if (!stem || !stem->is_string())
            throw SummaryError("SKU map entries must contain string stems");
        stems.emplace_back(stem->get_string());
    }
    for (const std::string& stem : stems)
        if (!seen.insert(stem).second)
            throw SummaryError("SKU map contains duplicate stems");
    return sorted_by_label(std::move(stems));
}

// The order summary tables list SKUs in: the present reference stems in reference order, then
// the other stems by label. Labels must be unique and fit a table cell (the reference would
// print a summary its own parser rejects).
inline std::vector<std::string> report_order(const std::vector<std::string>& complete,
                                             const std::vector<std::string>& references) {
    std::vector<std::string> ordered, local;
    for (const std::string& stem : references)
        if (std::find(complete.begin(), complete.end(), stem) != complete.end())
            ordered.push_back(stem);
    for (const std::string& stem : complete)
        if (std::find(references.begin(), references.end(), stem) == references.end())
            local.push_back(stem);
    for (std::string& stem : sorted_by_label(local))
        ordered.push_back(std::move(stem));
    std::unordered_set<std::string> labels;
    for (const std::string& stem : ordered)
        if (!labels.insert(sku_label(stem)).second)
            throw SummaryError("reported SKU stems do not have unique human-readable labels");
    for (const std::string& stem : ordered) {
        const std::string label = sku_label(stem);
        if (label.empty() || pytext::strip(label).size() != label.size() ||
            label.find('|') != std::string::npos || pytext::has_line_break(label))
            throw SummaryError("SKU stem " + python_str_repr(stem) +
                               " has no label a summary table can show");
    }
    return ordered;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
