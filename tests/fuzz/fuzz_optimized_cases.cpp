// Fuzzes the optimized-cases file reader. Any input either reads or throws odo::InputError; every
// key is non-empty, stripped and on one line, and the keys written one per line read back the
// same.
#include <odo/core/error.hpp>
#include <odo/summary/optimized_cases.hpp>
#include <odo/summary/python_text.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace odo::summary;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> keys;
    try {
        keys = parse_optimized_cases(text, "fuzz");
    } catch (const odo::InputError&) {
        return 0;
    }
    std::string written;
    for (const std::string& key : keys) {
        if (key.empty() || pytext::strip(key) != key || pytext::has_line_break(key))
            std::abort();
        written += key + "\n";
    }
    if (parse_optimized_cases(written, "again") != keys)
        std::abort();
    return 0;
}
