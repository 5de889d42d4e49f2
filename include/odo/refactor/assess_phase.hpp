#pragma once
// HOST-ONLY. The assess phase over one operator in one source tree: the RED checks of the
// selected domains, in the reference's order (impl: RED-1…5; api: RED-6; xcut: RED-10, RED-12,
// RED-11).
#include "odo/core/linkage.hpp"
#include "odo/refactor/assess.hpp"

#include <string>
#include <vector>

namespace odo::refactor {

// The findings of assess. `corpus` indexes the library's private blocks (corpus_index); RED-2
// skips the operator's own files in it, so the whole-corpus modes build one index for all.
ODO_API std::vector<Finding> assess_findings(const OperatorSources& src, const AssessSettings& s,
                                             const ShingleIndex& corpus);
ODO_API std::vector<Finding> assess_findings(const OperatorSources& src, const AssessSettings& s);
#if ODO_REFACTOR_DEFINITIONS
// The private sources of the library (the files below priv_dir with a C++ source suffix),
// sorted, less `own`.
inline std::vector<std::string> corpus_paths(const SourceTree& tree, const std::string& priv_dir,
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

inline ShingleIndex corpus_index(const SourceTree& tree, const std::string& priv_dir,
                                 const std::vector<std::string>& own, std::size_t floor) {
    return ShingleIndex(
        detail::blocks_of(detail::read_existing(tree, corpus_paths(tree, priv_dir, own)), floor));
}

inline bool selected(const AssessSettings& s, const char* domain) {
    return std::find(s.domains.begin(), s.domains.end(), domain) != s.domains.end();
}

ODO_API std::vector<Finding> assess_findings(const OperatorSources& src, const AssessSettings& s,
                                             const ShingleIndex& corpus) {
    std::vector<Finding> out;
    const std::string& op = src.op.op;
    const auto priv = detail::read_existing(src.tree, src.op.priv);
    std::optional<detail::SourceFile> binding;
    if (!src.op.pybind.empty())
        if (auto text = src.tree.read(src.op.pybind))
            binding = detail::SourceFile{src.op.pybind, *std::move(text)};
    // Extracted once for the checks of every domain that compares or counts bodies.
    const auto blocks = detail::blocks_of(priv, s.floor());
    std::optional<std::vector<Block>> binding_blocks;
    if (binding)
        binding_blocks = detail::blocks_of({*binding}, s.floor());
    for (const std::string& domain : s.domains) {
        if (domain == "impl") {
            if (priv.empty()) {
                out.push_back(detail::finding(s, "impl", "RED-1", Status::NotApplicable,
                                              "No private implementation files located"));
                continue;
            }
            check_red1(out, blocks, s, op);
            check_red2(out, blocks, corpus, s, src.op);
            const auto header = src.tree.read(src.op.header).value_or("");
            check_red3(out, priv, parse_feature_matrix(header).input.dtypes, s);
            check_red4(out, priv, s);
            check_red5(out, priv, s);
        } else if (domain == "api") {
            check_red6(out, binding_blocks, s, op);
        } else if (domain == "xcut") {
            auto surface = priv;
            std::vector<const Block*> surface_blocks;
            for (const Block& b : blocks)
                surface_blocks.push_back(&b);
            if (binding) {
                surface.push_back(*binding);
                for (const Block& b : *binding_blocks)
                    surface_blocks.push_back(&b);
            }
            check_red10(out, surface, s);
            check_red12(out, surface, s);
            check_red11(out, surface, surface_blocks, s);
        }
    }
    return out;
}

ODO_API std::vector<Finding> assess_findings(const OperatorSources& src, const AssessSettings& s) {
    const bool impl = selected(s, "impl");
    return assess_findings(src, s,
                           impl ? corpus_index(src.tree, s.priv_dir, src.op.priv, s.floor())
                                : ShingleIndex({}));
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
