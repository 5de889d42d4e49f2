#pragma once
// The text functions of shapes and views, compiled in the one translation unit that defines
// ODO_PIXEL_IMPLEMENT (see odo/pixel/compare.hpp). Deliberately not inline: a second implementing
// translation unit is a link error, not a silent duplicate.
#include "odo/pixel/shape.hpp"
#include "odo/pixel/view.hpp"

#include <cstdint>
#include <string>

namespace odo::pixel {

std::string describe(const Shape& s, Layout layout) {
    const std::string n = "n=" + std::to_string(s.n), h = "h=" + std::to_string(s.h),
                      w = "w=" + std::to_string(s.w), c = "c=" + std::to_string(s.c);
    const std::string batch = has_batch_axis(layout) || s.n != 1 ? n + " " : "";
    const std::string axes = is_planar(layout) ? c + " " + h + " " + w : h + " " + w + " " + c;
    return std::string(name(layout)) + " " + batch + axes;
}

std::string to_string(const Coord& at) {
    return "(n=" + std::to_string(at.n) + ", y=" + std::to_string(at.y) +
           ", x=" + std::to_string(at.x) + ", c=" + std::to_string(at.c) + ")";
}

TensorView::TensorView() = default;
TensorView::TensorView(const TensorView& other) = default;
TensorView::TensorView(TensorView&& other) noexcept = default;
TensorView& TensorView::operator=(const TensorView& other) = default;
TensorView& TensorView::operator=(TensorView&& other) noexcept = default;
TensorView::~TensorView() = default;

TensorView TensorView::with_row_pitch(std::int64_t bytes) const {
    TensorView pitched = *this;
    if (!problem.empty())
        return pitched;
    const std::int64_t row_bytes = shape.w * strides.x;
    if (bytes < row_bytes) {
        pitched.problem = "row pitch " + std::to_string(bytes) +
                          " bytes is shorter than a row of " + std::to_string(row_bytes) + " bytes";
        return pitched;
    }
    pitched.strides.y = bytes;
    if (is_planar(layout)) {
        pitched.strides.c = shape.h * bytes;
        pitched.strides.n = shape.c * pitched.strides.c;
    } else {
        pitched.strides.n = shape.h * bytes;
    }
    return pitched;
}

std::string detail::vector_layout_problem(int lanes, Layout layout) {
    if (!is_planar(layout))
        return {};
    return "a " + std::to_string(lanes) + "-lane vector element cannot be stored in the " +
           "planar layout " + std::string(name(layout));
}

std::string describe(const TensorView& view) {
    std::string text = std::string(view.type.name()) + " " + describe(view.shape, view.layout);
    const std::int64_t packed_row =
        view.shape.w * (is_planar(view.layout) ? 1 : view.shape.c) * std::int64_t(view.type.bytes);
    if (view.strides.y != packed_row)
        text += ", row pitch " + std::to_string(view.strides.y) + " bytes";
    text += view.space == MemorySpace::Host ? ", host" : ", device";
    return text;
}

} // namespace odo::pixel
