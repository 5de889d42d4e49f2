#pragma once
// A file an option names must be a readable regular file, checked before anything reads it, so
// that an unreadable file does not read as an absent one.
#include "odo/core/error.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace odo {

// InputError saying which option, which path and what is wrong.
inline void require_readable_file(const std::string& option, const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    const std::string what = option + " " + path + ": ";
    if (!fs::exists(status))
        throw InputError(what + "does not exist");
    if (fs::is_directory(status))
        throw InputError(what + "is a directory, not a file");
    if (!fs::is_regular_file(status))
        throw InputError(what + "is not a regular file");
    if (!std::ifstream(path, std::ios::binary))
        throw InputError(what + "cannot be read (" + std::strerror(errno) + ")");
}

} // namespace odo
