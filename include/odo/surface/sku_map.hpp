#pragma once
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/core/text.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace odo::surface {

// A reference GPU identity of `sku_map.json` (bench-harness.md §1.5). Baselines are stored per
// `stem`; a run is routed to a stem by device name, power cap, locked SM clock and CUDA major.
// Quality limits an entry states for its own rows (odo's addition; absent in the reference's
// maps): a shared developer host is noisier than a quiet reference GPU. Unset fields keep the
// baseline layer's defaults.
struct SkuQualityLimits {
    std::optional<double> max_noise_pct;
    std::optional<double> max_parity_pct;
    std::optional<double> max_parity_us;
};

struct SkuEntry {
    std::string gpu_name;
    std::int64_t power_cap_w = 0;
    std::int64_t locked_sm_clock_mhz = 0;
    std::optional<std::int64_t> cuda_major; // absent in older maps: any CUDA major matches
    std::string stem;
    std::optional<SkuQualityLimits> quality;
};

// Python's round() to an integer: halves go to the even neighbour. nullopt when not finite or
// outside the int64 range.
ODO_API std::optional<std::int64_t> python_round(double x);
#if ODO_SURFACE_DEFINITIONS
ODO_API std::optional<std::int64_t> python_round(double x) {
    if (!std::isfinite(x) || std::fabs(x) >= 9.2e18)
        return std::nullopt;
    double r = std::round(x);
    if (std::fabs(x - std::trunc(x)) == 0.5 && std::fmod(r, 2.0) != 0)
        r -= std::copysign(1.0, x);
    return static_cast<std::int64_t>(r);
}
#endif // ODO_SURFACE_DEFINITIONS

struct SkuMap {
    std::vector<SkuEntry> entries;

    // Every stem, sorted: the set of SKUs each baseline case must cover.
    std::vector<std::string> stems() const {
        std::vector<std::string> out;
        for (const SkuEntry& e : entries)
            out.push_back(e.stem);
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    }

    // The entry a run routes to, or nullptr. The device name is stripped and the measured cap
    // and clock rounded as Python does; an entry with a CUDA major wins over one without.
    const SkuEntry* find_route(std::string_view device_name, double power_cap_w,
                               double locked_sm_clock_mhz,
                               std::optional<std::int64_t> cuda_major) const {
        const std::string_view name = odo::text::strip(device_name);
        const auto cap = python_round(power_cap_w);
        const auto clock = python_round(locked_sm_clock_mhz);
        const SkuEntry* any_cuda = nullptr;
        for (const SkuEntry& e : entries) {
            if (e.gpu_name != name || e.power_cap_w != cap || e.locked_sm_clock_mhz != clock)
                continue;
            if (e.cuda_major && e.cuda_major == cuda_major)
                return &e;
            if (!e.cuda_major && !any_cuda)
                any_cuda = &e;
        }
        return any_cuda;
    }

    // As find_route; throws "('<name>', cap, clock, CUDA n) is not in sku_map.json" otherwise.
    const SkuEntry& route(std::string_view device_name, double power_cap_w,
                          double locked_sm_clock_mhz,
                          std::optional<std::int64_t> cuda_major) const {
        if (const SkuEntry* e =
                find_route(device_name, power_cap_w, locked_sm_clock_mhz, cuda_major))
            return *e;
        auto shown = [](double v) {
            const auto r = python_round(v);
            return r ? std::to_string(*r) : python_float_repr(v);
        };
        throw InputError("(" + python_str_repr(odo::text::strip(device_name)) + ", " +
                         shown(power_cap_w) + ", " + shown(locked_sm_clock_mhz) +
                         (cuda_major ? ", CUDA " + std::to_string(*cuda_major) : "") +
                         ") is not in sku_map.json");
    }
};

namespace detail {

#if ODO_SURFACE_DEFINITIONS
inline std::optional<std::int64_t> json_integer(const boost::json::value* v) {
    const auto number = v ? json::as_number(*v) : std::nullopt;
    if (!number || !std::isfinite(*number) || *number != std::trunc(*number) ||
        std::fabs(*number) >= 9.2e18)
        return std::nullopt;
    return static_cast<std::int64_t>(*number);
}

// `"quality": {"max_noise_pct": 30, ...}`: each field a finite number >= 0, nothing else.
inline std::optional<SkuQualityLimits> quality_limits(const boost::json::value& v,
                                                      std::string& why) {
    why = "quality must be an object of max_noise_pct, max_parity_pct, max_parity_us numbers >= 0";
    if (!v.is_object())
        return std::nullopt;
    SkuQualityLimits limits;
    for (const auto& field : v.get_object()) {
        const auto number = json::as_number(field.value());
        if (!number || !std::isfinite(*number) || *number < 0)
            return std::nullopt;
        if (field.key() == "max_noise_pct")
            limits.max_noise_pct = number;
        else if (field.key() == "max_parity_pct")
            limits.max_parity_pct = number;
        else if (field.key() == "max_parity_us")
            limits.max_parity_us = number;
        else
            return std::nullopt;
    }
    return limits;
}

// One entry, or nullopt with `why` set.
inline std::optional<SkuEntry> sku_entry(const boost::json::value& v, std::string& why) {
    if (!v.is_object()) {
        why = "must be an object";
        return std::nullopt;
    }
    const auto& o = v.get_object();
    const auto* gpu_name = o.if_contains("gpu_name");
    const auto* stem = o.if_contains("stem");
    if (!gpu_name || !gpu_name->is_string() || gpu_name->get_string().empty() || !stem ||
        !stem->is_string() || stem->get_string().empty()) {
        why = "gpu_name and stem must be non-empty strings";
        return std::nullopt;
    }
    SkuEntry e;
    e.gpu_name = gpu_name->get_string();
    e.stem = stem->get_string();
    // Zero is a host SKU's "no cap, no locked clock"; a negative one can never be measured.
    const auto cap = json_integer(o.if_contains("power_cap_w"));
    const auto clock = json_integer(o.if_contains("locked_sm_clock_mhz"));
    if (!cap || !clock || *cap < 0 || *clock < 0) {
        why = "power_cap_w and locked_sm_clock_mhz must be integers >= 0";
        return std::nullopt;
    }
    e.power_cap_w = *cap;
    e.locked_sm_clock_mhz = *clock;
    if (const auto* cuda = o.if_contains("cuda_major")) {
        e.cuda_major = json_integer(cuda);
        if (!e.cuda_major || *e.cuda_major <= 0) {
            why = "cuda_major must be a positive integer";
            return std::nullopt;
        }
    }
    if (const auto* quality = o.if_contains("quality")) {
        e.quality = quality_limits(*quality, why);
        if (!e.quality)
            return std::nullopt;
    }
    return e;
}
#endif // ODO_SURFACE_DEFINITIONS

// The identity a run is routed by; two entries sharing it would make routing ambiguous.
using Route = std::tuple<std::string, std::int64_t, std::int64_t, std::optional<std::int64_t>>;

#if ODO_SURFACE_DEFINITIONS
inline Route route_of(const SkuEntry& e) {
    return {e.gpu_name, e.power_cap_w, e.locked_sm_clock_mhz, e.cuda_major};
}

inline const boost::json::array* sku_entries(const boost::json::value& doc) {
    const auto* entries = doc.is_object() ? doc.get_object().if_contains("entries") : nullptr;
    return entries && entries->is_array() ? &entries->get_array() : nullptr;
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace detail

ODO_API SkuMap load_sku_map(const std::filesystem::path& path);
#if ODO_SURFACE_DEFINITIONS
// The strict loader: `{"entries": [...]}`, not empty (a map without SKUs would let every
// coverage check pass against nothing), with every entry well formed, stems unique and no two
// entries sharing a routing identity. Errors name `source` and the entry. Each entry is checked
// against the earlier ones through sorted indexes, so a large map loads in n log n.
inline SkuMap parse_sku_map(const boost::json::value& doc, std::string_view source) {
    const auto* entries = detail::sku_entries(doc);
    if (!entries)
        throw InputError(std::string(source) + ": must be an object with an \"entries\" list");
    if (entries->empty())
        throw InputError(std::string(source) + ": \"entries\" lists no SKU");
    SkuMap map;
    std::set<std::string> stems;
    std::map<detail::Route, std::string> routes; // -> the stem that has it
    for (std::size_t i = 0; i < entries->size(); ++i) {
        const std::string where = std::string(source) + ": entries[" + std::to_string(i) + "] ";
        std::string why;
        auto entry = detail::sku_entry((*entries)[i], why);
        if (!entry)
            throw InputError(where + why);
        if (!stems.insert(entry->stem).second)
            throw InputError(where + "repeats stem " + python_str_repr(entry->stem));
        const auto [route, added] = routes.emplace(detail::route_of(*entry), entry->stem);
        if (!added)
            throw InputError(where + "has the same routing identity as " +
                             python_str_repr(route->second));
        map.entries.push_back(*std::move(entry));
    }
    return map;
}

// The lenient loader: anything unusable reads as no entries, malformed entries are skipped.
inline SkuMap parse_sku_map_lenient(const boost::json::value& doc) {
    SkuMap map;
    if (const auto* entries = detail::sku_entries(doc)) {
        for (const auto& v : *entries) {
            std::string why;
            if (auto entry = detail::sku_entry(v, why))
                map.entries.push_back(*std::move(entry));
        }
    }
    return map;
}

ODO_API SkuMap load_sku_map(const std::filesystem::path& path) {
    return parse_sku_map(json::parse(read_file(path), path.string()), path.string());
}

inline SkuMap load_sku_map_lenient(const std::filesystem::path& path) {
    const auto text = try_read_file(path);
    const auto doc = text ? json::try_parse(*text) : std::nullopt;
    return doc ? parse_sku_map_lenient(*doc) : SkuMap{};
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace odo::surface
