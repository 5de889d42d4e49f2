#pragma once
// SipHash-2-4 (Aumasson and Bernstein, 2012): a keyed pseudo-random function with a 64-bit
// output. odo compares files a change's author wrote by digests of their contents; with a key
// drawn at random for each run, that author cannot choose two different contents that digest
// alike, which no unkeyed hash (FNV, xxHash, a truncated BLAKE2b) can promise.
#include <cstddef>
#include <cstdint>
#include <cstring>
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

// The little-endian word of `n` <= 8 bytes.
inline std::uint64_t load_le64(const unsigned char* p, std::size_t n) noexcept {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    std::uint64_t m = 0;
    std::memcpy(&m, p, n);
    return m;
#else
    std::uint64_t m = 0;
    for (std::size_t i = 0; i < n; ++i)
        m |= static_cast<std::uint64_t>(p[i]) << (8 * i);
    return m;
#endif
}

} // namespace detail

// SipHash-2-4 of a message given as whole little-endian words, then at most one byte string:
// the same digest as `siphash24` of those bytes laid end to end, without assembling them (a
// word written into a buffer a byte off from where it is read back stalls the CPU).
class SipHasher {
public:
    explicit SipHasher(const SipKey& key) noexcept
        : s_{key.k0 ^ 0x736f6d6570736575ULL, key.k1 ^ 0x646f72616e646f6dULL,
             key.k0 ^ 0x6c7967656e657261ULL, key.k1 ^ 0x7465646279746573ULL} {}

    SipHasher& word(std::uint64_t m) noexcept {
        s_.absorb(m);
        size_ += 8;
        return *this;
    }
    SipHasher& words(const std::uint64_t* m, std::size_t n) noexcept {
        for (std::size_t i = 0; i < n; ++i)
            word(m[i]);
        return *this;
    }
    // The last bytes of the message, and its digest.
    std::uint64_t finish(const void* data = nullptr, std::size_t n = 0) noexcept {
        const auto* bytes = static_cast<const unsigned char*>(data);
        const std::size_t whole = n - n % 8;
        for (std::size_t i = 0; i < whole; i += 8)
            s_.absorb(detail::load_le64(bytes + i, 8));
        const std::size_t size = size_ + n;
        s_.absorb((n % 8 ? detail::load_le64(bytes + whole, n % 8) : 0) |
                  (static_cast<std::uint64_t>(size) << 56));
        s_.v2 ^= 0xff;
        for (int i = 0; i < 4; ++i)
            s_.round();
        return s_.v0 ^ s_.v1 ^ s_.v2 ^ s_.v3;
    }

private:
    detail::SipState s_;
    std::size_t size_ = 0;
};

inline std::uint64_t siphash24(const SipKey& key, const void* data, std::size_t size) noexcept {
    return SipHasher(key).finish(data, size);
}

} // namespace odo
