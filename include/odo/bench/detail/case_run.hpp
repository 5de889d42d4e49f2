#pragma once
// The runner's side of a State: the record of the case being measured and how to measure it.
// Runner internals; a benchmark body only sees State.
#include "odo/bench/backend.hpp"
#include "odo/bench/host_roofline.hpp"
#include "odo/bench/result.hpp"
#include "odo/profile/allocation_ledger.hpp"

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
    // Set: exec() warms up, then calls the launcher once with the allocation hook armed around it
    // instead (`--footprint`).
    bool footprint = false;
};

namespace detail {

struct CaseRun {
    CaseResult& result;
    ExecSettings settings;
    std::optional<HostRoofline> roofline; // what exec() measured under `settings.roofline`
    std::optional<profile::AllocationLedger> footprint; // what it counted under `.footprint`
};

} // namespace detail
} // namespace odo::bench
