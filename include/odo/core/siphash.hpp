#pragma once
// SipHash-2-4 (Aumasson and Bernstein, 2012): a keyed pseudo-random function with a 64-bit
// output. odo compares files a change's author wrote by digests of their contents; with a key
// drawn at random for each run, that author cannot choose two different contents that digest
// alike, which no unkeyed hash (FNV, xxHash, a truncated BLAKE2b) can promise.
#include <cstddef>
#include <cstdint>
#include <random>

namespace odo {

struct SipKey {
    std::uint64_t k0 = 0, k1 = 0;
};

// A key from the operating system's random source (getrandom on Linux).
inline SipKey random_sip_key() {
    std::random_device device;
    const auto word = [&] {
        return (static_cast<std::uint64_t>(device()) << 32) ^ static_cast<std::uint64_t>(device());
    };
    SipKey key;
    key.k0 = word();
    key.k1 = word();
    return key;
}

namespace detail {

constexpr std::uint64_t rotl(std::uint64_t x, int b) noexcept {
    return (x << b) | (x >> (64 - b));
}

struct SipState {
    std::uint64_t v0, v1, v2, v3;

    void round() noexcept {
        v0 += v1;
        v1 = rotl(v1, 13);
        v1 ^= v0;
        v0 = rotl(v0, 32);
        v2 += v3;
        v3 = rotl(v3, 16);
        v3 ^= v2;
        v0 += v3;
        v3 = rotl(v3, 21);
        v3 ^= v0;
        v2 += v1;
        v1 = rotl(v1, 17);
        v1 ^= v2;
        v2 = rotl(v2, 32);
    }

    void absorb(std::uint64_t m) noexcept {
        v3 ^= m;
        round();
        round();
        v0 ^= m;
    }
};

inline std::uint64_t load_le64(const unsigned char* p, std::size_t n) noexcept {
    std::uint64_t m = 0;
    for (std::size_t i = 0; i < n; ++i)
        m |= static_cast<std::uint64_t>(p[i]) << (8 * i);
    return m;
}

} // namespace detail

inline std::uint64_t siphash24(const SipKey& key, const void* data, std::size_t size) noexcept {
    detail::SipState s{key.k0 ^ 0x736f6d6570736575ULL, key.k1 ^ 0x646f72616e646f6dULL,
                       key.k0 ^ 0x6c7967656e657261ULL, key.k1 ^ 0x7465646279746573ULL};
    const auto* bytes = static_cast<const unsigned char*>(data);
    const std::size_t whole = size - size % 8;
    for (std::size_t i = 0; i < whole; i += 8)
        s.absorb(detail::load_le64(bytes + i, 8));
    s.absorb(detail::load_le64(bytes + whole, size % 8) | (static_cast<std::uint64_t>(size) << 56));
    s.v2 ^= 0xff;
    for (int i = 0; i < 4; ++i)
        s.round();
    return s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
}

} // namespace odo
