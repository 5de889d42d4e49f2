// Fuzzes the operator config reader, case-key expansion and the bench checks built on them.
// Any input either loads or throws odo::InputError; every key a config expands to must parse
// back to itself and validate against its own config.
#include <odo/core/json_read.hpp>
#include <odo/review/bench_checks.hpp>
#include <odo/surface/bench_config.hpp>
#include <odo/surface/case_expansion.hpp>
#include <odo/surface/fake_planar.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace {

// Keeps each run fast: the expansion limit itself is tested in the unit tests.
constexpr std::size_t max_fuzzed_cases = 10000;

// Expands every entry and checks the round trip; false when an entry is too large to fuzz.
bool check_expansions(const odo::surface::BenchConfig& config) {
    using namespace odo::surface;
    for (const ConfigEntry& entry : config.entries) {
        try {
            const auto specs = case_axis_specs(entry.fields, entry.key);
            if (case_count(specs) > max_fuzzed_cases)
                return false;
            for (const CaseKey& key : expand_case_keys(entry.key, specs))
                if (parse_case_key(key.str()) != key ||
                    validate_case_key_for_config(key.str(), entry.key, specs) != key)
                    std::abort();
        } catch (const odo::InputError&) {
        }
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto config = odo::surface::load_bench_config(odo::json::parse(text, "fuzz"), "fuzz");
        odo::surface::configs_with_invalid_tier(config);
        if (!check_expansions(config))
            return 0;
        odo::surface::configs_without_cases(config);
        odo::surface::fake_planar_pairing_issues(config);
        const auto input = odo::review::parse_bench_config_input(text, "fuzz");
        odo::review::SupportInfo support;
        support.has_tensor = support.planar = true;
        if (odo::review::bench_domain_findings(input, {"A100", "H100"}, support).size() != 4)
            std::abort();
    } catch (const odo::InputError&) {
    }
    return 0;
}
