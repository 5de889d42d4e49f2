#pragma once
#include "odo/pixel/detail/closeness.hpp"
#include "odo/pixel/result.hpp"

#include <algorithm>

namespace odo::pixel::detail {

inline void extend(Region& region, const Coord& at) noexcept {
    region.first = {std::min(region.first.n, at.n), std::min(region.first.y, at.y),
                    std::min(region.first.x, at.x), std::min(region.first.c, at.c)};
    region.last = {std::max(region.last.n, at.n), std::max(region.last.y, at.y),
                   std::max(region.last.x, at.x), std::max(region.last.c, at.c)};
}

// Adds one mismatch to the statistics. Mismatches must arrive in scan order (n, y, x, c) so
// that `first` holds the earliest ones and ties for the worst error go to the earliest.
inline void tally_mismatch(CompareResult& result, const Coord& at, const Judgement& judgement,
                           ElementValue output, ElementValue reference) {
    if (result.mismatched == 0)
        result.region = {at, at};
    extend(result.region, at);
    ++result.mismatched;
    result.nan_mismatches += judgement.nan;
    result.inf_mismatches += judgement.infinite;
    if (!judgement.nan && !judgement.infinite)
        ++result.distance_histogram[std::size_t(distance_bucket(judgement.distance))];
    if (result.channels.size() <= std::size_t(at.c))
        result.channels.resize(std::size_t(at.c) + 1);
    ChannelTally& channel = result.channels[std::size_t(at.c)];
    ++channel.mismatched;

    const Mismatch mismatch{
        at, output, reference, judgement.abs_error, judgement.rel_error, judgement.distance};
    if (result.first.size() < first_mismatch_limit)
        result.first.push_back(mismatch);
    if (judgement.nan)
        return;
    channel.max_abs_error = std::max(channel.max_abs_error, judgement.abs_error);
    channel.max_distance = std::max(channel.max_distance, judgement.distance);
    if (!result.worst_abs || judgement.abs_error > result.worst_abs->abs_error)
        result.worst_abs = mismatch;
    if (!result.worst_rel || judgement.rel_error > result.worst_rel->rel_error)
        result.worst_rel = mismatch;
}

} // namespace odo::pixel::detail
