#pragma once
// A profile as odo_profile prints it, from a live run or an import: the case, the profilers that
// read it, the classification, the summary's bottleneck line and profile evidence, and Lead
// exhaustion evidence at the ridge; as labelled lines (md) or one JSON document (json).
#include "odo/core/json_write.hpp"
#include "odo/profile/bottleneck.hpp"
#include "odo/profile/detail/render_lines.hpp"
#include "odo/profile/evidence_text.hpp"

#include <boost/json.hpp>

#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace odo::profile {

// What a live run or an import read, ready to print.
struct ProfileResult {
    std::string case_key; // the case the evidence names
    BottleneckThresholds thresholds;
    ProfileFigures figures;
    std::vector<std::string> provenance;
    std::vector<std::string> unreadable; // "ncu: 2 unreadable rows (...)": never left out
};

// The default thresholds with the ridge at `ridge_pct` (max SOL %, host: BWUtil %).
inline BottleneckThresholds ridge_thresholds(double ridge_pct) {
    BottleneckThresholds t;
    t.ridge_sol_pct = ridge_pct;
    return t;
}

inline void print_profile_markdown(std::ostream& os, const ProfileResult& p) {
    const Classification c = classify(p.figures, p.thresholds);
    detail::print_line(os, "Case", p.case_key);
    for (const std::string& text : p.provenance)
        detail::print_line(os, "Profiler", text);
    for (const std::string& text : p.unreadable)
        detail::print_line(os, "Unreadable", text);
    detail::print_line(os, "Classification", detail::classification_text(c));
    if (auto ceiling = ceiling_derivation(c))
        detail::print_line(os, "Ceiling", *ceiling);
    if (auto text = primary_bottleneck_line(c))
        os << *text << "\n";
    if (auto text = profile_evidence(p.figures, c, p.case_key))
        detail::print_line(os, "Profile evidence", *text);
    if (auto text = lead_exhaustion_at_ridge(c, p.case_key))
        detail::print_line(os, "Lead exhaustion", *text);
}

namespace detail {

inline boost::json::value ncu_json(const NcuFigures& n) {
    return {{"launches", n.launches},
            {"kernels", n.kernels},
            {"dominant_kernel", n.dominant_kernel},
            {"total_duration_ns", optional_number(n.total_duration_ns)},
            {"mean_duration_ns", optional_number(n.mean_duration_ns)},
            {"memory_sol_pct", optional_number(n.memory_sol_pct)},
            {"compute_sol_pct", optional_number(n.compute_sol_pct)},
            {"dram_throughput_pct", optional_number(n.dram_throughput_pct)},
            {"achieved_occupancy_pct", optional_number(n.achieved_occupancy_pct)},
            {"dominant_stall", n.dominant_stall}};
}

inline boost::json::value nsys_json(const NsysFigures& n) {
    return {{"range_ns", optional_number(n.range_ns)}, {"kernel_ns", n.kernel_ns},
            {"kernel_launches", n.kernel_launches},    {"kernels", n.kernels},
            {"dominant_kernel", n.dominant_kernel},    {"api_ns", n.api_ns},
            {"launch_api_ns", n.launch_api_ns},        {"sync_api_ns", n.sync_api_ns}};
}

} // namespace detail

inline void print_profile_json(std::ostream& os, const ProfileResult& p) {
    const Classification c = classify(p.figures, p.thresholds);
    boost::json::array provenance(p.provenance.begin(), p.provenance.end());
    boost::json::array unreadable(p.unreadable.begin(), p.unreadable.end());
    const boost::json::object out{
        {"case", p.case_key},
        {"profilers", std::move(provenance)},
        {"unreadable", std::move(unreadable)},
        {"ncu", p.figures.ncu ? detail::ncu_json(*p.figures.ncu) : nullptr},
        {"nsys", p.figures.nsys ? detail::nsys_json(*p.figures.nsys) : nullptr},
        {"classification", detail::classification_json(c, p.thresholds)},
        {"ceiling", detail::optional_text(ceiling_derivation(c))},
        {"primary_bottleneck", detail::optional_text(primary_bottleneck_line(c))},
        {"profile_evidence", detail::optional_text(profile_evidence(p.figures, c, p.case_key))},
        {"lead_exhaustion", detail::optional_text(lead_exhaustion_at_ridge(c, p.case_key))}};
    os << json::dumps(out, {2, false, true}) << "\n";
}

// `format` "json" or "md".
inline void print_profile(std::ostream& os, const ProfileResult& p, const std::string& format) {
    if (format == "json")
        print_profile_json(os, p);
    else
        print_profile_markdown(os, p);
}

} // namespace odo::profile
