#include <odo/pixel/compare.hpp>
#include <odo/pixel/report.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

using namespace odo::pixel;

// Inputs that cannot be compared fail the comparison with a reason; nothing is read.
namespace {
std::string problem(const TensorView& out, const TensorView& ref, const Tolerance& t = {}) {
    const CompareResult r = compare(out, ref, t);
    CHECK_FALSE(r.passed());
    CHECK(r.compared == 0);
    return r.problem;
}

const std::vector<float> floats(60);
const std::vector<std::uint8_t> bytes(60);
} // namespace

TEST_CASE("shapes that differ are named in each side's layout") {
    CHECK(problem(host_tensor(floats, Layout::HWC, {1, 4, 5, 3}),
                  host_tensor(floats, Layout::HWC, {1, 5, 4, 3})) ==
          "shapes differ: output HWC h=4 w=5 c=3, reference HWC h=5 w=4 c=3 (the same extents in "
          "another order: is one side in another layout?)");
    CHECK(problem(host_tensor(floats, Layout::NHWC, {2, 2, 5, 3}),
                  host_tensor(floats, Layout::NHWC, {2, 2, 5, 1})) ==
          "shapes differ: output NHWC n=2 h=2 w=5 c=3, reference NHWC n=2 h=2 w=5 c=1");
}

TEST_CASE("element types that differ are named") {
    CHECK(problem(host_tensor(floats, Layout::HWC, {1, 4, 5, 3}),
                  host_tensor(bytes, Layout::HWC, {1, 4, 5, 3})) ==
          "element types differ: output f32, reference u8");
}

TEST_CASE("null data is refused") {
    CHECK(problem(host_tensor<float>(nullptr, Layout::HWC, {1, 4, 5, 3}),
                  host_tensor(floats, Layout::HWC, {1, 4, 5, 3})) == "output: data is null");
    CHECK(problem(host_tensor(floats, Layout::HWC, {1, 4, 5, 3}),
                  host_tensor<float>(nullptr, Layout::HWC, {1, 4, 5, 3})) ==
          "reference: data is null");
}

TEST_CASE("layouts that hold one image refuse a batch") {
    CHECK(problem(host_tensor(floats, Layout::CHW, {2, 2, 5, 3}),
                  host_tensor(floats, Layout::NCHW, {2, 2, 5, 3})) ==
          "output: layout CHW holds one image, but n=2");
}

TEST_CASE("negative extents are refused") {
    CHECK(problem(host_tensor(floats, Layout::HWC, {1, -4, 5, 3}),
                  host_tensor(floats, Layout::HWC, {1, -4, 5, 3})) ==
          "output: negative extent in HWC h=-4 w=5 c=3");
}

TEST_CASE("a view larger than its vector is refused before it is read") {
    CHECK(problem(host_tensor(floats, Layout::HWC, {1, 4, 5, 4}),
                  host_tensor(floats, Layout::HWC, {1, 4, 5, 4})) ==
          "output: it reads bytes [0, 320) of a buffer of 240 bytes");
    CHECK(problem(host_tensor(bytes, Layout::HWC, {1, 4, 5, 3}),
                  host_tensor(bytes, Layout::HWC, {1, 4, 5, 3}).with_row_pitch(16)) ==
          "reference: it reads bytes [0, 63) of a buffer of 60 bytes");
}

TEST_CASE("misaligned data and strides are refused") {
    const auto* shifted =
        reinterpret_cast<const float*>(reinterpret_cast<const unsigned char*>(floats.data()) + 1);
    CHECK(problem(host_tensor(shifted, Layout::HWC, {1, 2, 2, 1}),
                  host_tensor(floats.data(), Layout::HWC, {1, 2, 2, 1})) ==
          "output: data is not aligned to its 4-byte elements");
    CHECK(problem(host_tensor(floats, Layout::HWC, {1, 2, 2, 1}).with_row_pitch(10),
                  host_tensor(floats, Layout::HWC, {1, 2, 2, 1})) ==
          "output: its stride along y (10 bytes) is not a multiple of its 4-byte elements");
}

TEST_CASE("device memory is refused by the host comparison") {
    CHECK(problem(device_tensor(floats.data(), Layout::HWC, {1, 4, 5, 3}),
                  host_tensor(floats, Layout::HWC, {1, 4, 5, 3})) ==
          "output is in device memory: compare it with odo::pixel::device_compare "
          "(odo/pixel/device_compare.cuh)");
}

TEST_CASE("a factory's problem and a misfit tolerance reach the result") {
    struct uchar3_like {
        unsigned char x, y, z;
    };
    const uchar3_like pixels[20] = {};
    CHECK(problem(host_tensor(pixels, Layout::CHW, {1, 4, 5, 1}),
                  host_tensor(bytes, Layout::HWC, {1, 4, 5, 3})) ==
          "output: a 3-lane vector element cannot be stored in the planar layout CHW");
    CHECK(problem(host_tensor(bytes, Layout::HWC, {1, 4, 5, 3}),
                  host_tensor(bytes, Layout::HWC, {1, 4, 5, 3}), Tolerance::close(0.1, 0)) ==
          "rtol and ulp apply to floating point only; u8 takes an absolute tolerance");
}

TEST_CASE("a hand-made view with an impossible element type is refused") {
    TensorView odd = host_tensor(bytes, Layout::HWC, {1, 4, 5, 3});
    odd.type = ElementType{ScalarKind::Float, 1};
    CHECK(problem(odd, odd) == "output: unsupported element type (2, 1 bytes)");
    TensorView huge = host_tensor(bytes, Layout::HWC, {1, 4, 5, 3});
    huge.shape = {1, INT64_MAX, 2, 1};
    CHECK(problem(huge, huge) == "output: too many elements in HWC h=9223372036854775807 w=2 c=1");
    huge.shape = {1, INT64_MAX / 2, 2, 1};
    huge.capacity_bytes = -1;
    CHECK(problem(huge, huge) == "output: its strides reach beyond the address space");
}

TEST_CASE("the report of an input problem names both sides") {
    const CompareResult r = compare(host_tensor(floats, Layout::HWC, {1, 4, 5, 3}),
                                    host_tensor(bytes, Layout::HWC, {1, 4, 5, 3}));
    CHECK(format_report(r) == "Pixels could not be compared: element types differ: output f32, "
                              "reference u8\n  output:    f32 HWC h=4 w=5 c=3, host\n  reference: "
                              "u8 HWC h=4 w=5 c=3, host");
}
