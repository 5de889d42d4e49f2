#include <odo/core/json_read.hpp>
#include <odo/surface/row_case_key.hpp>

#include <doctest/doctest.h>

using odo::InputError;
using namespace odo::surface;

namespace {

std::vector<AxisSpec> specs() {
    return case_axis_specs(odo::json::parse(R"({"dtypes": ["uint8", "float32"],
        "string_axes": {"shape": ["1x64x64"], "layout": ["NHWC", "NCHW"]},
        "int64_axes": {"n": [3]}, "float64_axes": {"t": [0.5, 1]}})",
                                            "test")
                               .as_object(),
                           "cfg");
}

} // namespace

TEST_CASE("metadata columns are recognised, including pandas index columns") {
    for (const char* column :
         {"config_key", "Benchmark", "Language", "tier", "GPU Time (µs)", "BWUtil", "Device Name",
          "Samples.1", "Batch GPU (sec)", "Unnamed: 0"})
        CHECK(is_metadata_column(column));
    CHECK_FALSE(is_metadata_column("layout"));
    CHECK_FALSE(is_metadata_column("Elem/s (elem/sec)"));
}

TEST_CASE("case_key_from_row builds the key in spec order from canonical values") {
    const ResultRow row{
        {"Benchmark", "op"},      {"t", "1"},        {"layout", " NCHW"}, {"n", "3.0"},
        {"InOutDataType", "F32"}, {"BWUtil", "0.5"}, {"shape", "1x64x64"}};
    CHECK(case_key_from_row("cfg", specs(), row).str() ==
          "cfg[InOutDataType=float32][shape=1x64x64][layout=NCHW][n=3][t=1.0]");
}

TEST_CASE("a single-valued axis may be absent or blank in the row") {
    const ResultRow row{{"InOutDataType", "U8"}, {"layout", "NHWC"}, {"t", "0.5"}, {"shape", " "}};
    CHECK(case_key_from_row("cfg", specs(), row).str() ==
          "cfg[InOutDataType=uint8][shape=1x64x64][layout=NHWC][n=3][t=0.5]");
}

TEST_CASE("case_key_from_row errors") {
    const ResultRow base{{"InOutDataType", "U8"}, {"layout", "NHWC"}, {"t", "0.5"}};
    ResultRow unknown = base;
    unknown.push_back({"Elem/s (elem/sec)", "12"});
    unknown.push_back({"empty_extra", ""});
    CHECK_THROWS_WITH_AS(case_key_from_row("cfg", specs(), unknown),
                         "cfg: unknown non-metadata axis column(s) ['Elem/s (elem/sec)']",
                         InputError);
    const ResultRow missing{{"InOutDataType", "U8"}, {"t", "0.5"}};
    CHECK_THROWS_WITH_AS(case_key_from_row("cfg", specs(), missing),
                         "cfg: missing axis column 'layout'", InputError);
    ResultRow undeclared = base;
    undeclared[1].second = "CHW";
    CHECK_THROWS_WITH_AS(case_key_from_row("cfg", specs(), undeclared),
                         "cfg: layout value 'CHW' not declared (allowed: ['NHWC', 'NCHW'])",
                         InputError);
    ResultRow not_number = base;
    not_number[2].second = "fast";
    CHECK_THROWS_WITH_AS(case_key_from_row("cfg", specs(), not_number),
                         "cfg: t: float64 value \"fast\" is not a number", InputError);
}
