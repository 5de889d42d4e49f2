// SPDX-License-Identifier: Apache-2.0
#include "CudaLaunch.cuh"
#include "OpFlip.hpp"

namespace cvcuda::priv {
namespace {

// Each thread writes one output element from its mirrored input element.
template <class T>
__global__ void flipKernel(const T* in, nvcv::TensorStrides inStrides, T* out,
                           nvcv::TensorStrides outStrides, nvcv::TensorShape shape, int flipCode) {
    const std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= shape.w * shape.c)
        return;
    const std::int64_t n = blockIdx.z, y = blockIdx.y, x = i / shape.c, c = i % shape.c;
    const std::int64_t srcY = flipCode <= 0 ? shape.h - 1 - y : y;
    const std::int64_t srcX = flipCode != 0 ? shape.w - 1 - x : x;
    out[elementOffset(outStrides, n, y, x, c)] = in[elementOffset(inStrides, n, srcY, srcX, c)];
}

template <class T>
void launchFlip(cudaStream_t stream, const nvcv::Tensor& in, const nvcv::Tensor& out,
                int flipCode) {
    const ElementGrid g = elementGrid(in.shape());
    flipKernel<T><<<g.grid, g.block, 0, stream>>>(in.data<T>(), in.strides(), out.data<T>(),
                                                  out.strides(), in.shape(), flipCode);
    checkLaunch("flipKernel");
}

} // namespace

void flipDevice(cudaStream_t stream, const nvcv::Tensor& in, const nvcv::Tensor& out,
                int flipCode) {
    if (in.dtype() == nvcv::DataType::U8)
        launchFlip<std::uint8_t>(stream, in, out, flipCode);
    else
        launchFlip<float>(stream, in, out, flipCode);
}

} // namespace cvcuda::priv
