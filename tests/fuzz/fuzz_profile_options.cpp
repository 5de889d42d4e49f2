// Fuzzes odo_profile's command line (tools/profile_options.hpp). The input is NUL-separated
// arguments. Parsing either succeeds with a bounded, positive timeout and a known profiler (a live
// run) or exactly one kind of input and a known format (import), or throws UsageError; it never
// exits or throws anything else.
#include "fuzz_arguments.hpp"

#include <profile_options.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const odo::driver::ProfileOptions o = odo::driver::parse_profile_options(
            split_arguments({reinterpret_cast<const char*>(data), size}));
        if (o.help || o.version)
            return 0;
        if (o.import) {
            const odo::driver::ProfileImportOptions& i = *o.import;
            // Exactly one input: a profiler's export, a sanitizer log or a host roofline record.
            const int inputs = int(!i.ncu.empty() || !i.nsys.empty()) +
                               int(!i.sanitizer.empty()) + int(!i.host_roofline.empty());
            if (inputs != 1 || (i.format != "md" && i.format != "json"))
                std::abort();
            return 0;
        }
        if (o.bench.empty() || o.case_key.empty() ||
            (o.profiler != "ncu" && o.profiler != "nsys" && o.profiler != "auto"))
            std::abort();
        const auto ms = o.timeout().count();
        if (ms < 1 || ms > static_cast<long long>(odo::driver::max_profile_timeout_s * 1000))
            std::abort();
    } catch (const odo::driver::UsageError&) {
    }
    return 0;
}
