#pragma once
#include "odo/baseline/config_set.hpp"
#include "odo/baseline/merge.hpp"
#include "odo/core/linkage.hpp"
#include "odo/surface/shard.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace odo::baseline {

// A case an import was to cover but no input measured: on CI, the cases of a shard or a runner
// whose artifact never arrived.
struct MissingCase {
    std::string sku;
    std::string config_key;
    std::string case_key;

    bool operator<(const MissingCase& o) const {
        return std::tie(sku, config_key, case_key) < std::tie(o.sku, o.config_key, o.case_key);
    }
};

// "<SKU> <case key>" per missing case, with the shard it belongs to where its SKU's shard count
// is known (`shard_counts`: SKU -> N), so a CI reader sees which job's artifact is absent.
ODO_API std::vector<std::string>
missing_case_lines(const std::vector<MissingCase>& missing,
                   const std::map<std::string, std::int64_t>& shard_counts);
// Every expected case of every config of the imported operators (`operators`, else those the
// updates measure) on every SKU of `skus` that no update measures; sorted by SKU, config, case.
ODO_API std::vector<MissingCase> missing_cases(const ConfigSet& set,
                                               const std::vector<BaselineUpdate>& updates,
                                               const std::vector<std::string>& skus,
                                               std::vector<std::string> operators);
#if ODO_BASELINE_DEFINITIONS
ODO_API std::vector<MissingCase> missing_cases(const ConfigSet& set,
                                               const std::vector<BaselineUpdate>& updates,
                                               const std::vector<std::string>& skus,
                                               std::vector<std::string> operators) {
    std::set<std::tuple<std::string, std::string>> measured; // (SKU, case key)
    for (const BaselineUpdate& u : updates) {
        measured.emplace(u.sku, u.case_key);
        if (const IndexedConfig* c = set.find(u.config_key))
            operators.push_back(set.operator_of(*c));
    }
    std::vector<MissingCase> missing;
    for (const OperatorFile& file : set.files()) {
        if (std::find(operators.begin(), operators.end(), file.config.benchmark) == operators.end())
            continue;
        for (const surface::ConfigEntry& entry : file.config.entries) {
            const IndexedConfig* c = set.find(entry.key);
            for (const std::string& sku : skus)
                for (const std::string& case_key : c->expected_cases)
                    if (!measured.count({sku, case_key}))
                        missing.push_back({sku, entry.key, case_key});
        }
    }
    std::sort(missing.begin(), missing.end());
    return missing;
}

ODO_API std::vector<std::string>
missing_case_lines(const std::vector<MissingCase>& missing,
                   const std::map<std::string, std::int64_t>& shard_counts) {
    std::vector<std::string> lines;
    for (const MissingCase& m : missing) {
        const auto count = shard_counts.find(m.sku);
        lines.push_back(
            "missing from the inputs: " + m.sku + " " + m.case_key +
            (count != shard_counts.end()
                 ? " (shard " + std::to_string(surface::shard_index_of(m.case_key, count->second)) +
                       "/" + std::to_string(count->second) + ")"
                 : ""));
    }
    return lines;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
