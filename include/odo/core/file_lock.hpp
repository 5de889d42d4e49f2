#pragma once
// HOST-ONLY: POSIX advisory locks. Never include from a .cu file.
//
// An exclusive lock held for a scope, so that writers who each read a file, check it and replace
// it (temp + rename) take turns: without it two of them read the same bytes and the later rename
// drops the other's change. The lock file is opened with O_NOFOLLOW | O_CLOEXEC, so a link
// planted at its name is refused rather than followed, and must be a regular file; it is kept
// after release (removing it would let a waiter lock a name another writer has just replaced).
#include "odo/core/error.hpp"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <string>
#include <sys/file.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace odo {

class FileLock {
public:
    // Waits up to `patience` for the lock on `path` (created when absent); InputError naming the
    // file when it cannot be opened, is no regular file, or stays held by another process.
    FileLock(const std::filesystem::path& path, std::chrono::milliseconds patience)
        : fd_(::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666)) {
        if (fd_ < 0)
            throw InputError(path.string() + ": cannot open the lock file (" +
                             std::strerror(errno) + ")");
        struct stat st;
        if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) {
            ::close(fd_);
            throw InputError(path.string() + ": the lock file is not a regular file");
        }
        const auto deadline = std::chrono::steady_clock::now() + patience;
        while (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
            const int error = errno;
            if (error != EWOULDBLOCK && error != EINTR)
                fail(path, std::strerror(error));
            if (std::chrono::steady_clock::now() >= deadline)
                fail(path, "held by another process for over " + std::to_string(patience.count()) +
                               " ms");
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }
    ~FileLock() { ::close(fd_); } // closing releases the lock
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;

private:
    [[noreturn]] void fail(const std::filesystem::path& path, const std::string& why) {
        ::close(fd_);
        throw InputError(path.string() + ": cannot take the lock (" + why + ")");
    }

    int fd_;
};

} // namespace odo
