// SPDX-License-Identifier: Apache-2.0
#include "Definitions.hpp"

#include <cvcuda/OpInvert.hpp>
#include <operators/Operators.hpp>

#include <cstdint>
#include <vector>

using odo::pixel::EvidenceLog;

namespace {

constexpr const char* gold = "the independent host reference InvertGold()";

// The independent reference: every channel value subtracted from its maximum.
template <class T>
std::vector<T> InvertGold(const std::vector<T>& in) {
    const T top = std::is_integral_v<T> ? T(255) : T(1);
    std::vector<T> out(in.size());
    for (std::size_t i = 0; i < in.size(); ++i)
        out[i] = T(top - in[i]);
    return out;
}

// Runs `invert(in, out)` on seeded input in `variant` and records the comparison with the gold.
template <class T, class Run>
void checkVariant(EvidenceLog& evidence, const test::Variant& variant, const std::string& label,
                  std::uint32_t seed, Run&& invert) {
    const std::vector<T> input = test::RandomValues<T>(test::count(test::shape), seed);
    const nvcv::Tensor in = test::makeTensor(variant), out = test::makeTensor(variant);
    test::store(in, input);
    invert(in, out);
    const std::vector<T> reference = InvertGold(input);
    ODO_CHECK_PIXELS(evidence.record(label, odo::pixel::compare(test::view(out),
                                                                test::view(reference, test::shape),
                                                                odo::pixel::Tolerance::exact())));
}

template <class Run>
void checkAllVariants(EvidenceLog& evidence, const std::string& prefix, Run&& invert) {
    std::uint32_t seed = 1;
    for (const test::Variant& v : test::variants()) {
        if (v.dtype == nvcv::DataType::U8)
            checkVariant<std::uint8_t>(evidence, v, prefix + v.name(), seed++, invert);
        else
            checkVariant<float>(evidence, v, prefix + v.name(), seed++, invert);
    }
}

nvcv::ImageBatchVarShape makeBatch(nvcv::DataType dtype, std::uint32_t seed) {
    nvcv::ImageBatchVarShape batch;
    for (std::int64_t i = 0; i < 3; ++i) {
        const nvcv::TensorShape s{1, 20 + 7 * i, 31 - 5 * i, 3};
        const nvcv::Tensor image(s, dtype, nvcv::TensorLayout::NHWC);
        if (dtype == nvcv::DataType::U8)
            test::store(image, test::RandomValues<std::uint8_t>(test::count(s), seed + i));
        else
            test::store(image, test::RandomValues<float>(test::count(s), seed + i));
        batch.pushBack(image);
    }
    return batch;
}

// The gold of every image of `batch`, as the packed NHWC values each image was filled with.
template <class T>
std::vector<std::vector<T>> batchGold(const nvcv::ImageBatchVarShape& batch, std::uint32_t seed) {
    std::vector<std::vector<T>> gold;
    for (std::size_t i = 0; i < batch.numImages(); ++i)
        gold.push_back(InvertGold(test::RandomValues<T>(test::count(batch[i].shape()), seed + i)));
    return gold;
}

template <class T>
void checkBatch(EvidenceLog& evidence, nvcv::DataType dtype, const char* label) {
    const std::uint32_t seed = 100;
    const nvcv::ImageBatchVarShape in = makeBatch(dtype, seed), out = makeBatch(dtype, 0);
    cvcuda::Invert{}(nullptr, in, out);
    const std::vector<std::vector<T>> gold = batchGold<T>(in, seed);
    odo::pixel::VarShapeView output, reference;
    for (std::size_t i = 0; i < in.numImages(); ++i) {
        output.images.push_back(test::view(out[i]));
        reference.images.push_back(test::view(gold[i], in[i].shape()));
    }
    ODO_CHECK_PIXELS(evidence.record(
        label, odo::pixel::compare(output, reference, odo::pixel::Tolerance::exact())));
}

} // namespace

TEST(OpInvert, correct_output) {
    EvidenceLog evidence("TestOpInvert.correct_output", gold);
    checkAllVariants(evidence, "", [](const nvcv::Tensor& in, const nvcv::Tensor& out) {
        cvcuda::Invert{}(nullptr, in, out);
    });
    CHECK(evidence.complete());
    ODO_PIXEL_EVIDENCE(evidence);
}

TEST(OpInvert, binding_correct_output) {
    EvidenceLog evidence("TestOpInvert.binding_correct_output", gold);
    checkAllVariants(evidence, "cvcuda.invert_into ",
                     [](const nvcv::Tensor& in, const nvcv::Tensor& out) {
                         cvcudapy::module().call("invert_into", {out, in});
                     });
    CHECK(evidence.complete());
    ODO_PIXEL_EVIDENCE(evidence);
}

TEST(OpInvertVarShape, varshape_correct_output) {
    EvidenceLog evidence("TestOpInvert.varshape_correct_output", gold);
    checkBatch<std::uint8_t>(evidence, nvcv::DataType::U8, "uchar3 VarShape of 3 sizes");
    checkBatch<float>(evidence, nvcv::DataType::F32, "float3 VarShape of 3 sizes");
    CHECK(evidence.complete());
    ODO_PIXEL_EVIDENCE(evidence);
}

TEST(OpInvert, device_correct_output) {
    if (const auto reason = test::noDeviceReason()) {
        MESSAGE("device cases skipped: " << *reason);
        return;
    }
    EvidenceLog evidence("TestOpInvert.device_correct_output", gold);
    checkAllVariants(evidence, "device ", [](const nvcv::Tensor& in, const nvcv::Tensor& out) {
        const nvcv::Tensor deviceOut = test::toDevice(out);
        cvcuda::Invert{}(nullptr, test::toDevice(in), deviceOut);
        nvcv::copy(deviceOut, out);
    });
    CHECK(evidence.complete());
    ODO_PIXEL_EVIDENCE(evidence);
}

TEST(OpInvert, invalid_layout_Negative) {
    const nvcv::Tensor in(test::shape, nvcv::DataType::U8, nvcv::TensorLayout::NHWC);
    const nvcv::Tensor out(test::shape, nvcv::DataType::U8, nvcv::TensorLayout::NCHW);
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
    const nvcv::Tensor in(test::shape, nvcv::DataType::U8, nvcv::TensorLayout::NHWC);
    const nvcv::Tensor out(test::shape, nvcv::DataType::F32, nvcv::TensorLayout::NHWC);
    CHECK_THROWS_AS(cvcuda::Invert{}(nullptr, in, out), nvcv::Exception);
    CHECK_THROWS_AS(cvcudapy::module().call("invert_into", {out, 3}), cvcudapy::py::type_error);
}
