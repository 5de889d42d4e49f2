// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the system tests share: the gtest-style TEST macro, the tensor variants they cover, seeded
// inputs, and odo::pixel views of library tensors.
#include <nvcv/Tensor.hpp>
#include <odo/pixel/doctest.hpp>

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#if OPLIB_CUDA
#include <cuda_runtime.h>
#endif

// CV-CUDA's system tests are gtest, and odo's review check TST-2 finds a positive Tensor test by
// its TEST(OpInvert, correct_output) macro. These tests run on doctest (odo::pixel's assertions
// are doctest macros), so TEST declares the doctest case "OpInvert.correct_output": the
// same test under the name both tools read.
#define TEST(suite, name) DOCTEST_TEST_CASE(#suite "." #name)

namespace test {

// One tensor configuration a correctness test runs.
struct Variant {
    nvcv::DataType dtype;
    nvcv::TensorLayout layout;
    bool pitched; // rows padded: the strided, non-contiguous path

    std::string name() const {
        return std::string(dtype == nvcv::DataType::U8 ? "uchar3 " : "float3 ") +
               nvcv::name(layout) + (pitched ? " pitched" : " packed");
    }
};

// uchar3 and float3, interleaved and planar, packed and pitched.
inline std::vector<Variant> variants() {
    std::vector<Variant> all;
    for (nvcv::DataType dtype : {nvcv::DataType::U8, nvcv::DataType::F32})
        for (nvcv::TensorLayout layout : {nvcv::TensorLayout::NHWC, nvcv::TensorLayout::NCHW})
            for (bool pitched : {false, true})
                all.push_back({dtype, layout, pitched});
    return all;
}

// Odd extents, so no row is a multiple of a vector width.
constexpr nvcv::TensorShape shape{2, 37, 53, 3};

inline nvcv::Tensor makeTensor(const Variant& v, nvcv::TensorShape s = shape,
                               nvcv::MemorySpace space = nvcv::MemorySpace::Host) {
    const std::int64_t row = v.layout == nvcv::TensorLayout::NHWC ? s.w * s.c : s.w;
    return nvcv::Tensor(s, v.dtype, v.layout, space, v.pitched ? row + 5 : 0);
}

inline std::size_t count(const nvcv::TensorShape& s) {
    return std::size_t(s.n * s.h * s.w * s.c);
}

// Deterministic inputs: every value of u8, floats in [0, 1].
template <class T>
std::vector<T> RandomValues(std::size_t count, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<T> values(count);
    if constexpr (std::is_integral_v<T>) {
        std::uniform_int_distribution<int> dist(0, 255);
        for (T& v : values)
            v = T(dist(rng));
    } else {
        std::uniform_real_distribution<T> dist(0, 1);
        for (T& v : values)
            v = dist(rng);
    }
    return values;
}

// Writes values given in packed NHWC order into a host tensor of any layout and strides.
template <class T>
void store(const nvcv::Tensor& t, const std::vector<T>& nhwc) {
    const nvcv::TensorShape& s = t.shape();
    std::size_t i = 0;
    for (std::int64_t n = 0; n < s.n; ++n)
        for (std::int64_t y = 0; y < s.h; ++y)
            for (std::int64_t x = 0; x < s.w; ++x)
                for (std::int64_t c = 0; c < s.c; ++c)
                    t.at<T>(n, y, x, c) = nhwc[i++];
}

inline odo::pixel::Layout pixelLayout(nvcv::TensorLayout layout) {
    return layout == nvcv::TensorLayout::NHWC ? odo::pixel::Layout::NHWC : odo::pixel::Layout::NCHW;
}

// A host tensor as odo::pixel sees it: elements are paired by logical coordinate, whatever the
// layout and row pitch.
inline odo::pixel::TensorView view(const nvcv::Tensor& t) {
    const nvcv::TensorShape& s = t.shape();
    const odo::pixel::Shape shape{s.n, s.h, s.w, s.c};
    const std::int64_t pitch = t.strides().y * std::int64_t(nvcv::elementSize(t.dtype()));
    const odo::pixel::TensorView packed =
        t.dtype() == nvcv::DataType::U8
            ? odo::pixel::host_tensor(t.data<std::uint8_t>(), pixelLayout(t.layout()), shape)
            : odo::pixel::host_tensor(t.data<float>(), pixelLayout(t.layout()), shape);
    return packed.with_row_pitch(pitch);
}

// A reference held in packed NHWC order.
template <class T>
odo::pixel::TensorView view(const std::vector<T>& nhwc, const nvcv::TensorShape& s) {
    return odo::pixel::host_tensor(nhwc, odo::pixel::Layout::NHWC, {s.n, s.h, s.w, s.c});
}

// Why device cases cannot run here, or nullopt when they can.
inline std::optional<std::string> noDeviceReason() {
#if OPLIB_CUDA
    int devices = 0;
    const cudaError_t error = cudaGetDeviceCount(&devices);
    if (error != cudaSuccess)
        return std::string("no CUDA device: ") + cudaGetErrorString(error);
    if (devices == 0)
        return std::string("no CUDA device");
    return std::nullopt;
#else
    return std::string("built without OPLIB_CUDA");
#endif
}

// A device copy of a host tensor.
inline nvcv::Tensor toDevice(const nvcv::Tensor& host) {
    const nvcv::Tensor device(host.shape(), host.dtype(), host.layout(), nvcv::MemorySpace::Device,
                              host.strides().y);
    nvcv::copy(host, device);
    return device;
}

} // namespace test
