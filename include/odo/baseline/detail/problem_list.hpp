#pragma once
#include "odo/core/error.hpp"

#include <string>
#include <vector>

namespace odo::baseline::detail {

// Readers collect every problem of a file before giving up, so one run names them all.
inline void throw_if_problems(const std::vector<std::string>& problems) {
    if (!problems.empty())
        throw InputProblems(problems);
}

} // namespace odo::baseline::detail
