// BLAKE2b-64 equal to values computed independently (Python's hashlib.blake2b(data,
// digest_size=8), read big-endian).
#include <odo/core/blake2b.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <string>

using odo::blake2b_64;

TEST_CASE("BLAKE2b-64 equals hashlib.blake2b(digest_size=8) read big-endian") {
    CHECK(blake2b_64("") == 16476032584258269876ULL);
    CHECK(blake2b_64("abc") == 15617099051652453721ULL);
    CHECK(blake2b_64(std::string(128, 'a')) == 17322607777553455322ULL); // exactly one block
    CHECK(blake2b_64(std::string(129, 'a')) == 16456807641638085273ULL); // one byte into a second
    CHECK(blake2b_64(std::string(300, 'x')) == 1348047167962039829ULL);
    CHECK(blake2b_64("caf\xC3\xA9 \xE2\x80\x94") == 11931522935070061072ULL); // UTF-8 bytes
}
