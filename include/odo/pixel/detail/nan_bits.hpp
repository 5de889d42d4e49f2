#pragma once
#include "odo/pixel/float16.hpp"

#include <cstdint>
#include <cstring>
#include <type_traits>

// Finding NaNs among floating-point elements with integer operations on their bits (and, add,
// or): one loop for f16, f32 and f64 that SSE2 vectorizes, though it has no f16 arithmetic.
namespace odo::pixel::detail {

// The unsigned word holding the bits of a float16, float or double.
template <class S>
using float_word =
    std::conditional_t<sizeof(S) == 2, std::uint16_t,
                       std::conditional_t<sizeof(S) == 4, std::uint32_t, std::uint64_t>>;

// The bits of +infinity: a magnitude above them is a NaN's.
template <class S>
constexpr std::uint64_t infinity_bits = 0x7ff0000000000000u; // double
template <>
constexpr std::uint64_t infinity_bits<float> = 0x7f800000u;
template <>
constexpr std::uint64_t infinity_bits<float16> = 0x7c00u;

// A word whose sign bit is set exactly when `bits` are a NaN's: adding the gap between the
// largest magnitude and infinity's to the element's magnitude carries into the sign bit.
template <class S>
inline float_word<S> nan_in_sign(float_word<S> bits) noexcept {
    using Word = float_word<S>;
    constexpr Word magnitude = Word(Word(~Word(0)) >> 1);
    return Word(Word(bits & magnitude) + Word(magnitude - infinity_bits<S>));
}

// Whether any of the Count elements at `data` is a NaN. A fixed count, so that g++ -O2 (which
// vectorizes only loops without a scalar remainder) vectorizes it, and 32 bytes of lanes, two
// SSE2 registers whose or-chains run side by side: one chain alone is the loop's bound.
template <class S, std::int64_t Count>
bool holds_nan(const unsigned char* data) noexcept {
    using Word = float_word<S>;
    constexpr std::int64_t lanes = 32 / std::int64_t(sizeof(S));
    static_assert(Count % lanes == 0, "whole rounds of lanes");
    Word nan[std::size_t(lanes)] = {};
    for (std::int64_t k = 0; k < Count; k += lanes)
        for (std::int64_t j = 0; j < lanes; ++j) {
            Word bits;
            std::memcpy(&bits, data + (k + j) * std::int64_t(sizeof(S)), sizeof(S));
            nan[std::size_t(j)] |= nan_in_sign<S>(bits);
        }
    Word any = 0;
    for (const Word lane : nan)
        any |= lane;
    return (any >> (sizeof(Word) * 8 - 1)) != 0;
}

} // namespace odo::pixel::detail
