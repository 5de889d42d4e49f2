#pragma once
// The runner's side of a State: the record of the case being measured and how to measure it.
// Runner internals; a benchmark body only sees State.
#include "odo/bench/backend.hpp"
#include "odo/bench/host_roofline.hpp"
#include "odo/bench/result.hpp"

#include <cstdint>
#include <optional>

namespace odo::bench {

// How the cases of a run are measured; the runner fills it from the options and the config.
struct ExecSettings {
    Backend* backend = nullptr;
    StoppingCriteria criteria;
    std::int64_t warmup_iterations = 0;
    bool batch = true;
    // Set: exec() times the launcher against a memcpy of the case's declared bytes instead
    // (`--host-roofline`).
    std::optional<HostRooflineOptions> roofline;
};

namespace detail {

struct CaseRun {
    CaseResult& result;
    ExecSettings settings;
    std::optional<HostRoofline> roofline; // what exec() measured under `settings.roofline`
};

} // namespace detail
} // namespace odo::bench
