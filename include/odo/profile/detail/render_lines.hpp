#pragma once
// What a profile and a host roofline print alike: one labelled value per line, the
// classification as JSON, and odo_profile's one-line failure.
#include "odo/core/error_output.hpp"
#include "odo/profile/bottleneck.hpp"

#include <boost/json.hpp>

#include <optional>
#include <ostream>
#include <string>

namespace odo::profile::detail {

// A value from the profiled program or a file (a kernel name, a row) is kept to one line.
inline void print_line(std::ostream& os, const std::string& label, const std::string& text) {
    os << label << ": " << one_line(text) << "\n";
}

// A run or an import that failed after its options were accepted (exit 1, or 2 where nothing
// matched): one line on the error stream, named as odo_profile names its errors.
inline void print_failure(std::ostream& err, const std::string& text) {
    err << "odo_profile: " << one_line(text) << "\n";
}

inline boost::json::value optional_number(const std::optional<double>& v) {
    return v ? boost::json::value(*v) : boost::json::value(nullptr);
}

inline boost::json::value optional_text(const std::optional<std::string>& v) {
    return v ? boost::json::value(*v) : boost::json::value(nullptr);
}

inline std::string classification_text(const Classification& c) {
    return std::string(to_string(c.bottleneck)) + " (" + c.reason + ")";
}

inline boost::json::object classification_json(const Classification& c,
                                               const BottleneckThresholds& t) {
    return {{"bottleneck", to_string(c.bottleneck)},
            {"reason", c.reason},
            {"max_sol_pct", optional_number(c.max_sol_pct)},
            {"ceiling", optional_number(c.ceiling)},
            {"ridge_pct", t.ridge_sol_pct},
            {"at_ridge", c.at_ridge}};
}

} // namespace odo::profile::detail
