#include "flip_cuda.cuh"

namespace pixel_flip {
namespace {

template <class T>
__global__ void flip_kernel(ConstImage<T> src, Image<T> dst) {
    const std::int64_t x = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    const std::int64_t y = blockIdx.y;
    if (x >= src.width)
        return;
    const T* in = reinterpret_cast<const T*>(reinterpret_cast<const unsigned char*>(src.data) +
                                             y * src.pitch);
    T* out = reinterpret_cast<T*>(reinterpret_cast<unsigned char*>(dst.data) + y * dst.pitch);
    for (std::int64_t c = 0; c < src.channels; ++c)
        out[x * dst.channels + c] = in[(src.width - 1 - x) * src.channels + c];
}

} // namespace

template <class T>
cudaError_t flip_cuda(ConstImage<T> src, Image<T> dst, cudaStream_t stream) {
    if (src.height == 0 || src.width == 0)
        return cudaSuccess;
    constexpr unsigned threads = 128;
    const dim3 grid(unsigned((src.width + threads - 1) / threads), unsigned(src.height));
    flip_kernel<T><<<grid, threads, 0, stream>>>(src, dst);
    return cudaGetLastError();
}

template cudaError_t flip_cuda<std::uint8_t>(ConstImage<std::uint8_t>, Image<std::uint8_t>,
                                             cudaStream_t);
template cudaError_t flip_cuda<float>(ConstImage<float>, Image<float>, cudaStream_t);

} // namespace pixel_flip
