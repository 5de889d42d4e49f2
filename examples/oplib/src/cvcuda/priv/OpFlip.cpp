// SPDX-License-Identifier: Apache-2.0
// The Flip operator: the host implementation, and the dispatch of device tensors to the CUDA
// kernels (OpFlip.cu).
#include "OpFlip.hpp"

#include "TensorChecks.hpp"

#include <cvcuda/OpFlip.hpp>
#include <odo/profile/nvtx_range.hpp>

#include <algorithm>
#include <cstdint>

namespace cvcuda::priv {
namespace {

// One row of `pixels` pixels of `channels` elements each, copied in reverse pixel order.
template <class T>
void mirrorRow(const T* src, T* dst, std::int64_t pixels, std::int64_t channels) {
    if (channels == 1) {
        std::reverse_copy(src, src + pixels, dst);
        return;
    }
    for (std::int64_t x = 0; x < pixels; ++x)
        for (std::int64_t c = 0; c < channels; ++c)
            dst[x * channels + c] = src[(pixels - 1 - x) * channels + c];
}

// Row by row: NHWC has one plane of interleaved pixels, NCHW one plane per channel.
template <class T>
void flipTensor(const nvcv::Tensor& in, const nvcv::Tensor& out, int flipCode) {
    const nvcv::TensorShape& s = in.shape();
    const bool planar = in.layout() == nvcv::TensorLayout::NCHW;
    const std::int64_t planes = planar ? s.c : 1, channels = planar ? 1 : s.c;
    const bool vertical = flipCode <= 0, horizontal = flipCode != 0;
    for (std::int64_t n = 0; n < s.n; ++n)
        for (std::int64_t p = 0; p < planes; ++p)
            for (std::int64_t y = 0; y < s.h; ++y) {
                const T* src = &in.at<T>(n, vertical ? s.h - 1 - y : y, 0, p);
                T* dst = &out.at<T>(n, y, 0, p);
                if (horizontal)
                    mirrorRow(src, dst, s.w, channels);
                else
                    std::copy_n(src, s.w * channels, dst);
            }
}

void flip(cudaStream_t stream, const nvcv::Tensor& in, const nvcv::Tensor& out, int flipCode) {
#if OPLIB_CUDA
    if (in.space() == nvcv::MemorySpace::Device)
        return flipDevice(stream, in, out, flipCode);
#endif
    (void)stream; // host work is synchronous
    withElementType(in.dtype(), [&](auto tag) { flipTensor<decltype(tag)>(in, out, flipCode); });
}

} // namespace
} // namespace cvcuda::priv

namespace cvcuda {

void Flip::operator()(cudaStream_t stream, const nvcv::Tensor& in, const nvcv::Tensor& out,
                      int flipCode) const {
    const odo::profile::ScopedRange range("cvcuda::Flip");
    priv::checkSameShape("Flip", in, out);
    priv::flip(stream, in, out, flipCode);
}

void Flip::operator()(cudaStream_t stream, const nvcv::ImageBatchVarShape& in,
                      const nvcv::ImageBatchVarShape& out, int flipCode) const {
    const odo::profile::ScopedRange range("cvcuda::FlipVarShape");
    priv::checkSameShape("Flip", in, out);
    for (std::size_t i = 0; i < in.numImages(); ++i)
        priv::flip(stream, in[i], out[i], flipCode);
}

} // namespace cvcuda
