#pragma once
// HOST-ONLY (runs git). The two sides of a device-code comparison written, one after the other, to
// the same scratch path: the base revision first, then the change on top of it. Every path the
// compiler sees (the source's name in __FILE__ and in debug sections, the include directories) is
// then the same on both sides, so nothing path-dependent reads as a delta; and every repository
// file is the side's own, so a change made only in an included header is compiled too.
//
// A side holds the whole tree, or only what its compiles can read: the include closure of the
// TUs (include_scan.hpp) with its contents, and every other file as a stub that stops a compile
// including it, so that a header the scan missed fails the compile instead of being looked up
// elsewhere. On a large repository that writes a few dozen files instead of thousands.
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/devcode/include_scan.hpp"
#include "odo/repo/git.hpp"
#include "odo/repo/repo_path.hpp"
#include "odo/repo/source_tree.hpp"
#include "odo/repo/tree_listing.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace odo::devcode {

// A folder created exclusively (mkdtemp) under the system's temporary folder, removed with
// everything in it when the object goes.
class ScratchFolder {
public:
    ODO_API explicit ScratchFolder(std::string_view purpose);
    ~ScratchFolder() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;

    const std::filesystem::path& path() const noexcept { return path_; }

private:
    std::filesystem::path path_;
};

// A file larger than this is left out of a side tree (and taken out of it when the change makes
// it that large): no source a compile reads is, and reading one whole would let a 3 GB file in
// the working tree stall the proof. A stub stands in its place, so a compile that includes one
// fails instead of finding another file of that name: nothing passes unread.
inline constexpr std::uintmax_t max_side_file_bytes = std::uintmax_t(64) << 20;

// What a stub says when a compile includes it; after a closure, the proof then writes the whole
// tree and compiles again.
inline constexpr std::string_view side_tree_stub_marker = "odo-side-tree-stub";

// Where the compiles look for the repository's files, repository-relative: the files they read
// first (the TUs, a file included by flag) and the folders include names are looked up in.
struct IncludeSearch {
    std::vector<std::string> roots;
    std::vector<std::string> folders;
};

class SideTree {
public:
    SideTree() : scratch_("side") {}

    // Where each side's files are: the same path for both.
    std::filesystem::path root() const { return scratch_.path() / "tree"; }
    // Where compiles write their outputs.
    std::filesystem::path out() const { return scratch_.path() / "out"; }
    // The folder that holds both: the only one a compile may write.
    const std::filesystem::path& scratch() const { return scratch_.path(); }

    // The tree becomes `commit`'s: its regular files; links and submodules are left out, so a
    // compile that needs one fails instead of reading outside.
    ODO_API void write_revision(const repo::Git& git, const std::string& commit);
    // The tree becomes `commit`'s as far as compiles looking as `search` says can tell: the
    // include closure with its contents, every other regular file a stub. False, with the tree
    // unfinished, when a source names a header by a macro: write_revision is then the way.
    ODO_API bool write_closure(const repo::Git& git, const std::string& commit,
                               const IncludeSearch& search);
    // After write_change on a tree write_closure wrote: the stubs the change's closure now reaches
    // written from `base`. False when a source names a header by a macro.
    ODO_API bool extend_closure(const repo::Git& git, const std::string& base,
                                const IncludeSearch& search);
    // How many files hold their contents, and how many are stubs.
    std::size_t written() const noexcept { return written_.size(); }
    std::size_t stubs() const noexcept { return stubs_.size(); }
    // The paths that differ between `base` and the change (the commit `now_commit`, or with "" the
    // working tree, untracked files included).
    ODO_API std::vector<std::string> changed_paths(const repo::Git& git, const std::string& base,
                                                   const std::string& now_commit) const;
    // The tree, holding `base`, becomes the change: each changed path as `now_commit` (or with ""
    // the working tree) holds it, a file over max_side_file_bytes taken out instead. Returns the
    // changed paths.
    ODO_API std::vector<std::string> write_change(const repo::Git& git, const std::string& base,
                                                  const std::string& now_commit);
    // The files left out for their size, repository-relative, in the order met.
    const std::vector<std::string>& left_out() const noexcept { return left_out_; }
    // One file of the tree set to `bytes`, or removed when nullopt.
    ODO_API void put(const std::string& path, const std::optional<std::string>& bytes);

private:
    void reset();
    std::vector<std::string> regular_files(const repo::Git& git, const std::string& commit);
    bool complete_closure(const repo::Git& git, const std::string& base,
                          const IncludeSearch& search);
    std::vector<std::string> reached(const std::string& path, const IncludeScan& scan,
                                     const IncludeSearch& search) const;
    void write_stub(const std::string& path);
    void leave_out(const std::string& path) {
        put(path, std::nullopt);
        write_stub(path);
        if (std::find(left_out_.begin(), left_out_.end(), path) == left_out_.end())
            left_out_.push_back(path);
    }

