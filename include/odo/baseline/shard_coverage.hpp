#pragma once
#include "odo/baseline/artifact.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/surface/shard.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace odo::baseline {

// What the artifacts of a sharded import say about each SKU's shards: how many shards its surface
// was split into, and which artifacts arrived of each.
struct ShardCoverage {
    std::map<std::string, std::int64_t> counts; // SKU -> N
    std::map<std::string, std::map<std::int64_t, std::vector<std::string>>>
        artifacts_of; // SKU -> I -> sources

    // The shard count of `sku`'s surface, or 0 when no artifact or option says.
    std::int64_t count_of(const std::string& sku) const {
        const auto it = counts.find(sku);
        return it == counts.end() ? 0 : it->second;
    }
};

namespace detail {

#if ODO_BASELINE_DEFINITIONS
inline const std::vector<std::string>& shard_sources(const ShardCoverage& coverage,
                                                     const std::string& sku, std::int64_t index) {
    static const std::vector<std::string> none;
    const auto found = coverage.artifacts_of.find(sku);
    if (found == coverage.artifacts_of.end())
        return none;
    const auto shard = found->second.find(index);
    return shard == found->second.end() ? none : shard->second;
}

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
// of known count that no artifact records. Every shard job writes one artifact per language and
// run: given that number (`per_shard`, --artifacts-per-shard; 0: unknown), a line for each shard
// with fewer; without it, a line for a SKU whose shards arrived in unequal numbers, since a shard
// with more than another was measured twice (two jobs given its index) or the other lost one.
ODO_API std::vector<std::string> shard_gap_lines(const ShardCoverage& coverage,
                                                 std::int64_t per_shard = 0);
// A problem for each shard that arrived in more than `per_shard` artifacts, naming them: a shard
// seen twice (two jobs given its index, or an artifact that no job of this run wrote) would be
// merged twice, so the import refuses it rather than weigh it double.
ODO_API std::vector<std::string> shard_surplus_problems(const ShardCoverage& coverage,
                                                        std::int64_t per_shard);
#if ODO_BASELINE_DEFINITIONS
ODO_API ShardCoverage shard_coverage(const std::vector<Artifact>& artifacts,
                                     const std::vector<std::string>& skus, std::int64_t shards,
                                     std::vector<std::string>& problems) {
    std::map<std::string, std::map<std::int64_t, std::set<std::string>>> recorded;
    ShardCoverage coverage;
    for (const Artifact& a : artifacts)
        if (const auto s = a.shard()) {
            recorded[s->sku][s->shard.count].insert(a.source);
            coverage.artifacts_of[s->sku][s->shard.index].push_back(a.source);
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

ODO_API std::vector<std::string> shard_gap_lines(const ShardCoverage& coverage,
                                                 std::int64_t per_shard) {
    std::vector<std::string> lines;
    for (const auto& [sku, count] : coverage.counts) {
        std::set<std::int64_t> sizes;
        std::string tally;
        for (std::int64_t i = 1; i <= count; ++i) {
            const std::string shard = std::to_string(i) + "/" + std::to_string(count);
            const auto n = std::int64_t(detail::shard_sources(coverage, sku, i).size());
            if (n == 0)
                lines.push_back("missing from the inputs: " + sku + " shard " + shard +
                                " (no artifact of it arrived)");
            else if (n < per_shard)
                lines.push_back("missing from the inputs: " + sku + " shard " + shard + " (" +
                                std::to_string(n) + " of " + std::to_string(per_shard) +
                                " artifacts arrived)");
            else
                sizes.insert(n);
            tally += (tally.empty() ? "" : ", ") + shard + ": " + std::to_string(n);
        }
        if (per_shard == 0 && sizes.size() > 1)
            lines.push_back(sku + ": the shards arrived in unequal numbers of artifacts (" + tally +
                            "): a shard was measured by two jobs, or another lost an artifact");
    }
    return lines;
}

ODO_API std::vector<std::string> shard_surplus_problems(const ShardCoverage& coverage,
                                                        std::int64_t per_shard) {
    std::vector<std::string> problems;
    for (const auto& [sku, shards] : coverage.artifacts_of)
        for (const auto& [index, sources] : shards)
            if (std::int64_t(sources.size()) > per_shard) {
                std::vector<std::string> sorted = sources;
                std::sort(sorted.begin(), sorted.end());
                problems.push_back(sku + " shard " + std::to_string(index) + "/" +
                                   std::to_string(coverage.count_of(sku)) + " arrived in " +
                                   std::to_string(sources.size()) + " artifacts (" +
                                   text::join(sorted, ", ") + "); each shard job writes " +
                                   std::to_string(per_shard) +
                                   " (--artifacts-per-shard): a shard seen twice is not merged");
            }
    return problems;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
