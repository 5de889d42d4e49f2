// Fuzzes the compute-sanitizer output reader. Any input either reads or throws odo::InputError;
// a read log has at least one run, its total is the sum of its runs' errors, and it counts each
// headline at least once.
#include <odo/core/error.hpp>
#include <odo/profile/sanitizer_report.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto runs = odo::profile::parse_sanitizer_runs(text);
        const odo::profile::SanitizerReport report = odo::profile::parse_sanitizer_output(text);
        std::uint64_t errors = 0;
        for (const odo::profile::SanitizerReport& run : runs)
            errors += run.errors;
        if (runs.empty() || errors != report.errors)
            std::abort();
        for (const auto& [headline, count] : report.kinds)
            if (headline.empty() || count == 0)
                std::abort();
    } catch (const odo::InputError&) {
    }
    return 0;
}
