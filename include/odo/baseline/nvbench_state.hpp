#pragma once
#include "odo/surface/row_case_key.hpp"

#include <limits>
#include <string>

namespace odo::baseline {

// One measured state read from nvbench's own output (CSV or JSON), before it is tied to a
// config, a language and a SKU. Missing figures are NaN and rejected when the run is built.
struct NvbenchState {
    std::string label;       // "<file>:<line>" or "<file>: benchmark … state …", for messages
    std::string device_name; // CUDA device name, the first part of the SKU routing key
    surface::ResultRow axes; // axis name -> value text as nvbench printed it
    double gpu_time_sec = std::numeric_limits<double>::quiet_NaN();
    double gpu_noise_fraction = std::numeric_limits<double>::quiet_NaN(); // relative stddev
    double bwutil = std::numeric_limits<double>::quiet_NaN();
};

} // namespace odo::baseline
