#include "OpCopycat.hpp"

namespace cvcuda::priv {

// The same body as Twin's Tensor kernel, under another name.
template <class T>
__global__ void copycatTensor(const T *in, T *out, int rows, int cols, int channels, int rowStride, T value)
{
    const T *base = in; T *outBase = out;
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= cols || y >= rows)
        return;
    const T *src = base + y * rowStride;
    T *dst = outBase + y * rowStride;
    float sum = 0.f;
    for (int c = 0; c < channels; ++c)
        sum += src[x * channels + c];
    float mean = sum / channels;
    for (int c = 0; c < channels; ++c)
        dst[x * channels + c] = SaturateCast<T>(src[x * channels + c] + value - mean);
}

void launch(const nvcv::TensorWrap<uchar> &in)
{
    copycatTensor<uchar><<<1, 1>>>(nullptr, nullptr, 0, 0, 0, 0);
}

} // namespace cvcuda::priv
