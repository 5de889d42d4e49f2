#pragma once
// Files odo writes (reports, summaries, baselines) are replaced atomically: readers see the old
// file or the whole new one, never a part, and on any error the old one is untouched.
//
// The target may sit in a directory the change's author controls (a committed `reports/`), so
// nothing here follows a link or trusts a name: each temporary gets a fresh random name created
// with O_CREAT|O_EXCL|O_NOFOLLOW, the target must be a regular file or absent, and a symbolic
// link as target, or as a folder on the way to it inside the working directory, is refused
// rather than written through.
#include "odo/core/error.hpp"
#include "odo/core/path_within.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace odo {

// Refuses a target whose folder is reached through a symbolic link a checkout could have planted:
// a link among the folders a relative target names (`reports/` in `reports/preflight.md`), or,
// in an absolute target, a link whose entry lies in the working directory's tree or in one of
// `checkouts` (a tool passes the repository it reads, which may lie elsewhere). Links elsewhere
// in an absolute path (a /tmp or a home directory that is a link on this machine) are the
// machine's and followed. The walk starts from the working directory as the kernel reports it,
// links already resolved, so ".." climbs where the kernel would. Every write checks the working
// directory's tree; a tool checks its outputs against its repository before it starts.
inline void refuse_linked_folder(const std::filesystem::path& target,
                                 const std::vector<std::filesystem::path>& checkouts = {}) {
    namespace fs = std::filesystem;
    const fs::path folder = target.parent_path();
    if (folder.empty())
        return;
    std::error_code ec;
    std::vector<fs::path> guarded{fs::current_path(ec)};
    if (ec)
        throw InputError(target.string() + ": cannot inspect the working directory (" +
                         ec.message() + ")");
    for (const fs::path& checkout : checkouts)
        guarded.push_back(fs::weakly_canonical(checkout, ec));
    const auto planted = [&](const fs::path& dir) {
        return folder.is_relative() ||
               std::any_of(guarded.begin(), guarded.end(),
                           [&](const fs::path& tree) { return is_within(dir, tree); });
    };
    fs::path at = folder.is_relative() ? guarded.front() : folder.root_path(); // no link in it
    fs::path named = folder.root_path(); // as the user spelled it
    for (const fs::path& part : folder.relative_path()) {
        named /= part;
        if (part.empty() || part == ".")
            continue;
        if (part == "..") {
            at = at.parent_path();
            continue;
        }
        struct stat st;
        if (::lstat((at / part).c_str(), &st) != 0)
            return; // a missing folder: creating the temporary names the error
        if (!S_ISLNK(st.st_mode)) {
            at /= part;
            continue;
        }
        if (planted(at))
            throw InputError(target.string() + ": its folder " + named.string() +
                             " is a symbolic link; odo does not write through links (name the "
                             "folder it leads to)");
        at = fs::canonical(at / part, ec);
        if (ec)
            return;
    }
}

namespace detail {

inline std::string errno_text(int error) {
    return std::strerror(error);
}

// Refuses a target odo must not replace. Returns the permission bits to give the new file:
// those of the file it replaces, or nullopt for a new file (the umask then applies).
inline std::optional<mode_t> writable_target_mode(const std::filesystem::path& path) {
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0) {
        if (errno == ENOENT)
            return std::nullopt;
        throw InputError(path.string() + ": cannot inspect (" + errno_text(errno) + ")");
    }
    if (S_ISLNK(st.st_mode))
        throw InputError(
            path.string() +
            ": is a symbolic link; odo does not write through links (name its target)");
    if (!S_ISREG(st.st_mode))
        throw InputError(path.string() +
                         ": exists and is not a regular file; refusing to replace it");
    if (::access(path.c_str(), W_OK) != 0 || (st.st_mode & 0222) == 0)
        throw InputError(path.string() + ": is not writable; refusing to replace it");
    return st.st_mode & 07777;
}

