#pragma once
#include "odo/core/linkage.hpp"
#include <algorithm>
#include <vector>

namespace odo::baseline::detail {

#if ODO_BASELINE_DEFINITIONS
// Python's statistics.median: the middle value, or the mean of the two middle values.
inline double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline::detail
