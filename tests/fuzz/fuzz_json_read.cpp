// Fuzzes the exact-number JSON reader and the Python-compatible writer: any input either parses
// and round-trips through dumps -> parse to an equal value, or throws odo::InputError.
#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const boost::json::value v = odo::json::parse(text, "fuzz");
        const std::string dumped = odo::json::dumps(v, {2, true, true});
        const boost::json::value again = odo::json::parse(dumped, "fuzz-roundtrip");
        if (odo::json::dumps(again, {2, true, true}) != dumped)
            std::abort();
    } catch (const odo::InputError&) {
    }
    return 0;
}
