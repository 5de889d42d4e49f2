#include <odo/pixel/element.hpp>

#include <doctest/doctest.h>

#include <cstdint>

using namespace odo::pixel;

namespace {
// Look-alikes of CUDA's vector types: the traits need only the x/y/z/w members.
struct uchar3_like {
    unsigned char x, y, z;
};
struct float4_like {
    float x, y, z, w;
};
struct short2_like {
    short x, y;
};
struct half1_like {
    float16 x;
};
struct not_an_element {
    int a;
};
} // namespace

TEST_CASE("scalar element types map to their run-time type") {
    CHECK(element_traits<std::uint8_t>::type == ElementType{ScalarKind::Unsigned, 1});
    CHECK(element_traits<std::int8_t>::type == ElementType{ScalarKind::Signed, 1});
    CHECK(element_traits<std::uint16_t>::type.name() == "u16");
    CHECK(element_traits<std::int16_t>::type.name() == "i16");
    CHECK(element_traits<std::uint32_t>::type.name() == "u32");
    CHECK(element_traits<std::int32_t>::type.name() == "i32");
    CHECK(element_traits<std::uint64_t>::type.name() == "u64");
    CHECK(element_traits<std::int64_t>::type.name() == "i64");
    CHECK(element_traits<long long>::type.name() == "i64");
    CHECK(element_traits<float16>::type.name() == "f16");
    CHECK(element_traits<float>::type.name() == "f32");
    CHECK(element_traits<double>::type.name() == "f64");
    CHECK(element_traits<double>::type.is_float());
    CHECK_FALSE(element_traits<std::int32_t>::type.is_float());
    CHECK(element_traits<float>::lanes == 1);
}

TEST_CASE("vector element types contribute their lanes as channels") {
    CHECK(element_traits<uchar3_like>::lanes == 3);
    CHECK(element_traits<uchar3_like>::type.name() == "u8");
    CHECK(element_traits<float4_like>::lanes == 4);
    CHECK(element_traits<float4_like>::type.name() == "f32");
    CHECK(element_traits<short2_like>::lanes == 2);
    CHECK(element_traits<short2_like>::type.name() == "i16");
    CHECK(element_traits<half1_like>::lanes == 1);
    CHECK(element_traits<half1_like>::type.name() == "f16");
}

TEST_CASE("bool, long double and other structs are not elements") {
    CHECK(is_element<float>::value);
    CHECK(is_element<uchar3_like>::value);
    CHECK_FALSE(is_element<bool>::value);
    CHECK_FALSE(is_element<long double>::value);
    CHECK_FALSE(is_element<not_an_element>::value);
}

TEST_CASE("an element type with an impossible size has no name") {
    CHECK(ElementType{ScalarKind::Float, 1}.name() == "?");
    CHECK(ElementType{ScalarKind::Unsigned, 3}.name() == "?");
    CHECK(ElementType{ScalarKind::Unsigned, 3} != ElementType{ScalarKind::Unsigned, 1});
}
