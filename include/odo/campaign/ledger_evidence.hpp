#pragma once
// The summary's loop evidence written from a campaign ledger, never typed (issue 29 item 6): the
// profile evidence paragraph and the bottleneck from the dominant case's latest profile record,
// and the Lead exhaustion item from the stop condition the ledger's records reach. Each line names
// the ledger and the records it rests on, so a reviewer (and ODO-4) can check them.
#include "odo/campaign/campaign_state.hpp"
#include "odo/campaign/ledger_read.hpp"
#include "odo/core/error_output.hpp"
#include "odo/core/fixed_point.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/text.hpp"
#include "odo/profile/evidence_text.hpp"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace odo::campaign {

namespace detail {

// How a profile figure is named in evidence text: the metric words the summary's rules know.
inline std::string figure_label(std::string_view name) {
    static constexpr std::pair<std::string_view, std::string_view> labels[] = {
        {"bwutil_pct", "BWUtil"},
        {"memory_sol_pct", "Memory SOL"},
        {"compute_sol_pct", "Compute SOL"},
        {"dram_throughput_pct", "DRAM throughput"},
        {"achieved_occupancy_pct", "achieved occupancy"}};
    for (const auto& [key, label] : labels)
        if (name == key)
            return std::string(label);
    return std::string(name);
}

// One decimal; a change that rounds to zero is "0.0%", never "-0.0%".
inline std::string pct_text(double pct) {
    const std::string text = fixed_point(pct, 1);
    return (text == "-0.0" ? "0.0" : text) + "%";
}

// "83.4% Memory SOL and 22.3% Compute SOL": the record's percentage figures, in its order.
inline std::string figures_text(const boost::json::object& figures) {
    std::vector<std::string> parts;
    for (const auto& f : figures) {
        const std::string_view name = f.key();
        const auto value = json::as_number(f.value());
        if (value && name.size() > 4 && name.substr(name.size() - 4) == "_pct")
            parts.push_back(pct_text(*value) + " " + figure_label(name));
    }
    return text::join(parts, " and ");
}

inline const LedgerRecord* record_at(const Ledger& ledger, std::uint64_t seq) {
    for (const LedgerRecord& r : ledger.records)
        if (r.seq == seq)
            return &r;
    return nullptr;
}

// The dominant case's profile the summary cites: the latest since the last win, else the latest.
inline const ProfileMark* cited_profile(const CampaignState& s) {
    if (s.profile_since_last_win)
        return &*s.profile_since_last_win;
    return s.latest_profile ? &*s.latest_profile : nullptr;
}

} // namespace detail

// The profile evidence paragraph: what the dominant case's profile measured and against which
// ridge; nullopt when the ledger holds no profile.
inline std::optional<std::string> ledger_profile_evidence(const Ledger& ledger,
                                                          const CampaignState& s,
                                                          std::string_view ledger_path) {
    const ProfileMark* p = detail::cited_profile(s);
    const LedgerRecord* r = p ? detail::record_at(ledger, p->seq) : nullptr;
    if (!r)
        return std::nullopt;
    std::string figures = detail::figures_text(r->fields.at("figures").get_object());
    if (figures.empty())
        figures = detail::pct_text(p->ceiling_pct) + " of its ceiling figure";
    std::vector<std::string> files;
    for (const CitedFile& f : r->files)
        files.push_back("`" + f.path + "`");
    return one_line(p->source + " measured " + figures + " for `" + p->case_key + "` (ledger `" +
                    std::string(ledger_path) + "` record " + std::to_string(p->seq) +
                    (files.empty() ? "" : ", citing " + text::join(files, ", ")) +
                    "). Classification: " + p->bottleneck + ", " +
                    detail::pct_text(p->ceiling_pct) +
                    (p->at_ridge ? " at ridge (>= " : " below the ridge (") +
                    detail::pct_text(p->ridge_pct) + ").");
}

// The summary's bottleneck line word for the profile's classification: "Memory-bound" or
// "Compute-bound" (the only two the summary knows; the busier unit names it, as
// profile::primary_bottleneck_line does). nullopt without a profile.
inline std::optional<std::string> ledger_bottleneck(const Ledger& ledger, const CampaignState& s) {
    const ProfileMark* p = detail::cited_profile(s);
    const LedgerRecord* r = p ? detail::record_at(ledger, p->seq) : nullptr;
    if (!r)
        return std::nullopt;
    if (p->bottleneck == "memory-bound" || p->bottleneck == "compute-bound")
        return p->bottleneck == "memory-bound" ? "Memory-bound" : "Compute-bound";
    const auto& figures = r->fields.at("figures").get_object();
    const auto figure = [&](const char* name) {
        const auto* v = figures.if_contains(name);
        return v ? json::as_number(*v).value_or(0) : 0.0;
    };
    return figure("compute_sol_pct") > std::max(figure("memory_sol_pct"), figure("bwutil_pct"))
               ? "Compute-bound"
               : "Memory-bound";
}

// The Lead exhaustion item's evidence when a stop condition holds; nullopt while the loop goes on.
inline std::optional<std::string> ledger_lead_exhaustion(const CampaignState& s,
                                                         std::string_view ledger_path) {
    if (!s.stop)
        return std::nullopt;
    const std::string ledger = "(ledger `" + std::string(ledger_path) + "`";
    if (*s.stop == stop_ridge && s.profile_since_last_win) {
        const ProfileMark& p = *s.profile_since_last_win;
        return one_line(p.source + " measured " + detail::pct_text(p.ceiling_pct) +
                        " at ridge for `" + p.case_key + "` (>= " + detail::pct_text(p.ridge_pct) +
                        "; ceiling " + fixed_point(100 / p.ceiling_pct, 2) + "x) after " +
                        std::to_string(s.wins) + " win(s) " + ledger + " record " +
                        std::to_string(p.seq) + ").");
    }
    std::vector<std::string> seqs; // of the three strikes the text quotes
    for (const Lead& lead : s.leads)
        if (lead.state == LeadState::Strike && lead.evaluation_seq > s.last_win_seq)
            seqs.push_back(std::to_string(lead.evaluation_seq));
    seqs.erase(seqs.begin(), seqs.end() - std::min<std::ptrdiff_t>(3, seqs.size()));
    const ProfileMark* p = detail::cited_profile(s);
    std::string text = profile::lead_exhaustion_strikes(s.strikes, p ? p->case_key : "");
    text.pop_back(); // its full stop
    return one_line(text + " " + ledger + " records " + text::join(seqs, ", ") + ").");
}

} // namespace odo::campaign
