// SPDX-License-Identifier: Apache-2.0
// The Invert operator: the host implementation, and the dispatch of device tensors to the CUDA
// kernels (OpInvert.cu).
#include "OpInvert.hpp"

#include "TensorChecks.hpp"

#include <cvcuda/OpInvert.hpp>
#include <odo/profile/nvtx_range.hpp>

#include <cstdint>

namespace cvcuda::priv {
namespace {

// The channel maximum each value is inverted against.
template <class T>
constexpr T top = std::is_floating_point_v<T> ? T(1) : T(255);

// Element by element through the tensor's strides: any layout and row padding.
template <class T>
void invertElements(const nvcv::Tensor& in, const nvcv::Tensor& out) {
    const nvcv::TensorShape& s = in.shape();
    for (std::int64_t n = 0; n < s.n; ++n)
        for (std::int64_t y = 0; y < s.h; ++y)
            for (std::int64_t x = 0; x < s.w; ++x)
                for (std::int64_t c = 0; c < s.c; ++c)
                    out.at<T>(n, y, x, c) = T(top<T> - in.at<T>(n, y, x, c));
}

template <class T>
void invertTensor(const nvcv::Tensor& in, const nvcv::Tensor& out) {
    invertElements<T>(in, out);
}

void invert(cudaStream_t stream, const nvcv::Tensor& in, const nvcv::Tensor& out) {
#if OPLIB_CUDA
    if (in.space() == nvcv::MemorySpace::Device)
        return invertDevice(stream, in, out);
#endif
    (void)stream; // host work is synchronous
    withElementType(in.dtype(), [&](auto tag) { invertTensor<decltype(tag)>(in, out); });
}

} // namespace
} // namespace cvcuda::priv

namespace cvcuda {

void Invert::operator()(cudaStream_t stream, const nvcv::Tensor& in,
                        const nvcv::Tensor& out) const {
    const odo::profile::ScopedRange range("cvcuda::Invert");
    priv::checkSameShape("Invert", in, out);
    priv::invert(stream, in, out);
}

void Invert::operator()(cudaStream_t stream, const nvcv::ImageBatchVarShape& in,
                        const nvcv::ImageBatchVarShape& out) const {
    const odo::profile::ScopedRange range("cvcuda::InvertVarShape");
    priv::checkSameShape("Invert", in, out);
    for (std::size_t i = 0; i < in.numImages(); ++i)
        priv::invert(stream, in[i], out[i]);
}

} // namespace cvcuda
