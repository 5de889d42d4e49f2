#pragma once
// Where a driver's op repository is: --repo, else the git top level of the current directory.
#include "repository_options.hpp"

#include <odo/core/error.hpp>
#include <odo/repo/git.hpp>

#include <filesystem>

namespace odo::driver {

// The op repository: --repo, else the git top level of the current directory.
inline std::filesystem::path repository_root(const RepositoryOptions& o) {
    namespace fs = std::filesystem;
    const fs::path start = o.repo ? fs::path(*o.repo) : fs::current_path();
    if (o.repo && !fs::is_directory(start))
        throw InputError("--repo " + *o.repo + ": not a directory");
    if (auto top = repo::Git::toplevel(start))
        return *top;
    throw InputError((o.repo ? "--repo " + *o.repo : start.string()) +
                     ": not inside a git repository (give --repo DIR)");
}

} // namespace odo::driver
