// Fuzzes the layout-file reader. Any input either loads or throws odo::InputError, and a layout
// that loads survives being written back as a layout file and read again unchanged.
#include <odo/core/json_write.hpp>
#include <odo/repo/layout_file.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const odo::repo::Layout layout = odo::repo::parse_layout(text, "fuzz");
        const std::string written = odo::json::dumps(odo::repo::layout_to_json(layout));
        const odo::repo::Layout reread = odo::repo::parse_layout(written, "fuzz-reread");
        if (odo::json::dumps(odo::repo::layout_to_json(reread)) != written)
            std::abort();
    } catch (const odo::InputError&) {
    }
    return 0;
}
