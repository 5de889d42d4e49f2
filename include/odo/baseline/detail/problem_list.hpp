#pragma once
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"

#include <string>
#include <vector>

namespace odo::baseline::detail {

#if ODO_BASELINE_DEFINITIONS
// Readers collect every problem of a file before giving up, so one run names them all.
inline void throw_if_problems(const std::vector<std::string>& problems) {
    if (!problems.empty())
        throw InputProblems(problems);
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline::detail
