#pragma once
#include "odo/core/json_read.hpp"

#include <boost/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace odo::baseline {

using BaselineMap = std::map<std::string, boost::json::value>;

// config key -> its "baselines" value, for every object-valued config of an operator file (new
// shape "configs" or old flat shape) that carries non-empty baselines. Two revisions refresh the
// baselines iff these maps differ; formatting and key order play no part. nullopt: not a JSON
// object.
inline std::optional<BaselineMap> baselines_by_config(std::string_view text) {
    auto doc = json::try_parse(text);
    if (!doc || !doc->is_object())
        return std::nullopt;
    boost::json::object& root = doc->get_object();
    boost::json::value* configs_value = root.if_contains("configs");
    boost::json::object& configs =
        configs_value && configs_value->is_object() ? configs_value->get_object() : root;
    BaselineMap map;
    for (auto& kv : configs) {
        if (!kv.value().is_object())
            continue;
        boost::json::value* baselines = kv.value().get_object().if_contains("baselines");
        if (!baselines || (baselines->is_object() && baselines->get_object().empty()))
            continue; // adding or removing a config without rows measures nothing
        // Moved, not copied: the document is this call's own and goes away with it.
        map.emplace(std::string(kv.key()), std::move(*baselines));
    }
    return map;
}

} // namespace odo::baseline
