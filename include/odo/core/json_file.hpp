#pragma once
// A JSON file parsed as it is read, a piece at a time: its text is never whole in memory, which
// for a large document built in an arena (json_arena.hpp) would double what the reading holds at
// its peak. Same document and same errors as json::parse of the file's bytes.
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/core/json_read.hpp"

#include <boost/json.hpp>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::json {

namespace detail {

inline std::optional<boost::json::value> parse_file_once(const std::filesystem::path& path,
                                                         std::string_view source, bool exact_keys,
                                                         const boost::json::storage_ptr& storage,
                                                         std::size_t piece_size) {
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                               &std::fclose);
    if (!file)
        throw InputError(std::string(source) + ": cannot read file");
    std::vector<char> buffer(piece_size);
    const auto next_piece = [&] {
        const std::size_t n = std::fread(buffer.data(), 1, buffer.size(), file.get());
        if (std::ferror(file.get()))
            throw InputError(std::string(source) + ": cannot read file");
        return TextPiece{std::string_view(buffer.data(), n), n < buffer.size()};
    };
    return parse_pieces(next_piece, source, exact_keys, storage);
}

} // namespace detail

// Parses the JSON document the file at `path` holds, `piece_size` bytes at a time. Errors are
// json::parse's of the whole text, read again to word them: where a token is cut between two
// pieces the parser places its error elsewhere.
inline boost::json::value parse_file(const std::filesystem::path& path, std::string_view source,
                                     const boost::json::storage_ptr& storage = {},
                                     std::size_t piece_size = std::size_t(1) << 20) {
    try {
        if (auto value = detail::parse_file_once(path, source, false, storage, piece_size))
            return *std::move(value);
        return *detail::parse_file_once(path, source, true, storage, piece_size);
    } catch (const InputError&) {
        if (const auto text = try_read_file(path))
            parse(*text, source); // throws the same failure, placed in the whole text
        throw;
    }
}

} // namespace odo::json
