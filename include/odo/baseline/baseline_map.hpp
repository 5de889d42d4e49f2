#pragma once
#include "odo/core/json_read.hpp"
#include "odo/core/linkage.hpp"

#include <boost/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace odo::baseline {

using BaselineMap = std::map<std::string, boost::json::value>;
// The same rows pointing into a document the caller keeps.
using BaselineRefs = std::map<std::string, const boost::json::value*>;

namespace detail {

// Calls `f(config key, its "baselines" value)` for every object-valued config of an operator
// document (new shape "configs" or old flat shape) that carries non-empty baselines; false when
// the document is not an object.
template <class Value, class F>
bool for_each_baselines(Value& doc, F&& f) {
    if (!doc.is_object())
        return false;
    auto& root = doc.get_object();
    auto* configs_value = root.if_contains("configs");
    auto& configs =
        configs_value && configs_value->is_object() ? configs_value->get_object() : root;
    for (auto& kv : configs) {
        if (!kv.value().is_object())
            continue;
        auto* baselines = kv.value().get_object().if_contains("baselines");
        if (!baselines || (baselines->is_object() && baselines->get_object().empty()))
            continue; // adding or removing a config without rows measures nothing
        f(kv.key(), *baselines);
    }
    return true;
}

} // namespace detail

// The same rows of a parsed document, without copying them. nullopt: not a JSON object.
ODO_API std::optional<BaselineRefs> baseline_refs(const boost::json::value& doc);
// config key -> its "baselines" value, for every object-valued config of an operator file that
// carries non-empty baselines. Two revisions refresh the baselines iff these maps differ;
// formatting and key order play no part. nullopt: not a JSON object.
ODO_API std::optional<BaselineMap> baselines_by_config(std::string_view text);
#if ODO_BASELINE_DEFINITIONS
ODO_API std::optional<BaselineMap> baselines_by_config(std::string_view text) {
    auto doc = json::try_parse(text);
    BaselineMap map;
    // Moved, not copied: the document is this call's own and goes away with it.
    if (!doc || !detail::for_each_baselines(*doc, [&](auto key, boost::json::value& baselines) {
            map.emplace(std::string(key), std::move(baselines));
        }))
        return std::nullopt;
    return map;
}

ODO_API std::optional<BaselineRefs> baseline_refs(const boost::json::value& doc) {
    BaselineRefs refs;
    if (!detail::for_each_baselines(doc, [&](auto key, const boost::json::value& baselines) {
            refs.emplace(std::string(key), &baselines);
        }))
        return std::nullopt;
    return refs;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
