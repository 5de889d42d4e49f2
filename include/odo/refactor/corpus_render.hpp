#pragma once
// HOST-ONLY (reads sources through a SourceTree, whose revision reader runs git).
// Reports of the whole-corpus modes: markdown for people, JSON (sorted keys, indent 2,
// ASCII-escaped) for tools.
#include "odo/core/json_write.hpp"
#include "odo/core/linkage.hpp"
#include "odo/refactor/corpus_modes.hpp"

#include <boost/json.hpp>

#include <string>

namespace odo::refactor {

namespace detail {

ODO_API boost::json::array variants_json(const std::vector<Variant>& variants);
#if ODO_REFACTOR_DEFINITIONS
inline boost::json::array string_array(const std::vector<std::string>& items) {
    boost::json::array a;
    for (const auto& item : items)
        a.emplace_back(item);
    return a;
}

ODO_API boost::json::array variants_json(const std::vector<Variant>& variants) {
    boost::json::array a;
    for (const Variant& v : variants)
        a.push_back(boost::json::object{{"lines", v.lines}, {"members", string_array(v.members)}});
    return a;
}

inline std::string dumps(const boost::json::object& doc) {
    return json::dumps(doc, {2, true, true});
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace detail

ODO_API std::string variants_json(const std::string& name, const std::vector<Variant>& variants);
ODO_API std::string variants_markdown(const std::string& name, std::vector<Variant> variants);
ODO_API std::string hoist_json(const HoistSimulation& sim);
ODO_API std::string hoist_markdown(const HoistSimulation& sim);
ODO_API std::string all_operators_json(const std::vector<OperatorOpen>& rows,
                                       const std::vector<std::string>& domains);
// Operators ranked by open findings (most first), then the totals per ID.
ODO_API std::string all_operators_markdown(std::vector<OperatorOpen> rows);
#if ODO_REFACTOR_DEFINITIONS
ODO_API std::string all_operators_json(const std::vector<OperatorOpen>& rows,
                                       const std::vector<std::string>& domains) {
    boost::json::array ops;
    for (const auto& row : rows) {
        boost::json::object by_id;
        for (const auto& [id, n] : row.by_id)
            by_id[id] = n;
        ops.push_back(boost::json::object{{"Op", row.operator_name},
                                          {"by_id", std::move(by_id)},
                                          {"op", row.op},
                                          {"open", row.open}});
    }
    return detail::dumps({{"domains", detail::string_array(domains)},
                          {"operators", std::move(ops)},
                          {"phase", "assess"}});
}

ODO_API std::string all_operators_markdown(std::vector<OperatorOpen> rows) {
    std::stable_sort(rows.begin(), rows.end(), [](const OperatorOpen& a, const OperatorOpen& b) {
        return a.open != b.open ? a.open > b.open : a.operator_name < b.operator_name;
    });
    std::string out = "# refactor-op: all operators  phase=assess\n\n| operator | open | by id |\n"
                      "|---|---:|---|\n";
    std::map<std::string, std::size_t> totals;
    for (const auto& row : rows) {
        std::string ids;
        for (const auto& [id, n] : row.by_id) {
            ids += (ids.empty() ? "" : ", ") + id + "=" + std::to_string(n);
            totals[id] += n;
        }
        out += "| " + row.operator_name + " | " + std::to_string(row.open) + " | " +
               (ids.empty() ? "-" : ids) + " |\n";
    }
    out += "\n## totals\n";
    for (const auto& [id, n] : totals)
        out += "- " + id + ": " + std::to_string(n) + "\n";
    if (totals.empty())
        out += "- none open\n";
    out.pop_back();
    return out;
}

ODO_API std::string variants_json(const std::string& name, const std::vector<Variant>& variants) {
    return detail::dumps({{"block", name}, {"variants", detail::variants_json(variants)}});
}

ODO_API std::string variants_markdown(const std::string& name, std::vector<Variant> variants) {
    std::stable_sort(variants.begin(), variants.end(), [](const Variant& a, const Variant& b) {
        return a.members.size() > b.members.size();
    });
    std::string out = "# refactor-op: variants of '" + name + "'\n\n";
    for (std::size_t i = 0; i < variants.size(); ++i)
        out += "- variant " + std::to_string(i + 1) + " (" + std::to_string(variants[i].lines) +
               " lines, " + std::to_string(variants[i].members.size()) +
               " bodies): " + text::join(variants[i].members, ", ") + "\n";
    if (variants.empty())
        out += "- no body of this name\n";
    if (variants.size() > 1)
        out += "\nMore than one variant: a single shared body would change some of them.\n";
    out.pop_back();
    return out;
}

ODO_API std::string hoist_json(const HoistSimulation& sim) {
    boost::json::object multi;
    for (const auto& [name, variants] : sim.multi_variant) {
        boost::json::array lists;
        for (const Variant& v : variants)
            lists.push_back(detail::string_array(v.members));
        multi[name] = std::move(lists);
    }
    boost::json::array ops;
    for (const auto& row : sim.operators)
        ops.push_back(boost::json::object{{"Op", row.operator_name},
                                          {"after", row.after},
                                          {"before", row.before},
                                          {"residual", detail::string_array(row.residual)}});
    return detail::dumps({{"hoisted", detail::string_array(sim.hoisted)},
                          {"multi_variant", std::move(multi)},
                          {"operators", std::move(ops)}});
}

ODO_API std::string hoist_markdown(const HoistSimulation& sim) {
    std::string out =
        "# refactor-op: simulated hoist of " + text::join(sim.hoisted, ", ") +
        "\n\n| operator | RED-2 before | after | still repeated |\n|---|---:|---:|---|\n";
    for (const auto& row : sim.operators)
        out += "| " + row.operator_name + " | " + std::to_string(row.before) + " | " +
               std::to_string(row.after) + " | " + id_list_text(row.residual) + " |\n";
    for (const auto& [name, variants] : sim.multi_variant)
        out += "\n'" + name + "' has " + std::to_string(variants.size()) +
               " variants: the prediction is optimistic.\n";
    out.pop_back();
    return out;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
