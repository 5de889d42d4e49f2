#pragma once
// The keys near-duplicate matching compares: one per normalized line, one per window of lines.
// Only whether two windows are equal matters to a jaccard ratio, never the number itself, and no
// report prints a window's key, so the key is a fast 64-bit mix rather than the BLAKE2b digest the
// reported fingerprints use (blake2b.hpp): a line is keyed once, as it is normalized, and a
// window's key combines its lines' keys, so a line shared by five windows is read once, not five
// times.
#include "odo/core/byte_search.hpp"
#include "odo/core/linkage.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace odo::refactor {

namespace detail {

// splitmix64's finalizer: every input bit reaches every output bit.
constexpr std::uint64_t mix64(std::uint64_t x) noexcept {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

constexpr bool is_collapsed_space(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

} // namespace detail

// The key of a line as collapse_whitespace normalizes it (runs of whitespace one space, ends
// trimmed), computed from the raw line without building the normalized text. Eight bytes are
// mixed at a time, the first byte lowest; the length ends the key, so a line and its zero-padded
// extension differ.
struct LineKey {
    std::uint64_t key = 0;
    bool empty = true; // nothing but whitespace
};

namespace detail {

// The key of the line's bytes as written, and whether they need no normalizing: no two spaces in
// a row and no byte below ' ' (a tab, a carriage return, any control byte). Most lines of code,
// once their ends are trimmed, are their own normalized text, read a word at a time.
inline LineKey key_as_written(std::string_view bytes, bool& normal) noexcept {
    constexpr std::uint64_t controls = text::each_byte * 0xe0, spaces = text::each_byte * ' ';
    std::uint64_t h = 0x9e3779b97f4a7c15ULL, irregular = 0, space_before = 0;
    std::size_t i = 0;
    for (; i + 8 <= bytes.size(); i += 8) {
        const std::uint64_t w = text::word_at(bytes.data() + i);
        const std::uint64_t space = text::zero_bytes(w ^ spaces);
        irregular |= text::zero_bytes(w & controls) | (space & ((space << 8) | space_before));
        space_before = space >> 56;
        h = mix64(h ^ w);
    }
    std::uint64_t last = 0;
    for (std::size_t k = 0; i + k < bytes.size(); ++k) {
        const unsigned char c = static_cast<unsigned char>(bytes[i + k]);
        irregular |= static_cast<std::uint64_t>(c < ' ' || (space_before && c == ' '));
        space_before = c == ' ';
        last |= std::uint64_t(c) << (8 * k);
    }
    normal = irregular == 0;
    return {mix64(mix64(h ^ last) + bytes.size()), bytes.empty()};
}

// The key of the normalized text built byte by byte, for the lines that need normalizing.
inline LineKey key_normalizing(std::string_view line) noexcept {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL, word = 0;
    std::size_t bytes = 0;
    auto add = [&](unsigned char c) {
        word |= std::uint64_t(c) << (8 * (bytes % 8));
        if (++bytes % 8 == 0) {
            h = mix64(h ^ word);
            word = 0;
        }
    };
    bool pending_space = false;
    for (const char c : line) {
        if (is_collapsed_space(c)) {
            pending_space = bytes > 0;
            continue;
        }
        if (pending_space)
            add(' ');
        pending_space = false;
        add(static_cast<unsigned char>(c));
    }
    return {mix64(mix64(h ^ word) + bytes), bytes == 0};
}

} // namespace detail

inline LineKey line_key(std::string_view line) noexcept {
    std::size_t begin = 0, end = line.size();
    while (begin < end && detail::is_collapsed_space(line[begin]))
        ++begin;
    while (end > begin && detail::is_collapsed_space(line[end - 1]))
        --end;
    bool normal = false;
    const LineKey written = detail::key_as_written(line.substr(begin, end - begin), normal);
    return normal ? written : detail::key_normalizing(line);
}

// The key of `count` consecutive line keys: order matters and the count is part of it, so a short
// body's one window never equals a window of a longer one.
inline std::uint64_t window_key(const std::uint64_t* keys, std::size_t count) noexcept {
    std::uint64_t h = detail::mix64(0x243f6a8885a308d3ULL + count);
    for (std::size_t i = 0; i < count; ++i)
        h = detail::mix64(h ^ keys[i]) + 0x9e3779b97f4a7c15ULL;
    return h;
}

} // namespace odo::refactor
