// Fuzzes optimize_op's command line (tools/driver_options.hpp). The input is NUL-separated
// arguments. Parsing either succeeds with options the driver can run or throws UsageError; it
// never exits or throws anything else.
#include "fuzz_arguments.hpp"

#include <driver_options.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const odo::driver::Options o = odo::driver::parse_options(
            split_arguments({reinterpret_cast<const char*>(data), size}));
        if (o.help || o.version)
            return 0;
        if (o.operator_name.empty() ||
            (o.phase != "preflight" && o.phase != "evidence" && o.phase != "summary") ||
            (o.format != "md" && o.format != "json"))
            std::abort();
    } catch (const odo::driver::UsageError&) {
    }
    return 0;
}
