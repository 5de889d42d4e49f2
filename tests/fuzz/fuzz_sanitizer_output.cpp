// Fuzzes the compute-sanitizer output reader. Any input either reads or throws odo::InputError;
// a read report counts each headline at least once.
#include <odo/core/error.hpp>
#include <odo/profile/sanitizer_report.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const odo::profile::SanitizerReport report = odo::profile::parse_sanitizer_output(text);
        for (const auto& [headline, count] : report.kinds)
            if (headline.empty() || count == 0)
                std::abort();
    } catch (const odo::InputError&) {
    }
    return 0;
}
