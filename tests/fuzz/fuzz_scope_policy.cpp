// Fuzzes the ODO-10 secondary-scope policy reader. Any input either loads or throws
// odo::InputError; every grant it loads is well formed (lower-case primary, sorted distinct
// lower-case secondaries without the primary) and is allowed by the policy exactly as written.
#include <odo/core/error.hpp>
#include <odo/core/text.hpp>
#include <odo/gates/evidence_checks_scope.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    odo::gates::SecondaryScopePolicy policy;
    try {
        policy = odo::gates::parse_secondary_scope_policy(text, "fuzz");
    } catch (const odo::InputError&) {
        return 0;
    }
    for (const auto& grant : policy.allow) {
        const auto& s = grant.secondaries;
        if (grant.mr.empty() || grant.primary.empty() ||
            odo::text::lower(grant.primary) != grant.primary || s.empty() ||
            !std::is_sorted(s.begin(), s.end()) ||
            std::adjacent_find(s.begin(), s.end()) != s.end() ||
            std::find(s.begin(), s.end(), grant.primary) != s.end())
            std::abort();
        for (const std::string& name : s)
            if (name.empty() || odo::text::lower(name) != name)
                std::abort();
        if (!policy.allows(grant.mr, grant.primary, s) ||
            policy.allows(std::nullopt, grant.primary, s))
            std::abort();
    }
    return 0;
}
