#pragma once
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
inline std::string describe(const Shape& s, Layout layout) {
    const std::string n = "n=" + std::to_string(s.n), h = "h=" + std::to_string(s.h),
                      w = "w=" + std::to_string(s.w), c = "c=" + std::to_string(s.c);
    const std::string batch = has_batch_axis(layout) || s.n != 1 ? n + " " : "";
    const std::string axes = is_planar(layout) ? c + " " + h + " " + w : h + " " + w + " " + c;
    return std::string(name(layout)) + " " + batch + axes;
}

inline std::string to_string(const Coord& at) {
    return "(n=" + std::to_string(at.n) + ", y=" + std::to_string(at.y) +
           ", x=" + std::to_string(at.x) + ", c=" + std::to_string(at.c) + ")";
}

} // namespace odo::pixel
