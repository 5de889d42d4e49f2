#include "device_skip.hpp"

#include <odo/pixel/device_compare.cuh>

#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <doctest/doctest.h>
#include <vector_types.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

using namespace odo::pixel;

namespace {

// Device cases skip, saying why, where cudaGetDeviceCount finds no GPU.
bool skip_without_device() {
    return odo::testing::skip_for(no_device_reason());
}

// A device copy of a host buffer, with an optional row pitch (cudaMallocPitch).
template <class T>
class DeviceCopy {
public:
    DeviceCopy(const std::vector<T>& host, std::int64_t rows, std::int64_t row_bytes,
               bool pitched = false) {
        if (pitched) {
            REQUIRE(cudaMallocPitch(&data_, &pitch_, std::size_t(row_bytes), std::size_t(rows)) ==
                    cudaSuccess);
            REQUIRE(cudaMemcpy2D(data_, pitch_, host.data(), std::size_t(row_bytes),
                                 std::size_t(row_bytes), std::size_t(rows),
                                 cudaMemcpyHostToDevice) == cudaSuccess);
        } else {
            pitch_ = std::size_t(row_bytes);
            REQUIRE(cudaMalloc(&data_, host.size() * sizeof(T)) == cudaSuccess);
            REQUIRE(cudaMemcpy(data_, host.data(), host.size() * sizeof(T),
                               cudaMemcpyHostToDevice) == cudaSuccess);
        }
    }
    DeviceCopy(const DeviceCopy&) = delete;
    DeviceCopy& operator=(const DeviceCopy&) = delete;
    ~DeviceCopy() { cudaFree(data_); }

    const T* data() const { return static_cast<const T*>(data_); }
    std::int64_t pitch() const { return std::int64_t(pitch_); }

private:
    void* data_ = nullptr;
    std::size_t pitch_ = 0;
};

template <class T>
std::vector<T> pattern(std::size_t count) {
    std::vector<T> data(count);
    for (std::size_t i = 0; i < count; ++i)
        data[i] = T(double((i * 37 + 11) % 251) / (std::is_integral_v<T> ? 1.0 : 8.0));
    return data;
}

// The device must find exactly what the host finds: the two reports are compared as text.
void check_same_report(const TensorView& device_output, const TensorView& device_reference,
                       const TensorView& host_output, const TensorView& host_reference,
                       const Tolerance& tolerance) {
    const CompareResult on_device = device_compare(device_output, device_reference, tolerance);
    const CompareResult on_host = compare(host_output, host_reference, tolerance);
    CHECK(on_device.problem == "");
    CHECK(on_device.comparator == "odo::pixel::device_compare");
    CHECK(on_device.passed() == on_host.passed());
    // Descriptions name the memory space; everything after them must agree.
    auto body = [](const CompareResult& r) {
        const std::string text = format_report(r);
        return text.substr(text.find("\n  rule:"));
    };
    CHECK(body(on_device) == body(on_host));
}

} // namespace

TEST_CASE("CUDA vector types and __half are element types (host only)") {
    CHECK(element_traits<uchar3>::lanes == 3);
    CHECK(element_traits<uchar3>::type.name() == "u8");
    CHECK(element_traits<char4>::type.name() == "i8");
    CHECK(element_traits<ushort2>::type.name() == "u16");
    CHECK(element_traits<int3>::type.name() == "i32");
    CHECK(element_traits<float4>::lanes == 4);
    CHECK(element_traits<float4>::type.name() == "f32");
    CHECK(element_traits<double2>::type.name() == "f64");
    CHECK(element_traits<longlong4_32a>::type.name() == "i64");
    CHECK(element_traits<float1>::lanes == 1);
    CHECK(element_traits<__half>::type.name() == "f16");
    CHECK(element_traits<__half2>::lanes == 2);
    CHECK(element_traits<__half2>::type.name() == "f16");
}

TEST_CASE("host views over CUDA vector and __half buffers compare by value (host only)") {
    const std::vector<uchar3> pixels{{1, 2, 3}, {4, 5, 6}};
    const std::vector<std::uint8_t> scalars{1, 2, 3, 4, 5, 7};
    const CompareResult r = compare(host_tensor(pixels, Layout::HWC, {1, 1, 2, 1}),
                                    host_tensor(scalars, Layout::HWC, {1, 1, 2, 3}));
    REQUIRE(r.mismatched == 1);
    CHECK(r.first[0].at == Coord{0, 0, 1, 2});

    const std::vector<__half> halves{__float2half(1.5f), __float2half(-2.0f)};
    const std::vector<float16> bits{to_float16(1.5f), to_float16(-2.0f)};
    CHECK(compare(host_tensor(halves, Layout::HWC, {1, 1, 2, 1}),
                  host_tensor(bits, Layout::HWC, {1, 1, 2, 1}), Tolerance::exact())
              .passed());
}

