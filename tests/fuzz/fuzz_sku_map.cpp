// Fuzzes the sku_map.json loaders and the manifest's operators form. Any input either loads or
// throws odo::InputError; a strictly loaded map routes each entry to itself, and the lenient
// loader keeps everything the strict one accepts.
#include <odo/core/json_read.hpp>
#include <odo/core/text.hpp>
#include <odo/surface/manifest.hpp>
#include <odo/surface/sku_map.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace {

void check_sku_map(const boost::json::value& doc) {
    using namespace odo::surface;
    const SkuMap lenient = parse_sku_map_lenient(doc);
    const auto stems = lenient.stems();
    if (!std::is_sorted(stems.begin(), stems.end()))
        std::abort();
    try {
        const SkuMap strict = parse_sku_map(doc, "fuzz");
        if (strict.entries.size() != lenient.entries.size())
            std::abort();
        for (const SkuEntry& e : strict.entries) {
            if (odo::text::strip(e.gpu_name) != e.gpu_name)
                continue; // routing strips the measured name, not the map's
            const SkuEntry* routed =
                strict.find_route(e.gpu_name, static_cast<double>(e.power_cap_w),
                                  static_cast<double>(e.locked_sm_clock_mhz), e.cuda_major);
            if (!routed || routed->stem != e.stem)
                std::abort();
        }
    } catch (const odo::InputError&) {
    }
}

// The operators form only: an include list would glob the fuzzing machine's file system.
void check_manifest(const boost::json::value& doc) {
    if (doc.is_object() && doc.get_object().contains("include"))
        return;
    try {
        const auto names =
            odo::surface::parse_manifest(doc, "/nonexistent", "fuzz").operator_names();
        if (!std::is_sorted(names.begin(), names.end()) ||
            std::adjacent_find(names.begin(), names.end()) != names.end())
            std::abort();
    } catch (const odo::InputError&) {
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const boost::json::value doc = odo::json::parse(text, "fuzz");
        check_sku_map(doc);
        check_manifest(doc);
    } catch (const odo::InputError&) {
    }
    return 0;
}
