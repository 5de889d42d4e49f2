// Words read eight bytes at a time against a byte-by-byte reading: zero_bytes marks exactly the
// zero bytes, and next_byte_of finds what a byte-by-byte search finds, at every offset of texts
// where the bytes sought sit at every place of a word, next to bytes one bit away from them.
#include <odo/core/byte_search.hpp>

#include <doctest/doctest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

std::size_t next_of_slowly(std::string_view text, std::size_t from, std::string_view bytes) {
    while (from < text.size() && bytes.find(text[from]) == std::string_view::npos)
        ++from;
    return from;
}

} // namespace

TEST_CASE("next_byte_of finds the first of its bytes from an offset, or the end") {
    CHECK(odo::text::next_byte_of<'/', '"'>("", 0) == 0);
    CHECK(odo::text::next_byte_of<'/', '"'>("abc", 0) == 3);
    CHECK(odo::text::next_byte_of<'/', '"'>("a/c\"", 2) == 3);
    // Each byte sought, and its neighbours by one bit and by one (a borrow from the byte below
    // must not mark a byte above it), at each place of a 20-byte text.
    const std::string filler = "\x01\x7f\x80\xff.0(*{-";
    for (const char sought : {'/', '"', '\'', '\0', '\xff'})
        for (std::size_t at = 0; at < 20; ++at)
            for (const char around : {static_cast<char>(sought ^ 1), static_cast<char>(sought + 1),
                                      static_cast<char>(sought - 1), '\0', 'x'}) {
                std::string text(20, around);
                for (std::size_t k = 0; k < text.size(); k += 3)
                    text[k] = filler[k % filler.size()];
                text[at] = sought;
                CAPTURE(at);
                for (std::size_t from = 0; from <= text.size(); ++from) {
                    CHECK(odo::text::next_byte_of<'/', '"', '\''>(text, from) ==
                          next_of_slowly(text, from, "/\"'"));
                    CHECK(odo::text::next_byte_of<'\0', '\xff'>(text, from) ==
                          next_of_slowly(text, from, std::string_view("\0\xff", 2)));
                }
            }
}

TEST_CASE("zero_bytes marks each zero byte of a word and no other") {
    std::uint64_t state = 5;
    for (int k = 0; k < 100000; ++k) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        std::uint64_t w = state;
        for (int b = 0; b < 8; ++b) // about half the bytes zero, the rest 0x01, 0x80 or random
            if ((state >> (b + 40)) & 1)
                w &= ~(0xffULL << (8 * b));
            else if ((state >> (b + 48)) & 1)
                w = (w & ~(0xffULL << (8 * b))) | (std::uint64_t((b & 1) ? 0x80 : 0x01) << (8 * b));
        std::uint64_t expected = 0;
        for (int b = 0; b < 8; ++b)
            if (((w >> (8 * b)) & 0xff) == 0)
                expected |= 0x80ULL << (8 * b);
        CAPTURE(w);
        CHECK(odo::text::zero_bytes(w) == expected);
    }
    char bytes[8] = {'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'};
    CHECK((odo::text::word_at(bytes) & 0xff) == 'a'); // the first byte lowest
}
