#pragma once
#include "odo/pixel/element.hpp"

#include <cuda_fp16.h>

// CUDA's __half as an element type. It has float16's bits, so views over __half buffers compare
// like float16 ones; __half2 then qualifies as a two-lane vector through its x and y members.
namespace odo::pixel {

template <>
struct element_traits<__half, void> {
    static_assert(sizeof(__half) == 2, "__half is IEEE binary16");
    using scalar = __half;
    static constexpr int lanes = 1;
    static constexpr ElementType type{ScalarKind::Float, 2};
};

} // namespace odo::pixel
