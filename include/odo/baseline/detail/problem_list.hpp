#pragma once
#include "odo/core/error.hpp"
#include "odo/core/text.hpp"

#include <string>
#include <vector>

namespace odo::baseline::detail {

// Readers collect every problem of a file before giving up, so one run names them all: one
// InputError, one problem per line.
inline void throw_if_problems(const std::vector<std::string>& problems) {
    if (!problems.empty())
        throw InputError(text::join(problems, "\n"));
}

} // namespace odo::baseline::detail
