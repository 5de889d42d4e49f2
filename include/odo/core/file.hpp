#pragma once
#include "odo/core/error.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>

namespace odo {

// The bytes of a file, or nullopt when it does not exist or cannot be read.
inline std::optional<std::string> try_read_file(const std::filesystem::path& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return std::nullopt;
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The bytes of a file; InputError naming the file when it is missing or unreadable.
inline std::string read_file(const std::filesystem::path& path) {
    if (auto text = try_read_file(path))
        return *std::move(text);
    throw InputError(path.string() + ": cannot read file");
}

} // namespace odo
