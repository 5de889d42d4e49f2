// SPDX-License-Identifier: Apache-2.0
#pragma once
// The workloads the operator benchmarks share: a case's axes (InOutDataType, shape, layout,
// inputKind) turned into library tensors, allocated before timing starts.
#include <nvcv/Tensor.hpp>
#include <odo/bench/state.hpp>
#include <odo/core/error.hpp>

#include <cstdint>
#include <string>

namespace bench {

// "uchar3" -> U8, "float3" -> F32; the trailing digit is the channel count.
inline nvcv::DataType dataType(const std::string& dtype) {
    if (dtype == "uchar3")
        return nvcv::DataType::U8;
    if (dtype == "float3")
        return nvcv::DataType::F32;
    throw odo::InputError("unsupported InOutDataType " + dtype + " (uchar3, float3)");
}

// "NxHxW" with three channels.
inline nvcv::TensorShape parseShape(const std::string& text) {
    std::int64_t extents[3] = {};
    std::size_t start = 0;
    for (std::int64_t& extent : extents) {
        const std::size_t x = text.find('x', start);
        extent = std::stoll(text.substr(start, x - start));
        start = x == std::string::npos ? text.size() + 1 : x + 1;
    }
    if (start != text.size() + 1)
        throw odo::InputError("shape " + text + " is not NxHxW");
    return {extents[0], extents[1], extents[2], 3};
}

// NCHW_FAKE: CV-CUDA's planar reference path. The data is planar, and the operator runs on
// interleaved copies: reformat NCHW -> NHWC, the operator, reformat NHWC -> NCHW.
inline bool fakePlanar(const std::string& layout) {
    return layout == "NCHW_FAKE";
}

inline nvcv::TensorLayout tensorLayout(const std::string& layout) {
    return layout == "NHWC" ? nvcv::TensorLayout::NHWC : nvcv::TensorLayout::NCHW;
}

// Copies `in` into `out` of the other layout, element by element (the benchmark's Reformat).
// Local copies of the strides keep the stores from forcing their reloads.
template <class T>
void reformat(const nvcv::Tensor& in, const nvcv::Tensor& out) {
    const nvcv::TensorShape s = in.shape();
    const nvcv::TensorStrides a = in.strides(), b = out.strides();
    const T* src = in.data<T>();
    T* dst = out.data<T>();
    for (std::int64_t n = 0; n < s.n; ++n)
        for (std::int64_t y = 0; y < s.h; ++y)
            for (std::int64_t x = 0; x < s.w; ++x)
                for (std::int64_t c = 0; c < s.c; ++c)
                    dst[n * b.n + y * b.y + x * b.x + c * b.c] =
                        src[n * a.n + y * a.y + x * a.x + c * a.c];
}

inline void reformat(const nvcv::Tensor& in, const nvcv::Tensor& out) {
    if (in.dtype() == nvcv::DataType::U8)
        reformat<std::uint8_t>(in, out);
    else
        reformat<float>(in, out);
}

// One case's buffers: a tensor pair, or a batch pair for VarShape, plus the interleaved pair a
// FakePlanar case runs the operator on.
struct Workload {
    nvcv::Tensor in, out, interleavedIn, interleavedOut;
    nvcv::ImageBatchVarShape inBatch, outBatch;
    std::int64_t bytes = 0; // of one input (= one output)

    bool varShape() const { return inBatch.numImages() > 0; }
};

// N images around HxW: every other image is 3/4 of the size, as batches of mixed sources are.
inline void fillBatches(Workload& w, const nvcv::TensorShape& s, nvcv::DataType dtype,
                        nvcv::TensorLayout layout) {
    for (std::int64_t i = 0; i < s.n; ++i) {
        const std::int64_t scale = i % 2 ? 3 : 4;
        const nvcv::TensorShape image{1, s.h * scale / 4, s.w * scale / 4, s.c};
        w.inBatch.pushBack(nvcv::Tensor(image, dtype, layout));
        w.outBatch.pushBack(nvcv::Tensor(image, dtype, layout));
        w.bytes += image.h * image.w * image.c * std::int64_t(nvcv::elementSize(dtype));
    }
}

inline Workload makeWorkload(const odo::bench::State& state) {
    const nvcv::DataType dtype = dataType(state.dtype());
    const nvcv::TensorShape s = parseShape(state.get_string("shape"));
    const std::string layout = state.get_string("layout");
    const std::string kind = state.get_string("inputKind");
    Workload w;
    if (kind == "VarShape") {
        fillBatches(w, s, dtype, tensorLayout(layout));
        return w;
    }
    if (kind != "Tensor")
        throw odo::InputError("unsupported inputKind " + kind + " (Tensor, VarShape)");
    w.in = nvcv::Tensor(s, dtype, tensorLayout(layout));
    w.out = nvcv::Tensor(s, dtype, tensorLayout(layout));
    w.bytes = w.in.numElements() * std::int64_t(nvcv::elementSize(dtype));
    if (fakePlanar(layout)) {
        w.interleavedIn = nvcv::Tensor(s, dtype, nvcv::TensorLayout::NHWC);
        w.interleavedOut = nvcv::Tensor(s, dtype, nvcv::TensorLayout::NHWC);
    }
    return w;
}

// An operator reads its input and writes its output once; a FakePlanar case does that three
// times (reformat, operator, reformat).
inline void declareTraffic(odo::bench::State& state, const Workload& w) {
    const std::int64_t passes = w.interleavedIn.empty() ? 1 : 3;
    state.add_global_memory_reads(w.bytes * passes);
    state.add_global_memory_writes(w.bytes * passes);
}

// Runs `op(in, out)` on the case's tensors, through the FakePlanar pipeline when it has one.
template <class Op>
void runTensorCase(const Workload& w, Op&& op) {
    if (w.interleavedIn.empty())
        return op(w.in, w.out);
    reformat(w.in, w.interleavedIn);
    op(w.interleavedIn, w.interleavedOut);
    reformat(w.interleavedOut, w.out);
}

// The benchmark body every operator shares: the case's workload and traffic, then
// `op(language, in, out)` timed on its image batches or its tensors. `op` takes both kinds.
template <class Op>
void measureCase(odo::bench::State& state, Op&& op) {
    const Workload w = makeWorkload(state);
    const odo::baseline::Language language = state.language();
    declareTraffic(state, w);
    if (w.varShape())
        return state.exec([&](odo::bench::Launch&) { op(language, w.inBatch, w.outBatch); });
    state.exec([&](odo::bench::Launch&) {
        runTensorCase(
            w, [&](const nvcv::Tensor& in, const nvcv::Tensor& out) { op(language, in, out); });
    });
}

} // namespace bench
