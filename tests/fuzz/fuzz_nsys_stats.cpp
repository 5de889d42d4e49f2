// Fuzzes the nsys stats reader (console output with several reports, and a single report's file)
// and the host figures derived from it. Any input either reads or throws odo::InputError.
#include <odo/core/error.hpp>
#include <odo/profile/bottleneck.hpp>
#include <odo/profile/nsys_figures.hpp>
#include <odo/profile/nsys_stats.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const odo::profile::NsysStats stats = odo::profile::parse_nsys_stats(text);
        if (stats.tables.empty())
            std::abort();
        const odo::profile::NsysFigures f = odo::profile::nsys_figures(stats, "case[a=1]");
        if (f.launch_calls + f.sync_calls > 0 && f.api_ns < f.launch_api_ns)
            std::abort();
        odo::profile::classify({std::nullopt, f});
    } catch (const odo::InputError&) {
    }
    try {
        odo::profile::parse_nsys_table(text, "cuda_gpu_kern_sum");
    } catch (const odo::InputError&) {
    }
    return 0;
}
