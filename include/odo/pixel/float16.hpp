#pragma once
#include "odo/pixel/detail/host_device.hpp"

#include <cstdint>

namespace odo::pixel {

// IEEE 754 binary16 held as its bits, so host code can store and compare half-precision buffers
// without CUDA headers. Same size and bit layout as CUDA's __half.
struct float16 {
    std::uint16_t
        bits; // no initializer: a trivial type, copied with memcpy like the raw bytes it views
};

// Exact: every binary16 value is a binary32 value.
ODO_PIXEL_HD inline float to_float(float16 h) noexcept {
    const std::uint32_t sign = std::uint32_t(h.bits & 0x8000u) << 16;
    const std::uint32_t exponent = (h.bits >> 10) & 0x1fu;
    const std::uint32_t mantissa = h.bits & 0x3ffu;
    // Integer arithmetic for subnormals, so flush-to-zero modes cannot change the result.
    const float subnormal = float(mantissa) * 0x1p-24f;
    const std::uint32_t rebiased = ((exponent + (127 - 15)) << 23) | (mantissa << 13);
    const std::uint32_t magnitude = exponent == 0    ? detail::bit_cast<std::uint32_t>(subnormal)
                                    : exponent == 31 ? 0x7f800000u | (mantissa << 13)
                                                     : rebiased;
    return detail::bit_cast<float>(sign | magnitude);
}

// Round to nearest, ties to even; NaN becomes the quiet NaN 0x7e00. For building references and
// test data on the host.
inline float16 to_float16(float value) noexcept {
    std::uint32_t bits = detail::bit_cast<std::uint32_t>(value);
    const std::uint32_t sign = bits & 0x80000000u;
    bits ^= sign;
    std::uint32_t half = 0;
    if (bits >= 0x47800000u) { // 65536 and above, infinities and NaN
        half = bits > 0x7f800000u ? 0x7e00u : 0x7c00u;
    } else if (bits < 0x38800000u) { // below 2^-14: subnormal or zero in binary16
        // Adding 0.5 aligns the ten mantissa bits at the bottom; the FPU does the rounding.
        const float aligned = detail::bit_cast<float>(bits) + 0.5f;
        half = detail::bit_cast<std::uint32_t>(aligned) - 0x3f000000u;
    } else {
        const std::uint32_t odd = (bits >> 13) & 1u;
        bits += (std::uint32_t(15 - 127) << 23) + 0xfffu + odd; // rebias, round half to even
        half = bits >> 13;
    }
    return float16{std::uint16_t(half | (sign >> 16))};
}

} // namespace odo::pixel
