#include <odo/pixel/float16.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>

using odo::pixel::float16;
using odo::pixel::to_float;
using odo::pixel::to_float16;

namespace {
float16 bits(std::uint16_t b) {
    return float16{b};
}
} // namespace

TEST_CASE("float16 decodes normal, subnormal and special values exactly") {
    CHECK(to_float(bits(0x3c00)) == 1.0f);
    CHECK(to_float(bits(0xc000)) == -2.0f);
    CHECK(to_float(bits(0x7bff)) == 65504.0f);
    CHECK(to_float(bits(0x0400)) == std::ldexp(1.0f, -14)); // smallest normal
    CHECK(to_float(bits(0x0001)) == std::ldexp(1.0f, -24)); // smallest subnormal
    CHECK(to_float(bits(0x03ff)) == std::ldexp(1023.0f, -24));
    CHECK(to_float(bits(0x3555)) == 0x1.554p-2f);
    CHECK(std::signbit(to_float(bits(0x8000))));
    CHECK(to_float(bits(0x8000)) == 0.0f);
    CHECK(to_float(bits(0x7c00)) == std::numeric_limits<float>::infinity());
    CHECK(to_float(bits(0xfc00)) == -std::numeric_limits<float>::infinity());
    CHECK(std::isnan(to_float(bits(0x7e00))));
    CHECK(std::isnan(to_float(bits(0xfc01))));
}

TEST_CASE("every float16 survives a round trip through float") {
    int checked = 0;
    for (std::uint32_t b = 0; b <= 0xffff; ++b) {
        const float16 h = bits(std::uint16_t(b));
        const float f = to_float(h);
        if (std::isnan(f)) {
            CHECK(std::isnan(to_float(to_float16(f))));
            continue;
        }
        if (to_float16(f).bits != h.bits)
            FAIL_CHECK("round trip changed " << b);
        ++checked;
    }
    CHECK(checked == 65536 - 2046); // all but the NaN patterns
}

TEST_CASE("float to float16 rounds to nearest, ties to even") {
    const float one_ulp = std::ldexp(1.0f, -10);              // binary16 spacing at 1.0
    CHECK(to_float16(1.0f + one_ulp / 2).bits == 0x3c00);     // tie: down to the even 1.0
    CHECK(to_float16(1.0f + 3 * one_ulp / 2).bits == 0x3c02); // tie: up to the even 1+2^-9
    CHECK(to_float16(1.0f + one_ulp / 2 + 1e-6f).bits == 0x3c01);
    CHECK(to_float16(65519.0f).bits == 0x7bff);
    CHECK(to_float16(65520.0f).bits == 0x7c00); // halfway to 65536 rounds to infinity
    CHECK(to_float16(1e10f).bits == 0x7c00);
    CHECK(to_float16(-1e10f).bits == 0xfc00);
    CHECK(to_float16(std::ldexp(1.0f, -25)).bits == 0x0000); // tie: down to even zero
    CHECK(to_float16(std::ldexp(3.0f, -25)).bits == 0x0002); // tie: up to even 2^-23
    CHECK(to_float16(std::ldexp(1.0f, -26)).bits == 0x0000);
    CHECK(to_float16(-0.0f).bits == 0x8000);
    CHECK(to_float16(std::numeric_limits<float>::quiet_NaN()).bits == 0x7e00);
}
