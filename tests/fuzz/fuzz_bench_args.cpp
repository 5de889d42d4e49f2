// Fuzzes the benchmark command line and the warm-up cap. The input is NUL-separated arguments.
// Parsing either succeeds with usable options or throws odo::InputError; the warm-up cap either
// reads as a value within its bound or throws odo::InputError.
#include "fuzz_arguments.hpp"

#include <odo/bench/options.hpp>
#include <odo/bench/warmup.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

template <class T>
bool has_duplicates(std::vector<T> items) {
    std::sort(items.begin(), items.end());
    return std::adjacent_find(items.begin(), items.end()) != items.end();
}

void check_options(const std::vector<std::string>& args) {
    try {
        const odo::bench::RunOptions o = odo::bench::parse_options(args);
        if (!o.stopping.over(odo::bench::StoppingCriteria{}).problem().empty() ||
            !o.stopping.over(odo::bench::host_stopping_criteria()).problem().empty() ||
            o.tiers.empty() || has_duplicates(o.tiers) || has_duplicates(o.config_keys) ||
            has_duplicates(o.cases))
            std::abort();
        if (o.gate_limits.regression_pct < 0 || (o.gate_noise_pct && *o.gate_noise_pct < 0))
            std::abort();
    } catch (const odo::InputError&) {
    }
}

void check_warmup_cap(std::string_view text) {
    try {
        const std::int64_t cap = odo::bench::parse_warmup_cap(text);
        if (cap < 0 || cap > odo::bench::max_warmup_cap)
            std::abort();
    } catch (const odo::InputError&) {
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    check_options(split_arguments(text));
    check_warmup_cap(text);
    return 0;
}
