#pragma once
#include "odo/pixel/element.hpp"

#include <cstdint>

namespace odo::pixel {

// What a NaN on either side means. Mismatch is torch.testing's default (equal_nan=False): a NaN
// in an image operator's output is almost always a bug, even where the reference has one too.
enum class NanPolicy : std::uint8_t { Mismatch, MatchNan };

// When an output element a is close enough to its reference element e:
//   integers: |a - e| <= floor(atol), the difference taken without wrap-around;
//   floating point: a == e, or |a - e| is finite and at most atol + rtol * |e|, or |a - e| is
//   finite and a and e are at most `ulp` units in the last place apart. Evaluated in double
//   precision, to which f16 and f32 values convert exactly.
// An infinity therefore matches only the same infinity, never a finite value, whatever the
// tolerance; NaN follows `nan`. All zero is exact equality ("bit-exact" for integers).
struct Tolerance {
    double atol = 0.0;
    double rtol = 0.0;
    std::uint64_t ulp = 0;
    NanPolicy nan = NanPolicy::Mismatch;

    static Tolerance exact() noexcept { return {}; }
    static Tolerance absolute(double atol) noexcept { return {atol, 0.0, 0, NanPolicy::Mismatch}; }
    // torch.testing.assert_close's rule, with both bounds explicit.
    static Tolerance close(double rtol, double atol) noexcept {
        return {atol, rtol, 0, NanPolicy::Mismatch};
    }
    static Tolerance ulps(std::uint64_t units) noexcept {
        return {0.0, 0.0, units, NanPolicy::Mismatch};
    }
    Tolerance with_nan(NanPolicy policy) const noexcept {
        Tolerance t = *this;
        t.nan = policy;
        return t;
    }

    bool is_exact() const noexcept { return atol == 0.0 && rtol == 0.0 && ulp == 0; }
};

// torch.testing's per-type defaults: f16 rtol 1e-3 atol 1e-5, f32 rtol 1.3e-6 atol 1e-5,
// f64 rtol 1e-7 atol 1e-7; integers exact; NaN a mismatch.
inline Tolerance default_tolerance(ElementType type) noexcept {
    if (!type.is_float())
        return Tolerance::exact();
    if (type.bytes == 2)
        return Tolerance::close(1e-3, 1e-5);
    if (type.bytes == 4)
        return Tolerance::close(1.3e-6, 1e-5);
    return Tolerance::close(1e-7, 1e-7);
}

} // namespace odo::pixel
