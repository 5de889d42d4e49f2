#pragma once
// The near-duplicate pairs among one set of bodies (RED-1, RED-6), found in time and memory that
// grow with the sources, not with the bodies squared: an operator's sources are the change
// author's, and the evidence gate runs assess on them. Bodies with the same shingle set form one
// class (N copies of a body are one class, not N² comparisons); only classes that share a window
// are compared, through postings from window to class (window_postings.hpp); the pairs kept are
// the best `listed`, the rest only counted. A pair sharing no window has jaccard 0, below any
// threshold the guideline can set, so the postings lose nothing. Work past a fixed budget (posting
// entries visited, set elements merged, pairs ranked) stops the search, and the result says so: an
// input built to be slow is reported as not fully compared, never as a silent pass.
#include "odo/core/linkage.hpp"
#include "odo/refactor/blocks.hpp"
#include "odo/refactor/window_postings.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <queue>
#include <vector>

namespace odo::refactor {

struct BlockPair {
    const Block* a;
    const Block* b;
    double ratio;
    std::size_t i = 0, j = 0; // a's and b's places in the input, i < j: the last tie-breaks
};

struct NearDuplicates {
    std::vector<BlockPair> listed; // the best pairs, best first
    std::size_t count = 0;         // every pair found at or above the threshold
    bool complete = true;          // false when the work budget ran out before every class pair
};

// The largest number of pairs a report lists; the rest are counted.
constexpr std::size_t listed_pairs = 50;
// The most steps one search takes (see the header's comment): about half a second.
constexpr std::size_t near_duplicate_budget = std::size_t(1) << 24;

namespace detail {

#if ODO_REFACTOR_DEFINITIONS
// The report's order: higher ratio (as sorted, 4 decimals), then a's line, b's line, input order.
inline bool better_pair(const BlockPair& x, const BlockPair& y) {
    if (sort_ratio(x.ratio) != sort_ratio(y.ratio))
        return sort_ratio(x.ratio) > sort_ratio(y.ratio);
    if (x.a->start != y.a->start)
        return x.a->start < y.a->start;
    if (x.b->start != y.b->start)
        return x.b->start < y.b->start;
    return x.i != y.i ? x.i < y.i : x.j < y.j;
}

// The best `limit` pairs offered, and how many were offered.
class PairRanking {
public:
    explicit PairRanking(std::size_t limit) : limit_(limit) {}

    void offer(const BlockPair& p) {
        ++count_;
        if (heap_.size() == limit_ && !better_pair(p, heap_.top()))
            return;
        heap_.push(p);
        if (heap_.size() > limit_)
            heap_.pop();
    }

    NearDuplicates result(bool complete) && {
        NearDuplicates out{{}, count_, complete};
        for (; !heap_.empty(); heap_.pop())
            out.listed.push_back(heap_.top());
        std::reverse(out.listed.begin(), out.listed.end());
        return out;
    }

private:
    std::size_t limit_;
    std::size_t count_ = 0;
    // The worst kept pair on top.
    std::priority_queue<BlockPair, std::vector<BlockPair>,
                        bool (*)(const BlockPair&, const BlockPair&)>
        heap_{better_pair};
};
#endif // ODO_REFACTOR_DEFINITIONS

// Outside the definitions guard: ShingleIndex, defined in every TU, builds its classes with it.
// Sets are ordered by a hash of their elements first, so two sets are compared element by element
// only when their hashes agree; sets built to collide cost what comparing them always did.
struct HashedShingleSet {
    std::uint64_t hash;
    const std::vector<std::uint64_t>* set;
    bool operator<(const HashedShingleSet& o) const {
        return hash != o.hash ? hash < o.hash : *set < *o.set;
    }
};

inline HashedShingleSet hashed(const std::vector<std::uint64_t>& set) {
    std::uint64_t h = set.size();
    for (std::uint64_t s : set)
        h = (h ^ s) * 0x100000001b3ULL;
    return {h, &set};
}

// The places of `blocks` grouped by shingle set, each group in input order, the groups in the
// order of their first member.
inline std::vector<std::vector<std::size_t>>
identical_classes(const std::vector<const Block*>& blocks) {
    std::vector<std::vector<std::size_t>> classes;
    std::map<HashedShingleSet, std::size_t> class_of;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        const auto [it, added] = class_of.emplace(hashed(blocks[i]->shingles), classes.size());
        if (added)
            classes.emplace_back();
        classes[it->second].push_back(i);
    }
    return classes;
}

} // namespace detail

#if ODO_REFACTOR_DEFINITIONS
// The pairs of `blocks` (i < j in its order) whose jaccard reaches `threshold` (> 0).
inline NearDuplicates near_duplicate_pairs(const std::vector<const Block*>& blocks,
                                           double threshold, std::size_t listed = listed_pairs,
                                           std::size_t budget = near_duplicate_budget) {
    detail::PairRanking ranking(listed);
    const auto classes = detail::identical_classes(blocks);
    std::size_t work = 0;
    auto offer_all = [&](const std::vector<std::size_t>& x, const std::vector<std::size_t>& y,
                         double ratio) {
        for (std::size_t i : x)
            for (std::size_t j : y) {
                if (i == j || (&x == &y && i > j))
                    continue;
                if (++work > budget)
                    return false;
                const std::size_t lo = std::min(i, j), hi = std::max(i, j);
                ranking.offer({blocks[lo], blocks[hi], ratio, lo, hi});
            }
        return true;
    };
    std::vector<WindowPostings::Pair> pairs;
    for (std::size_t c = 0; c < classes.size(); ++c)
        for (std::uint64_t window : blocks[classes[c].front()]->shingles)
            pairs.emplace_back(window, c);
    const WindowPostings classes_with(pairs);
    std::vector<std::size_t> seen_by(classes.size(), classes.size());
    for (std::size_t c = 0; c < classes.size(); ++c) {
        const Block& b = *blocks[classes[c].front()];
        if (jaccard(b.shingles, b.shingles) >= threshold && !offer_all(classes[c], classes[c], 1.0))
            return std::move(ranking).result(false);
        for (std::uint64_t window : b.shingles) {
            // The classes before this one that hold the window, in their order.
            const auto [first, last] = classes_with.of(window);
            for (auto earlier = first; earlier != last && earlier->second < c; ++earlier) {
                const std::size_t d = earlier->second;
                if (++work > budget)
                    return std::move(ranking).result(false);
                if (seen_by[d] == c)
                    continue;
                seen_by[d] = c;
                const Block& other = *blocks[classes[d].front()];
                work += b.shingles.size() + other.shingles.size();
                if (work > budget)
                    return std::move(ranking).result(false);
                const double r = jaccard(other.shingles, b.shingles);
                if (r >= threshold && !offer_all(classes[d], classes[c], r))
                    return std::move(ranking).result(false);
            }
        }
    }
    return std::move(ranking).result(true);
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
