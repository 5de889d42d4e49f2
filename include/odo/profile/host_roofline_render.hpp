#pragma once
// A host roofline record as odo_profile prints it, live or imported: the same lines as a
// profiler's (profile_render.hpp), BWUtil in the SOL's place.
#include "odo/core/json_write.hpp"
#include "odo/profile/bottleneck.hpp"
#include "odo/profile/detail/render_lines.hpp"
#include "odo/profile/evidence_text.hpp"
#include "odo/profile/host_roofline_record.hpp"

#include <boost/json.hpp>

#include <ostream>
#include <string>

namespace odo::profile {

// `source` says where the record came from ("imported FILE", "measured by EXE"); `format` "json"
// or "md".
inline void print_host_roofline(std::ostream& os, const HostRooflineFigures& f,
                                const std::string& source, const BottleneckThresholds& t,
                                const std::string& format) {
    const Classification c = classify_host_roofline(f, t);
    const std::string provenance = "odo host roofline (" + std::to_string(f.rounds) +
                                   " alternating rounds of " + std::to_string(f.calls_per_round) +
                                   " calls, " + f.clock + " time; " + source + ")";
    const auto exhaustion = host_roofline_lead_exhaustion(f, c);
    if (format == "json") {
        const boost::json::object out{
            {"case", f.case_key},
            {"profilers", boost::json::array{boost::json::value(provenance)}},
            {"host_roofline",
             {{"operator", f.op},
              {"bytes_moved", f.bytes_moved},
              {"rounds", f.rounds},
              {"calls_per_round", f.calls_per_round},
              {"operator_median_us", f.operator_median_us},
              {"memcpy_median_us", f.memcpy_median_us},
              {"bwutil_pct", f.bwutil_pct()},
              {"clock", f.clock},
              {"largest_cache_bytes", f.largest_cache_bytes}}},
            {"classification", detail::classification_json(c, t)},
            {"ceiling", host_ceiling_derivation(c)},
            {"primary_bottleneck", detail::optional_text(primary_bottleneck_line(c))},
            {"profile_evidence", host_roofline_evidence(f, c)},
            {"lead_exhaustion", detail::optional_text(exhaustion)}};
        os << json::dumps(out, {2, false, true}) << "\n";
        return;
    }
    detail::print_line(os, "Case", f.case_key);
    detail::print_line(os, "Profiler", provenance);
    detail::print_line(os, "Classification", detail::classification_text(c));
    detail::print_line(os, "Ceiling", host_ceiling_derivation(c));
    if (auto text = primary_bottleneck_line(c))
        os << *text << "\n";
    detail::print_line(os, "Profile evidence", host_roofline_evidence(f, c));
    if (exhaustion)
        detail::print_line(os, "Lead exhaustion", *exhaustion);
}

} // namespace odo::profile
