// Fuzzes the memory footprint measurement file reader. Any input either reads or throws
// odo::InputError; what reads writes back to the same measurements, and comparing a set with
// itself declares no increase and no new allocations.
#include <odo/core/error.hpp>
#include <odo/profile/memory_footprint.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto measurements = odo::profile::parse_footprints(text, "fuzz");
        const auto again =
            odo::profile::parse_footprints(odo::profile::footprints_json(measurements), "again");
        if (again.size() != measurements.size())
            std::abort();
        const auto change = odo::profile::compare_footprints(measurements, measurements);
        if (change.increase_bytes != 0 || change.new_allocations)
            std::abort();
    } catch (const odo::InputError&) {
    }
    return 0;
}
