#pragma once
#include "odo/core/error.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>

namespace odo {

// Writes `content` to `path` so that readers see either the old file or the whole new one:
// the bytes go to a temporary file beside the target, which is then renamed over it. On any
// error the temporary file is removed, the target is untouched, and InputError names the path.
inline void write_file_atomically(const std::filesystem::path& path, std::string_view content) {
    namespace fs = std::filesystem;
    const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
    fs::path temp = dir / ("." + path.filename().string() + ".odo-tmp");
    for (int attempt = 1; fs::exists(temp); ++attempt)
        temp = dir / ("." + path.filename().string() + ".odo-tmp" + std::to_string(attempt));
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out)
            throw InputError(path.string() + ": cannot write (" + std::strerror(errno) + ")");
        out.write(content.data(), static_cast<std::streamsize>(content.size()));
        out.flush();
        if (!out) {
            std::error_code ignored;
            fs::remove(temp, ignored);
            throw InputError(path.string() + ": write failed");
        }
    }
    std::error_code ec;
    fs::rename(temp, path, ec);
    if (ec) {
        std::error_code ignored;
        fs::remove(temp, ignored);
        throw InputError(path.string() + ": cannot replace (" + ec.message() + ")");
    }
}

} // namespace odo