    ScratchFolder scratch_;
    std::vector<std::string> left_out_;
    std::set<std::string> written_; // the files written with their contents
    std::set<std::string> stubs_;   // the revision's other regular files
};

namespace detail {

#if ODO_DEVCODE_DEFINITIONS
inline std::vector<std::string> nul_separated(const std::string& text) {
    std::vector<std::string> out;
    for (std::size_t start = 0; start < text.size();) {
        const auto end = std::min(text.find('\0', start), text.size());
        if (end > start)
            out.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

// Each regular file (modes 100644, 100755) of a `git ls-tree -r -l -z` listing with its size.
inline std::map<std::string, std::uintmax_t> blob_sizes(const std::string& listing) {
    std::map<std::string, std::uintmax_t> out;
    for (repo::TreeEntry& e : repo::parse_tree_listing(listing))
        if (text::starts_with(e.mode, "100"))
            out[std::move(e.path)] = e.size;
    return out;
}

inline std::string git_or_throw(const repo::Git& git, const std::vector<std::string>& args) {
    auto out = git.output(args);
    if (!out)
        throw InputError("git " + text::join(args, " ") + ": failed in " + git.root().string());
    return *std::move(out);
}
#endif // ODO_DEVCODE_DEFINITIONS

} // namespace detail

#if ODO_DEVCODE_DEFINITIONS
ODO_API ScratchFolder::ScratchFolder(std::string_view purpose) {
    std::string pattern =
        (std::filesystem::temp_directory_path() / ("odo-" + std::string(purpose) + "-XXXXXX"))
            .string();
    if (!::mkdtemp(pattern.data()))
        throw InputError("cannot create a scratch folder in " +
                         std::filesystem::temp_directory_path().string());
    path_ = pattern;
}

ODO_API void SideTree::put(const std::string& path, const std::optional<std::string>& bytes) {
    if (!repo::is_contained_path_text(path))
        throw InputError("'" + path + "': not a path inside the repository");
    const std::filesystem::path at = root() / path;
    std::error_code ec;
    std::filesystem::remove(at, ec);
    stubs_.erase(path);
    written_.erase(path);
    if (!bytes)
        return;
    written_.insert(path);
    std::filesystem::create_directories(at.parent_path());
    std::FILE* file = std::fopen(at.c_str(), "wbx");
    const bool ok = file && std::fwrite(bytes->data(), 1, bytes->size(), file) == bytes->size();
    if (file && std::fclose(file) != 0)
        throw InputError(at.string() + ": cannot write the scratch copy");
    if (!ok)
        throw InputError(at.string() + ": cannot write the scratch copy");
}

void SideTree::reset() {
    std::filesystem::remove_all(root());
    std::filesystem::create_directories(root());
    std::filesystem::create_directories(out());
    left_out_.clear();
    stubs_.clear();
    written_.clear();
}

// `commit`'s regular files a side may hold; those over max_side_file_bytes go to left_out_.
std::vector<std::string> SideTree::regular_files(const repo::Git& git, const std::string& commit) {
    std::vector<std::string> out;
    for (const auto& [path, size] :
         detail::blob_sizes(detail::git_or_throw(git, {"ls-tree", "-r", "-l", "-z", commit}))) {
        if (size > max_side_file_bytes)
            left_out_.push_back(path);
        else
            out.push_back(path);
    }
    return out;
}

ODO_API void SideTree::write_revision(const repo::Git& git, const std::string& commit) {
    reset();
    std::vector<std::string> specs;
    for (const std::string& path : regular_files(git, commit))
        specs.push_back(commit + ":" + path);
    const bool complete = git.stream_objects(
        specs, [&](const std::string& spec, std::string_view, std::optional<std::string_view> c) {
            if (c)
                put(spec.substr(commit.size() + 1), std::string(*c));
            return true;
        });
    if (!complete)
        throw InputError("git cat-file could not read every file of " + commit);
    for (const std::string& path : left_out_)
        write_stub(path);
}

ODO_API bool SideTree::write_closure(const repo::Git& git, const std::string& commit,
                                     const IncludeSearch& search) {
    reset();
    for (std::string& path : regular_files(git, commit))
        stubs_.insert(std::move(path));
    if (!complete_closure(git, commit, search))
        return false;
    for (const std::string& path : stubs_)
        write_stub(path);
    for (const std::string& path : left_out_)
        write_stub(path);
    return true;
}

ODO_API bool SideTree::extend_closure(const repo::Git& git, const std::string& base,
                                      const IncludeSearch& search) {
    return complete_closure(git, base, search);
}

// Breadth first from the roots: each level's stubs read from `base` in one `git cat-file`, then
// every file of the level scanned for the names it includes.
bool SideTree::complete_closure(const repo::Git& git, const std::string& base,
                                const IncludeSearch& search) {
    std::set<std::string> seen;
    std::vector<std::string> level;
    const auto reach = [&](const std::string& path, std::vector<std::string>& into) {
        if (seen.insert(path).second)
            into.push_back(path);
    };
    for (const std::string& path : search.roots)
        reach(std::filesystem::path(path).lexically_normal().generic_string(), level);
    while (!level.empty()) {
        std::vector<std::string> specs;
        for (const std::string& path : level)
            if (stubs_.count(path))
                specs.push_back(base + ":" + path);
        const bool complete =
            git.stream_objects(specs, [&](const std::string& spec, std::string_view,
                                          std::optional<std::string_view> c) {
                if (c)
                    put(spec.substr(base.size() + 1), std::string(*c));
                return true;
            });
        if (!complete)
            throw InputError("git cat-file could not read every file of " + base);
        std::vector<std::string> next;
        for (const std::string& path : level) {
            const std::optional<std::string> text = try_read_file(root() / path);
            if (!text || stubs_.count(path))
                continue; // not in the tree: the compile finds it elsewhere or not at all
            const IncludeScan scan = scan_include_names(*text);
            if (scan.computed)
                return false;
            for (const std::string& found : reached(path, scan, search))
                reach(found, next);
        }
        level = std::move(next);
    }
    return true;
}

// The tree's files a name of `path` may stand for: beside `path` for a quoted name, and in every
// include folder; more than the compiler picks, never fewer.
std::vector<std::string> SideTree::reached(const std::string& path, const IncludeScan& scan,
                                           const IncludeSearch& search) const {
    namespace fs = std::filesystem;
    std::vector<std::string> out;
    const fs::path beside = fs::path(path).parent_path();
    const auto consider = [&](const fs::path& folder, const std::string& name) {
        const std::string candidate = (folder / name).lexically_normal().generic_string();
        if (repo::is_contained_path_text(candidate) &&
            (stubs_.count(candidate) || written_.count(candidate)))
            out.push_back(candidate);
    };
    for (const IncludeName& n : scan.names) {
        if (fs::path(n.name).is_absolute())
            continue;
        if (n.quoted)
            consider(beside, n.name);
        for (const std::string& folder : search.folders)
            consider(folder, n.name);
    }
    return out;
}

// Every stub is a hard link to one file: a new inode per stub cost ext4 about 0.5 ms each, most
// of a proof's own time on a repository of a few thousand files.
void SideTree::write_stub(const std::string& path) {
    namespace fs = std::filesystem;
    const fs::path stub = scratch_.path() / "stub";
    std::error_code ec;
    if (!fs::exists(stub, ec)) {
        std::FILE* file = std::fopen(stub.c_str(), "wbx");
        const std::string text = "#error " + std::string(side_tree_stub_marker) +
                                 ": not in the include closure the proof wrote\n";
        const bool ok = file && std::fwrite(text.data(), 1, text.size(), file) == text.size();
        if ((file && std::fclose(file) != 0) || !ok)
            throw InputError(stub.string() + ": cannot write the scratch copy");
    }
    const fs::path at = root() / path;
    fs::create_directories(at.parent_path());
    fs::create_hard_link(stub, at, ec);
    if (ec)
        throw InputError(at.string() + ": cannot write the scratch copy (" + ec.message() + ")");
}

ODO_API std::vector<std::string> SideTree::write_change(const repo::Git& git,
                                                        const std::string& base,
                                                        const std::string& now_commit) {
    namespace fs = std::filesystem;
    const std::vector<std::string> paths = changed_paths(git, base, now_commit);
    if (now_commit.empty()) {
        const repo::WorkingTree working(git.root());
        for (const std::string& path : paths) {
            std::error_code ec;
            const fs::path at = repo::repo_file_path(git.root(), path);
            if (fs::is_regular_file(fs::symlink_status(at, ec)) &&
                fs::file_size(at, ec) > max_side_file_bytes)
                leave_out(path);
            else
                put(path, working.read(path));
        }
        return paths;
    }
    const auto sizes =
        detail::blob_sizes(detail::git_or_throw(git, {"ls-tree", "-r", "-l", "-z", now_commit}));
    const repo::Revision commit(git, now_commit);
    for (const std::string& path : paths) {
        const auto it = sizes.find(path);
        if (it != sizes.end() && it->second > max_side_file_bytes)
            leave_out(path);
        else
            put(path, commit.read(path));
    }
    return paths;
}

ODO_API std::vector<std::string> SideTree::changed_paths(const repo::Git& git,
                                                         const std::string& base,
                                                         const std::string& now_commit) const {
    std::vector<std::string> args{"diff", "--name-only", "-z", "--no-renames", base};
    if (!now_commit.empty())
        args.push_back(now_commit);
    args.push_back("--");
    std::vector<std::string> paths = detail::nul_separated(detail::git_or_throw(git, args));
    if (now_commit.empty())
        for (std::string& path : detail::nul_separated(
                 detail::git_or_throw(git, {"ls-files", "-z", "--others", "--exclude-standard"})))
            paths.push_back(std::move(path));
    return paths;
}
#endif // ODO_DEVCODE_DEFINITIONS

} // namespace odo::devcode
