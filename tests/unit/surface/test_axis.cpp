#include <odo/core/json_read.hpp>
#include <odo/surface/axis.hpp>

#include <doctest/doctest.h>

using odo::InputError;
using odo::surface::AxisKind;
using odo::surface::canonical_axis_text;
using odo::surface::canonical_axis_value;

namespace {

std::string value_of(AxisKind kind, const char* json) {
    return canonical_axis_value(kind, odo::json::parse(json, "test"));
}

} // namespace

TEST_CASE("AxisKind names") {
    CHECK(to_string(AxisKind::Dtype) == "dtype");
    CHECK(to_string(AxisKind::String) == "string");
    CHECK(to_string(AxisKind::Int64) == "int64");
    CHECK(to_string(AxisKind::Float64) == "float64");
}

TEST_CASE("dtype values map nvbench short names to numpy names, others verbatim") {
    using odo::surface::canonical_dtype_name;
    const std::pair<const char*, const char*> aliases[] = {
        {"U8", "uint8"},    {"U16", "uint16"},  {"U32", "uint32"}, {"U64", "uint64"},
        {"I8", "int8"},     {"I16", "int16"},   {"I32", "int32"},  {"I64", "int64"},
        {"F16", "float16"}, {"F32", "float32"}, {"F64", "float64"}};
    for (const auto& [alias, numpy] : aliases)
        CHECK(canonical_dtype_name(alias) == numpy);
    CHECK(canonical_dtype_name(" U8\t") == "uint8");
    CHECK(canonical_dtype_name("uchar3") == "uchar3");
    CHECK(canonical_dtype_name("u8") == "u8"); // case-sensitive, as the reference
    CHECK(value_of(AxisKind::Dtype, R"(" F32 ")") == "float32");
    CHECK(value_of(AxisKind::Dtype, "8") == "8");
}

TEST_CASE("string values are stripped; numbers read as Python's str()") {
    CHECK(value_of(AxisKind::String, R"("  NHWC ")") == "NHWC");
    CHECK(value_of(AxisKind::String, "5") == "5");
    CHECK(value_of(AxisKind::String, "1.5") == "1.5");
    CHECK(value_of(AxisKind::String, "1e16") == "1e+16");
    CHECK(canonical_axis_text(AxisKind::String, " a b ") == "a b");
}

TEST_CASE("int64 values: finite integral numbers or numeric text, as a decimal integer") {
    CHECK(value_of(AxisKind::Int64, "3") == "3");
    CHECK(value_of(AxisKind::Int64, "3.0") == "3");
    CHECK(value_of(AxisKind::Int64, R"("3")") == "3");
    CHECK(value_of(AxisKind::Int64, R"(" 3.0 ")") == "3");
    CHECK(value_of(AxisKind::Int64, R"("1e3")") == "1000");
    CHECK(value_of(AxisKind::Int64, R"("-5")") == "-5");
    CHECK(value_of(AxisKind::Int64, R"("+7")") == "7");
    CHECK(value_of(AxisKind::Int64, R"("1_000")") == "1000");
    CHECK(value_of(AxisKind::Int64, "-0.0") == "0");
    CHECK(value_of(AxisKind::Int64, R"("1e-400")") == "0"); // underflows to 0.0 as in Python
    // Large values: Python's str(int(float(str(v)))), exact decimal of the nearest double.
    CHECK(value_of(AxisKind::Int64, "1e20") == "100000000000000000000");
    CHECK(value_of(AxisKind::Int64, "1180591620717411303424") == "1180591620717411303424");
    CHECK(value_of(AxisKind::Int64, "9007199254740993") == "9007199254740992");
    CHECK(value_of(AxisKind::Int64, "18446744073709551615") == "18446744073709551616");
    CHECK(canonical_axis_text(AxisKind::Int64, "128") == "128");
}

TEST_CASE("int64 values that are not integers are rejected with the value and the rule") {
    CHECK_THROWS_WITH_AS(value_of(AxisKind::Int64, "3.5"), "int64 value 3.5 is not an integer",
                         InputError);
    CHECK_THROWS_WITH_AS(value_of(AxisKind::Int64, R"("abc")"),
                         "int64 value \"abc\" is not a number", InputError);
    CHECK_THROWS_WITH_AS(value_of(AxisKind::Int64, "true"),
                         "int64 value true must be a string or a number", InputError);
    CHECK_THROWS_WITH_AS(value_of(AxisKind::Int64, "null"),
                         "int64 value null must be a string or a number", InputError);
    CHECK_THROWS_WITH_AS(value_of(AxisKind::Int64, R"("inf")"), "int64 value \"inf\" is not finite",
                         InputError);
    CHECK_THROWS_WITH_AS(value_of(AxisKind::Int64, "1e400"), doctest::Contains("is not finite"),
                         InputError);
    CHECK_THROWS_WITH_AS(value_of(AxisKind::Int64, R"("1e400")"),
                         doctest::Contains("is not finite"), InputError);
    for (const char* bad :
         {"1__0", "_1", "1_", "1._5", ".", "e5", "1e", "1.5e", "--1", "1 2", "0x10", ""})
        CHECK_THROWS_WITH_AS(canonical_axis_text(AxisKind::Int64, bad),
                             doctest::Contains("is not a number"), InputError);
}

TEST_CASE("float64 values: finite, written as Python's repr") {
    CHECK(value_of(AxisKind::Float64, "1.2") == "1.2");
    CHECK(value_of(AxisKind::Float64, "1") == "1.0");
    CHECK(value_of(AxisKind::Float64, "1e-5") == "1e-05");
    CHECK(value_of(AxisKind::Float64, "1e16") == "1e+16");
    CHECK(value_of(AxisKind::Float64, "1000000000000000000000000000000") == "1e+30");
    CHECK(value_of(AxisKind::Float64, R"(" 2 ")") == "2.0");
    CHECK(value_of(AxisKind::Float64, R"(".5")") == "0.5");
    CHECK(value_of(AxisKind::Float64, R"("5.")") == "5.0");
    CHECK(value_of(AxisKind::Float64, R"("1_0.2_5e1_0")") == "102500000000.0");
    CHECK(value_of(AxisKind::Float64, R"("-0.0")") == "-0.0");
    CHECK(value_of(AxisKind::Float64, R"("1E+2")") == "100.0");
    CHECK_THROWS_WITH_AS(value_of(AxisKind::Float64, R"("nan")"),
                         "float64 value \"nan\" is not finite", InputError);
    CHECK_THROWS_WITH_AS(value_of(AxisKind::Float64, R"("-Infinity")"),
                         doctest::Contains("is not finite"), InputError);
    CHECK_THROWS_WITH_AS(value_of(AxisKind::Float64, "false"),
                         "float64 value false must be a string or a number", InputError);
    CHECK_THROWS_WITH_AS(value_of(AxisKind::Float64, "[1]"),
                         "float64 value [1] must be a string or a number", InputError);
}

TEST_CASE("string and dtype axes reject values that are neither strings nor numbers") {
    CHECK_THROWS_WITH_AS(value_of(AxisKind::String, "true"),
                         "string value true must be a string or a number", InputError);
    CHECK_THROWS_WITH_AS(value_of(AxisKind::Dtype, "{}"),
                         "dtype value {} must be a string or a number", InputError);
}
