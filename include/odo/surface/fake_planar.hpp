#pragma once
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/surface/bench_config.hpp"
#include "odo/surface/case_expansion.hpp"
#include "odo/surface/workload.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace odo::surface {

// Native planar layouts, and the FakePlanar references that time a reformat to interleaved plus
// the interleaved kernel against them (review-refactor.md §1.9.4).
ODO_API bool is_native_planar_layout(std::string_view layout) noexcept;
ODO_API bool is_fake_planar_layout(std::string_view layout) noexcept;
#if ODO_SURFACE_DEFINITIONS
ODO_API bool is_native_planar_layout(std::string_view layout) noexcept {
    return layout == "NCHW" || layout == "CHW";
}
ODO_API bool is_fake_planar_layout(std::string_view layout) noexcept {
    return layout == "NCHW_FAKE" || layout == "CHW_FAKE";
}
#endif // ODO_SURFACE_DEFINITIONS

namespace detail {

struct PlanarSignatureCases {
    std::vector<std::string> fake_keys; // expansion order over configs sorted by key
    std::size_t native_count = 0;
};

#if ODO_SURFACE_DEFINITIONS
inline std::map<WorkloadIdentity, PlanarSignatureCases>
planar_cases_by_signature(const BenchConfig& config) {
    std::vector<const ConfigEntry*> entries;
    for (const ConfigEntry& e : config.entries)
        entries.push_back(&e);
    std::sort(entries.begin(), entries.end(),
              [](const ConfigEntry* a, const ConfigEntry* b) { return a->key < b->key; });
    std::map<WorkloadIdentity, PlanarSignatureCases> groups;
    for (const ConfigEntry* entry : entries) {
        const std::string tier = raw_tier_text(entry->fields);
        for (const CaseKey& key : expected_case_keys(entry->key, entry->fields)) {
            const std::string* layout = key.find("layout");
            if (!layout || !(is_native_planar_layout(*layout) || is_fake_planar_layout(*layout)))
                continue;
            auto& cases = groups[workload_identity(tier, key).without("layout")];
            if (is_fake_planar_layout(*layout))
                cases.fake_keys.push_back(key.str());
            else
                ++cases.native_count;
        }
    }
    return groups;
}

inline std::vector<std::string> pairing_reasons(const WorkloadIdentity& signature,
                                                const PlanarSignatureCases& cases) {
    std::vector<std::string> reasons;
    if (signature.tier != "advanced")
        reasons.push_back("tier is " + (signature.tier.empty() ? "<missing>" : signature.tier) +
                          ", expected advanced");
    if (!signature.has("inputKind", "Tensor"))
        reasons.push_back("inputKind is not Tensor");
    if (cases.fake_keys.size() != 1)
        reasons.push_back("signature expands to " + std::to_string(cases.fake_keys.size()) +
                          " FakePlanar cases, expected exactly 1");
    if (cases.native_count != 1)
        reasons.push_back("found " + std::to_string(cases.native_count) +
                          " same-tier native NCHW/CHW matches, expected exactly 1");
    return reasons;
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace detail

// The FakePlanar contract: every NCHW_FAKE/CHW_FAKE case is advanced, Tensor, alone in its
// signature (tier + non-layout axes, config key ignored) and has exactly one same-tier native
// NCHW/CHW case there. One issue per failing signature, in signature order:
// "<fake keys, comma-joined>: <reasons joined by '; '>". Throws InputError when a config cannot
// be expanded.
ODO_API std::vector<std::string> fake_planar_pairing_issues_or_throw(const BenchConfig& config);
// As above, as review's BEN-6 reports it: an expansion error is the single issue
// "cannot expand FakePlanar cases: …".
ODO_API std::vector<std::string> fake_planar_pairing_issues(const BenchConfig& config);
#if ODO_SURFACE_DEFINITIONS
ODO_API std::vector<std::string> fake_planar_pairing_issues_or_throw(const BenchConfig& config) {
    std::vector<std::string> issues;
    for (const auto& [signature, cases] : detail::planar_cases_by_signature(config)) {
        if (cases.fake_keys.empty())
            continue;
        const auto reasons = detail::pairing_reasons(signature, cases);
        if (!reasons.empty())
            issues.push_back(odo::text::join(cases.fake_keys, ", ") + ": " +
                             odo::text::join(reasons, "; "));
    }
    return issues;
}

ODO_API std::vector<std::string> fake_planar_pairing_issues(const BenchConfig& config) {
    try {
        return fake_planar_pairing_issues_or_throw(config);
    } catch (const InputError& e) {
        return {"cannot expand FakePlanar cases: " + std::string(e.what())};
    }
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace odo::surface
