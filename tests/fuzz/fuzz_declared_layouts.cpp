// Fuzzes the public header's "Limitations" layout reader. Nothing throws; the declared layouts are
// a subset of the six the table can name, and a header that never writes "Data Layout:" or
// "NVCV_TENSOR_" declares none.
#include <odo/review/declared_layouts.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace odo::review;
    const std::string_view header(reinterpret_cast<const char*>(data), size);
    static const std::set<std::string> known = {"HW", "NHW", "HWC", "NHWC", "CHW", "NCHW"};
    const std::set<std::string> layouts = declared_input_layouts(header);
    for (const std::string& layout : layouts)
        if (!known.count(layout))
            std::abort();
    if (!layouts.empty() && header.find("Data Layout:") == std::string_view::npos &&
        header.find("NVCV_TENSOR_") == std::string_view::npos)
        std::abort();
    return 0;
}
