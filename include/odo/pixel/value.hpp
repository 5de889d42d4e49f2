#pragma once
#include "odo/pixel/element.hpp"
#include "odo/pixel/float16.hpp"

#include <cstdint>
#include <cstring>

namespace odo::pixel {

// One channel value as its bits and type, so reports print integers exactly and floats at their
// own precision (f32 0.1 prints as 0.1, not 0.10000000149011612; to_string in value_text.hpp).
struct ElementValue {
    ElementType type{};
    std::uint64_t bits = 0;

    template <class S>
    static ElementValue of(S value) noexcept {
        ElementValue v{element_traits<S>::type, 0};
        std::memcpy(&v.bits, &value, sizeof(S));
        return v;
    }

    // Reads the element at `at` (little-endian, as on every CUDA platform).
    static ElementValue read(ElementType type, const void* at) noexcept {
        ElementValue v{type, 0};
        std::memcpy(&v.bits, at, type.bytes);
        return v;
    }

    // The bits as the C++ type that stores `type`.
    template <class S>
    S as() const noexcept {
        S value;
        std::memcpy(&value, &bits, sizeof(S));
        return value;
    }

    std::int64_t as_signed() const noexcept {
        switch (type.bytes) {
        case 1:
            return as<std::int8_t>();
        case 2:
            return as<std::int16_t>();
        case 4:
            return as<std::int32_t>();
        default:
            return as<std::int64_t>();
        }
    }

    double as_double() const noexcept {
        switch (type.kind) {
        case ScalarKind::Unsigned:
            return double(bits);
        case ScalarKind::Signed:
            return double(as_signed());
        case ScalarKind::Float:
            break;
        }
        if (type.bytes == 2)
            return to_float(as<float16>());
        return type.bytes == 4 ? double(as<float>()) : as<double>();
    }
};

} // namespace odo::pixel
