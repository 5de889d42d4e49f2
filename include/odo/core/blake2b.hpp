#pragma once
// BLAKE2b (RFC 7693), unkeyed, with the digest length as a parameter: the hash the campaign ledger
// names the files it cites and chains its lines with, and refactor_op and the device-code proof
// fingerprint sources and compiles with. A fingerprint is an 8-byte digest read as a big-endian
// unsigned integer, so it is the same number wherever it is computed (Python's
// hashlib.blake2b(digest_size=8) included) and never depends on a per-process salt.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace odo {

namespace detail {

constexpr std::array<std::uint64_t, 8> blake2b_iv{
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL};

constexpr std::uint8_t blake2b_sigma[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3}};

constexpr std::uint64_t rotr64(std::uint64_t x, int n) noexcept {
    return (x >> n) | (x << (64 - n));
}

class Blake2b {
public:
    explicit Blake2b(std::size_t digest_bytes) noexcept : h_(blake2b_iv) {
        h_[0] ^= 0x01010000ULL ^ static_cast<std::uint64_t>(digest_bytes);
    }

    void update(std::string_view data) noexcept {
        for (const char c : data) {
            if (filled_ == block_.size()) {
                counter_ += block_.size();
                compress(false);
                filled_ = 0;
            }
            block_[filled_++] = static_cast<std::uint8_t>(c);
        }
    }

    std::array<std::uint64_t, 8> finish() noexcept {
        counter_ += filled_;
        for (std::size_t i = filled_; i < block_.size(); ++i)
            block_[i] = 0;
        compress(true);
        return h_;
    }

private:
    static void mix(std::uint64_t* v, int a, int b, int c, int d, std::uint64_t x,
                    std::uint64_t y) noexcept {
        v[a] = v[a] + v[b] + x;
        v[d] = rotr64(v[d] ^ v[a], 32);
        v[c] = v[c] + v[d];
        v[b] = rotr64(v[b] ^ v[c], 24);
        v[a] = v[a] + v[b] + y;
        v[d] = rotr64(v[d] ^ v[a], 16);
        v[c] = v[c] + v[d];
        v[b] = rotr64(v[b] ^ v[c], 63);
    }

    void compress(bool last) noexcept {
        std::uint64_t m[16];
        for (int i = 0; i < 16; ++i) {
            m[i] = 0;
            for (int b = 7; b >= 0; --b)
                m[i] = (m[i] << 8) | block_[static_cast<std::size_t>(i * 8 + b)];
        }
        std::uint64_t v[16];
        for (int i = 0; i < 8; ++i) {
            v[i] = h_[static_cast<std::size_t>(i)];
            v[i + 8] = blake2b_iv[static_cast<std::size_t>(i)];
        }
        v[12] ^= counter_; // the byte counter's high word stays 0: inputs are far below 2^64 bytes
        if (last)
            v[14] = ~v[14];
        for (const auto& s : blake2b_sigma) {
            mix(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
            mix(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
            mix(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
            mix(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
            mix(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
            mix(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
            mix(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
            mix(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
        }
        for (std::size_t i = 0; i < 8; ++i)
            h_[i] ^= v[i] ^ v[i + 8];
    }

    std::array<std::uint64_t, 8> h_;
    std::array<std::uint8_t, 128> block_{};
    std::size_t filled_ = 0;
    std::uint64_t counter_ = 0;
};

} // namespace detail

// The 32-byte BLAKE2b digest of `data` as 64 lowercase hex digits, bytes in digest order (what
// `b2sum -l 256` and Python's hashlib.blake2b(digest_size=32).hexdigest() print): how a campaign
// ledger names the files it cites and chains its lines. Small enough to stay inline everywhere.
inline std::string blake2b_256_hex(std::string_view data) {
    detail::Blake2b hash(32);
    hash.update(data);
    const auto words = hash.finish();
    static const char digits[] = "0123456789abcdef";
    std::string hex;
    hex.reserve(64);
    for (std::size_t w = 0; w < 4; ++w)
        for (int b = 0; b < 8; ++b) {
            const auto byte = static_cast<unsigned>((words[w] >> (8 * b)) & 0xFF);
            hex += digits[byte >> 4];
            hex += digits[byte & 0xF];
        }
    return hex;
}

// The 8-byte BLAKE2b digest of `data`, its bytes read most significant first.
inline std::uint64_t blake2b_64(std::string_view data) noexcept {
    detail::Blake2b hash(8);
    hash.update(data);
    const std::uint64_t word = hash.finish()[0]; // the digest is this word's little-endian bytes
    std::uint64_t big_endian = 0;
    for (int i = 0; i < 8; ++i)
        big_endian = (big_endian << 8) | ((word >> (8 * i)) & 0xFF);
    return big_endian;
}

} // namespace odo
