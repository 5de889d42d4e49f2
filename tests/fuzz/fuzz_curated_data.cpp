// Fuzzes the curated review-data reader. Any input either loads or throws odo::InputError, and
// every operator name it loads is lower case.
#include <odo/core/text.hpp>
#include <odo/review/curated_data.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>

namespace {

void require_lower_case(const std::set<std::string>& names) {
    for (const auto& name : names)
        if (odo::text::lower(name) != name)
            std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const odo::review::CuratedData d = odo::review::parse_curated_data(text, "fuzz");
        require_lower_case(d.tensor_only);
        require_lower_case(d.varshape_only);
        require_lower_case(d.bench_layout_na);
        require_lower_case(d.bench_rgb_na);
        for (const auto& entry : d.basic_expected)
            if (odo::text::lower(entry.first) != entry.first)
                std::abort();
    } catch (const odo::InputError&) {
    }
    return 0;
}
