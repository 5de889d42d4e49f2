#pragma once
// The assess settings of a repository: its layout's private-source directory and the curated
// tunables of its refactor guideline (when the file exists).
#include "odo/refactor/assess.hpp"
#include "odo/repo/layout.hpp"
#include "odo/repo/path_text.hpp"
#include "odo/repo/repo_path.hpp"

#include <filesystem>

namespace odo::refactor {

inline AssessSettings repository_settings(const std::filesystem::path& root,
                                          const repo::Layout& layout) {
    AssessSettings s;
    s.priv_dir = std::string(repo::trim_trailing_slashes(layout.paths.priv_dir));
    if (auto doc = repo::try_read_repo_file(root, s.profile.guideline))
        s.tunables = parse_tunables(*doc);
    return s;
}

} // namespace odo::refactor
