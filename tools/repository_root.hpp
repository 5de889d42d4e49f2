#pragma once
// Where a driver's op repository is: --repo, else the git top level of the current directory.
#include <odo/core/error.hpp>
#include <odo/repo/git.hpp>

#include <filesystem>
#include <optional>
#include <string>

namespace odo::driver {

// The op repository: `repo` (--repo), else the git top level of the current directory. When git
// finds none, the error says why in git's words (dubious ownership is not a missing --repo), and
// suggests --repo only when none was given.
inline std::filesystem::path repository_root(const std::optional<std::string>& repo) {
    namespace fs = std::filesystem;
    const fs::path start = repo ? fs::path(*repo) : fs::current_path();
    if (repo && !fs::is_directory(start))
        throw InputError("--repo " + *repo + ": not a directory");
    repo::TopLevel top = repo::Git::find_toplevel(start);
    if (top.root)
        return *std::move(top.root);
    if (repo)
        throw InputError("--repo " + *repo + ": " + top.refusal);
    throw InputError(start.string() + ": " + top.refusal + " (give --repo DIR)");
}

} // namespace odo::driver
