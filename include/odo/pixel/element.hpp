#pragma once
#include "odo/pixel/float16.hpp"

#include <cstdint>
#include <string_view>
#include <type_traits>
#include <utility>

namespace odo::pixel {

enum class ScalarKind : std::uint8_t { Unsigned, Signed, Float };

// The run-time type of one channel value: what a view holds, whatever C++ type it was made from.
struct ElementType {
    ScalarKind kind = ScalarKind::Unsigned;
    std::uint8_t bytes = 1;

    constexpr bool is_float() const noexcept { return kind == ScalarKind::Float; }

    std::string_view name() const noexcept {
        constexpr std::string_view unsigned_names[] = {"u8", "u16", "u32", "u64"};
        constexpr std::string_view signed_names[] = {"i8", "i16", "i32", "i64"};
        constexpr std::string_view float_names[] = {"?", "f16", "f32", "f64"};
        const int index = bytes == 1 ? 0 : bytes == 2 ? 1 : bytes == 4 ? 2 : bytes == 8 ? 3 : -1;
        if (index < 0)
            return "?";
        switch (kind) {
        case ScalarKind::Unsigned:
            return unsigned_names[index];
        case ScalarKind::Signed:
            return signed_names[index];
        case ScalarKind::Float:
            return float_names[index];
        }
        return "?";
    }

    friend constexpr bool operator==(ElementType a, ElementType b) noexcept {
        return a.kind == b.kind && a.bytes == b.bytes;
    }
    friend constexpr bool operator!=(ElementType a, ElementType b) noexcept { return !(a == b); }
};

// element_traits<T>: `scalar` (one channel), `lanes` (channels per T) and `type`. Defined for
// the 8- to 64-bit integers, float16, float, double, and any packed struct of one to four lanes
// named x, y, z, w: CUDA's vector types (uchar3, float4, ...) qualify without their header.
// A .cuh adds __half (odo/pixel/cuda_half.cuh).
template <class T, class = void>
struct element_traits {};

template <class T>
struct element_traits<T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>>> {
    using scalar = T;
    static constexpr int lanes = 1;
    static constexpr ElementType type{
        std::is_signed_v<T> ? ScalarKind::Signed : ScalarKind::Unsigned, sizeof(T)};
};

template <class T>
struct element_traits<T, std::enable_if_t<std::is_same_v<T, float> || std::is_same_v<T, double>>> {
    using scalar = T;
    static constexpr int lanes = 1;
    static constexpr ElementType type{ScalarKind::Float, sizeof(T)};
};

template <>
struct element_traits<float16, void> {
    using scalar = float16;
    static constexpr int lanes = 1;
    static constexpr ElementType type{ScalarKind::Float, 2};
};

namespace detail {

template <class T, class = void>
struct has_x : std::false_type {};
template <class T>
struct has_x<T, std::void_t<decltype(std::declval<T&>().x)>> : std::true_type {};
template <class T, class = void>
struct has_y : std::false_type {};
template <class T>
struct has_y<T, std::void_t<decltype(std::declval<T&>().y)>> : std::true_type {};
template <class T, class = void>
struct has_z : std::false_type {};
template <class T>
struct has_z<T, std::void_t<decltype(std::declval<T&>().z)>> : std::true_type {};
template <class T, class = void>
struct has_w : std::false_type {};
template <class T>
struct has_w<T, std::void_t<decltype(std::declval<T&>().w)>> : std::true_type {};

template <class T>
constexpr int vector_lanes = has_w<T>::value   ? 4
                             : has_z<T>::value ? 3
                             : has_y<T>::value ? 2
                                               : 1;

template <class T>
using lane_type = std::remove_cv_t<std::remove_reference_t<decltype(std::declval<T&>().x)>>;

} // namespace detail

template <class T>
struct element_traits<T, std::enable_if_t<std::is_class_v<T> && detail::has_x<T>::value>> {
    using scalar = detail::lane_type<T>;
    static constexpr int lanes = detail::vector_lanes<T>;
    static constexpr ElementType type = element_traits<scalar>::type;
    static_assert(sizeof(T) == sizeof(scalar) * lanes,
                  "a vector element type must be its lanes packed without padding");
};

template <class T, class = void>
struct is_element : std::false_type {};
template <class T>
struct is_element<T, std::void_t<decltype(element_traits<T>::type)>> : std::true_type {};

} // namespace odo::pixel
