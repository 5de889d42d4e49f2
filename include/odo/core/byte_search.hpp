#pragma once
// Text read eight bytes at a time. The scanners that skip plain code to the next byte that may
// open a comment, a literal or a brace (blank_comments, strip_code, the brace walk) and the key of
// every line assess compares (window_key.hpp) read every byte of every source it prepares, and a
// test of each byte, against each byte of theirs, cost them more than the rest of their work. A
// word holds a byte where the word xor that byte repeated has a zero byte, which a few operations
// show for all eight.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace odo::text {

constexpr std::uint64_t each_byte = 0x0101010101010101ULL;

// The eight bytes at `p`, the first in the lowest bits whatever the machine's byte order.
inline std::uint64_t word_at(const char* p) noexcept {
    std::uint64_t w;
    std::memcpy(&w, p, sizeof w);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    return w;
}

// The high bit of each byte of `v` that is zero, and of no other: the low seven bits of a byte
// plus 0x7f reach its high bit unless they are all zero, and never carry into the next byte.
constexpr std::uint64_t zero_bytes(std::uint64_t v) noexcept {
    constexpr std::uint64_t low_bits = each_byte * 0x7f;
    return ~(((v & low_bits) + low_bits) | v | low_bits);
}

// The offset of the first of `Bytes` in `text` at or after `from`, or the text's size.
template <char... Bytes>
std::size_t next_byte_of(std::string_view text, std::size_t from) noexcept {
    std::size_t i = from;
    for (; i + 8 <= text.size(); i += 8) {
        const std::uint64_t w = word_at(text.data() + i);
        if (const std::uint64_t hit =
                (zero_bytes(w ^ (each_byte * static_cast<unsigned char>(Bytes))) | ...))
            return i + static_cast<std::size_t>(__builtin_ctzll(hit)) / 8;
    }
    while (i < text.size() && ((text[i] != Bytes) && ...))
        ++i;
    return i;
}

} // namespace odo::text
