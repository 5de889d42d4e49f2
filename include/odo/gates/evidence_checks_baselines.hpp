#pragma once
// ODO-2: were the operator's committed baselines re-measured? Judged from the parsed baseline
// rows of its config at the merge base and at HEAD, not from keywords in patch text (gates.md
// §8.10: an edit next to a baseline block used to pass).
#include "odo/baseline/baseline_map.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/core/text.hpp"
#include "odo/gates/config_documents.hpp"
#include "odo/gates/evidence_checks_common.hpp"
#include "odo/repo/tooling.hpp"

#include <boost/json.hpp>

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace odo::gates {

// The operator's bench config at both ends of the change, parsed.
struct ConfigRevisions {
    std::string path;                     // repository-relative
    std::optional<ConfigDocument> before; // at the merge base; nullopt: absent
    std::optional<ConfigDocument> after;  // at HEAD; nullopt: absent
};

// One baseline payload: config key, case key, SKU. A `baselines` (or case) value that is not an
// object is one row with an empty case key (or SKU).
struct BaselineRow {
    std::string config;
    std::string case_key;
    std::string sku;
};

namespace detail {

ODO_API bool differs(const boost::json::value& after, const boost::json::value* before);
ODO_API const boost::json::value* member(const boost::json::value* v, boost::json::string_view key);
// A row of a BaselineMap or of BaselineRefs.
ODO_API const boost::json::value& row_value(const boost::json::value& v);
ODO_API const boost::json::value& row_value(const boost::json::value* v);
#if ODO_GATES_DEFINITIONS
// JSON equality where numbers compare by value, so rewriting 5 as 5.0 is not a re-measurement.
inline bool same_json(const boost::json::value& a, const boost::json::value& b) {
    const auto x = json::as_number(a), y = json::as_number(b);
    if (x || y)
        return x && y && (a.is_double() || b.is_double() ? *x == *y : a == b);
    if (a.kind() != b.kind())
        return false;
    if (a.is_array()) {
        const auto &l = a.get_array(), &r = b.get_array();
        if (l.size() != r.size())
            return false;
        for (std::size_t i = 0; i < l.size(); ++i)
            if (!same_json(l[i], r[i]))
                return false;
        return true;
    }
    if (a.is_object()) {
        const auto &l = a.get_object(), &r = b.get_object();
        if (l.size() != r.size())
            return false;
        for (const auto& kv : l) {
            const boost::json::value* other = r.if_contains(kv.key());
            if (!other || !same_json(kv.value(), *other))
                return false;
        }
        return true;
    }
    return a == b;
}

ODO_API const boost::json::value* member(const boost::json::value* v,
                                         boost::json::string_view key) {
    return v && v->is_object() ? v->get_object().if_contains(key) : nullptr;
}

ODO_API const boost::json::value& row_value(const boost::json::value& v) {
    return v;
}
ODO_API const boost::json::value& row_value(const boost::json::value* v) {
    return *v;
}

ODO_API bool differs(const boost::json::value& after, const boost::json::value* before) {
    return !before || !same_json(after, *before);
}

inline std::string first_items(const std::set<std::string>& items, std::size_t shown) {
    std::vector<std::string> list;
    for (const std::string& item : items)
        if (list.size() < shown)
            list.push_back(item);
    std::string out = python_list_repr(list);
    if (items.size() > shown)
        out += " (+" + std::to_string(items.size() - shown) + " more)";
    return out;
}
#endif // ODO_GATES_DEFINITIONS

} // namespace detail

// The rows HEAD adds or changes relative to the merge base, in config, case, SKU order. Removed
// rows measure nothing and are not listed. `Map`: BaselineMap or BaselineRefs.
template <class Map>
std::vector<BaselineRow> changed_baseline_rows(const Map& before, const Map& after) {
    std::vector<BaselineRow> rows;
    for (const auto& [config, row] : after) {
        const boost::json::value& baselines = detail::row_value(row);
        const auto it = before.find(config);
        const boost::json::value* old =
            it == before.end() ? nullptr : &detail::row_value(it->second);
        if (!baselines.is_object()) {
            if (detail::differs(baselines, old))
                rows.push_back({config, "", ""});
            continue;
        }
        for (const auto& case_entry : baselines.get_object()) {
            const std::string case_key(case_entry.key());
            const boost::json::value* old_case = detail::member(old, case_entry.key());
            if (!case_entry.value().is_object()) {
                if (detail::differs(case_entry.value(), old_case))
                    rows.push_back({config, case_key, ""});
                continue;
            }
            for (const auto& sku : case_entry.value().get_object())
                if (detail::differs(sku.value(), detail::member(old_case, sku.key())))
                    rows.push_back({config, case_key, std::string(sku.key())});
        }
    }
    return rows;
}

// `tooling` words the GAP's fix for the library; the default keeps CV-CUDA's sentence.
ODO_API Finding check_odo2_baselines_updated(const ChangeRange& range,
                                             const ConfigRevisions& config,
                                             const repo::OperatorPaths& op,
                                             const std::string& guide,
                                             repo::Tooling tooling = repo::Tooling::Cvcuda);
#if ODO_GATES_DEFINITIONS
// "3 row(s) added or changed: configs [...]; case keys [...]; SKUs [...]".
inline std::string describe_rows(const std::vector<BaselineRow>& rows) {
    std::set<std::string> configs, cases, skus;
    for (const BaselineRow& row : rows) {
        configs.insert(row.config);
        if (!row.case_key.empty())
            cases.insert(row.case_key);
        if (!row.sku.empty())
            skus.insert(row.sku);
    }
    return std::to_string(rows.size()) + " row(s) added or changed: configs " +
           detail::first_items(configs, 5) + "; case keys " + detail::first_items(cases, 5) +
           "; SKUs " + detail::first_items(skus, 10);
}

ODO_API Finding check_odo2_baselines_updated(const ChangeRange& range,
                                             const ConfigRevisions& config,
                                             const repo::OperatorPaths& op,
                                             const std::string& guide, repo::Tooling tooling) {
    const repo::BaselineCapture capture{tooling, op.operator_name, op.op};
    constexpr std::string_view id = "ODO-2";
    if (auto unknown = detail::unknown_change(id, range, guide))
        return *unknown;
    if (range.implementation_changed.empty())
        return detail::evidence_finding(id, Status::NotApplicable,
                                        "No implementation change -> baseline update N-A", "",
                                        guide);
    auto gap = [&](const std::string& why) {
        // CV-CUDA's marker says where its baselines come from; a layout's own tooling measures
        // them where the campaign runs.
        return detail::evidence_finding(
            id, Status::Gap,
            std::string("Implementation changed but baselines not updated ") +
                (capture.cvcuda() ? "[requires CI regen]" : "[re-measure]"),
            "no baseline delta in " + config.path + why, guide,
            capture.cvcuda()
                ? "Regenerate the baselines through the CI fan-out, then import them with "
                  "bench/_internal/update_baseline.py --from <artifacts-dir>/ --operator " +
                      op.op + "."
                : "Re-measure the baselines of the changed code with " +
                      capture.measure_or_import() + ", and commit the config.");
    };
    if (!config.after)
        return gap(" (the config does not exist at HEAD)");
    const auto after =
        config.after->object() ? baseline::baseline_refs(*config.after->document) : std::nullopt;
    if (!after)
        return gap(" (the config at HEAD is not a JSON object)");
    const baseline::BaselineRefs before = config.before && config.before->object()
                                              ? *baseline::baseline_refs(*config.before->document)
                                              : baseline::BaselineRefs{};
    const std::vector<BaselineRow> rows = changed_baseline_rows(before, *after);
    if (rows.empty())
        return gap("");
    return detail::evidence_finding(
        id, Status::Pass, "Baselines updated for the operator",
        config.path + " baselines changed vs " + range.base + "; " + describe_rows(rows), guide);
}
#endif // ODO_GATES_DEFINITIONS

} // namespace odo::gates
