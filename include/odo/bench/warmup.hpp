#pragma once
#include "odo/core/error.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/surface/bench_config.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

namespace odo::bench {

// The reference's cap on configured warm-up iterations (bench-harness.md §3.5); run_bench sets it
// for every driver with --warmup-cap.
inline constexpr std::string_view warmup_cap_variable = "CVCUDA_BENCH_WARMUP_CAP";
inline constexpr std::int64_t max_warmup_cap = 2147483647;

// Parses the cap: a non-empty run of ASCII digits no larger than 2147483647. InputError
// otherwise, as the reference's C++ twin throws.
inline std::int64_t parse_warmup_cap(std::string_view text) {
    const auto bad = [&] {
        return InputError(
            std::string(warmup_cap_variable) + "=" + python_str_repr(text) +
            ": must be ASCII digits with a value <= " + std::to_string(max_warmup_cap));
    };
    if (text.empty() || text.size() > 10)
        throw bad();
    std::int64_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9')
            throw bad();
        value = value * 10 + (c - '0');
    }
    if (value > max_warmup_cap)
        throw bad();
    return value;
}

// The warm-up count a case runs: the configured count, capped when a cap is set; a configured
// count <= 0 means none.
inline std::int64_t effective_warmup_iterations(std::int64_t configured,
                                                std::optional<std::int64_t> cap) {
    if (configured <= 0)
        return 0;
    return cap ? std::min(configured, *cap) : configured;
}

// The cap from the environment, or nullopt when the variable is unset.
inline std::optional<std::int64_t> warmup_cap_from_environment() {
    const char* value = std::getenv(std::string(warmup_cap_variable).c_str());
    if (!value)
        return std::nullopt;
    return parse_warmup_cap(value);
}

// The configured warm-up of one config entry: its own `warmup_iterations`, 0 when absent (the
// C++ harness's default). The reference's C++ build takes the first config's value for every
// config of the operator; odo reads each config's own value.
inline std::int64_t configured_warmup_iterations(const surface::ConfigEntry& entry) {
    return surface::warmup_iterations(entry.fields, entry.key).value_or(0);
}

} // namespace odo::bench
