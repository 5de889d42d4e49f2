#pragma once
#include <cstring>

// The per-element rule and the element conversions are shared by the host comparison and the
// kernels of device_compare.cuh, so the two can never disagree on what "close" means.
// They are also forced inline: the host scan vectorizes only when the per-element rule is
// inlined into its loops, and g++ does not always choose to inline it.
#if defined(__GNUC__) || defined(__clang__)
#define ODO_PIXEL_ALWAYS_INLINE __attribute__((always_inline))
#else
#define ODO_PIXEL_ALWAYS_INLINE
#endif
#if defined(__CUDACC__)
#define ODO_PIXEL_HD __host__ __device__ ODO_PIXEL_ALWAYS_INLINE
#else
#define ODO_PIXEL_HD ODO_PIXEL_ALWAYS_INLINE
#endif

namespace odo::pixel::detail {

// std::bit_cast is C++20; memcpy is the portable way to reinterpret bits, host and device.
template <class To, class From>
ODO_PIXEL_HD inline To bit_cast(const From& from) noexcept {
    static_assert(sizeof(To) == sizeof(From), "bit_cast needs equal sizes");
    To to;
    memcpy(&to, &from, sizeof(To));
    return to;
}

} // namespace odo::pixel::detail
