// SPDX-License-Identifier: Apache-2.0
#include "CudaLaunch.cuh"
#include "OpInvert.hpp"

#include <type_traits>

namespace cvcuda::priv {
namespace {

template <class T>
__global__ void invertKernel(const T* in, nvcv::TensorStrides inStrides, T* out,
                             nvcv::TensorStrides outStrides, nvcv::TensorShape shape) {
    const std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= shape.w * shape.c)
        return;
    const std::int64_t n = blockIdx.z, y = blockIdx.y, x = i / shape.c, c = i % shape.c;
    const T top = std::is_floating_point_v<T> ? T(1) : T(255);
    out[elementOffset(outStrides, n, y, x, c)] = T(top - in[elementOffset(inStrides, n, y, x, c)]);
}

template <class T>
void launchInvert(cudaStream_t stream, const nvcv::Tensor& in, const nvcv::Tensor& out) {
    const ElementGrid g = elementGrid(in.shape());
    invertKernel<T><<<g.grid, g.block, 0, stream>>>(in.data<T>(), in.strides(), out.data<T>(),
                                                    out.strides(), in.shape());
    checkLaunch("invertKernel");
}

} // namespace

void invertDevice(cudaStream_t stream, const nvcv::Tensor& in, const nvcv::Tensor& out) {
    if (in.dtype() == nvcv::DataType::U8)
        launchInvert<std::uint8_t>(stream, in, out);
    else
        launchInvert<float>(stream, in, out);
}

} // namespace cvcuda::priv
