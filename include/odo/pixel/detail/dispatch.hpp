#pragma once
#include "odo/pixel/element.hpp"

#include <cstdint>

namespace odo::pixel::detail {

template <class T>
struct type_tag {
    using type = T;
};

// Calls f(type_tag<S>{}) with the C++ type that stores `type`. Callers validate the type first
// (validate.hpp `supported`); an unsupported one would be read as bytes.
template <class F>
decltype(auto) visit_scalar_type(ElementType type, F&& f) {
    switch (type.kind) {
    case ScalarKind::Signed:
        switch (type.bytes) {
        case 1:
            return f(type_tag<std::int8_t>{});
        case 2:
            return f(type_tag<std::int16_t>{});
        case 4:
            return f(type_tag<std::int32_t>{});
        default:
            return f(type_tag<std::int64_t>{});
        }
    case ScalarKind::Float:
        switch (type.bytes) {
        case 2:
            return f(type_tag<float16>{});
        case 4:
            return f(type_tag<float>{});
        default:
            return f(type_tag<double>{});
        }
    case ScalarKind::Unsigned:
        break;
    }
    switch (type.bytes) {
    case 2:
        return f(type_tag<std::uint16_t>{});
    case 4:
        return f(type_tag<std::uint32_t>{});
    case 8:
        return f(type_tag<std::uint64_t>{});
    default:
        return f(type_tag<std::uint8_t>{});
    }
}

} // namespace odo::pixel::detail
