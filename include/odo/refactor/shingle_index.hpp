#pragma once
// An inverted index from shingle to the corpus blocks holding it, so matching one block against
// every other operator's bodies looks only at blocks that share a shingle with it: the work
// grows with the matches, not with the corpus squared.
#include "odo/refactor/blocks.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace odo::refactor {

struct CorpusMatch {
    const Block* block;
    double ratio;
};

class ShingleIndex {
public:
    explicit ShingleIndex(std::vector<Block> blocks) : blocks_(std::move(blocks)) {
        for (std::size_t i = 0; i < blocks_.size(); ++i)
            for (std::uint64_t s : blocks_[i].shingles)
                postings_[s].push_back(i);
    }

    std::size_t size() const noexcept { return blocks_.size(); }
    const std::vector<Block>& blocks() const noexcept { return blocks_; }

    // Corpus blocks at or above the threshold, outside the `excluded` files (the operator's own),
    // best first, then by path and line.
    std::vector<CorpusMatch> matches(const Block& b, double threshold,
                                     const std::vector<std::string>& excluded = {}) const {
        std::vector<std::size_t> candidates;
        for (std::uint64_t s : b.shingles)
            if (const auto it = postings_.find(s); it != postings_.end())
                candidates.insert(candidates.end(), it->second.begin(), it->second.end());
        std::sort(candidates.begin(), candidates.end());
        candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
        std::vector<CorpusMatch> out;
        for (std::size_t i : candidates) {
            if (std::find(excluded.begin(), excluded.end(), blocks_[i].path) != excluded.end())
                continue;
            const double r = jaccard(b.shingles, blocks_[i].shingles);
            if (r >= threshold)
                out.push_back({&blocks_[i], r});
        }
        std::stable_sort(out.begin(), out.end(), [](const CorpusMatch& x, const CorpusMatch& y) {
            if (sort_ratio(x.ratio) != sort_ratio(y.ratio))
                return sort_ratio(x.ratio) > sort_ratio(y.ratio);
            if (x.block->path != y.block->path)
                return x.block->path < y.block->path;
            return x.block->start < y.block->start;
        });
        return out;
    }

private:
    std::vector<Block> blocks_;
    std::unordered_map<std::uint64_t, std::vector<std::size_t>> postings_;
};

} // namespace odo::refactor
