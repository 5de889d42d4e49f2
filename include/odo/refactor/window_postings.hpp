#pragma once
// Which classes of bodies hold a window (window_key.hpp): the postings both near-duplicate searches
// look a window up in (near_duplicates.hpp within one set of bodies, shingle_index.hpp against the
// corpus). Built once from every (window, class) pair and never changed, so they are one array
// bucketed by the window's top bits rather than a hash map of vectors: a window key is a
// well-mixed 64-bit value, so a bucket holds about four pairs (a cache line), and a lookup reads
// where its bucket begins, then the bucket. A bucket is sorted, and searched in halves, so a
// window shared by many classes costs a lookup of another window in its bucket no more than a
// binary search.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace odo::refactor {

class WindowPostings {
public:
    using Pair = std::pair<std::uint64_t, std::size_t>; // window, class
    using Iterator = std::vector<Pair>::const_iterator;

    explicit WindowPostings(const std::vector<Pair>& pairs) {
        while (shift_ > 1 && (std::size_t(4) << (64 - shift_)) < pairs.size())
            --shift_;
        begin_.assign((std::size_t(1) << (64 - shift_)) + 1, 0);
        for (const Pair& p : pairs)
            ++begin_[bucket(p.first) + 1];
        for (std::size_t b = 1; b < begin_.size(); ++b)
            begin_[b] += begin_[b - 1];
        pairs_.resize(pairs.size());
        std::vector<std::size_t> next(begin_.begin(), begin_.end() - 1);
        for (const Pair& p : pairs)
            pairs_[next[bucket(p.first)]++] = p;
        for (std::size_t b = 0; b + 1 < begin_.size(); ++b)
            if (begin_[b + 1] - begin_[b] > 1)
                std::sort(at(begin_[b]), at(begin_[b + 1]));
    }

    // The pairs of `window`, by class.
    std::pair<Iterator, Iterator> of(std::uint64_t window) const {
        const std::size_t b = bucket(window);
        return std::equal_range(pairs_.begin() + offset(begin_[b]),
                                pairs_.begin() + offset(begin_[b + 1]), window, ByWindow{});
    }

private:
    struct ByWindow {
        bool operator()(const Pair& p, std::uint64_t w) const { return p.first < w; }
        bool operator()(std::uint64_t w, const Pair& p) const { return w < p.first; }
    };

    static std::ptrdiff_t offset(std::size_t i) { return static_cast<std::ptrdiff_t>(i); }
    std::vector<Pair>::iterator at(std::size_t i) { return pairs_.begin() + offset(i); }
    std::size_t bucket(std::uint64_t window) const {
        return static_cast<std::size_t>(window >> shift_);
    }

    unsigned shift_ = 63;            // 64 less the bits that pick a bucket
    std::vector<std::size_t> begin_; // where each bucket's pairs begin, then their end
    std::vector<Pair> pairs_;        // by bucket, each sorted
};

} // namespace odo::refactor
