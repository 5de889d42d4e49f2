#pragma once
// HOST-ONLY: runs git. Never include from a .cu file.
//
// A lead's change once evaluated: keeping commits the working tree as the lead's `perf` commit;
// reverting shelves the working tree's work at a ref of its own (refs/odo/attempts/<op>/<lead>,
// which status names) and puts HEAD's files back, so a strike loses nothing and can be picked up
// again (`git checkout <ref> -- .`).
#include "odo/campaign/pending_evaluation.hpp"
#include "odo/core/atomic_write.hpp"
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/core/text.hpp"
#include "odo/repo/git.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace odo::campaign {

namespace detail {

inline std::string git_or_throw(const repo::Git& git, const std::vector<std::string>& args) {
    const ProcessResult r = git.run(args);
    if (!r.ok())
        throw InputError("git " + text::join(args, " ") + ": " +
                         std::string(text::strip(r.err.empty() ? r.error : r.err)));
    return r.out;
}

} // namespace detail

// The working tree's changed and untracked paths (ignored files aside), `except` (when given)
// left out.
inline std::vector<std::string> changed_paths(const repo::Git& git,
                                              const std::string& except = {}) {
    const std::string out = detail::git_or_throw(
        git, {"status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames"});
    std::vector<std::string> paths;
    for (std::size_t at = 0; at < out.size();) {
        const std::size_t end = std::min(out.find('\0', at), out.size());
        if (end - at > 3 && out.compare(at + 3, end - at - 3, except) != 0)
            paths.push_back(out.substr(at + 3, end - at - 3));
        at = end + 1;
    }
    return paths;
}

// Commits everything the working tree holds (ignored files aside) as `message`; the new HEAD.
inline std::string commit_working_tree(const repo::Git& git, const std::string& message) {
    detail::git_or_throw(git, {"add", "-A"});
    detail::git_or_throw(git, {"commit", "-q", "--no-verify", "-m", message});
    return std::string(text::strip(detail::git_or_throw(git, {"rev-parse", "HEAD"})));
}

// Keeps the working tree's work at `ref` (a commit on HEAD) and restores HEAD's files; the file
// `keep` (the ledger, absolute) keeps its bytes, which the caller appends to. The kept commit.
inline std::string shelve_working_tree(const repo::Git& git, const std::string& ref,
                                       const std::string& message,
                                       const std::filesystem::path& keep) {
    std::optional<std::string> kept;
    std::error_code ec;
    if (std::filesystem::is_regular_file(keep, ec))
        kept = read_file(keep);
    detail::git_or_throw(git, {"add", "-A"});
    const std::string tree(text::strip(detail::git_or_throw(git, {"write-tree"})));
    const std::string commit(
        text::strip(detail::git_or_throw(git, {"commit-tree", tree, "-p", "HEAD", "-m", message})));
    detail::git_or_throw(git, {"update-ref", ref, commit});
    detail::git_or_throw(git, {"reset", "-q", "--hard", "HEAD"});
    if (kept)
        write_file_atomically(keep, *kept);
    return commit;
}

} // namespace odo::campaign
