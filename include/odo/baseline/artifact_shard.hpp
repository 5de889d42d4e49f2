#pragma once
#include "odo/core/json_write.hpp"
#include "odo/core/linkage.hpp"
#include "odo/surface/shard.hpp"

#include <boost/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace odo::baseline {

// Which part of a SKU's surface a sharded run measured: `run_metadata.shard` of its artifact.
// The SKU is recorded with the shard because an empty shard's artifact has no row to name it.
struct ArtifactShard {
    std::string sku;
    surface::Shard shard;

    std::string str() const { return sku + " shard " + shard.str(); }
};

ODO_API boost::json::object to_json(const ArtifactShard& s);
#if ODO_BASELINE_DEFINITIONS
ODO_API boost::json::object to_json(const ArtifactShard& s) {
    return {{"sku", s.sku}, {"index", s.shard.index}, {"count", s.shard.count}};
}
#endif // ODO_BASELINE_DEFINITIONS

namespace detail {

#if ODO_BASELINE_DEFINITIONS
inline bool shard_number(const boost::json::object& o, const char* field, std::int64_t& out) {
    const auto* v = o.if_contains(field);
    if (!v || !v->is_int64())
        return false;
    out = v->get_int64();
    return true;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace detail

// `run_metadata.shard` of the artifact `source`: nullopt when the run was not sharded (the field
// is absent); a problem naming the file and field when it is not {sku, index, count} with
// 1 <= index <= count <= max_shard_count.
ODO_API std::optional<ArtifactShard> read_artifact_shard(const boost::json::object& run_metadata,
                                                         const std::string& source,
                                                         std::vector<std::string>& problems);
#if ODO_BASELINE_DEFINITIONS
ODO_API std::optional<ArtifactShard> read_artifact_shard(const boost::json::object& run_metadata,
                                                         const std::string& source,
                                                         std::vector<std::string>& problems) {
    const auto* field = run_metadata.if_contains("shard");
    if (!field)
        return std::nullopt;
    ArtifactShard s;
    const auto* o = field->if_object();
    const auto* sku = o ? o->if_contains("sku") : nullptr;
    if (o && sku && sku->is_string() && !sku->get_string().empty() &&
        detail::shard_number(*o, "index", s.shard.index) &&
        detail::shard_number(*o, "count", s.shard.count) && o->size() == 3 && s.shard.index >= 1 &&
        s.shard.index <= s.shard.count && s.shard.count <= surface::max_shard_count) {
        s.sku = std::string(sku->get_string());
        return s;
    }
    problems.push_back(
        source + ": run_metadata.shard must be {\"sku\": stem, \"index\": I, " +
        "\"count\": N} with 1 <= I <= N <= " + std::to_string(surface::max_shard_count) + " (got " +
        json::dumps(*field) + ")");
    return std::nullopt;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
