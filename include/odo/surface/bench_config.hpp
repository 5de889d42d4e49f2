#pragma once
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/core/json_arena.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/json_write.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace odo::surface {

// One named benchmark configuration of an operator: its key and its fields (tier, dtypes, axis
// groups, warmup_iterations, metadata, baselines, …).
struct ConfigEntry {
    std::string key;
    boost::json::object fields;
};

// An operator config file `operators/<op>.json` (bench-harness.md §1.3), in either shape:
// `{"benchmark": op, "configs": {key: entry}}` or the old flat `{key: {"benchmark": op, …}}`.
struct BenchConfig {
    std::string source; // the file or description errors name
    std::string benchmark;
    std::vector<ConfigEntry> entries; // file order; old-shape entries lose their `benchmark`
    bool old_shape = false;

    const ConfigEntry* find(std::string_view key) const {
        for (const ConfigEntry& e : entries)
            if (e.key == key)
                return &e;
        return nullptr;
    }
};

namespace detail {

[[noreturn]] inline void bad_config(std::string_view source, const std::string& rule) {
    throw InputError(std::string(source) + ": " + rule);
}

#if ODO_SURFACE_DEFINITIONS
inline std::string config_label(std::string_view key) {
    return "config " + python_str_repr(key);
}
#endif // ODO_SURFACE_DEFINITIONS

// The entry's fields: copied out of a document the caller keeps, moved out of one it gave up.
// Copies go to `copies`, one arena for the whole config: not the document's storage, whose
// arena (json_arena.hpp) would otherwise live as long as any copy.
template <class Pair>
boost::json::object entry_fields(Pair& kv, std::string_view source,
                                 const boost::json::storage_ptr& copies) {
    if (!kv.value().is_object())
        bad_config(source, config_label(kv.key()) + " must be an object");
    if constexpr (std::is_const_v<Pair>)
        return boost::json::object(kv.value().get_object(), copies);
    else
        return std::move(kv.value().get_object());
}

ODO_API bool is_nonempty_string(const boost::json::value* v);
#if ODO_SURFACE_DEFINITIONS
ODO_API bool is_nonempty_string(const boost::json::value* v) {
    return v && v->is_string() && !v->get_string().empty();
}
#endif // ODO_SURFACE_DEFINITIONS

template <class Object>
BenchConfig load_new_shape(Object& doc, std::string_view source) {
    BenchConfig config{std::string(source), {}, {}, false};
    const auto* benchmark = doc.if_contains("benchmark");
    if (!is_nonempty_string(benchmark))
        bad_config(source, "benchmark must be a non-empty string");
    config.benchmark = benchmark->get_string();
    auto& configs = doc.at("configs");
    if (!configs.is_object())
        bad_config(source, "configs must be an object");
    const boost::json::storage_ptr copies = json::make_arena();
    for (auto& kv : configs.get_object())
        config.entries.push_back({std::string(kv.key()), entry_fields(kv, source, copies)});
    return config;
}

template <class Object>
BenchConfig load_old_shape(Object& doc, std::string_view source) {
    if (doc.empty())
        bad_config(source, "no configs (expected {\"benchmark\": …, \"configs\": {…}} or the old "
                           "flat shape)");
    BenchConfig config{std::string(source), {}, {}, true};
    std::vector<std::string> benchmarks;
    const boost::json::storage_ptr copies = json::make_arena();
    for (auto& kv : doc) {
        boost::json::object fields = entry_fields(kv, source, copies);
        const auto* benchmark = fields.if_contains("benchmark");
        if (!is_nonempty_string(benchmark))
            bad_config(source, config_label(kv.key()) + " benchmark must be a non-empty string");
        const std::string name(benchmark->get_string());
        if (std::find(benchmarks.begin(), benchmarks.end(), name) == benchmarks.end())
            benchmarks.push_back(name);
        fields.erase("benchmark");
        config.entries.push_back({std::string(kv.key()), std::move(fields)});
    }
    if (benchmarks.size() != 1) {
        std::sort(benchmarks.begin(), benchmarks.end());
        bad_config(source, "configs name different benchmarks " + python_list_repr(benchmarks) +
                               "; an operator file holds one benchmark");
    }
    config.benchmark = benchmarks.front();
    return config;
}

} // namespace detail

// Reads an operator config document. Structural errors (not an object, `configs` or an entry
// not an object, no or mixed benchmark names) throw InputError naming `source` and the field.
// Tiers and axes are checked separately, so that review can report them as findings.
ODO_API BenchConfig load_bench_config(const boost::json::value& doc, std::string_view source);
// The same from a document the caller gives up: the entries' fields are moved out of it, not
// copied, which on a multi-megabyte config saves a copy as costly as a third of the parse.
ODO_API BenchConfig load_bench_config(boost::json::value&& doc, std::string_view source);
ODO_API BenchConfig load_bench_config_file(const std::filesystem::path& path);
#if ODO_SURFACE_DEFINITIONS
ODO_API BenchConfig load_bench_config(const boost::json::value& doc, std::string_view source) {
    if (!doc.is_object())
        detail::bad_config(source, "bench config must be a JSON object");
    const auto& object = doc.get_object();
    return object.contains("configs") ? detail::load_new_shape(object, source)
                                      : detail::load_old_shape(object, source);
}

ODO_API BenchConfig load_bench_config(boost::json::value&& doc, std::string_view source) {
    if (!doc.is_object())
        detail::bad_config(source, "bench config must be a JSON object");
    auto& object = doc.get_object();
    return object.contains("configs") ? detail::load_new_shape(object, source)
                                      : detail::load_old_shape(object, source);
}

ODO_API BenchConfig load_bench_config_file(const std::filesystem::path& path) {
    const std::string source = path.string();
    return load_bench_config(json::parse(read_file(path), source), source);
}
#endif // ODO_SURFACE_DEFINITIONS

enum class Tier { Basic, Advanced };

constexpr std::string_view to_string(Tier t) noexcept {
    return t == Tier::Basic ? "basic" : "advanced";
}

// The entry's tier, or nullopt when it is missing or not exactly "basic" or "advanced".
ODO_API std::optional<Tier> entry_tier(const boost::json::object& fields);
// The tier as written, for grouping and messages: a string as is, "" when missing or null, any
// other value as its JSON text.
ODO_API std::string raw_tier_text(const boost::json::object& fields);
// Keys of the configs whose tier is missing or invalid, in file order.
ODO_API std::vector<std::string> configs_with_invalid_tier(const BenchConfig& config);
// The loaders' hard rule: every config names its tier.
ODO_API void require_valid_tiers(const BenchConfig& config);
// `warmup_iterations` when present: a JSON integer (booleans and fractions are rejected).
ODO_API std::optional<std::int64_t> warmup_iterations(const boost::json::object& fields,
                                                      std::string_view context);
// The machine-owned `baselines` object; absent or null reads as empty.
ODO_API const boost::json::object& entry_baselines(const boost::json::object& fields,
                                                   std::string_view context);
#if ODO_SURFACE_DEFINITIONS
ODO_API std::optional<Tier> entry_tier(const boost::json::object& fields) {
    const auto* tier = fields.if_contains("tier");
    if (!tier || !tier->is_string())
        return std::nullopt;
    if (tier->get_string() == "basic")
        return Tier::Basic;
    if (tier->get_string() == "advanced")
        return Tier::Advanced;
    return std::nullopt;
}

ODO_API std::string raw_tier_text(const boost::json::object& fields) {
    const auto* tier = fields.if_contains("tier");
    if (!tier || tier->is_null())
        return "";
    return tier->is_string() ? std::string(tier->get_string()) : json::dumps(*tier);
}

ODO_API std::vector<std::string> configs_with_invalid_tier(const BenchConfig& config) {
    std::vector<std::string> keys;
    for (const ConfigEntry& e : config.entries)
        if (!entry_tier(e.fields))
            keys.push_back(e.key);
    return keys;
}

ODO_API void require_valid_tiers(const BenchConfig& config) {
    const auto invalid = configs_with_invalid_tier(config);
    if (!invalid.empty())
        detail::bad_config(config.source,
                           "config(s) with missing or invalid tier: " + python_list_repr(invalid));
}

ODO_API std::optional<std::int64_t> warmup_iterations(const boost::json::object& fields,
                                                      std::string_view context) {
    const auto* warmup = fields.if_contains("warmup_iterations");
    if (!warmup)
        return std::nullopt;
    if (!warmup->is_int64())
        detail::bad_config(context, "warmup_iterations must be an integer");
    return warmup->get_int64();
}

ODO_API const boost::json::object& entry_baselines(const boost::json::object& fields,
                                                   std::string_view context) {
    static const boost::json::object empty;
    const auto* baselines = fields.if_contains("baselines");
    if (!baselines || baselines->is_null())
        return empty;
    if (!baselines->is_object())
        detail::bad_config(context, "baselines must be an object keyed by case-key");
    return baselines->get_object();
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace odo::surface
