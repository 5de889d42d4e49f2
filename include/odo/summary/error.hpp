#pragma once
#include "odo/core/error.hpp"

namespace odo::summary {

// A summary that cannot be parsed, generated or refreshed. It is bad input (an MR description,
// a benchmark config, an option), so drivers report it like any InputError: one line, exit 2.
class SummaryError : public odo::InputError {
public:
    using odo::InputError::InputError;
};

} // namespace odo::summary