TEST_CASE("without a device, device_compare fails with the reason instead of crashing") {
    const std::vector<float> a(12, 1.0f);
    const CompareResult r = device_compare(host_image(a.data(), 3, 4), host_image(a.data(), 3, 4));
    const VarShapeView batch{{host_image(a.data(), 3, 4), host_image(a.data(), 2, 2)}};
    const CompareResult b = device_compare(batch, batch);
    CHECK(b.default_tolerance);
    CHECK(b.comparator == "odo::pixel::device_compare");
    if (!no_device_reason().empty()) {
        CHECK_FALSE(r.passed());
        CHECK(r.problem == no_device_reason());
        CHECK(b.problem == "image 0: " + no_device_reason());
    } else {
        CHECK(r.passed());
        CHECK(r.compared == 12);
        CHECK(b.passed());
        CHECK(b.compared == 16);
    }
}

TEST_CASE("device: equal buffers pass") {
    if (skip_without_device())
        return;
    const Shape s{2, 5, 7, 3};
    const auto host = pattern<std::uint8_t>(210);
    const DeviceCopy<std::uint8_t> a(host, 10, 21), b(host, 10, 21);
    const CompareResult r = device_compare(device_tensor(a.data(), Layout::NHWC, s),
                                           device_tensor(b.data(), Layout::NHWC, s));
    CHECK(r.problem == "");
    CHECK(r.passed());
    CHECK(r.compared == 210);
}

TEST_CASE("device: planted pixel, column, channel and all-different match the host report") {
    if (skip_without_device())
        return;
    const Shape s{2, 5, 7, 3};
    const auto reference = pattern<std::uint8_t>(210);
    std::vector<std::vector<std::uint8_t>> outputs(4, reference);
    outputs[0][(1 * 5 + 2) * 21 + 3 * 3 + 1] += 1; // one pixel
    for (std::size_t row = 0; row < 10; ++row)     // the last column
        for (std::size_t c = 0; c < 3; ++c)
            outputs[1][row * 21 + 6 * 3 + c] ^= 0x10;
    for (std::size_t i = 2; i < 210; i += 3) // channel 2
        outputs[2][i] = std::uint8_t(outputs[2][i] + 100);
    for (auto& v : outputs[3]) // everything
        v = std::uint8_t(~v);
    const DeviceCopy<std::uint8_t> ref(reference, 10, 21);
    for (const auto& output : outputs) {
        const DeviceCopy<std::uint8_t> out(output, 10, 21);
        check_same_report(device_tensor(out.data(), Layout::NHWC, s),
                          device_tensor(ref.data(), Layout::NHWC, s),
                          host_tensor(output, Layout::NHWC, s),
                          host_tensor(reference, Layout::NHWC, s), Tolerance::exact());
    }
}

TEST_CASE("device: NaN, infinities and tolerance edges match the host report") {
    if (skip_without_device())
        return;
    const Shape s{1, 4, 300, 1};
    auto reference = pattern<float>(1200);
    auto output = reference;
    output[5] = std::numeric_limits<float>::quiet_NaN();
    output[299] = std::numeric_limits<float>::infinity(); // tail of row 0
    output[1199] = std::nextafter(output[1199], 1e9f);    // last element: 1 ulp
    output[600] += 1e-5f;
    const DeviceCopy<float> out(output, 1, 4800), ref(reference, 1, 4800);
    for (const Tolerance& t :
         {Tolerance::exact(), Tolerance::close(1.3e-6, 1e-5), Tolerance::ulps(1),
          Tolerance::absolute(1e-4).with_nan(NanPolicy::MatchNan)}) {
        check_same_report(
            device_tensor(out.data(), Layout::HWC, s), device_tensor(ref.data(), Layout::HWC, s),
            host_tensor(output, Layout::HWC, s), host_tensor(reference, Layout::HWC, s), t);
    }
}

