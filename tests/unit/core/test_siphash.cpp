// SipHash-2-4 against the reference implementation's test vectors (key 00 01 … 0f, message
// 00 01 … of each length), and its key: the same bytes under another key digest differently.
#include <odo/core/siphash.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace {

std::vector<unsigned char> counting_bytes(std::size_t n) {
    std::vector<unsigned char> bytes(n);
    for (std::size_t i = 0; i < n; ++i)
        bytes[i] = static_cast<unsigned char>(i);
    return bytes;
}

constexpr odo::SipKey reference_key{0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL};

} // namespace

TEST_CASE("siphash24 reproduces the reference vectors") {
    CHECK(odo::siphash24(reference_key, nullptr, 0) == 0x726fdb47dd0e0e31ULL);
    CHECK(odo::siphash24(reference_key, counting_bytes(1).data(), 1) == 0x74f839c593dc67fdULL);
    CHECK(odo::siphash24(reference_key, counting_bytes(7).data(), 7) == 0xab0200f58b01d137ULL);
    CHECK(odo::siphash24(reference_key, counting_bytes(8).data(), 8) == 0x93f5f5799a932462ULL);
    // The paper's worked example: 15 bytes, one whole word and a tail of seven.
    CHECK(odo::siphash24(reference_key, counting_bytes(15).data(), 15) == 0xa129ca6149be45e5ULL);
}

TEST_CASE("siphash24 depends on its key, and random keys differ") {
    const auto bytes = counting_bytes(40);
    const odo::SipKey other{reference_key.k0 ^ 1, reference_key.k1};
    CHECK(odo::siphash24(reference_key, bytes.data(), bytes.size()) !=
          odo::siphash24(other, bytes.data(), bytes.size()));
    const odo::SipKey a = odo::random_sip_key(), b = odo::random_sip_key();
    CHECK((a.k0 != b.k0 || a.k1 != b.k1));
}

TEST_CASE("SipHasher's words and tail digest what siphash24 digests of the same bytes") {
    const auto bytes = counting_bytes(3 * 8 + 17);
    for (std::size_t words = 0; words <= 3; ++words)
        for (std::size_t tail = 0; tail <= 17; ++tail) {
            std::uint64_t w[3];
            std::memcpy(w, bytes.data(), words * 8);
            odo::SipHasher h(reference_key);
            h.words(w, words);
            CHECK(h.finish(bytes.data() + words * 8, tail) ==
                  odo::siphash24(reference_key, bytes.data(), words * 8 + tail));
        }
}
