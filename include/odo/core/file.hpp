#pragma once
#include "odo/core/error.hpp"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>

namespace odo {

// The bytes of a file, or nullopt when it does not exist or cannot be read. One read of the
// size the file has when opened, then reads to end of file, so a file that grows or shrinks
// meanwhile still comes back whole; a byte-at-a-time copy cost 4-13x on multi-megabyte configs.
// The stream has no buffer of its own: the reads go straight into the string, and the stream
// neither asks the file's size again nor copies each block through a buffer.
inline std::optional<std::string> try_read_file(const std::filesystem::path& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return std::nullopt;
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file)
        return std::nullopt;
    std::setvbuf(file, nullptr, _IONBF, 0);
    const std::uintmax_t expected = std::filesystem::file_size(path, ec);
    std::string bytes;
    bytes.resize(ec ? 0 : static_cast<std::size_t>(expected) + 1); // +1 sees end of file at once
    std::size_t filled = 0;
    while (true) {
        if (filled == bytes.size())
            bytes.resize(bytes.size() * 2 + 4096);
        const std::size_t n = std::fread(bytes.data() + filled, 1, bytes.size() - filled, file);
        filled += n;
        if (n == 0 || std::feof(file))
            break;
    }
    const bool failed = std::ferror(file) != 0;
    std::fclose(file);
    if (failed)
        return std::nullopt;
    bytes.resize(filled);
    return bytes;
}

// The bytes of a file; InputError naming the file when it is missing or unreadable.
inline std::string read_file(const std::filesystem::path& path) {
    if (auto text = try_read_file(path))
        return *std::move(text);
    throw InputError(path.string() + ": cannot read file");
}

} // namespace odo
