#pragma once
// The surface a campaign must cover: every case key of the operator's basic and advanced configs,
// and which of them have a committed baseline. The ledger's profiles and leads are measured
// against it (campaign_state.hpp, coverage).
#include "odo/surface/bench_config.hpp"
#include "odo/surface/case_expansion.hpp"

#include <set>
#include <string>

namespace odo::campaign {

struct OperatorSurface {
    std::set<std::string> cases;     // the union of the basic and advanced case keys
    std::set<std::string> baselined; // those with a committed row for at least one SKU
};

// InputError when a config's axes cannot be expanded (the config names the key).
inline OperatorSurface operator_surface(const surface::BenchConfig& config) {
    OperatorSurface s;
    for (const surface::ConfigEntry& entry : config.entries) {
        if (!surface::entry_tier(entry.fields))
            continue;
        const auto& baselines = surface::entry_baselines(entry.fields, entry.key);
        for (const surface::CaseKey& key : surface::expected_case_keys(entry.key, entry.fields)) {
            std::string text = key.str();
            const auto* rows = baselines.if_contains(text);
            if (rows && rows->is_object() && !rows->get_object().empty())
                s.baselined.insert(text);
            s.cases.insert(std::move(text));
        }
    }
    return s;
}

} // namespace odo::campaign
