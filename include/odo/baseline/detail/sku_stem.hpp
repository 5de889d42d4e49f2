#pragma once
#include "odo/core/capped_list.hpp"
#include "odo/core/linkage.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace odo::baseline::detail {

#if ODO_BASELINE_DEFINITIONS
// Why `stem` cannot key a row, or "" when it is one of the SKU map's stems.
inline std::string sku_stem_problem(const std::vector<std::string>& stems,
                                    const std::string& stem) {
    if (std::find(stems.begin(), stems.end(), stem) != stems.end())
        return {};
    return "unknown SKU stem (not in sku_map.json " + capped_list_repr(stems) + ")";
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline::detail
