// Fuzzes the walks over an operator config's committed baselines: the per-config baseline map
// ODO-8 compares across revisions, and PRE-3's reading of the rows. Nothing but odo::InputError
// escapes; the map exists exactly for a JSON object and does not depend on formatting or key
// order; the digests PRE-6 streams exist exactly where the map does and are the map's; a revision
// compared with itself changes no row; and what PRE-3 reports over the present rows is a part of
// what a complete validation reports.
#include <odo/baseline/baseline_digest.hpp>
#include <odo/baseline/baseline_map.hpp>
#include <odo/baseline/operator_file.hpp>
#include <odo/baseline/quality.hpp>
#include <odo/baseline/validation.hpp>
#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>
#include <odo/gates/evidence_checks_baselines.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace {

std::multiset<std::string> issue_texts(const odo::baseline::ValidationSummary& summary) {
    std::multiset<std::string> texts;
    for (const auto& issue : summary.issues)
        texts.insert(issue.text());
    return texts;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace odo::baseline;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto doc = odo::json::try_parse(text);
    const auto map = baselines_by_config(text);
    if (map.has_value() != (doc && doc->is_object()))
        std::abort();
    const odo::SipKey key{0x9e3779b97f4a7c15ULL, 0xbf58476d1ce4e5b9ULL};
    const auto digests = baseline_digests(text, key);
    if (digests.has_value() != map.has_value() || (map && *digests != baseline_digests(*map, key)))
        std::abort();
    if (map) {
        // Only a document with an out-of-range number prints as something JSON cannot read back.
        const std::string canonical = odo::json::dumps(*doc);
        if (odo::json::try_parse(canonical) && baselines_by_config(canonical) != map)
            std::abort();
        if (!odo::gates::changed_baseline_rows(*map, *map).empty())
            std::abort();
    }

    const std::vector<std::string> stems = {"H100", "L4"};
    try {
        const OperatorFile file = parse_operator_file("fuzz.json", std::string(text));
        ValidationSummary present, complete;
        for (const auto& entry : file.config.entries) {
            validate_entry(entry, "fuzz.json", stems, QualityPolicy{}, present,
                           ValidationScope::PresentRows);
            validate_entry(entry, "fuzz.json", stems, QualityPolicy{}, complete);
        }
        const auto all = issue_texts(complete);
        const auto part = issue_texts(present);
        if (present.metric_rows != complete.metric_rows ||
            !std::includes(all.begin(), all.end(), part.begin(), part.end()))
            std::abort();
    } catch (const odo::InputError&) {
    }
    return 0;
}
