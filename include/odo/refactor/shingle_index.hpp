#pragma once
// An inverted index from shingle to the corpus blocks holding it, so matching one block against
// every other operator's bodies looks only at blocks that share a shingle with it, and only with
// the few of its shingles that every match must share one of (jaccard_probes): the work grows with
// the matches, not with the corpus squared. Corpus blocks with the same shingle set are
// one class, compared once and summarised (best member, members, files) when the index is built,
// so N copies of a body in the corpus cost one comparison per query, not N.
#include "odo/refactor/blocks.hpp"
#include "odo/refactor/near_duplicates.hpp"
#include "odo/refactor/window_postings.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace odo::refactor {

struct CorpusMatch {
    const Block* block;
    double ratio;
};

// What one block matches in the corpus.
struct CorpusMatches {
    std::optional<CorpusMatch> best; // the highest ratio, then the first by path and line
    std::size_t count = 0;           // corpus blocks at or above the threshold
    std::size_t files = 0;           // the files they are in
    bool empty() const noexcept { return count == 0; }
};

class ShingleIndex {
public:
    explicit ShingleIndex(std::vector<Block> blocks)
        : blocks_(std::move(blocks)), postings_(class_postings()) {}

    std::size_t size() const noexcept { return blocks_.size(); }
    const std::vector<Block>& blocks() const noexcept { return blocks_; }

    // The corpus blocks at or above the threshold, outside the `excluded` files (the operator's
    // own, for an index of the whole library).
    CorpusMatches matches(const Block& b, double threshold,
                          const std::vector<std::string>& excluded = {}) const {
        std::set<std::size_t> excluded_ids;
        for (const std::string& path : excluded)
            if (const auto it = file_names_.find(path); it != file_names_.end())
                excluded_ids.insert(it->second);
        std::vector<std::size_t> candidates;
        const std::size_t probes = jaccard_probes(b.shingles.size(), threshold);
        for (std::size_t k = 0; k < probes; ++k) {
            const auto [first, last] = postings_.of(b.shingles[k]);
            for (auto it = first; it != last; ++it)
                candidates.push_back(it->second);
        }
        std::sort(candidates.begin(), candidates.end());
        candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
        CorpusMatches out;
        std::vector<std::size_t> matched;
        for (std::size_t k : candidates) {
            const Class& c = classes_[k];
            const double r = jaccard(b.shingles, blocks_[c.members.front()].shingles);
            if (r < threshold)
                continue;
            std::size_t count = 0;
            std::optional<std::size_t> best;
            for (std::size_t i : c.members) { // every member only for an index holding `excluded`
                if (excluded_ids.count(file_of_[i]))
                    continue;
                best = best ? best : i;
                ++count;
                if (excluded_ids.empty())
                    break;
            }
            if (!best)
                continue;
            out.count += excluded_ids.empty() ? c.members.size() : count;
            matched.push_back(k);
            if (!out.best || better(r, *best, *out.best))
                out.best = CorpusMatch{&blocks_[*best], r};
        }
        out.files = files_of(matched, excluded_ids);
        return out;
    }

private:
    struct Class {
        std::vector<std::size_t> members; // by path, line, then place in the corpus
        std::vector<std::size_t> files;   // ids, sorted, unique
    };

    // The classes of identical blocks, each block's file, and the pairs of every shingle of a
    // class's blocks with the class.
    std::vector<WindowPostings::Pair> class_postings() {
        std::vector<const Block*> all;
        for (const Block& b : blocks_) {
            all.push_back(&b);
            file_of_.push_back(file_names_.emplace(b.path, file_names_.size()).first->second);
        }
        std::vector<WindowPostings::Pair> out;
        for (const std::vector<std::size_t>& members : detail::identical_classes(all)) {
            Class c{members, {}};
            std::stable_sort(c.members.begin(), c.members.end(),
                             [&](std::size_t x, std::size_t y) { return place(x) < place(y); });
            for (std::size_t i : c.members)
                c.files.push_back(file_of_[i]);
            std::sort(c.files.begin(), c.files.end());
            c.files.erase(std::unique(c.files.begin(), c.files.end()), c.files.end());
            for (std::uint64_t s : blocks_[c.members.front()].shingles)
                out.emplace_back(s, classes_.size());
            classes_.push_back(std::move(c));
        }
        return out;
    }

    std::tuple<const std::string&, std::size_t, std::size_t> place(std::size_t i) const {
        return {blocks_[i].path, blocks_[i].start, i};
    }
    // The files of the matched classes, less the excluded: one class's count is kept, so N
    // queries that each match one class of F files do not cost N times F.
    std::size_t files_of(const std::vector<std::size_t>& matched,
                         const std::set<std::size_t>& excluded_ids) const {
        if (matched.size() == 1 && excluded_ids.empty())
            return classes_[matched.front()].files.size();
        std::set<std::size_t> files;
        for (std::size_t k : matched)
            for (std::size_t f : classes_[k].files)
                if (!excluded_ids.count(f))
                    files.insert(f);
        return files.size();
    }
    bool better(double r, std::size_t i, const CorpusMatch& m) const {
        if (sort_ratio(r) != sort_ratio(m.ratio))
            return sort_ratio(r) > sort_ratio(m.ratio);
        return place(i) < place(static_cast<std::size_t>(m.block - blocks_.data()));
    }

    std::vector<Block> blocks_;
    std::vector<std::size_t> file_of_; // each block's file id
    std::unordered_map<std::string, std::size_t> file_names_;
    std::vector<Class> classes_;
    WindowPostings postings_;
};

} // namespace odo::refactor
