#pragma once
#include "odo/core/python_repr.hpp"
#include "odo/pixel/element.hpp"
#include "odo/pixel/float16.hpp"

#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

namespace odo::pixel {

// One channel value as its bits and type, so reports print integers exactly and floats at their
// own precision (f32 0.1 prints as 0.1, not 0.10000000149011612).
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

    std::string text() const {
        switch (type.kind) {
        case ScalarKind::Unsigned:
            return std::to_string(bits);
        case ScalarKind::Signed:
            return std::to_string(as_signed());
        case ScalarKind::Float:
            break;
        }
        if (type.bytes == 2)
            return shortest_half_text();
        if (type.bytes == 4)
            return shortest_float_text(as<float>());
        return python_float_repr(as<double>());
    }

private:
    template <class S>
    S as() const noexcept {
        S value;
        std::memcpy(&value, &bits, sizeof(S));
        return value;
    }

    // Python's repr style with the fewest digits that read back as the same value of this
    // precision: the shortest decimal is re-read as a double, whose repr keeps those digits.
    static std::string repr_of_decimal(const char* first, const char* last) {
        return python_float_repr(std::strtod(std::string(first, last).c_str(), nullptr));
    }

    static std::string shortest_float_text(float value) {
        if (!(value - value == 0.0f)) // NaN or infinity
            return python_float_repr(value);
        char buf[64];
        const auto res = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
        return repr_of_decimal(buf, res.ptr);
    }

    std::string shortest_half_text() const {
        const float value = to_float(as<float16>());
        if (!(value - value == 0.0f))
            return python_float_repr(value);
        char buf[64];
        for (int precision = 0;; ++precision) { // five significant digits always suffice
            const auto res = std::to_chars(buf, buf + sizeof buf, value,
                                           std::chars_format::scientific, precision);
            const float back = std::strtof(std::string(buf, res.ptr).c_str(), nullptr);
            if (to_float16(back).bits == as<float16>().bits || precision >= 4)
                return repr_of_decimal(buf, res.ptr);
        }
    }
};

} // namespace odo::pixel
