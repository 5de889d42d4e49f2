#pragma once
#include "odo/pixel/detail/host_device.hpp"
#include "odo/pixel/float16.hpp"
#include "odo/pixel/tolerance.hpp"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <type_traits>

// The per-element rule of tolerance.hpp, written once for the host scan, the host report and the
// CUDA kernels. Branch-free where it matters so that g++ -O2 vectorizes the host loops.
namespace odo::pixel::detail {

// A Tolerance reduced to what the element loops need; plain data so kernels can take it.
struct Rule {
    double atol = 0.0;
    double rtol = 0.0;
    std::uint64_t ulp = 0;
    std::uint64_t integer_atol = 0;
    bool nan_equal = false;
};

inline Rule make_rule(const Tolerance& t) noexcept {
    Rule rule{t.atol, t.rtol, t.ulp, 0, t.nan == NanPolicy::MatchNan};
    const double whole = std::floor(t.atol);
    rule.integer_atol = whole >= 0x1p64 ? UINT64_MAX : static_cast<std::uint64_t>(whole);
    return rule;
}

// Reads one element; the host copies bytes so that no alignment or aliasing rule is involved.
template <class S>
ODO_PIXEL_HD inline S load(const unsigned char* at) noexcept {
#if defined(__CUDA_ARCH__)
    return *reinterpret_cast<const S*>(at);
#else
    S value;
    memcpy(&value, at, sizeof(S));
    return value;
#endif
}

ODO_PIXEL_HD inline double to_double(float16 v) noexcept {
    return to_float(v);
}
ODO_PIXEL_HD inline double to_double(float v) noexcept {
    return v;
}
ODO_PIXEL_HD inline double to_double(double v) noexcept {
    return v;
}

ODO_PIXEL_HD inline bool is_finite(double v) noexcept {
    return fabs(v) <= DBL_MAX;
}

// Float bits mapped to unsigned integers in value order, so that the difference of two keys
// counts the representable values between them (units in the last place).
template <class Bits>
ODO_PIXEL_HD inline std::uint64_t ordered_key(Bits bits) noexcept {
    constexpr Bits sign = Bits(Bits(1) << (sizeof(Bits) * 8 - 1));
    return (bits & sign) ? std::uint64_t(Bits(~bits)) : std::uint64_t(Bits(bits | sign));
}

ODO_PIXEL_HD inline std::uint64_t ulp_key(float16 v) noexcept {
    return ordered_key(v.bits);
}
ODO_PIXEL_HD inline std::uint64_t ulp_key(float v) noexcept {
    return ordered_key(bit_cast<std::uint32_t>(v));
}
ODO_PIXEL_HD inline std::uint64_t ulp_key(double v) noexcept {
    return ordered_key(bit_cast<std::uint64_t>(v));
}

template <class S>
ODO_PIXEL_HD inline std::uint64_t ulp_distance(S a, S e) noexcept {
    const std::uint64_t ka = ulp_key(a), ke = ulp_key(e);
    return ka > ke ? ka - ke : ke - ka;
}

// |a - e| for integers without wrap-around: u8 0 vs 255 is 255, not 1; i64 extremes fit.
template <class S>
ODO_PIXEL_HD inline std::make_unsigned_t<S> integer_distance(S a, S e) noexcept {
    using U = std::make_unsigned_t<S>;
    return a > e ? U(U(a) - U(e)) : U(U(e) - U(a));
}

template <class S>
ODO_PIXEL_HD inline std::make_unsigned_t<S> integer_threshold(const Rule& rule) noexcept {
    using U = std::make_unsigned_t<S>;
    return rule.integer_atol >= std::uint64_t(U(~U(0))) ? U(~U(0)) : U(rule.integer_atol);
}

// WithUlp is a compile-time switch so the common loops skip the key arithmetic.
template <bool WithUlp, class S>
ODO_PIXEL_HD inline bool is_close(S a, S e, const Rule& rule) noexcept {
    if constexpr (std::is_integral_v<S>) {
        return integer_distance(a, e) <= integer_threshold<S>(rule);
    } else {
        const double av = to_double(a), ev = to_double(e);
        const double diff = fabs(av - ev);
        const bool finite_pair = diff <= DBL_MAX; // false when either side is infinite or NaN
        bool close = (av == ev) | (finite_pair & (diff <= rule.atol + rule.rtol * fabs(ev)));
        close |= rule.nan_equal & (av != av) & (ev != ev);
        if constexpr (WithUlp)
            close |= finite_pair & (ulp_distance(a, e) <= rule.ulp);
        return close;
    }
}

// What a report needs to know about one mismatching element.
struct Judgement {
    bool nan = false;      // either side is NaN
    bool infinite = false; // either side is infinite, neither is NaN
    double abs_error = 0.0;
    double rel_error = 0.0;     // abs_error / |reference|; infinite when the reference is 0
    std::uint64_t distance = 0; // integer difference or ulp distance; 0 when not finite
};

template <class S>
ODO_PIXEL_HD inline Judgement judge(S a, S e) noexcept {
    Judgement j;
    if constexpr (std::is_integral_v<S>) {
        j.distance = integer_distance(a, e);
        j.abs_error = double(j.distance);
        const double reference = fabs(double(e));
        j.rel_error = reference == 0.0 ? HUGE_VAL : j.abs_error / reference;
    } else {
        const double av = to_double(a), ev = to_double(e);
        j.nan = av != av || ev != ev;
        j.infinite = !j.nan && !(is_finite(av) && is_finite(ev));
        j.abs_error = fabs(av - ev);
        j.rel_error = ev == 0.0 ? HUGE_VAL : j.abs_error / fabs(ev);
        j.distance = j.nan || j.infinite ? 0 : ulp_distance(a, e);
    }
    return j;
}

// Buckets of the error histogram, in units in the last place: 1, 2-3, 4-15, 16 and more.
constexpr int distance_buckets = 4;

ODO_PIXEL_HD inline int distance_bucket(std::uint64_t distance) noexcept {
    return distance <= 1 ? 0 : distance <= 3 ? 1 : distance <= 15 ? 2 : 3;
}

} // namespace odo::pixel::detail
