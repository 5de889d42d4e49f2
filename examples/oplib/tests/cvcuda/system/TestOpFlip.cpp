// SPDX-License-Identifier: Apache-2.0
#include "Definitions.hpp"

#include <cvcuda/OpFlip.hpp>
#include <operators/Operators.hpp>

#include <cstdint>
#include <string>
#include <vector>

using odo::pixel::EvidenceLog;

namespace {

constexpr const char* gold = "the independent host reference FlipGold()";
constexpr int flipCodes[] = {0, 1, -1};

// The independent reference over packed NHWC values: output (y, x) takes input (y', x'), with
// y' mirrored for a vertical flip (flipCode <= 0) and x' for a horizontal one (flipCode != 0).
template <class T>
std::vector<T> FlipGold(const std::vector<T>& in, const nvcv::TensorShape& s, int flipCode) {
    std::vector<T> out(in.size());
    for (std::int64_t n = 0; n < s.n; ++n)
        for (std::int64_t y = 0; y < s.h; ++y)
            for (std::int64_t x = 0; x < s.w; ++x) {
                const std::int64_t sy = flipCode <= 0 ? s.h - 1 - y : y;
                const std::int64_t sx = flipCode != 0 ? s.w - 1 - x : x;
                for (std::int64_t c = 0; c < s.c; ++c)
                    out[std::size_t(((n * s.h + y) * s.w + x) * s.c + c)] =
                        in[std::size_t(((n * s.h + sy) * s.w + sx) * s.c + c)];
            }
    return out;
}

template <class T, class Run>
void checkVariant(EvidenceLog& evidence, const test::Variant& variant, int flipCode,
                  const std::string& label, std::uint32_t seed, Run&& flip) {
    const std::vector<T> input = test::RandomValues<T>(test::count(test::shape), seed);
    const nvcv::Tensor in = test::makeTensor(variant), out = test::makeTensor(variant);
    test::store(in, input);
    flip(in, out, flipCode);
    const std::vector<T> reference = FlipGold(input, test::shape, flipCode);
    ODO_CHECK_PIXELS(evidence.record(label, odo::pixel::compare(test::view(out),
                                                                test::view(reference, test::shape),
                                                                odo::pixel::Tolerance::exact())));
}

template <class Run>
void checkAllVariants(EvidenceLog& evidence, const std::string& prefix, Run&& flip) {
    std::uint32_t seed = 1;
    for (const test::Variant& v : test::variants())
        for (int flipCode : flipCodes) {
            const std::string label = prefix + v.name() + " flipCode " + std::to_string(flipCode);
            if (v.dtype == nvcv::DataType::U8)
                checkVariant<std::uint8_t>(evidence, v, flipCode, label, seed++, flip);
            else
                checkVariant<float>(evidence, v, flipCode, label, seed++, flip);
        }
}

template <class T>
void checkBatch(EvidenceLog& evidence, nvcv::DataType dtype, int flipCode) {
    nvcv::ImageBatchVarShape in, out;
    odo::pixel::VarShapeView output, reference;
    std::vector<std::vector<T>> golds;
    for (std::int64_t i = 0; i < 3; ++i) {
        const nvcv::TensorShape s{1, 20 + 7 * i, 31 - 5 * i, 3};
        const std::vector<T> values = test::RandomValues<T>(test::count(s), 200 + std::uint32_t(i));
        in.pushBack(nvcv::Tensor(s, dtype, nvcv::TensorLayout::NHWC));
        out.pushBack(nvcv::Tensor(s, dtype, nvcv::TensorLayout::NHWC));
        test::store(in[std::size_t(i)], values);
        golds.push_back(FlipGold(values, s, flipCode));
    }
    cvcuda::Flip{}(nullptr, in, out, flipCode);
    for (std::size_t i = 0; i < in.numImages(); ++i) {
        output.images.push_back(test::view(out[i]));
        reference.images.push_back(test::view(golds[i], in[i].shape()));
    }
    const std::string label = std::string(dtype == nvcv::DataType::U8 ? "uchar3" : "float3") +
                              " VarShape of 3 sizes flipCode " + std::to_string(flipCode);
    ODO_CHECK_PIXELS(evidence.record(
        label, odo::pixel::compare(output, reference, odo::pixel::Tolerance::exact())));
}

} // namespace