TEST_CASE("device: a pitched last row, an NCHW output and an uploaded host reference") {
    if (skip_without_device())
        return;
    const Shape s{1, 6, 33, 3};
    const auto reference = pattern<std::uint16_t>(6 * 33 * 3);
    auto output = reference;
    output[(5 * 33 + 32) * 3 + 2] += 3; // y=5 x=32 c=2
    const DeviceCopy<std::uint16_t> out(output, 6, 33 * 3 * 2, true);
    const DeviceCopy<std::uint16_t> ref(reference, 6, 33 * 3 * 2);
    const auto pitched = device_tensor(out.data(), Layout::HWC, s).with_row_pitch(out.pitch());
    check_same_report(pitched, device_tensor(ref.data(), Layout::HWC, s),
                      host_tensor(output, Layout::HWC, s), host_tensor(reference, Layout::HWC, s),
                      Tolerance::exact());
    // The reference stays on the host and is uploaded.
    check_same_report(pitched, host_tensor(reference, Layout::HWC, s),
                      host_tensor(output, Layout::HWC, s), host_tensor(reference, Layout::HWC, s),
                      Tolerance::absolute(2));

    std::vector<std::uint16_t> planar(output.size());
    for (std::size_t y = 0; y < 6; ++y)
        for (std::size_t x = 0; x < 33; ++x)
            for (std::size_t c = 0; c < 3; ++c)
                planar[(c * 6 + y) * 33 + x] = output[(y * 33 + x) * 3 + c];
    const DeviceCopy<std::uint16_t> out_planar(planar, 18, 33 * 2);
    check_same_report(device_tensor(out_planar.data(), Layout::CHW, s),
                      device_tensor(ref.data(), Layout::HWC, s),
                      host_tensor(planar, Layout::CHW, s), host_tensor(reference, Layout::HWC, s),
                      Tolerance::exact());
}

TEST_CASE("device: __half and VarShape batches") {
    if (skip_without_device())
        return;
    std::vector<__half> reference(64), output(64);
    for (std::size_t i = 0; i < 64; ++i)
        reference[i] = output[i] = __float2half(float(i) / 4);
    output[63] = __float2half(100.0f);
    const DeviceCopy<__half> out(output, 1, 128), ref(reference, 1, 128);
    check_same_report(device_image(out.data(), 8, 8), device_image(ref.data(), 8, 8),
                      host_image(output.data(), 8, 8), host_image(reference.data(), 8, 8),
                      default_tolerance(ElementType{ScalarKind::Float, 2}));

    const VarShapeView device_batch{
        {device_image(out.data(), 4, 4), device_image(out.data(), 8, 8)}};
    const VarShapeView reference_batch{
        {device_image(ref.data(), 4, 4), device_image(ref.data(), 8, 8)}};
    const CompareResult r = device_compare(device_batch, reference_batch, Tolerance::exact());
    CHECK(r.mismatched == 1);
    CHECK(r.first.at(0).at == Coord{1, 7, 7, 0});
    CHECK(device_compare(device_batch, reference_batch).mismatched == 1); // f16 default tolerance
}

TEST_CASE("device: a host pointer declared as device memory is refused") {
    if (skip_without_device())
        return;
    const std::vector<float> host(12, 1.0f);
    const CompareResult r =
        device_compare(device_image(host.data(), 3, 4), host_image(host.data(), 3, 4));
    CHECK(r.problem == "output is declared device memory, but the GPU cannot read its pointer");
}

TEST_CASE("device: throughput on a 1080p batch, for docs/performance.md") {
    if (skip_without_device())
        return;
    const Shape s{8, 1080, 1920, 3};
    const std::size_t count = std::size_t(s.n * s.h * s.w * s.c);
    const std::vector<float> host(count, 0.25f);
    const DeviceCopy<float> a(host, 1, std::int64_t(count * 4)),
        b(host, 1, std::int64_t(count * 4));
    const auto va = device_tensor(a.data(), Layout::NHWC, s),
               vb = device_tensor(b.data(), Layout::NHWC, s);
    CHECK(device_compare(va, vb).passed()); // warm-up
    double best = 1e30;
    for (int rep = 0; rep < 5; ++rep) {
        const auto start = std::chrono::steady_clock::now();
        CHECK(device_compare(va, vb).passed());
        best = std::min(
            best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    MESSAGE("device_compare f32 8x1080x1920x3 (both buffers "
            << 2 * count * 4 / 1e9 << " GB): " << best * 1e3 << " ms, "
            << 2 * count * 4 / best / 1e9 << " GB/s");
}
