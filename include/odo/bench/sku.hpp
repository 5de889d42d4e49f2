#pragma once
#include "odo/bench/device.hpp"
#include "odo/core/error.hpp"
#include "odo/surface/sku_map.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace odo::bench {

// The SKU a run's results belong to. Only a reference SKU (routed through sku_map.json) can
// carry committed baselines the reference accepts; a local label keeps results apart without
// claiming to be one.
struct SkuIdentity {
    std::string stem;
    bool reference = false;
    std::string note; // how the SKU was found, or why it is not a reference SKU
};

// A label built from a name: letters, digits and '_' only, runs of anything else as one '_'.
inline std::string local_label(std::string_view prefix, std::string_view name) {
    std::string out(prefix);
    bool gap = !out.empty() && out.back() == '_';
    for (char c : name) {
        const bool keep =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (keep) {
            out += c;
            gap = false;
        } else if (!gap) {
            out += '_';
            gap = true;
        }
    }
    while (!out.empty() && out.back() == '_')
        out.pop_back();
    return out;
}

namespace detail {

inline SkuIdentity local_gpu_sku(const DeviceInfo& device, std::string why) {
    return {local_label("local_", device.name), false, "not a reference SKU: " + std::move(why)};
}

inline SkuIdentity routed_gpu_sku(const DeviceInfo& device, const surface::SkuMap* map) {
    if (!map)
        return local_gpu_sku(device, "no sku_map.json");
    if (!device.power_cap_w)
        return local_gpu_sku(device, "power cap unknown (NVML unavailable; pass --power-cap-w)");
    if (!device.sm_clock_mhz)
        return local_gpu_sku(device, "SM clock unknown (NVML unavailable; pass --sm-clock-mhz)");
    try {
        const auto& entry =
            map->route(device.name, *device.power_cap_w, *device.sm_clock_mhz, device.cuda_major);
        return {entry.stem, true, "routed through sku_map.json"};
    } catch (const InputError& e) {
        return local_gpu_sku(device, e.what());
    }
}

} // namespace detail

// Identifies the SKU: on a GPU from the device name, power cap, locked SM clock and CUDA major
// through the SKU map (bench-harness.md §1.5); on the host backend `host_label` or
// `host_<hostname>`, a local label. A host label on a GPU is an InputError: a GPU's SKU is
// measured, never named.
inline SkuIdentity identify_sku(const DeviceInfo& device, const surface::SkuMap* map,
                                const std::optional<std::string>& host_label) {
    if (device.is_gpu()) {
        if (host_label)
            throw InputError("--sku names the host backend's label; a GPU's SKU is routed "
                             "through sku_map.json");
        return detail::routed_gpu_sku(device, map);
    }
    if (host_label)
        return {*host_label, false, "host backend: label given with --sku"};
    return {local_label("host_", device.name), false, "host backend: a local label"};
}

} // namespace odo::bench
