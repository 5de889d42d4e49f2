// The anchor for examples/oplib's BenchInvert.cpp: the same benchmark (Invert on uchar3 and
// float3 tensors, interleaved, planar and FakePlanar, and VarShape batches, through the C++ API or
// the binding) written against Google Benchmark, its cases as argument products instead of a
// config file.
#include <benchmark/benchmark.h>

#include <cvcuda/OpInvert.hpp>
#include <nvcv/Tensor.hpp>
#include <operators/Operators.hpp>

#include <cstdint>

namespace {

enum Layout : std::int64_t { NHWC, NCHW, NCHW_FAKE };
enum Kind : std::int64_t { Tensor, VarShape };

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

void reformat(const nvcv::Tensor& in, const nvcv::Tensor& out) {
    if (in.dtype() == nvcv::DataType::U8)
        reformat<std::uint8_t>(in, out);
    else
        reformat<float>(in, out);
}

template <class Images>
void invert(bool python, const Images& in, const Images& out) {
    if (python)
        cvcudapy::module().call("invert_into", {out, in});
    else
        cvcuda::Invert{}(nullptr, in, out);
}

// Arguments: dtype (0 uchar3, 1 float3), layout, kind, N, H, W, language (0 C++, 1 Python).
void BM_Invert(benchmark::State& state) {
    const nvcv::DataType dtype = state.range(0) ? nvcv::DataType::F32 : nvcv::DataType::U8;
    const auto layout = static_cast<Layout>(state.range(1));
    const nvcv::TensorShape s{state.range(3), state.range(4), state.range(5), 3};
    const bool python = state.range(6) != 0;
    const nvcv::TensorLayout stored =
        layout == NHWC ? nvcv::TensorLayout::NHWC : nvcv::TensorLayout::NCHW;
    std::int64_t bytes = 0;
    if (state.range(2) == VarShape) {
        nvcv::ImageBatchVarShape in, out;
        for (std::int64_t i = 0; i < s.n; ++i) {
            const std::int64_t scale = i % 2 ? 3 : 4;
            const nvcv::TensorShape image{1, s.h * scale / 4, s.w * scale / 4, s.c};
            in.pushBack(nvcv::Tensor(image, dtype, stored));
            out.pushBack(nvcv::Tensor(image, dtype, stored));
            bytes += image.h * image.w * image.c * std::int64_t(nvcv::elementSize(dtype));
        }
        for (auto _ : state)
            invert(python, in, out);
    } else {
        const nvcv::Tensor in(s, dtype, stored), out(s, dtype, stored);
        bytes = in.numElements() * std::int64_t(nvcv::elementSize(dtype));
        if (layout == NCHW_FAKE) {
            const nvcv::Tensor a(s, dtype, nvcv::TensorLayout::NHWC),
                b(s, dtype, nvcv::TensorLayout::NHWC);
            for (auto _ : state) {
                reformat(in, a);
                invert(python, a, b);
                reformat(b, out);
            }
            bytes *= 3;
        } else {
            for (auto _ : state)
                invert(python, in, out);
        }
    }
    state.SetBytesProcessed(state.iterations() * bytes * 2);
}

} // namespace

BENCHMARK(BM_Invert)->ArgsProduct({{0, 1},
                                   {NHWC, NCHW, NCHW_FAKE},
                                   {Tensor, VarShape},
                                   {1, 4},
                                   {480, 1080},
                                   {640, 1920},
                                   {0, 1}});
BENCHMARK_MAIN();
