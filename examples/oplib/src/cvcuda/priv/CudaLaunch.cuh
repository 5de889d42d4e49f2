// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <nvcv/Tensor.hpp>

#include <cuda_runtime.h>

#include <cstdint>
#include <string>

// The launch geometry the element-wise kernels share: x runs over the elements of a row
// (pixels times channels), y over rows, z over images.
namespace cvcuda::priv {

struct ElementGrid {
    dim3 grid, block;
};

inline ElementGrid elementGrid(const nvcv::TensorShape& s) {
    const dim3 block(256, 1, 1);
    const auto rowElements = static_cast<unsigned>(s.w * s.c);
    return {dim3((rowElements + block.x - 1) / block.x, unsigned(s.h), unsigned(s.n)), block};
}

inline void checkLaunch(const char* kernel) {
    const cudaError_t error = cudaGetLastError();
    if (error != cudaSuccess)
        throw nvcv::Exception(NVCV_ERROR_INTERNAL,
                              std::string(kernel) + ": " + cudaGetErrorString(error));
}

// The offset of an element, in elements, from its logical coordinates.
__device__ inline std::int64_t elementOffset(const nvcv::TensorStrides& s, std::int64_t n,
                                             std::int64_t y, std::int64_t x, std::int64_t c) {
    return n * s.n + y * s.y + x * s.x + c * s.c;
}

} // namespace cvcuda::priv