TEST(OpFlip, correct_output) {
    EvidenceLog evidence("TestOpFlip.correct_output", gold);
    checkAllVariants(evidence, "",
                     [](const nvcv::Tensor& in, const nvcv::Tensor& out, int flipCode) {
                         cvcuda::Flip{}(nullptr, in, out, flipCode);
                     });
    CHECK(evidence.complete());
    ODO_PIXEL_EVIDENCE(evidence);
}

TEST(OpFlip, binding_correct_output) {
    EvidenceLog evidence("TestOpFlip.binding_correct_output", gold);
    checkAllVariants(evidence, "cvcuda.flip_into ",
                     [](const nvcv::Tensor& in, const nvcv::Tensor& out, int flipCode) {
                         cvcudapy::module().call("flip_into", {out, in, flipCode});
                     });
    CHECK(evidence.complete());
    ODO_PIXEL_EVIDENCE(evidence);
}

TEST(OpFlipVarShape, varshape_correct_output) {
    EvidenceLog evidence("TestOpFlip.varshape_correct_output", gold);
    for (int flipCode : flipCodes) {
        checkBatch<std::uint8_t>(evidence, nvcv::DataType::U8, flipCode);
        checkBatch<float>(evidence, nvcv::DataType::F32, flipCode);
    }
    CHECK(evidence.complete());
    ODO_PIXEL_EVIDENCE(evidence);
}

TEST(OpFlip, device_correct_output) {
    if (const auto reason = test::noDeviceReason()) {
        MESSAGE("device cases skipped: " << *reason);
        return;
    }
    EvidenceLog evidence("TestOpFlip.device_correct_output", gold);
    checkAllVariants(evidence, "device ",
                     [](const nvcv::Tensor& in, const nvcv::Tensor& out, int flipCode) {
                         const nvcv::Tensor deviceOut = test::toDevice(out);
                         cvcuda::Flip{}(nullptr, test::toDevice(in), deviceOut, flipCode);
                         nvcv::copy(deviceOut, out);
                     });
    CHECK(evidence.complete());
    ODO_PIXEL_EVIDENCE(evidence);
}

TEST(OpFlip, invalid_layout_Negative) {
    const nvcv::Tensor in(test::shape, nvcv::DataType::U8, nvcv::TensorLayout::NHWC);
    const nvcv::Tensor out(test::shape, nvcv::DataType::U8, nvcv::TensorLayout::NCHW);
    try {
        cvcuda::Flip{}(nullptr, in, out, 1);
        FAIL("a layout mismatch was accepted");
    } catch (const nvcv::Exception& e) {
        CHECK(e.code() == NVCV_ERROR_INVALID_ARGUMENT);
    }
    NVCVOperatorHandle op = nullptr;
    REQUIRE(cvcudaFlipCreate(&op) == NVCV_SUCCESS);
    CHECK(cvcudaFlipSubmit(op, nullptr, in.handle(), out.handle(), 1) ==
          NVCV_ERROR_INVALID_ARGUMENT);
    cvcudaOperatorDestroy(op);
}

TEST(OpFlip, invalid_channels_Negative) {
    const nvcv::TensorShape twoChannels{1, 4, 4, 2};
    const nvcv::Tensor in(twoChannels, nvcv::DataType::U8, nvcv::TensorLayout::NHWC);
    const nvcv::Tensor out(twoChannels, nvcv::DataType::U8, nvcv::TensorLayout::NHWC);
    CHECK_THROWS_AS(cvcuda::Flip{}(nullptr, in, out, 1), nvcv::Exception);
    CHECK_THROWS_AS(cvcudapy::module().call("flip_into", {out, in}), cvcudapy::py::type_error);
}
