#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace odo::bench {

// The InOutDataType name of a C++ type, as case keys spell it (numpy names for scalars, CUDA
// names for vector types). Specialize it for your own element types; the CUDA vector types are
// in cuda_dtypes.cuh.
template <class T>
struct dtype_name;

#define ODO_BENCH_DTYPE_NAME(type, text)                                                           \
    template <>                                                                                    \
    struct dtype_name<type> {                                                                      \
        static constexpr std::string_view value = text;                                            \
    }

ODO_BENCH_DTYPE_NAME(std::uint8_t, "uint8");
ODO_BENCH_DTYPE_NAME(std::int8_t, "int8");
ODO_BENCH_DTYPE_NAME(std::uint16_t, "uint16");
ODO_BENCH_DTYPE_NAME(std::int16_t, "int16");
ODO_BENCH_DTYPE_NAME(std::uint32_t, "uint32");
ODO_BENCH_DTYPE_NAME(std::int32_t, "int32");
ODO_BENCH_DTYPE_NAME(std::uint64_t, "uint64");
ODO_BENCH_DTYPE_NAME(std::int64_t, "int64");
ODO_BENCH_DTYPE_NAME(float, "float32");
ODO_BENCH_DTYPE_NAME(double, "float64");

// The types a typed benchmark is instantiated for (nvbench's type axis).
template <class... Ts>
struct type_list {};

// Names the element type a typed benchmark body runs with: `typename decltype(tag)::type`.
template <class T>
struct type_tag {
    using type = T;
};

template <class... Ts>
std::vector<std::string> dtype_names(type_list<Ts...>) {
    return {std::string(dtype_name<Ts>::value)...};
}

// Calls `fn(type_tag<T>{})` for the T of the list named `dtype`; false when none is.
template <class... Ts, class Fn>
bool visit_dtype(type_list<Ts...>, std::string_view dtype, Fn&& fn) {
    return ((dtype == dtype_name<Ts>::value ? (fn(type_tag<Ts>{}), true) : false) || ...);
}

} // namespace odo::bench