// A temporary beside `target`, created exclusively under a random name; its descriptor and path.
inline std::pair<int, std::filesystem::path> create_temporary(const std::filesystem::path& target) {
    const std::filesystem::path dir =
        target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
    std::random_device entropy;
    for (int attempt = 0; attempt < 100; ++attempt) {
        const unsigned long long tag =
            (static_cast<unsigned long long>(entropy()) << 32) ^ entropy();
        char suffix[24];
        std::snprintf(suffix, sizeof suffix, ".odo-%016llx", tag);
        std::filesystem::path temp = dir / ("." + target.filename().string() + suffix);
        const int fd =
            ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd >= 0)
            return {fd, std::move(temp)};
        if (errno != EEXIST)
            throw InputError(target.string() + ": cannot create a temporary file in " +
                             dir.string() + " (" + errno_text(errno) + ")");
    }
    throw InputError(target.string() + ": cannot create a unique temporary file in " +
                     dir.string());
}

inline void write_all(int fd, std::string_view content, const std::filesystem::path& target) {
    while (!content.empty()) {
        const ssize_t n = ::write(fd, content.data(), content.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            throw InputError(target.string() + ": write failed (" + errno_text(errno) + ")");
        content.remove_prefix(static_cast<std::size_t>(n));
    }
}

// Flushes a directory's entries, so a rename in it survives a host crash. Best effort: some
// file systems cannot sync directories, and the data itself is already on disk.
inline void sync_directory(const std::filesystem::path& file) {
    const std::filesystem::path dir = file.has_parent_path() ? file.parent_path() : ".";
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

// One target being replaced: its finished temporary, removed unless committed.
class PendingFile {
public:
    PendingFile(std::filesystem::path target, std::string_view content)
        : target_(std::move(target)) {
        refuse_linked_folder(target_);
        const std::optional<mode_t> mode = writable_target_mode(target_);
        auto [fd, temp] = create_temporary(target_);
        temp_ = std::move(temp);
        try {
            write_all(fd, content, target_);
            if (mode && ::fchmod(fd, *mode) != 0)
                throw InputError(target_.string() + ": cannot keep its permissions (" +
                                 errno_text(errno) + ")");
            if (::fsync(fd) != 0)
                throw InputError(target_.string() + ": write failed (" + errno_text(errno) + ")");
        } catch (...) {
            ::close(fd);
            discard();
            throw;
        }
        if (::close(fd) != 0) {
            const int error = errno;
            discard();
            throw InputError(target_.string() + ": write failed (" + errno_text(error) + ")");
        }
    }
    PendingFile(PendingFile&& other) noexcept
        : target_(std::move(other.target_)), temp_(std::exchange(other.temp_, {})) {}
    PendingFile(const PendingFile&) = delete;
    PendingFile& operator=(const PendingFile&) = delete;
    PendingFile& operator=(PendingFile&&) = delete;
    ~PendingFile() { discard(); }

    void commit() {
        if (::rename(temp_.c_str(), target_.c_str()) != 0)
            throw InputError(target_.string() + ": cannot replace (" + errno_text(errno) + ")");
        temp_.clear();
        sync_directory(target_);
    }

private:
    void discard() noexcept {
        if (!temp_.empty())
            ::unlink(temp_.c_str());
        temp_.clear();
    }

    std::filesystem::path target_;
    std::filesystem::path temp_;
};

} // namespace detail

// Writes `content` to `path` atomically (see the top of this header). InputError names the path
// and the system's reason when anything fails or the target is refused.
inline void write_file_atomically(const std::filesystem::path& path, std::string_view content) {
    detail::PendingFile(path, content).commit();
}

// Writes several files as one step: every temporary is written and flushed before the first
// rename, so a refused or failed file leaves all targets untouched.
inline void
write_files_atomically(const std::vector<std::pair<std::filesystem::path, std::string>>& files) {
    std::vector<detail::PendingFile> pending;
    pending.reserve(files.size());
    for (const auto& [path, content] : files)
        pending.emplace_back(path, content);
    for (detail::PendingFile& file : pending)
        file.commit();
}

} // namespace odo
