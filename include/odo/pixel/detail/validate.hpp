#pragma once
#include "odo/pixel/varshape.hpp"
#include "odo/pixel/view.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

// Everything that would make reading a view undefined behaviour, or a comparison meaningless, is
// found here and becomes the comparison's `problem` instead.
namespace odo::pixel::detail {

inline std::optional<std::int64_t> checked_multiply(std::int64_t a, std::int64_t b) noexcept {
    constexpr std::int64_t max = INT64_MAX, min = INT64_MIN;
    if (a == 0 || b == 0)
        return 0;
    const bool overflows =
        a > 0 ? (b > 0 ? a > max / b : b < min / a) : (b > 0 ? a < min / b : a < max / b);
    if (overflows)
        return std::nullopt;
    return a * b;
}

inline std::optional<std::int64_t> checked_add(std::int64_t a, std::int64_t b) noexcept {
    if ((b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b))
        return std::nullopt;
    return a + b;
}

inline std::optional<std::int64_t> element_count(const Shape& s) noexcept {
    std::optional<std::int64_t> count = s.n;
    for (std::int64_t extent : {s.h, s.w, s.c})
        if (count)
            count = checked_multiply(*count, extent);
    return count;
}

// The bytes a view reads, as offsets from its data pointer: [low, high).
struct ByteSpan {
    std::int64_t low = 0;
    std::int64_t high = 0;
};

struct Axis {
    const char* name;
    std::int64_t extent;
    std::int64_t stride;
};

inline std::array<Axis, 4> axes_of(const TensorView& v) noexcept {
    return {{{"n", v.shape.n, v.strides.n},
             {"y", v.shape.h, v.strides.y},
             {"x", v.shape.w, v.strides.x},
             {"c", v.shape.c, v.strides.c}}};
}

inline std::optional<ByteSpan> byte_span(const TensorView& v) noexcept {
    ByteSpan span{0, v.type.bytes};
    for (const Axis& axis : axes_of(v)) {
        const auto reach = checked_multiply(axis.extent - 1, axis.stride);
        if (!reach)
            return std::nullopt;
        std::int64_t& end = *reach < 0 ? span.low : span.high;
        const auto moved = checked_add(end, *reach);
        if (!moved)
            return std::nullopt;
        end = *moved;
    }
    return span;
}

inline bool supported(ElementType type) noexcept {
    const bool integer_size =
        type.bytes == 1 || type.bytes == 2 || type.bytes == 4 || type.bytes == 8;
    return type.is_float() ? type.bytes >= 2 && integer_size : integer_size;
}

inline std::string strides_problem(const TensorView& v) {
    for (const Axis& axis : axes_of(v))
        if (axis.extent > 1 && axis.stride % v.type.bytes != 0)
            return "its stride along " + std::string(axis.name) + " (" +
                   std::to_string(axis.stride) + " bytes) is not a multiple of its " +
                   std::to_string(v.type.bytes) + "-byte elements";
    return {};
}

// Why `v` cannot be read; empty when it can.
inline std::string view_problem(const TensorView& v) {
    if (!v.problem.empty())
        return v.problem;
    if (v.shape.n < 0 || v.shape.h < 0 || v.shape.w < 0 || v.shape.c < 0)
        return "negative extent in " + describe(v.shape, v.layout);
    if (!has_batch_axis(v.layout) && v.shape.n != 1)
        return "layout " + std::string(name(v.layout)) +
               " holds one image, but n=" + std::to_string(v.shape.n);
    if (!supported(v.type))
        return "unsupported element type (" + std::to_string(int(v.type.kind)) + ", " +
               std::to_string(int(v.type.bytes)) + " bytes)";
    const auto count = element_count(v.shape);
    if (!count)
        return "too many elements in " + describe(v.shape, v.layout);
    if (*count == 0)
        return {};
    if (v.data == nullptr)
        return "data is null";
    if (reinterpret_cast<std::uintptr_t>(v.data) % v.type.bytes != 0)
        return "data is not aligned to its " + std::to_string(v.type.bytes) + "-byte elements";
    if (auto strides = strides_problem(v); !strides.empty())
        return strides;
    const auto span = byte_span(v);
    if (!span)
        return "its strides reach beyond the address space";
    if (v.capacity_bytes >= 0 && (span->low < 0 || span->high > v.capacity_bytes))
        return "it reads bytes [" + std::to_string(span->low) + ", " + std::to_string(span->high) +
               ") of a buffer of " + std::to_string(v.capacity_bytes) + " bytes";
    return {};
}

inline bool same_extents_reordered(const Shape& a, const Shape& b) {
    std::array<std::int64_t, 4> x{a.n, a.h, a.w, a.c}, y{b.n, b.h, b.w, b.c};
    std::sort(x.begin(), x.end());
    std::sort(y.begin(), y.end());
    return x == y;
}

// Why the pair cannot be compared element by element; empty when it can. Layouts may differ:
// elements are paired by logical coordinate.
inline std::string pair_problem(const TensorView& output, const TensorView& reference) {
    if (auto p = view_problem(output); !p.empty())
        return "output: " + p;
    if (auto p = view_problem(reference); !p.empty())
        return "reference: " + p;
    if (output.type != reference.type)
        return "element types differ: output " + std::string(output.type.name()) + ", reference " +
               std::string(reference.type.name());
    if (output.shape != reference.shape) {
        std::string text = "shapes differ: output " + describe(output.shape, output.layout) +
                           ", reference " + describe(reference.shape, reference.layout);
        if (same_extents_reordered(output.shape, reference.shape))
            text += " (the same extents in another order: is one side in another layout?)";
        return text;
    }
    return {};
}

inline std::string varshape_problem(const VarShapeView& output, const VarShapeView& reference) {
    if (output.images.size() != reference.images.size())
        return "image counts differ: output " + std::to_string(output.images.size()) +
               ", reference " + std::to_string(reference.images.size());
    for (std::size_t i = 0; i < output.images.size(); ++i) {
        if (output.images[i].type != output.images.front().type)
            return "image " + std::to_string(i) + ": element type " +
                   std::string(output.images[i].type.name()) + " differs from image 0's " +
                   std::string(output.images.front().type.name());
        for (const TensorView* image : {&output.images[i], &reference.images[i]})
            if (image->shape.n != 1)
                return "image " + std::to_string(i) + ": a VarShape image holds one image, but " +
                       "n=" + std::to_string(image->shape.n);
        if (auto p = pair_problem(output.images[i], reference.images[i]); !p.empty())
            return "image " + std::to_string(i) + ": " + p;
    }
    return {};
}

} // namespace odo::pixel::detail
