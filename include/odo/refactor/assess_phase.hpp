#pragma once
// HOST-ONLY. The assess phase over one operator in one source tree: the RED checks of the
// selected domains, in the reference's order (impl: RED-1…5; api: RED-6; xcut: RED-10, RED-12,
// RED-11).
#include "odo/core/linkage.hpp"
#include "odo/refactor/assess.hpp"
#include "odo/refactor/prepared_sources.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace odo::refactor {

// The findings of assess. `corpus` indexes the library's private blocks; RED-2 skips the
// operator's own files in it, so the whole-corpus modes build one index for all, and read and
// prepare every source once in `sources` (its floor is the settings').
ODO_API std::vector<Finding> assess_findings(const OperatorSources& src, const AssessSettings& s,
                                             const ShingleIndex& corpus, PreparedSources& sources);
ODO_API std::vector<Finding> assess_findings(const OperatorSources& src, const AssessSettings& s);
// The same in two parts, for a pass over the whole library: every finding but RED-2's, whose
// index must hold every body first, then RED-2's against that index. The pass assesses each
// operator as it comes and lets a source's text go once no operator left reads it, holding the
// library's bodies, not its texts; together the parts count what assess_findings finds.
ODO_API std::vector<Finding> assess_findings_but_red2(const OperatorSources& src,
                                                      const AssessSettings& s,
                                                      PreparedSources& sources);
ODO_API std::vector<Finding> red2_findings(const OperatorSources& src, const AssessSettings& s,
                                           const ShingleIndex& corpus, PreparedSources& sources);
#if ODO_REFACTOR_DEFINITIONS
// The private sources of the library (the files below priv_dir with a C++ source suffix),
// sorted, less `own`.
inline std::vector<std::string> corpus_paths(const repo::SourceTree& tree,
                                             const std::string& priv_dir,
                                             const std::vector<std::string>& own) {
    std::vector<std::string> out;
    for (const std::string& path : tree.files_under(priv_dir)) {
        const bool source = text::ends_with(path, ".cu") || text::ends_with(path, ".cpp") ||
                            text::ends_with(path, ".cuh") || text::ends_with(path, ".hpp");
        if (source && std::find(own.begin(), own.end(), path) == own.end())
            out.push_back(path);
    }
    return out;
}

// Those private sources' blocks that `keep` accepts (every one without it). A file is read, cut
// into bodies and let go before the next is read: the corpus's text is never held whole.
inline std::vector<Block> corpus_blocks(const repo::SourceTree& tree, const std::string& priv_dir,
                                        const std::vector<std::string>& own, std::size_t floor,
                                        const std::function<bool(const Block&)>& keep = {}) {
    const std::vector<std::string> paths = corpus_paths(tree, priv_dir, own);
    tree.prefetch(paths);
    std::vector<Block> out;
    for (const std::string& path : paths)
        if (const auto text = tree.read(path))
            for (Block& b : extract_blocks(*text, path, floor))
                if (!keep || keep(b))
                    out.push_back(std::move(b));
    return out;
}

// The whole library's private blocks, prepared in `sources`.
inline std::vector<Block> corpus_blocks(PreparedSources& sources, const repo::SourceTree& tree,
                                        const std::string& priv_dir) {
    std::vector<Block> out;
    for (const PreparedSource* file : sources.get(corpus_paths(tree, priv_dir, {})))
        out.insert(out.end(), file->blocks.begin(), file->blocks.end());
    return out;
}

inline bool selected(const AssessSettings& s, const char* domain) {
    return std::find(s.domains.begin(), s.domains.end(), domain) != s.domains.end();
}

namespace detail {

// The operator's sources, each prepared once, and their bodies, extracted once for the checks of
// every domain that compares or counts them.
struct OperatorViews {
    Views priv, surface; // the surface: the private sources, then the binding when there is one
    Blocks priv_blocks, surface_blocks;
    std::optional<Blocks> binding_blocks; // nullopt without a binding

