#pragma once
// The repository is the change author's (DESIGN.md, trust model): a path it names — in the layout
// file, a config, or through a symbolic link — must not make odo read outside it. Every read of
// a working-tree file by the gates goes through here.
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/path_within.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace odo::repo {

// Whether a '/'-separated path is relative and has no ".." component, so that it names a place
// inside whatever directory it is joined to (links aside). Backslashes count as separators too.
ODO_API bool is_contained_path_text(std::string_view path) noexcept;
#if ODO_REPO_DEFINITIONS
ODO_API bool is_contained_path_text(std::string_view path) noexcept {
    if (!path.empty() && (path.front() == '/' || path.front() == '\\'))
        return false;
    std::size_t start = 0;
    while (start <= path.size()) {
        const auto end = std::min(path.find_first_of("/\\", start), path.size());
        if (path.substr(start, end - start) == "..")
            return false;
        start = end + 1;
    }
    return true;
}
#endif // ODO_REPO_DEFINITIONS

namespace detail {

#if ODO_REPO_DEFINITIONS
// `path` made absolute with every link resolved; InputError naming `shown` and the system's
// reason when that cannot be done ("cannot read: Permission denied").
inline std::filesystem::path resolved(const std::filesystem::path& path,
                                      const std::filesystem::path& shown) {
    std::error_code ec;
    std::filesystem::path out =
        std::filesystem::weakly_canonical(std::filesystem::absolute(path, ec), ec);
    if (ec)
        throw InputError(shown.generic_string() + ": cannot read: " + ec.message());
    return out;
}
#endif // ODO_REPO_DEFINITIONS

} // namespace detail

// Where `relative` leads under the repository `root`, every symbolic link followed; nullopt when
// it is absolute or leads outside the root's canonical location. A missing tail is resolved
// lexically, so a path that does not exist yet still gets an answer. A path the system will not
// resolve (a folder without permission, a loop of links) is an InputError saying so, never
// reported as leading outside.
ODO_API std::optional<std::filesystem::path>
resolve_repo_path(const std::filesystem::path& root, const std::filesystem::path& relative);
// The location of the repository path `relative` to read from, links resolved. InputError when it
// leads outside the repository: such a path is refused, never read.
ODO_API std::filesystem::path repo_file_path(const std::filesystem::path& root,
                                             const std::filesystem::path& relative);
// Where `path`, as a user names it (absolute, or relative to the working directory), leads, links
// resolved, when that is inside the repository `root`; InputError like repo_file_path's when it
// leads outside. For paths on odo's command line that must stay in the repository (a config
// directory whose files odo rewrites).
ODO_API std::filesystem::path repo_location(const std::filesystem::path& root,
                                            const std::filesystem::path& path);
// The bytes of the repository file `relative`, or nullopt when it is missing or unreadable.
ODO_API std::optional<std::string> try_read_repo_file(const std::filesystem::path& root,
                                                      const std::filesystem::path& relative);

// A repository root with its own location resolved once, for a reader of many of its files:
// resolve_repo_path and repo_file_path below it, without resolving the root again for each.
class ResolvedRoot {
public:
    // InputError when the root's location cannot be resolved.
    explicit ResolvedRoot(const std::filesystem::path& root);

    std::optional<std::filesystem::path> resolve(const std::filesystem::path& relative) const;
    // repo_file_path's answer, the same or the same error. A file's directory is resolved once,
    // however many of its files are asked for, and a regular file (no link to follow) is found in
    // it by its name; any other path, or one whose directory is outside or cannot be resolved, is
    // resolved in full.
    std::filesystem::path file_path(const std::string& relative) const;

private:
    // A directory's location, or nullopt to leave its files to the full resolution: the error of
    // a directory that cannot be resolved then names the file, as it always has.
    std::optional<std::filesystem::path> directory(const std::string& dir) const;

    std::filesystem::path base_;
    mutable std::map<std::string, std::optional<std::filesystem::path>> directories_;
};

#if ODO_REPO_DEFINITIONS
ODO_API ResolvedRoot::ResolvedRoot(const std::filesystem::path& root)
    : base_(detail::resolved(root, root)) {}

ODO_API std::optional<std::filesystem::path>
ResolvedRoot::resolve(const std::filesystem::path& relative) const {
    if (relative.has_root_path())
        return std::nullopt;
    std::filesystem::path resolved = detail::resolved(base_ / relative, relative);
    if (!is_within(resolved, base_))
        return std::nullopt;
    return resolved;
}

ODO_API std::optional<std::filesystem::path>
resolve_repo_path(const std::filesystem::path& root, const std::filesystem::path& relative) {
    if (relative.has_root_path())
        return std::nullopt;
    return ResolvedRoot(root).resolve(relative);
}

namespace detail {

[[noreturn]] inline void refuse_outside(const std::filesystem::path& path) {
    throw InputError(path.generic_string() +
                     ": leads outside the repository (an absolute path, \"..\" or a symbolic "
                     "link); odo reads only files inside it");
}

} // namespace detail

ODO_API std::optional<std::filesystem::path> ResolvedRoot::directory(const std::string& dir) const {
    try {
        return resolve(dir);
    } catch (const InputError&) {
        return std::nullopt;
    }
}

ODO_API std::filesystem::path ResolvedRoot::file_path(const std::string& relative) const {
    namespace fs = std::filesystem;
    const std::size_t slash = relative.rfind('/');
    const std::string name = relative.substr(slash + 1); // the whole path without a '/'
    if (slash != std::string::npos && slash > 0 && name != "." && name != ".." &&
        !fs::path(relative).has_root_path()) {
        const std::string dir = relative.substr(0, slash);
        auto known = directories_.find(dir);
        if (known == directories_.end())
            known = directories_.emplace(dir, directory(dir)).first;
        if (known->second) {
            fs::path at = *known->second / name;
            std::error_code ec;
            if (fs::symlink_status(at, ec).type() == fs::file_type::regular)
                return at;
        }
    }
    if (auto resolved = resolve(relative))
        return *std::move(resolved);
    detail::refuse_outside(relative);
}

ODO_API std::filesystem::path repo_file_path(const std::filesystem::path& root,
                                             const std::filesystem::path& relative) {
    if (auto resolved = resolve_repo_path(root, relative))
        return *std::move(resolved);
    detail::refuse_outside(relative);
}

ODO_API std::filesystem::path repo_location(const std::filesystem::path& root,
                                            const std::filesystem::path& path) {
    std::filesystem::path resolved = detail::resolved(path, path);
    if (!is_within(resolved, detail::resolved(root, root)))
        detail::refuse_outside(path);
    return resolved;
}

ODO_API std::optional<std::string> try_read_repo_file(const std::filesystem::path& root,
                                                      const std::filesystem::path& relative) {
    return try_read_file(repo_file_path(root, relative));
}
#endif // ODO_REPO_DEFINITIONS

} // namespace odo::repo
