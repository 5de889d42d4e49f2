#pragma once
// The repository is the change author's (DESIGN.md, trust model): a path it names — in the layout
// file, a config, or through a symbolic link — must not make odo read outside it. Every read of
// a working-tree file by the gates goes through here.
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/core/linkage.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace odo::repo {

#if ODO_REPO_DEFINITIONS
// Whether a '/'-separated path is relative and has no ".." component, so that it names a place
// inside whatever directory it is joined to (links aside). Backslashes count as separators too.
inline bool is_contained_path_text(std::string_view path) noexcept {
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
// Whether `inner` is `outer` or lies below it; both canonical.
inline bool is_within(const std::filesystem::path& inner, const std::filesystem::path& outer) {
    auto i = inner.begin();
    for (auto o = outer.begin(); o != outer.end(); ++o, ++i)
        if (o->empty()) // a trailing separator
            break;
        else if (i == inner.end() || *i != *o)
            return false;
    return true;
}
#endif // ODO_REPO_DEFINITIONS

} // namespace detail

// Where `relative` leads under the repository `root`, every symbolic link followed; nullopt when
// it is absolute or leads outside the root's canonical location. A missing tail is resolved
// lexically, so a path that does not exist yet still gets an answer.
ODO_API std::optional<std::filesystem::path>
resolve_repo_path(const std::filesystem::path& root, const std::filesystem::path& relative);
// The location of the repository path `relative` to read from, links resolved. InputError when it
// leads outside the repository: such a path is refused, never read.
ODO_API std::filesystem::path repo_file_path(const std::filesystem::path& root,
                                             const std::filesystem::path& relative);
// The bytes of the repository file `relative`, or nullopt when it is missing or unreadable.
ODO_API std::optional<std::string> try_read_repo_file(const std::filesystem::path& root,
                                                      const std::filesystem::path& relative);
#if ODO_REPO_DEFINITIONS
ODO_API std::optional<std::filesystem::path>
resolve_repo_path(const std::filesystem::path& root, const std::filesystem::path& relative) {
    namespace fs = std::filesystem;
    if (relative.has_root_path())
        return std::nullopt;
    std::error_code ec;
    const fs::path base = fs::weakly_canonical(fs::absolute(root, ec), ec);
    if (ec)
        return std::nullopt;
    fs::path resolved = fs::weakly_canonical(base / relative, ec);
    if (ec || !detail::is_within(resolved, base))
        return std::nullopt;
    return resolved;
}

ODO_API std::filesystem::path repo_file_path(const std::filesystem::path& root,
                                             const std::filesystem::path& relative) {
    if (auto resolved = resolve_repo_path(root, relative))
        return *std::move(resolved);
    throw InputError(relative.generic_string() +
                     ": leads outside the repository (an absolute path, \"..\" or a symbolic "
                     "link); odo reads only files inside it");
}

ODO_API std::optional<std::string> try_read_repo_file(const std::filesystem::path& root,
                                                      const std::filesystem::path& relative) {
    return try_read_file(repo_file_path(root, relative));
}
#endif // ODO_REPO_DEFINITIONS

} // namespace odo::repo
