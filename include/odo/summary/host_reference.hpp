#pragma once
// A reference SKU that is a host CPU rather than a GPU. odo's host backend can measure an op
// library on any machine, and a SKU map may declare such a host its reference (the bundled
// example does). The v1 status line must still read "Final reference-hardware evidence", so the
// generator says on the same line what the reference really is: a summary measured on a CPU must
// not pass for GPU evidence. GPU maps, CV-CUDA's among them, print exactly what the reference
// prints.
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/summary/canonical_text.hpp"
#include "odo/summary/skus.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace odo::summary {

namespace detail {

#if ODO_SUMMARY_DEFINITIONS
inline bool is_zero_number(const boost::json::value* v) {
    return v && v->is_number() && v->to_number<double>() == 0;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace detail

#if ODO_SUMMARY_DEFINITIONS
// Whether a SKU map entry describes a host: no power cap and no locked clock, both written as 0
// (the host SKU the surface layer's SKU map documents). A GPU entry always has a cap.
inline bool is_host_entry(const boost::json::value& entry) {
    const auto* o = entry.if_object();
    return o && detail::is_zero_number(o->if_contains("power_cap_w")) &&
           detail::is_zero_number(o->if_contains("locked_sm_clock_mhz"));
}

// The stems of `reported` (in their order) whose SKU map entry is a host.
inline std::vector<std::string> host_references(const boost::json::value& sku_map,
                                                const std::vector<std::string>& reported) {
    std::vector<std::string> hosts;
    const auto* entries =
        sku_map.is_object() ? sku_map.get_object().if_contains("entries") : nullptr;
    if (!entries || !entries->is_array())
        return hosts;
    for (const std::string& stem : reported)
        for (const auto& entry : entries->get_array()) {
            const auto* o = entry.if_object();
            const auto* s = o ? o->if_contains("stem") : nullptr;
            if (s && s->is_string() && s->get_string() == stem && is_host_entry(entry)) {
                hosts.push_back(stem);
                break;
            }
        }
    return hosts;
}

// What the status line adds for host references (empty for none): " · HOST VM is a host CPU
// declared as reference in the SKU map, not GPU hardware".
inline std::string host_reference_note(const std::vector<std::string>& host_stems) {
    if (host_stems.empty())
        return "";
    std::vector<std::string> labels;
    for (const std::string& stem : host_stems)
        labels.push_back(sku_label(stem));
    const bool one = labels.size() == 1;
    return " " + std::string(middle_dot) + " " + text::join(labels, " and ") +
           (one ? " is a host CPU" : " are host CPUs") +
           " declared as reference in the SKU map, not GPU hardware";
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
