// The anchor for examples/oplib's TestOpInvert.cpp: the same test cases (every tensor variant
// through the C++ API and the binding, VarShape batches, device cases, the negative cases)
// written against plain doctest, comparing values with CHECK instead of odo's pixel checks.
#include <doctest/doctest.h>

#include <cvcuda/OpInvert.hpp>
#include <nvcv/Tensor.hpp>
#include <operators/Operators.hpp>

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#define TEST(suite, name) DOCTEST_TEST_CASE(#suite "." #name)

namespace {

struct Variant {
    nvcv::DataType dtype;
    nvcv::TensorLayout layout;
    bool pitched;
};

std::vector<Variant> variants() {
    std::vector<Variant> all;
    for (nvcv::DataType dtype : {nvcv::DataType::U8, nvcv::DataType::F32})
        for (nvcv::TensorLayout layout : {nvcv::TensorLayout::NHWC, nvcv::TensorLayout::NCHW})
            for (bool pitched : {false, true})
                all.push_back({dtype, layout, pitched});
    return all;
}

constexpr nvcv::TensorShape shape{2, 37, 53, 3};

nvcv::Tensor makeTensor(const Variant& v) {
    const std::int64_t row = v.layout == nvcv::TensorLayout::NHWC ? shape.w * shape.c : shape.w;
    return nvcv::Tensor(shape, v.dtype, v.layout, nvcv::MemorySpace::Host, v.pitched ? row + 5 : 0);
}

std::size_t count(const nvcv::TensorShape& s) {
    return std::size_t(s.n * s.h * s.w * s.c);
}

template <class T>
std::vector<T> RandomValues(std::size_t n, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<T> values(n);
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

// The tensor's values in packed NHWC order, whatever its layout and pitch.
template <class T>
std::vector<T> load(const nvcv::Tensor& t) {
    const nvcv::TensorShape& s = t.shape();
    std::vector<T> nhwc;
    for (std::int64_t n = 0; n < s.n; ++n)
        for (std::int64_t y = 0; y < s.h; ++y)
            for (std::int64_t x = 0; x < s.w; ++x)
                for (std::int64_t c = 0; c < s.c; ++c)
                    nhwc.push_back(t.at<T>(n, y, x, c));
    return nhwc;
}

template <class T>
std::vector<T> InvertGold(const std::vector<T>& in) {
    const T top = std::is_integral_v<T> ? T(255) : T(1);
    std::vector<T> out(in.size());
    for (std::size_t i = 0; i < in.size(); ++i)
        out[i] = T(top - in[i]);
    return out;
}

template <class T, class Run>
void checkVariant(const Variant& variant, std::uint32_t seed, Run&& invert) {
    const std::vector<T> input = RandomValues<T>(count(shape), seed);
    const nvcv::Tensor in = makeTensor(variant), out = makeTensor(variant);
    store(in, input);
    invert(in, out);
    CHECK(load<T>(out) == InvertGold(input));
}

template <class Run>
void checkAllVariants(Run&& invert) {
    std::uint32_t seed = 1;
    for (const Variant& v : variants()) {
        if (v.dtype == nvcv::DataType::U8)
            checkVariant<std::uint8_t>(v, seed++, invert);
        else
            checkVariant<float>(v, seed++, invert);
    }
}

template <class T>
void checkBatch(nvcv::DataType dtype) {
    const std::uint32_t seed = 100;
    nvcv::ImageBatchVarShape in, out;
    for (std::int64_t i = 0; i < 3; ++i) {
        const nvcv::TensorShape s{1, 20 + 7 * i, 31 - 5 * i, 3};
        const nvcv::Tensor image(s, dtype, nvcv::TensorLayout::NHWC);
        store(image, RandomValues<T>(count(s), seed + std::uint32_t(i)));
        in.pushBack(image);
        out.pushBack(nvcv::Tensor(s, dtype, nvcv::TensorLayout::NHWC));
    }
    cvcuda::Invert{}(nullptr, in, out);
    for (std::size_t i = 0; i < in.numImages(); ++i)
        CHECK(load<T>(out[i]) ==
              InvertGold(RandomValues<T>(count(in[i].shape()), seed + std::uint32_t(i))));
}

std::optional<std::string> noDeviceReason() {
    return std::string("built without OPLIB_CUDA");
}

} // namespace

TEST(OpInvert, correct_output) {
    checkAllVariants([](const nvcv::Tensor& in, const nvcv::Tensor& out) {
        cvcuda::Invert{}(nullptr, in, out);
    });
}

TEST(OpInvert, binding_correct_output) {
    checkAllVariants([](const nvcv::Tensor& in, const nvcv::Tensor& out) {
        cvcudapy::module().call("invert_into", {out, in});
    });
}

TEST(OpInvertVarShape, varshape_correct_output) {
    checkBatch<std::uint8_t>(nvcv::DataType::U8);
    checkBatch<float>(nvcv::DataType::F32);
}

TEST(OpInvert, device_correct_output) {
    if (const auto reason = noDeviceReason()) {
        MESSAGE("device cases skipped: " << *reason);
        return;
    }
}

TEST(OpInvert, invalid_layout_Negative) {
    const nvcv::Tensor in(shape, nvcv::DataType::U8, nvcv::TensorLayout::NHWC);
    const nvcv::Tensor out(shape, nvcv::DataType::U8, nvcv::TensorLayout::NCHW);
    try {
        cvcuda::Invert{}(nullptr, in, out);
        FAIL("a layout mismatch was accepted");
    } catch (const nvcv::Exception& e) {
        CHECK(e.code() == NVCV_ERROR_INVALID_ARGUMENT);
    }
    NVCVOperatorHandle op = nullptr;
    REQUIRE(cvcudaInvertCreate(&op) == NVCV_SUCCESS);
    CHECK(cvcudaInvertSubmit(op, nullptr, in.handle(), out.handle()) ==
          NVCV_ERROR_INVALID_ARGUMENT);
    cvcudaOperatorDestroy(op);
}

TEST(OpInvert, invalid_dtype_Negative) {
    const nvcv::Tensor in(shape, nvcv::DataType::U8, nvcv::TensorLayout::NHWC);
    const nvcv::Tensor out(shape, nvcv::DataType::F32, nvcv::TensorLayout::NHWC);
    CHECK_THROWS_AS(cvcuda::Invert{}(nullptr, in, out), nvcv::Exception);
    CHECK_THROWS_AS(cvcudapy::module().call("invert_into", {out, 3}), cvcudapy::py::type_error);
}