    OperatorViews(const OperatorSources& src, PreparedSources& sources) {
        for (const PreparedSource* file : sources.get(src.op.priv)) {
            priv.push_back(&*file->view);
            for (const Block& b : file->blocks)
                priv_blocks.push_back(&b);
        }
        surface = priv;
        surface_blocks = priv_blocks;
        if (!src.op.pybind.empty())
            for (const PreparedSource* binding : sources.get({src.op.pybind})) {
                surface.push_back(&*binding->view);
                binding_blocks.emplace();
                for (const Block& b : binding->blocks)
                    binding_blocks->push_back(&b);
                surface_blocks.insert(surface_blocks.end(), binding_blocks->begin(),
                                      binding_blocks->end());
            }
    }
};

// The findings of the checks of the selected domains; RED-2's in its place when given the corpus,
// else none (red2_findings adds them).
inline std::vector<Finding> assess_views(const OperatorViews& v, const OperatorSources& src,
                                         const AssessSettings& s, const ShingleIndex* corpus) {
    std::vector<Finding> out;
    const std::string& op = src.op.op;
    for (const std::string& domain : s.domains) {
        if (domain == "impl") {
            if (v.priv.empty()) {
                out.push_back(finding(s, "impl", "RED-1", Status::NotApplicable,
                                      "No private implementation files located"));
                continue;
            }
            check_red1(out, v.priv_blocks, s, op);
            if (corpus)
                check_red2(out, v.priv_blocks, *corpus, s, src.op);
            const auto header = src.tree.read(src.op.header).value_or("");
            check_red3(out, v.priv, parse_feature_matrix(header).input.dtypes, s);
            check_red4(out, v.priv, s);
            check_red5(out, v.priv, s);
        } else if (domain == "api") {
            check_red6(out, v.binding_blocks, s, op);
        } else if (domain == "xcut") {
            check_red10(out, v.surface, s);
            check_red12(out, v.surface, s);
            check_red11(out, v.surface, v.surface_blocks, s);
        }
    }
    return out;
}

// The windows RED-2 looks the operator's bodies up by (jaccard_probes). A corpus block that holds
// none is below the threshold with each body, so the index of the blocks that hold one answers
// every lookup as the whole corpus's would (the same matches, counts, files and best partner, in
// the same order).
class LookedUpWindows {
public:
    LookedUpWindows(const Blocks& mine, const AssessSettings& s, const std::string& op) {
        for (const Block* b : mine)
            if (red2_looks_up(*b, s, op)) {
                const auto probes = jaccard_probes(b->shingles.size(), s.tunables.threshold);
                windows_.insert(windows_.end(), b->shingles.begin(),
                                b->shingles.begin() + static_cast<std::ptrdiff_t>(probes));
            }
        std::sort(windows_.begin(), windows_.end());
        windows_.erase(std::unique(windows_.begin(), windows_.end()), windows_.end());
    }

    bool shared_by(const Block& b) const {
        return std::any_of(b.shingles.begin(), b.shingles.end(), [&](std::uint64_t w) {
            return std::binary_search(windows_.begin(), windows_.end(), w);
        });
    }

private:
    std::vector<std::uint64_t> windows_; // sorted, unique
};

} // namespace detail

ODO_API std::vector<Finding> assess_findings(const OperatorSources& src, const AssessSettings& s,
                                             const ShingleIndex& corpus, PreparedSources& sources) {
    return detail::assess_views(detail::OperatorViews(src, sources), src, s, &corpus);
}

ODO_API std::vector<Finding> assess_findings_but_red2(const OperatorSources& src,
                                                      const AssessSettings& s,
                                                      PreparedSources& sources) {
    return detail::assess_views(detail::OperatorViews(src, sources), src, s, nullptr);
}

// Where assess_views runs RED-2: at each selected impl domain, for an operator with private
// sources. Only their bodies are read, which outlive their texts.
ODO_API std::vector<Finding> red2_findings(const OperatorSources& src, const AssessSettings& s,
                                           const ShingleIndex& corpus, PreparedSources& sources) {
    const std::vector<const PreparedSource*> files = sources.get(src.op.priv);
    detail::Blocks mine;
    for (const PreparedSource* file : files)
        for (const Block& b : file->blocks)
            mine.push_back(&b);
    std::vector<Finding> out;
    for (const std::string& domain : s.domains)
        if (domain == "impl" && !files.empty())
            check_red2(out, mine, corpus, s, src.op);
    return out;
}

// One operator's RED-2 indexes only the corpus blocks that can match its own; the corpus files
// are only stripped and cut into bodies, one at a time, as no other check reads them.
ODO_API std::vector<Finding> assess_findings(const OperatorSources& src, const AssessSettings& s) {
    PreparedSources sources(src.tree, s.floor());
    const detail::OperatorViews views(src, sources);
    if (!selected(s, "impl"))
        return detail::assess_views(views, src, s, nullptr);
    const detail::LookedUpWindows windows(views.priv_blocks, s, src.op.op);
    const ShingleIndex corpus(corpus_blocks(src.tree, s.priv_dir, src.op.priv, s.floor(),
                                            [&](const Block& b) { return windows.shared_by(b); }));
    return detail::assess_views(views, src, s, &corpus);
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
