#pragma once
// The runner's side of a State: the record of the case being measured and how to measure it.
// Runner internals; a benchmark body only sees State.
#include "odo/bench/backend.hpp"
#include "odo/bench/result.hpp"

#include <cstdint>

namespace odo::bench {

// How the cases of a run are measured; the runner fills it from the options and the config.
struct ExecSettings {
    Backend* backend = nullptr;
    StoppingCriteria criteria;
    std::int64_t warmup_iterations = 0;
    bool batch = true;
};

namespace detail {

struct CaseRun {
    CaseResult& result;
    ExecSettings settings;
};

} // namespace detail
} // namespace odo::bench
