#include <odo/pixel/detail/validate.hpp>
#include <odo/pixel/view.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

using namespace odo::pixel;

namespace {
struct view_uchar3 {
    unsigned char x, y, z;
};

void check_strides(const TensorView& v, Strides expected) {
    CHECK(v.strides.n == expected.n);
    CHECK(v.strides.y == expected.y);
    CHECK(v.strides.x == expected.x);
    CHECK(v.strides.c == expected.c);
}
} // namespace

TEST_CASE("packed views get the strides of their layout, in bytes") {
    const float data[1] = {};
    check_strides(host_tensor(data, Layout::NHWC, {2, 3, 4, 5}),
                  {3 * 4 * 5 * 4, 4 * 5 * 4, 5 * 4, 4});
    check_strides(host_tensor(data, Layout::NCHW, {2, 3, 4, 5}),
                  {5 * 3 * 4 * 4, 4 * 4, 4, 3 * 4 * 4});
    check_strides(host_tensor(data, Layout::HWC, {1, 3, 4, 5}),
                  {3 * 4 * 5 * 4, 4 * 5 * 4, 5 * 4, 4});
    check_strides(host_tensor(data, Layout::CHW, {1, 3, 4, 5}),
                  {5 * 3 * 4 * 4, 4 * 4, 4, 3 * 4 * 4});
    const TensorView image = host_image(data, 3, 4, 2);
    CHECK(image.layout == Layout::HWC);
    CHECK(image.shape == Shape{1, 3, 4, 2});
    CHECK(image.space == MemorySpace::Host);
    CHECK(image.type.name() == "f32");
    CHECK(device_image(data, 3, 4).space == MemorySpace::Device);
    CHECK(device_tensor(data, Layout::NCHW, {1, 1, 1, 1}).space == MemorySpace::Device);
}

TEST_CASE("a vector element's lanes become channels") {
    const view_uchar3 pixels[6] = {};
    const TensorView v = host_tensor(pixels, Layout::NHWC, {1, 2, 3, 1});
    CHECK(v.shape == Shape{1, 2, 3, 3});
    CHECK(v.type.name() == "u8");
    check_strides(v, {18, 9, 3, 1});
    CHECK(v.problem.empty());
    CHECK(host_tensor(pixels, Layout::NCHW, {1, 2, 3, 1}).problem ==
          "a 3-lane vector element cannot be stored in the planar layout NCHW");
}

TEST_CASE("a row pitch sets the row, image and plane strides") {
    const std::uint16_t data[1] = {};
    const TensorView interleaved = host_tensor(data, Layout::NHWC, {2, 3, 4, 2}).with_row_pitch(20);
    check_strides(interleaved, {60, 20, 4, 2});
    const TensorView planar = host_tensor(data, Layout::NCHW, {2, 3, 4, 2}).with_row_pitch(12);
    check_strides(planar, {2 * 3 * 12, 12, 2, 3 * 12});
    CHECK(host_tensor(data, Layout::HWC, {1, 3, 4, 2}).with_row_pitch(15).problem ==
          "row pitch 15 bytes is shorter than a row of 16 bytes");
    // The first problem a view met is the one it keeps.
    const view_uchar3 pixels[1] = {};
    CHECK(host_tensor(pixels, Layout::CHW, {1, 1, 1, 1}).with_row_pitch(0).problem ==
          "a 3-lane vector element cannot be stored in the planar layout CHW");
}

TEST_CASE("a view over a vector knows how many bytes it may read") {
    const std::vector<float> data(12);
    CHECK(host_tensor(data, Layout::HWC, {1, 2, 2, 3}).capacity_bytes == 48);
    CHECK(host_tensor(data.data(), Layout::HWC, {1, 2, 2, 3}).capacity_bytes == -1);
}

TEST_CASE("describe names type, layout axes in order, pitch and memory") {
    const std::uint8_t data[1] = {};
    CHECK(describe(host_tensor(data, Layout::NHWC, {2, 4, 5, 3})) ==
          "u8 NHWC n=2 h=4 w=5 c=3, host");
    CHECK(describe(host_tensor(data, Layout::NCHW, {2, 4, 5, 3})) ==
          "u8 NCHW n=2 c=3 h=4 w=5, host");
    CHECK(describe(host_tensor(data, Layout::HWC, {1, 4, 5, 3}).with_row_pitch(64)) ==
          "u8 HWC h=4 w=5 c=3, row pitch 64 bytes, host");
    CHECK(describe(device_tensor(data, Layout::CHW, {1, 4, 5, 3})) == "u8 CHW c=3 h=4 w=5, device");
    CHECK(describe(Shape{3, 4, 5, 1}, Layout::HWC) == "HWC n=3 h=4 w=5 c=1");
}

TEST_CASE("byte spans cover negative strides and detect overflow") {
    const float data[1] = {};
    TensorView v = host_tensor(data, Layout::HWC, {1, 3, 4, 1});
    auto span = odo::pixel::detail::byte_span(v);
    REQUIRE(span);
    CHECK(span->low == 0);
    CHECK(span->high == 48);
    v.strides.y = -16; // rows read bottom-up
    span = odo::pixel::detail::byte_span(v);
    REQUIRE(span);
    CHECK(span->low == -32);
    CHECK(span->high == 16);
    v.strides.y = INT64_MAX / 2;
    CHECK_FALSE(odo::pixel::detail::byte_span(v));
    CHECK_FALSE(odo::pixel::detail::checked_multiply(INT64_MIN, -1));
    CHECK(odo::pixel::detail::checked_multiply(-4, 5) == -20);
    CHECK_FALSE(odo::pixel::detail::checked_add(INT64_MAX, 1));
    CHECK_FALSE(odo::pixel::detail::element_count({INT64_MAX, 2, 1, 1}));
}
