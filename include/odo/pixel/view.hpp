#pragma once
// A view's factories are inline; the functions that write text (with_row_pitch's problem,
// describe) are compiled once, with the comparison (see odo/pixel/compare.hpp,
// ODO_PIXEL_IMPLEMENT), so that a test's own translation unit only parses their declarations.
#include "odo/pixel/element.hpp"
#include "odo/pixel/shape.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace odo::pixel {

enum class MemorySpace : std::uint8_t { Host, Device };

// Bytes between neighbours along each logical axis. Any of them may be a row pitch or a plane
// size; negative strides (flipped views) are allowed.
struct Strides {
    std::int64_t n = 0;
    std::int64_t y = 0;
    std::int64_t x = 0;
    std::int64_t c = 0;
};

// A non-owning view of an image batch or tensor in host or device memory. Views are plain data:
// the factories below fill them in, and `problem` records why a factory could not, so that the
// comparison fails with that reason instead of reading out of bounds.
struct TensorView {
    const void* data = nullptr;
    ElementType type{};
    Layout layout = Layout::NHWC;
    Shape shape{};
    Strides strides{};
    MemorySpace space = MemorySpace::Host;
    std::int64_t capacity_bytes = -1; // bytes known to be readable at `data`; -1: not known
    std::string problem;

    // Declared here and compiled once (ODO_PIXEL_IMPLEMENT), as the text functions are: a view
    // holds a string, and every test makes, copies and drops views, so each test TU would
    // otherwise generate the string's copy, move and release for every view it handles.
    TensorView();
    TensorView(const TensorView& other);
    TensorView(TensorView&& other) noexcept;
    TensorView& operator=(const TensorView& other);
    TensorView& operator=(TensorView&& other) noexcept;
    ~TensorView();

    // Rows `bytes` apart (cudaMallocPitch, CV-CUDA tensors): images, or planes of a planar
    // layout, are then `h` rows of that pitch.
    TensorView with_row_pitch(std::int64_t bytes) const;
};

namespace detail {

inline Strides packed_strides(Layout layout, const Shape& s, std::int64_t element_bytes) {
    if (is_planar(layout))
        return {s.c * s.h * s.w * element_bytes, s.w * element_bytes, element_bytes,
                s.h * s.w * element_bytes};
    return {s.h * s.w * s.c * element_bytes, s.w * s.c * element_bytes, s.c * element_bytes,
            element_bytes};
}

// Why a vector element of `lanes` lanes cannot be stored in `layout`; empty when it can.
std::string vector_layout_problem(int lanes, Layout layout);

template <class T>
TensorView make_view(const T* data, Layout layout, Shape shape, MemorySpace space) {
    static_assert(is_element<T>::value,
                  "odo::pixel views hold 8- to 64-bit integers, float16, float, double, __half "
                  "(odo/pixel/cuda_half.cuh) or packed x/y/z/w vectors of them");
    using traits = element_traits<T>;
    TensorView view;
    view.data = data;
    view.type = traits::type;
    view.layout = layout;
    view.space = space;
    view.shape = shape;
    view.shape.c = shape.c * traits::lanes;
    view.strides = packed_strides(layout, view.shape, traits::type.bytes);
    if constexpr (traits::lanes > 1) // kept out of scalar views, which every unit test makes
        view.problem = vector_layout_problem(traits::lanes, layout);
    return view;
}

} // namespace detail

// A packed tensor. `shape.c` counts elements of T: a uchar3 image has c=1 and views as three
// u8 channels.
template <class T>
TensorView host_tensor(const T* data, Layout layout, Shape shape) {
    return detail::make_view(data, layout, shape, MemorySpace::Host);
}

template <class T>
TensorView device_tensor(const T* data, Layout layout, Shape shape) {
    return detail::make_view(data, layout, shape, MemorySpace::Device);
}

// As above, and the comparison checks that the view stays inside the vector.
template <class T>
TensorView host_tensor(const std::vector<T>& data, Layout layout, Shape shape) {
    TensorView view = detail::make_view(data.data(), layout, shape, MemorySpace::Host);
    view.capacity_bytes = static_cast<std::int64_t>(data.size() * sizeof(T));
    return view;
}

// A temporary vector would dangle before the comparison reads it.
template <class T>
TensorView host_tensor(const std::vector<T>&& data, Layout layout, Shape shape) = delete;

// One interleaved image (HWC).
template <class T>
TensorView host_image(const T* data, std::int64_t height, std::int64_t width,
                      std::int64_t channels = 1) {
    return host_tensor(data, Layout::HWC, Shape{1, height, width, channels});
}

template <class T>
TensorView device_image(const T* data, std::int64_t height, std::int64_t width,
                        std::int64_t channels = 1) {
    return device_tensor(data, Layout::HWC, Shape{1, height, width, channels});
}

// "u8 NHWC n=2 h=4 w=5 c=3, row pitch 64 bytes, host": what a report names for each side.
std::string describe(const TensorView& view);

} // namespace odo::pixel
