#pragma once
// HOST-ONLY: reads earlier revisions through odo::repo::Git (a child process).
#include "odo/baseline/config_set.hpp"
#include "odo/baseline/regression.hpp"
#include "odo/baseline/validation.hpp"
#include "odo/core/error.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/repo/git.hpp"
#include "odo/surface/bench_config.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace odo::baseline {

// The regression gate against a git ref (`--reject-regressions-from REF`): the selected files
// of `set` compared with their versions at the commit REF names, read in one git process.
// InputError when the ref does not resolve to a commit or a file there is not a config.
ODO_API RegressionReport reject_regressions_from(const repo::Git& git, const std::string& ref,
                                                 const ConfigSet& set,
                                                 const BaselineSelection& selection = {},
                                                 const RegressionPolicy& policy = {});
#if ODO_BASELINE_DEFINITIONS
// A file's path relative to the repository root, in git's spelling.
inline std::string repo_relative_path(const repo::Git& git, const std::filesystem::path& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path root = fs::weakly_canonical(git.root(), ec);
    const fs::path file = fs::weakly_canonical(fs::absolute(path), ec);
    const fs::path relative = file.lexically_relative(root);
    if (relative.empty() || *relative.begin() == "..")
        throw InputError(path.string() + ": not inside the repository " + root.string());
    return relative.generic_string();
}

// The configs at `commit` of the given repository paths, read with one `git cat-file --batch`.
// A path absent at the commit maps to nullopt (a new operator); one that is there but is not a
// config document is an InputError naming `label:path`.
inline std::map<std::string, std::optional<surface::BenchConfig>>
configs_at_commit(const repo::Git& git, const std::string& commit, const std::string& label,
                  const std::vector<std::string>& paths) {
    std::vector<std::string> specs;
    for (const std::string& path : paths)
        specs.push_back(commit + ":" + path);
    const auto objects = git.read_objects(specs);
    std::map<std::string, std::optional<surface::BenchConfig>> configs;
    for (const std::string& path : paths) {
        const auto it = objects.find(commit + ":" + path);
        if (it == objects.end())
            throw InputError("git could not read " + label + ":" + path);
        if (!it->second) {
            configs[path] = std::nullopt;
            continue;
        }
        const std::string source = label + ":" + path;
        configs[path] = surface::load_bench_config(json::parse(*it->second, source), source);
    }
    return configs;
}

ODO_API RegressionReport reject_regressions_from(const repo::Git& git, const std::string& ref,
                                                 const ConfigSet& set,
                                                 const BaselineSelection& selection,
                                                 const RegressionPolicy& policy) {
    const auto commit = git.resolve_commit(ref);
    if (!commit)
        throw InputError("ref " + python_str_repr(ref) + " does not resolve to a commit in " +
                         git.root().string());
    std::vector<const OperatorFile*> files;
    std::vector<std::string> paths;
    for (const OperatorFile& file : set.files())
        if (selection.includes_file(file.path.string())) {
            files.push_back(&file);
            paths.push_back(repo_relative_path(git, file.path));
        }
    auto base = configs_at_commit(git, *commit, ref, paths);
    std::vector<ConfigRevision> revisions;
    for (std::size_t i = 0; i < files.size(); ++i)
        revisions.push_back(
            {files[i]->path.string(), &files[i]->config, std::move(base[paths[i]])});
    return compare_revisions(revisions, ref, selection, policy);
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
