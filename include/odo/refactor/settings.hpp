#pragma once
// HOST-ONLY (reads sources through a SourceTree, whose revision reader runs git).
// The assess settings of a repository: what its layout says (private-source directory, refactor
// guideline, shared utilities, strided accessors) and the curated tunables of the guideline (when
// the file exists).
#include "odo/core/linkage.hpp"
#include "odo/refactor/assess.hpp"
#include "odo/repo/layout.hpp"
#include "odo/repo/path_text.hpp"
#include "odo/repo/repo_path.hpp"

#include <filesystem>

namespace odo::refactor {

ODO_API AssessSettings repository_settings(const std::filesystem::path& root,
                                           const repo::Layout& layout);
#if ODO_REFACTOR_DEFINITIONS
// What the layout alone says, before the guideline's tunables.
inline AssessSettings layout_settings(const repo::Layout& layout) {
    AssessSettings s;
    s.priv_dir = std::string(repo::trim_trailing_slashes(layout.paths.priv_dir));
    s.profile.guideline = layout.paths.refactor_guideline;
    s.profile.accessor_tokens = layout.grammar.strided_accessors;
    s.tunables.shared_utils = {layout.grammar.shared_utils.begin(),
                               layout.grammar.shared_utils.end()};
    return s;
}

ODO_API AssessSettings repository_settings(const std::filesystem::path& root,
                                           const repo::Layout& layout) {
    AssessSettings s = layout_settings(layout);
    if (auto doc = repo::try_read_repo_file(root, s.profile.guideline))
        s.tunables = parse_tunables(*doc, s.tunables);
    return s;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
