// next_byte_of against a byte-by-byte search: every offset of texts where the bytes sought sit
// at every place of a word, next to bytes one bit away from them, and near the end.
#include <odo/core/byte_search.hpp>

#include <doctest/doctest.h>

#include <cstddef>
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
