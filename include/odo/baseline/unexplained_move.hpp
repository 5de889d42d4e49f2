#pragma once
#include "odo/baseline/committed_timing.hpp"
#include "odo/baseline/config_set.hpp"
#include "odo/baseline/detail/number_text.hpp"
#include "odo/baseline/import.hpp"
#include "odo/baseline/merge.hpp"
#include "odo/baseline/row_label.hpp"
#include "odo/baseline/verdict.hpp"
#include "odo/core/linkage.hpp"
#include "odo/repo/attribution.hpp"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace odo::baseline {

// A merged row whose time left the noise band of its committed one although no source of its
// operator changed: the code is the same, so the move is the machines' — a CI runner timing what
// a workstation measured — and a summary quoting both would set them side by side as a change.
struct UnexplainedMove {
    std::string op;
    std::string sku;
    std::string config_key;
    std::string case_key;
    Language language = Language::Cpp;
    double previous_us = 0;
    double new_us = 0;
    ChangeBand band;
};

// "invert: HOST_B invert_basic [cpp] (axes): 100.00 -> 60.00 us (-40.0 %; within noise:
// -41.2 % .. -38.7 %)": the operator, the row, both times and the band that excludes no change.
ODO_API std::string unexplained_move_line(const UnexplainedMove& move);

// The operators of `ops` that no path of `changed` (repository-relative, as git names them) is
// attributed to. The paths of `data` — the operator configs and the SKU map the import reads —
// are not sources: committing figures measured elsewhere changes nothing that is timed.
ODO_API std::set<std::string> operators_unchanged_by(const std::vector<std::string>& changed,
                                                     const repo::Attribution& attribution,
                                                     const repo::OperatorSet& ops,
                                                     const std::set<std::string>& data);
// The rows of `updates` of an operator in `unchanged` (operators none of whose sources changed)
// whose band of change, from the noise and runs both the committed and the merged row state,
// lies wholly on one side of zero. New rows and rows without a noise figure cannot tell and are
// left out. Sorted as `updates` are.
ODO_API std::vector<UnexplainedMove> unexplained_moves(const ConfigSet& set,
                                                       const std::vector<BaselineUpdate>& updates,
                                                       const std::set<std::string>& unchanged);
#if ODO_BASELINE_DEFINITIONS
ODO_API std::string unexplained_move_line(const UnexplainedMove& move) {
    return move.op + ": " + row_label(move.sku, move.config_key, move.language, move.case_key) +
           ": " + detail::fixed(move.previous_us, 2) + " -> " + detail::fixed(move.new_us, 2) +
           " us (" + detail::signed_fixed(move.band.delta_pct, 1) + " %; the noise allows " +
           detail::signed_fixed(move.band.low_pct, 1) + " % .. " +
           detail::signed_fixed(move.band.high_pct, 1) + " %)";
}

ODO_API std::set<std::string> operators_unchanged_by(const std::vector<std::string>& changed,
                                                     const repo::Attribution& attribution,
                                                     const repo::OperatorSet& ops,
                                                     const std::set<std::string>& data) {
    std::set<std::string> unchanged(ops.begin(), ops.end());
    for (const std::string& path : changed)
        if (!data.count(repo::normalize_path(path)))
            for (const std::string& op : attribution.operators_for_path(path))
                unchanged.erase(op);
    return unchanged;
}

ODO_API std::vector<UnexplainedMove> unexplained_moves(const ConfigSet& set,
                                                       const std::vector<BaselineUpdate>& updates,
                                                       const std::set<std::string>& unchanged) {
    std::vector<UnexplainedMove> moves;
    for (const BaselineUpdate& u : updates) {
        const std::string op = set.operator_of(*set.find(u.config_key));
        const boost::json::object* committed = detail::committed_metrics(set, u);
        if (!unchanged.count(op) || !committed)
            continue;
        for (Language language : languages) {
            const auto& now = u.metrics.of(language);
            const auto before = committed_timing(*committed, language);
            if (!now || !before || !(before->time_us > 0))
                continue;
            const ChangeBand band =
                change_band(*before, TimedSide{now->time_us, now->noise_us, u.metrics.n_runs});
            if (band.thin_evidence.empty() && (band.low_pct > 0 || band.high_pct < 0))
                moves.push_back({op, u.sku, u.config_key, u.case_key, language, before->time_us,
                                 now->time_us, band});
        }
    }
    return moves;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
