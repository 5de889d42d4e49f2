#pragma once
#include "odo/bench/options.hpp"
#include "odo/core/error.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/surface/bench_config.hpp"
#include "odo/surface/case_expansion.hpp"
#include "odo/surface/shard.hpp"

#include <algorithm>
#include <regex>
#include <string>
#include <vector>

namespace odo::bench {

// A case the run will measure, with the config it expands from.
struct SelectedCase {
    surface::CaseKey key;
    const surface::ConfigEntry* entry = nullptr;
    std::string tier;
};

namespace detail {

inline void add_config_cases(const surface::ConfigEntry& entry, std::vector<SelectedCase>& out) {
    const std::string tier(surface::to_string(*surface::entry_tier(entry.fields)));
    for (surface::CaseKey& key : surface::expected_case_keys(entry.key, entry.fields))
        out.push_back({std::move(key), &entry, tier});
}

inline const surface::ConfigEntry& known_config(const surface::BenchConfig& config,
                                                const std::string& key, const char* option) {
    if (const surface::ConfigEntry* entry = config.find(key))
        return *entry;
    std::vector<std::string> known;
    for (const surface::ConfigEntry& e : config.entries)
        known.push_back(e.key);
    bad_option(option, "unknown config key " + python_str_repr(key) +
                           " (known: " + python_list_repr(known) + ")");
}

inline SelectedCase known_case(const surface::BenchConfig& config, const std::string& text) {
    const surface::CaseKey parsed = surface::parse_case_key(text);
    const surface::ConfigEntry& entry = known_config(config, parsed.config_key, "--case");
    std::vector<SelectedCase> cases;
    add_config_cases(entry, cases);
    for (SelectedCase& c : cases)
        if (c.key == parsed)
            return c;
    bad_option("--case", python_str_repr(text) + " is not a case of config " +
                             python_str_repr(entry.key) + " (see --list)");
}

inline std::vector<SelectedCase> selected_by_tier_or_key(const surface::BenchConfig& config,
                                                         const RunOptions& options) {
    surface::require_valid_tiers(config);
    std::vector<SelectedCase> selected;
    if (options.config_keys.empty() && options.cases.empty()) {
        for (const surface::ConfigEntry& entry : config.entries) {
            const auto& tiers = options.tiers;
            if (std::find(tiers.begin(), tiers.end(), *surface::entry_tier(entry.fields)) !=
                tiers.end())
                add_config_cases(entry, selected);
        }
        return selected;
    }
    for (const std::string& key : options.config_keys)
        add_config_cases(known_config(config, key, "--config-key"), selected);
    for (const std::string& text : options.cases) {
        SelectedCase c = known_case(config, text);
        const bool seen = std::any_of(selected.begin(), selected.end(),
                                      [&](const SelectedCase& s) { return s.key == c.key; });
        if (!seen)
            selected.push_back(std::move(c));
    }
    return selected;
}

// Keeps the cases whose key matches `pattern`; InputError for a pattern that does not compile or
// keeps nothing, since a run of zero cases would look like a clean one.
inline void keep_matching(std::vector<SelectedCase>& cases, const std::string& pattern) {
    std::regex re;
    try {
        re = std::regex(pattern, std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
        throw InputError("--filter " + python_str_repr(pattern) +
                         ": not a valid regular expression (" + e.what() + ")");
    }
    cases.erase(
        std::remove_if(cases.begin(), cases.end(),
                       [&](const SelectedCase& c) { return !std::regex_search(c.key.str(), re); }),
        cases.end());
    if (cases.empty())
        throw InputError("--filter " + python_str_repr(pattern) + ": matches no selected case");
}

// Keeps the cases of `shard`. A shard may hold none: the assignment hashes case keys, so with more
// shards than cases some are empty, and their jobs are still part of the matrix.
inline void keep_shard(std::vector<SelectedCase>& cases, const surface::Shard& shard) {
    cases.erase(std::remove_if(
                    cases.begin(), cases.end(),
                    [&](const SelectedCase& c) { return !surface::in_shard(c.key.str(), shard); }),
                cases.end());
}

} // namespace detail

// The cases a run selects, in the order it measures them (bench-harness.md §3.2): the given
// config keys and case keys in the order given, bypassing the tiers; otherwise every config of
// a selected tier in file order. Each config expands exactly as surface/ expands it, so
// `--list` prints the keys baselines are stored under; `--filter` then keeps the keys its
// pattern matches and `--shard` the keys of its shard, possibly none. InputError for an unknown
// key, a config that cannot expand, or a filter that keeps nothing.
inline std::vector<SelectedCase> select_cases(const surface::BenchConfig& config,
                                              const RunOptions& options) {
    std::vector<SelectedCase> selected = detail::selected_by_tier_or_key(config, options);
    if (options.filter)
        detail::keep_matching(selected, *options.filter);
    if (options.shard)
        detail::keep_shard(selected, *options.shard);
    return selected;
}
} // namespace odo::bench
