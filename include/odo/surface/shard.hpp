#pragma once
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>

namespace odo::surface {

// Shard `index` of `count` (1-based, as CI systems number parallel jobs) of a benchmark surface.
// A case belongs to the shard its key hashes to: the assignment depends on the key alone, not on
// the selection, its order or the machine, so every runner and the import agree on it, and every
// case is in exactly one shard.
struct Shard {
    std::int64_t index = 1;
    std::int64_t count = 1;

    std::string str() const { return std::to_string(index) + "/" + std::to_string(count); }
};

// More shards than this is a mistake (no surface has that many runners).
inline constexpr std::int64_t max_shard_count = 10000;

// FNV-1a (64 bit) of the case key's text: fixed by its definition, unlike std::hash.
ODO_API std::int64_t shard_index_of(std::string_view case_key, std::int64_t count) noexcept;
ODO_API bool in_shard(std::string_view case_key, const Shard& shard) noexcept;
// "I/N" with 1 <= I <= N <= max_shard_count; InputError naming `option` otherwise.
ODO_API Shard parse_shard(std::string_view option, std::string_view text);
#if ODO_SURFACE_DEFINITIONS
ODO_API std::int64_t shard_index_of(std::string_view case_key, std::int64_t count) noexcept {
    std::uint64_t hash = 14695981039346656037ull;
    for (const char c : case_key) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 1099511628211ull;
    }
    return static_cast<std::int64_t>(hash % static_cast<std::uint64_t>(count)) + 1;
}

ODO_API bool in_shard(std::string_view case_key, const Shard& shard) noexcept {
    return shard_index_of(case_key, shard.count) == shard.index;
}

ODO_API Shard parse_shard(std::string_view option, std::string_view text) {
    const auto bad = [&]() -> InputError {
        return InputError(std::string(option) + ": expected I/N with 1 <= I <= N <= " +
                          std::to_string(max_shard_count) + ", got " + python_str_repr(text));
    };
    const std::size_t slash = text.find('/');
    if (slash == std::string_view::npos)
        throw bad();
    Shard shard;
    const auto number = [&](std::string_view part, std::int64_t& value) {
        const auto res = std::from_chars(part.data(), part.data() + part.size(), value);
        return !part.empty() && res.ec == std::errc() && res.ptr == part.data() + part.size();
    };
    if (!number(text.substr(0, slash), shard.index) ||
        !number(text.substr(slash + 1), shard.count) || shard.index < 1 ||
        shard.count > max_shard_count || shard.index > shard.count)
        throw bad();
    return shard;
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace odo::surface
