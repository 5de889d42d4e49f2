#pragma once
// The text functions declared here are compiled once, with the comparison (see
// odo/pixel/compare.hpp, ODO_PIXEL_IMPLEMENT), so that a test's own translation unit only parses
// their declarations.
#include <cstdint>
#include <string>
#include <string_view>

namespace odo::pixel {

// How a tensor's axes are laid out in memory, outermost first. HWC and CHW hold one image.
enum class Layout : std::uint8_t { NHWC, NCHW, HWC, CHW };

constexpr std::string_view name(Layout layout) noexcept {
    switch (layout) {
    case Layout::NHWC:
        return "NHWC";
    case Layout::NCHW:
        return "NCHW";
    case Layout::HWC:
        return "HWC";
    case Layout::CHW:
        return "CHW";
    }
    return "?";
}

// Planar layouts keep each channel in its own plane; the others interleave channels per pixel.
constexpr bool is_planar(Layout layout) noexcept {
    return layout == Layout::NCHW || layout == Layout::CHW;
}

constexpr bool has_batch_axis(Layout layout) noexcept {
    return layout == Layout::NHWC || layout == Layout::NCHW;
}

// Logical extents, whatever the layout: batch, height, width, channels.
struct Shape {
    std::int64_t n = 1;
    std::int64_t h = 0;
    std::int64_t w = 0;
    std::int64_t c = 1;

    friend constexpr bool operator==(const Shape& a, const Shape& b) noexcept {
        return a.n == b.n && a.h == b.h && a.w == b.w && a.c == b.c;
    }
    friend constexpr bool operator!=(const Shape& a, const Shape& b) noexcept { return !(a == b); }
};

// A position in logical coordinates: image, row, column, channel.
struct Coord {
    std::int64_t n = 0;
    std::int64_t y = 0;
    std::int64_t x = 0;
    std::int64_t c = 0;

    friend constexpr bool operator==(const Coord& a, const Coord& b) noexcept {
        return a.n == b.n && a.y == b.y && a.x == b.x && a.c == b.c;
    }
    friend constexpr bool operator!=(const Coord& a, const Coord& b) noexcept { return !(a == b); }
};

// Extents in the layout's own axis order, e.g. "NCHW n=1 c=3 h=4 w=5", so a transposed pair of
// shapes reads as such.
std::string describe(const Shape& s, Layout layout);

// "(n=0, y=2, x=5, c=1)".
std::string to_string(const Coord& at);

} // namespace odo::pixel
