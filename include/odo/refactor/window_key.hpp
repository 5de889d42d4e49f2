#pragma once
// The keys near-duplicate matching compares: one per normalized line, one per window of lines.
// Only whether two windows are equal matters to a jaccard ratio, never the number itself, and no
// report prints a window's key, so the key is a fast 64-bit mix rather than the BLAKE2b digest the
// reported fingerprints use (blake2b.hpp): a line is keyed once, as it is normalized, and a
// window's key combines its lines' keys, so a line shared by five windows is read once, not five
// times.
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
// mixed at a time; the length ends the key, so a line and its zero-padded extension differ.
struct LineKey {
    std::uint64_t key = 0;
    bool empty = true; // nothing but whitespace
};

inline LineKey line_key(std::string_view line) noexcept {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL, word = 0;
    std::size_t bytes = 0;
    auto add = [&](unsigned char c) {
        word |= std::uint64_t(c) << (8 * (bytes % 8));
        if (++bytes % 8 == 0) {
            h = detail::mix64(h ^ word);
            word = 0;
        }
    };
    bool pending_space = false;
    for (const char c : line) {
        if (detail::is_collapsed_space(c)) {
            pending_space = bytes > 0;
            continue;
        }
        if (pending_space)
            add(' ');
        pending_space = false;
        add(static_cast<unsigned char>(c));
    }
    return {detail::mix64(detail::mix64(h ^ word) + bytes), bytes == 0};
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
