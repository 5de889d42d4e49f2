#pragma once
// HOST-ONLY (reads through a SourceTree). The sources of one assess run, each read, prepared
// (source_view.hpp) and cut into bodies once, however many checks and operators read it: the
// whole-library modes index a private file for RED-2 and assess it as its operator's source from
// the same preparation, and let its text go once no operator left reads it.
#include "odo/core/linkage.hpp"
#include "odo/refactor/blocks.hpp"
#include "odo/refactor/source_view.hpp"
#include "odo/repo/source_tree.hpp"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace odo::refactor {

struct PreparedSource {
    std::optional<SourceView> view; // nullopt once let go (PreparedSources::release)
    std::vector<Block> blocks;      // its bodies of at least the run's floor of lines
};

class PreparedSources {
public:
    PreparedSources(const repo::SourceTree& tree, std::size_t floor) : tree_(tree), floor_(floor) {}
    PreparedSources(const PreparedSources&) = delete; // callers hold pointers into it
    PreparedSources& operator=(const PreparedSources&) = delete;

    // The files among `paths` that exist, prepared, in the order of `paths`.
    std::vector<const PreparedSource*> get(const std::vector<std::string>& paths);
    // Lets a prepared file's text and views go and keeps its bodies, for a caller that is done
    // with its lines: a run over the whole library then holds every body, not every text.
    void release(const std::string& path);

private:
    const repo::SourceTree& tree_;
    std::size_t floor_;
    std::map<std::string, std::optional<PreparedSource>> cache_; // nullopt: no such file
};

#if ODO_REFACTOR_DEFINITIONS
ODO_API std::vector<const PreparedSource*>
PreparedSources::get(const std::vector<std::string>& paths) {
    std::vector<std::string> unknown;
    for (const std::string& path : paths)
        if (!cache_.count(path))
            unknown.push_back(path);
    tree_.prefetch(unknown);
    std::vector<const PreparedSource*> out;
    for (const std::string& path : paths) {
        auto it = cache_.find(path);
        if (it == cache_.end()) {
            std::optional<PreparedSource> prepared;
            if (auto text = tree_.read(path)) {
                SourceView view(path, *std::move(text));
                auto blocks = extract_stripped_blocks(view.code(), path, floor_);
                prepared = PreparedSource{std::move(view), std::move(blocks)};
            }
            it = cache_.emplace(path, std::move(prepared)).first;
        }
        if (it->second)
            out.push_back(&*it->second);
    }
    return out;
}

ODO_API void PreparedSources::release(const std::string& path) {
    if (const auto it = cache_.find(path); it != cache_.end() && it->second)
        it->second->view.reset();
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
