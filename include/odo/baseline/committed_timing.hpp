#pragma once
#include "odo/baseline/metrics.hpp"
#include "odo/baseline/verdict.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/linkage.hpp"

#include <boost/json.hpp>

#include <optional>

namespace odo::baseline {

// One language's timing in a committed metrics object, read leniently: an earlier revision or
// a config under comparison is not validated, so only a numeric `gpu_time_us_<lang>` is
// required; a missing noise stays missing (the verdict calls that thin evidence) and a missing
// or malformed n_runs counts as one run.
ODO_API std::optional<TimedSide> committed_timing(const boost::json::object& metrics,
                                                  Language language);
#if ODO_BASELINE_DEFINITIONS
ODO_API std::optional<TimedSide> committed_timing(const boost::json::object& metrics,
                                                  Language language) {
    const auto* time = metrics.if_contains(field_name(Quantity::Time, language));
    const auto time_us = time ? json::as_number(*time) : std::nullopt;
    if (!time_us)
        return std::nullopt;
    const auto* noise = metrics.if_contains(field_name(Quantity::Noise, language));
    const auto* n_runs = metrics.if_contains(n_runs_field);
    return TimedSide{*time_us, noise ? json::as_number(*noise) : std::nullopt,
                     n_runs && n_runs->is_int64() ? n_runs->get_int64() : 1};
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
