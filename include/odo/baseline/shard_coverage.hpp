#pragma once
#include "odo/baseline/artifact.hpp"
#include "odo/core/linkage.hpp"
#include "odo/surface/shard.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace odo::baseline {

// What the artifacts of a sharded import say about each SKU's shards: how many shards its surface
// was split into, and how many artifacts arrived of each.
struct ShardCoverage {
    std::map<std::string, std::int64_t> counts;                               // SKU -> N
    std::map<std::string, std::map<std::int64_t, std::int64_t>> artifacts_of; // SKU -> I -> count

    // The shard count of `sku`'s surface, or 0 when no artifact or option says.
    std::int64_t count_of(const std::string& sku) const {
        const auto it = counts.find(sku);
        return it == counts.end() ? 0 : it->second;
    }
};

namespace detail {

#if ODO_BASELINE_DEFINITIONS
// "2 (a.json, b.json), 3 (c.json)": the shard counts recorded for one SKU, with their files.
inline std::string recorded_counts(const std::map<std::int64_t, std::set<std::string>>& counts) {
    std::string out;
    for (const auto& [count, sources] : counts) {
        std::string files;
        for (const std::string& source : sources)
            files += (files.empty() ? "" : ", ") + source;
        out += (out.empty() ? "" : "; ") + std::to_string(count) + " (" + files + ")";
    }
    return out;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace detail

// The shards the artifacts record (run_metadata.shard). Every artifact of one SKU must record the
// same shard count, and `shards` (--shards N; 0: not given) must agree with it: otherwise a
// problem naming the SKU and the files, since shard I of one count is not shard I of another.
// A SKU of `skus` without a sharded artifact is taken to have `shards` shards when given.
ODO_API ShardCoverage shard_coverage(const std::vector<Artifact>& artifacts,
                                     const std::vector<std::string>& skus, std::int64_t shards,
                                     std::vector<std::string>& problems);
// "missing from the inputs: <SKU> shard I/N (no artifact of it arrived)" for each shard of a SKU
// of known count that no artifact records, and a line for a SKU whose shards arrived in unequal
// numbers: every shard job writes one artifact per language and run, so a shard with more than
// another was measured twice (two jobs given its index) or the other lost an artifact.
ODO_API std::vector<std::string> shard_gap_lines(const ShardCoverage& coverage);
#if ODO_BASELINE_DEFINITIONS
ODO_API ShardCoverage shard_coverage(const std::vector<Artifact>& artifacts,
                                     const std::vector<std::string>& skus, std::int64_t shards,
                                     std::vector<std::string>& problems) {
    std::map<std::string, std::map<std::int64_t, std::set<std::string>>> recorded;
    ShardCoverage coverage;
    for (const Artifact& a : artifacts)
        if (const auto s = a.shard()) {
            recorded[s->sku][s->shard.count].insert(a.source);
            ++coverage.artifacts_of[s->sku][s->shard.index];
        }
    for (const auto& [sku, counts] : recorded) {
        const bool agree = counts.size() == 1 && (shards == 0 || counts.begin()->first == shards);
        if (agree)
            coverage.counts[sku] = counts.begin()->first;
        else
            problems.push_back(sku + ": the artifacts record different shard counts: " +
                               detail::recorded_counts(counts) +
                               (shards ? "; --shards " + std::to_string(shards) : ""));
    }
    if (shards > 0)
        for (const std::string& sku : skus)
            coverage.counts.emplace(sku, shards);
    return coverage;
}

ODO_API std::vector<std::string> shard_gap_lines(const ShardCoverage& coverage) {
    std::vector<std::string> lines;
    for (const auto& [sku, count] : coverage.counts) {
        const auto found = coverage.artifacts_of.find(sku);
        std::map<std::int64_t, std::int64_t> arrived;
        if (found != coverage.artifacts_of.end())
            arrived = found->second;
        std::set<std::int64_t> sizes;
        std::string tally;
        for (std::int64_t i = 1; i <= count; ++i) {
            const std::string shard = std::to_string(i) + "/" + std::to_string(count);
            const std::int64_t n = arrived.count(i) ? arrived.at(i) : 0;
            if (n == 0)
                lines.push_back("missing from the inputs: " + sku + " shard " + shard +
                                " (no artifact of it arrived)");
            else
                sizes.insert(n);
            tally += (tally.empty() ? "" : ", ") + shard + ": " + std::to_string(n);
        }
        if (sizes.size() > 1)
            lines.push_back(sku + ": the shards arrived in unequal numbers of artifacts (" + tally +
                            "): a shard was measured by two jobs, or another lost an artifact");
    }
    return lines;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
