// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <nvcv/Tensor.hpp>

#include <cstdint>
#include <string>

// Argument checks shared by the same-shape operators: each failure is the
// NVCV_ERROR_INVALID_ARGUMENT the C API reports.
namespace cvcuda::priv {

// The message is built only when the check fails: operators run these checks on every call.
template <class Message>
void require(bool condition, Message&& what) {
    if (!condition)
        throw nvcv::Exception(NVCV_ERROR_INVALID_ARGUMENT, what());
}

inline bool sameShape(const nvcv::TensorShape& a, const nvcv::TensorShape& b) {
    return a.n == b.n && a.h == b.h && a.w == b.w && a.c == b.c;
}

// Input and output must agree in everything but their strides.
inline void checkSameShape(const char* op, const nvcv::Tensor& in, const nvcv::Tensor& out) {
    const auto message = [op](auto... parts) {
        return [=] {
            std::string text = std::string(op) + ": ";
            ((text += parts), ...);
            return text;
        };
    };
    require(!in.empty() && !out.empty(), message("empty tensor"));
    require(in.layout() == out.layout(),
            message("input layout ", nvcv::name(in.layout()), " differs from output layout ",
                    nvcv::name(out.layout())));
    require(in.dtype() == out.dtype(),
            message("input data type ", nvcv::name(in.dtype()), " differs from output data type ",
                    nvcv::name(out.dtype())));
    require(sameShape(in.shape(), out.shape()), message("input and output shapes differ"));
    require(in.space() == out.space(), message("input and output are in different memory"));
    const std::int64_t c = in.shape().c;
    require(c == 1 || c == 3 || c == 4, message("channels must be 1, 3 or 4"));
}

inline void checkSameShape(const char* op, const nvcv::ImageBatchVarShape& in,
                           const nvcv::ImageBatchVarShape& out) {
    require(in.numImages() == out.numImages(),
            [op] { return std::string(op) + ": input and output batches differ in size"; });
    for (std::size_t i = 0; i < in.numImages(); ++i)
        checkSameShape(op, in[i], out[i]);
}

// Calls `f(T{})` with T the element type of `type`.
template <class F>
void withElementType(nvcv::DataType type, F&& f) {
    if (type == nvcv::DataType::U8)
        f(std::uint8_t{});
    else
        f(float{});
}

} // namespace cvcuda::priv
