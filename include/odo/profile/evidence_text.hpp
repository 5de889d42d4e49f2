#pragma once
// Ready-to-use text from measured figures: the summary's bottleneck line and profile-evidence
// paragraph (summary.md: a percentage and a SOL term), and "Lead exhaustion" checklist evidence
// (gates.md ODO-4: a measured figure with "at ridge", or three measured strikes).
#include "odo/core/error.hpp"
#include "odo/profile/bottleneck.hpp"
#include "odo/profile/detail/fixed.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::profile {

namespace detail {

inline std::string ceiling_text(const Classification& c) {
    return c.ceiling ? "ceiling " + fixed(*c.ceiling, 2) + "x" : std::string();
}

inline std::string sol_unit(const Classification& c) {
    return c.memory_dominant ? "Memory SOL" : "Compute SOL";
}

inline std::string launches_text(const NcuFigures& n) {
    std::string text = std::to_string(n.launches) + (n.launches == 1 ? " launch" : " launches");
    text += n.kernels == 1
                ? " of " + n.dominant_kernel
                : " of " + std::to_string(n.kernels) + " kernels, mostly " + n.dominant_kernel;
    if (n.mean_duration_ns)
        text += ", mean " + microseconds(*n.mean_duration_ns);
    return text;
}

inline std::string ncu_sentence(const NcuFigures& n, std::string_view case_key) {
    std::string text = "ncu measured ";
    std::vector<std::string> details;
    if (n.memory_sol_pct || n.compute_sol_pct) {
        std::vector<std::string> sols;
        if (n.memory_sol_pct)
            sols.push_back(percent(*n.memory_sol_pct) + " Memory SOL");
        if (n.compute_sol_pct)
            sols.push_back(percent(*n.compute_sol_pct) + " Compute SOL");
        text += odo::text::join(sols, " and ");
        details.push_back(launches_text(n));
    } else {
        text += launches_text(n);
    }
    text += " for `" + std::string(case_key) + "`";
    if (n.dram_throughput_pct)
        details.push_back("DRAM throughput " + percent(*n.dram_throughput_pct));
    if (n.achieved_occupancy_pct)
        details.push_back("achieved occupancy " + percent(*n.achieved_occupancy_pct));
    if (!n.dominant_stall.empty())
        details.push_back("dominant stall " + n.dominant_stall);
    if (!details.empty())
        text += " (" + odo::text::join(details, "; ") + ")";
    return text + ".";
}

inline std::optional<std::string> nsys_sentence(const NsysFigures& n) {
    const auto time = case_time_ns(n);
    if (!time)
        return std::nullopt;
    const bool range = n.range_ns && *n.range_ns > 0;
    return "nsys measured GPU compute time in kernels at " + percent(100 * n.kernel_ns / *time) +
           (range ? " of the case's NVTX range" : " of host CUDA API time (no NVTX range found)") +
           " over " + std::to_string(n.kernel_launches) + " kernel launches; " + host_share(n) +
           ".";
}

inline std::string signed_percent(double value) {
    const std::string text = percent(value);
    return value > 0 && text != "0.0%" ? "+" + text : text;
}

} // namespace detail

// The summary's "**Primary bottleneck: …**" line. The summary knows only Memory-bound and
// Compute-bound, so the busier SOL unit names it even for issue-, launch- or sync-bound cases (the
// evidence paragraph says which); nullopt without SOL figures.
inline std::optional<std::string> primary_bottleneck_line(const Classification& c) {
    if (!c.max_sol_pct)
        return std::nullopt;
    return std::string("**Primary bottleneck: ") +
           (c.memory_dominant ? "Memory-bound" : "Compute-bound") + "**";
}

// "1.20x (100 / 83.4% Memory SOL)"; nullopt without SOL figures.
inline std::optional<std::string> ceiling_derivation(const Classification& c) {
    if (!c.ceiling || !c.max_sol_pct)
        return std::nullopt;
    return detail::fixed(*c.ceiling, 2) + "x (100 / " + detail::percent(*c.max_sol_pct) + " " +
           detail::sol_unit(c) + ")";
}

// One paragraph for the summary's profile evidence: what ncu and nsys measured for the case and
// the classification. nullopt when no profiler measured a percentage to cite (the summary rule
// requires one).
inline std::optional<std::string> profile_evidence(const ProfileFigures& f, const Classification& c,
                                                   std::string_view case_key) {
    std::vector<std::string> sentences;
    if (f.ncu && f.ncu->launches > 0)
        sentences.push_back(detail::ncu_sentence(*f.ncu, case_key));
    if (f.nsys && f.nsys->kernel_launches > 0)
        if (auto s = detail::nsys_sentence(*f.nsys))
            sentences.push_back(*s);
    const std::string measured = odo::text::join(sentences, " ");
    if (measured.find('%') == std::string::npos)
        return std::nullopt;
    std::string verdict = "Classification: " + std::string(to_string(c.bottleneck));
    if (c.at_ridge)
        verdict += ", at ridge";
    if (c.ceiling)
        verdict += " (" + detail::ceiling_text(c) + ")";
    return measured + " " + verdict + ".";
}

// "Lead exhaustion" evidence when the busier unit is at the ridge; nullopt otherwise (then only
// three measured strikes can exhaust the leads).
inline std::optional<std::string> lead_exhaustion_at_ridge(const Classification& c,
                                                           std::string_view case_key) {
    if (!c.at_ridge || !c.max_sol_pct)
        return std::nullopt;
    return "ncu measured " + detail::percent(*c.max_sol_pct) + " " + detail::sol_unit(c) +
           " at ridge for `" + std::string(case_key) + "` (" + detail::ceiling_text(c) + ").";
}

// A lead tried after the last accepted win, and the benchmark change it measured (negative:
// slower).
struct Strike {
    std::string lead;
    double change_pct = 0;
};

// "Lead exhaustion" evidence from the last three strikes. InputError with fewer than three, or a
// strike without a name.
inline std::string lead_exhaustion_strikes(const std::vector<Strike>& strikes,
                                           std::string_view case_key) {
    if (strikes.size() < 3)
        throw InputError("lead exhaustion needs three measured strikes; got " +
                         std::to_string(strikes.size()));
    std::vector<std::string> measured;
    for (auto s = strikes.end() - 3; s != strikes.end(); ++s) {
        if (odo::text::strip(s->lead).empty())
            throw InputError("lead exhaustion: a strike needs the lead's name");
        measured.push_back(detail::signed_percent(s->change_pct) + " (" + s->lead + ")");
    }
    return "three failed leads (3 strikes) after the last win on `" + std::string(case_key) +
           "`, measured at " + measured[0] + ", " + measured[1] + " and " + measured[2] + ".";
}

} // namespace odo::profile
