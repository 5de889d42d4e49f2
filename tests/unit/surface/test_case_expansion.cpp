#include <odo/core/json_read.hpp>
#include <odo/surface/case_expansion.hpp>

#include <doctest/doctest.h>

using odo::InputError;
using namespace odo::surface;

namespace {

boost::json::object entry_of(const char* json) {
    return odo::json::parse(json, "test").as_object();
}

std::vector<std::string> key_texts(const std::vector<CaseKey>& keys) {
    std::vector<std::string> out;
    for (const auto& k : keys)
        out.push_back(k.str());
    return out;
}

std::vector<std::string> spec_names(const std::vector<AxisSpec>& specs) {
    std::vector<std::string> out;
    for (const auto& s : specs)
        out.push_back(s.name);
    return out;
}

const char* const resize_basic = R"({
    "tier": "basic",
    "float64_axes": {"sigma": [1.2]},
    "dtypes": ["uint8", "float32"],
    "int64_axes": {"kernelSize": [3, 5]},
    "string_axes": {"shape": ["1x1080x1920"], "interpolation": ["LINEAR", "CUBIC"],
                    "inputKind": ["Tensor", "VarShape"]}
})";

} // namespace

TEST_CASE("§2.4 example A: flip_uchar3_basic expands to two keys") {
    const auto keys = expected_case_keys("flip_uchar3_basic", entry_of(R"({
        "tier": "basic", "dtypes": ["uchar3"],
        "string_axes": {"shape": ["128x1080x1920"], "flipType": ["BOTH"], "layout": ["NHWC"],
                        "inputKind": ["Tensor", "VarShape"]}})"));
    CHECK(key_texts(keys) ==
          std::vector<std::string>{
              "flip_uchar3_basic[InOutDataType=uchar3][shape=128x1080x1920][flipType=BOTH][layout="
              "NHWC][inputKind=Tensor]",
              "flip_uchar3_basic[InOutDataType=uchar3][shape=128x1080x1920][flipType=BOTH][layout="
              "NHWC][inputKind=VarShape]"});
}

TEST_CASE("§2.4 example B: resize_basic expands to 16 keys, last axis fastest") {
    const auto specs = case_axis_specs(entry_of(resize_basic), "resize_basic");
    // Group order, not JSON field order: dtype, string, int64, float64.
    CHECK(spec_names(specs) == std::vector<std::string>{"InOutDataType", "shape", "interpolation",
                                                        "inputKind", "kernelSize", "sigma"});
    CHECK(specs[4].kind == AxisKind::Int64);
    CHECK(specs[5].kind == AxisKind::Float64);
    CHECK(case_count(specs) == 16);
    const auto keys = key_texts(expand_case_keys("resize_basic", specs));
    REQUIRE(keys.size() == 16);
    CHECK(keys[0] == "resize_basic[InOutDataType=uint8][shape=1x1080x1920][interpolation=LINEAR]"
                     "[inputKind=Tensor][kernelSize=3][sigma=1.2]");
    CHECK(keys[1] == "resize_basic[InOutDataType=uint8][shape=1x1080x1920][interpolation=LINEAR]"
                     "[inputKind=Tensor][kernelSize=5][sigma=1.2]");
    CHECK(keys[2] == "resize_basic[InOutDataType=uint8][shape=1x1080x1920][interpolation=LINEAR]"
                     "[inputKind=VarShape][kernelSize=3][sigma=1.2]");
    CHECK(keys[3] == "resize_basic[InOutDataType=uint8][shape=1x1080x1920][interpolation=LINEAR]"
                     "[inputKind=VarShape][kernelSize=5][sigma=1.2]");
    CHECK(keys[15] == "resize_basic[InOutDataType=float32][shape=1x1080x1920][interpolation=CUBIC]"
                      "[inputKind=VarShape][kernelSize=5][sigma=1.2]");
}

TEST_CASE("§2.4: a string axis keeps its place in the string group") {
    const auto keys = expected_case_keys("resize_contract_area_tensor_uchar3_basic", entry_of(R"({
        "dtypes": ["uchar3"],
        "string_axes": {"shape": ["32x1080x1920"], "kernelSize": ["5x5"],
                        "resizeType": ["CONTRACT"], "interpolation": ["AREA"],
                        "layout": ["NHWC"], "inputKind": ["Tensor"]}})"));
    CHECK(key_texts(keys) ==
          std::vector<std::string>{
              "resize_contract_area_tensor_uchar3_basic[InOutDataType=uchar3][shape=32x1080x1920]"
              "[kernelSize=5x5][resizeType=CONTRACT][interpolation=AREA][layout=NHWC][inputKind="
              "Tensor]"});
}

TEST_CASE("case_axis_specs: InOutDataType comes first even without dtypes") {
    const auto specs = case_axis_specs(entry_of(R"({"string_axes": {"layout": ["NHWC"]}})"), "c");
    REQUIRE(specs.size() == 2);
    CHECK(specs[0].name == "InOutDataType");
    CHECK(specs[0].kind == AxisKind::Dtype);
    CHECK(specs[0].values.empty());
    CHECK(case_axis_specs(entry_of("{}"), "c").size() == 1);
}

TEST_CASE("case_axis_specs canonicalizes declared values") {
    const auto specs =
        case_axis_specs(entry_of(R"({"dtypes": ["U8", " uchar3 "], "int64_axes": {"n": ["3.0", 4]},
                     "float64_axes": {"t": [1, 1e-5]}})"),
                        "c");
    CHECK(specs[0].values == std::vector<std::string>{"uint8", "uchar3"});
    CHECK(specs[1].values == std::vector<std::string>{"3", "4"});
    CHECK(specs[2].values == std::vector<std::string>{"1.0", "1e-05"});
}

TEST_CASE("case_axis_specs errors name the context and the field") {
    CHECK_THROWS_WITH_AS(case_axis_specs(entry_of(R"({"dtypes": "uint8"})"), "cfg"),
                         "cfg: dtypes must be a list", InputError);
    CHECK_THROWS_WITH_AS(case_axis_specs(entry_of(R"({"string_axes": []})"), "cfg"),
                         "cfg: string_axes must be an object", InputError);
    CHECK_THROWS_WITH_AS(case_axis_specs(entry_of(R"({"int64_axes": null})"), "cfg"),
                         "cfg: int64_axes must be an object", InputError);
    CHECK_THROWS_WITH_AS(case_axis_specs(entry_of(R"({"float64_axes": {"s": 0.5}})"), "cfg"),
                         "cfg: float64_axes.s must be a list", InputError);
    CHECK_THROWS_WITH_AS(case_axis_specs(entry_of(R"({"int64_axes": {"n": [1, 2.5]}})"), "cfg"),
                         "cfg: int64_axes.n[1]: int64 value 2.5 is not an integer", InputError);
    CHECK_THROWS_WITH_AS(case_axis_specs(entry_of(R"({"dtypes": [null]})"), "cfg"),
                         "cfg: dtypes[0]: dtype value null must be a string or a number",
                         InputError);
    CHECK_THROWS_WITH_AS(
        case_axis_specs(entry_of(R"({"string_axes": {"n": ["a"]}, "int64_axes": {"n": [1]}})"),
                        "cfg"),
        "cfg: axis 'n' is declared twice", InputError);
    CHECK_THROWS_WITH_AS(
        case_axis_specs(entry_of(R"({"string_axes": {"InOutDataType": ["a"]}})"), "cfg"),
        "cfg: axis 'InOutDataType' is declared twice", InputError);
}

TEST_CASE("an empty value list, including missing dtypes, expands to zero keys") {
    const auto no_dtypes = entry_of(R"({"tier": "basic", "string_axes": {"layout": ["NHWC"]}})");
    CHECK(expected_case_keys("c", no_dtypes).empty());
    const auto empty_axis = entry_of(R"({"dtypes": ["uint8"], "string_axes": {"layout": []}})");
    CHECK(expected_case_keys("c", empty_axis).empty());
    CHECK(axes_without_values(case_axis_specs(no_dtypes, "c")) ==
          std::vector<std::string>{"InOutDataType"});
    CHECK(axes_without_values(case_axis_specs(empty_axis, "c")) ==
          std::vector<std::string>{"layout"});
    CHECK(axes_without_values(case_axis_specs(entry_of(resize_basic), "c")).empty());
}

TEST_CASE("configs_without_cases lists the configs that expand to nothing") {
    BenchConfig config{"t", "op", {}, false};
    config.entries.push_back({"ok", entry_of(R"({"dtypes": ["uint8"]})")});
    config.entries.push_back({"no_dtypes", entry_of(R"({"string_axes": {"layout": ["NHWC"]}})")});
    config.entries.push_back({"broken", entry_of(R"({"string_axes": 1})")});
    CHECK(configs_without_cases(config) == std::vector<std::string>{"no_dtypes"});
}

TEST_CASE("case_count saturates instead of overflowing") {
    std::vector<AxisSpec> specs;
    for (int i = 0; i < 70; ++i)
        specs.push_back({"a" + std::to_string(i), AxisKind::String, {"x", "y"}});
    CHECK(case_count(specs) == std::numeric_limits<std::size_t>::max());
    CHECK_THROWS_WITH_AS(expand_case_keys("big", specs),
                         "big: declares more than 1000000 case keys", InputError);
}

TEST_CASE("expansion rejects names and values that could not be read back from the key") {
    CHECK_THROWS_WITH_AS(expected_case_keys("a[b", entry_of(R"({"dtypes": ["uint8"]})")),
                         doctest::Contains("a[b: config key must be"), InputError);
    CHECK_THROWS_WITH_AS(expected_case_keys("", entry_of(R"({"dtypes": ["uint8"]})")),
                         doctest::Contains("config key must be"), InputError);
    CHECK_THROWS_WITH_AS(
        expected_case_keys("c", entry_of(R"({"dtypes": ["u"], "string_axes": {"a=b": ["x"]}})")),
        "c: axis name 'a=b' cannot appear in case keys (no '[', ']' or '=')", InputError);
    CHECK_THROWS_WITH_AS(
        expected_case_keys("c", entry_of(R"({"dtypes": ["u"], "string_axes": {"s": ["[1]"]}})")),
        "c: s value '[1]' cannot appear in case keys (no '[' or ']')", InputError);
}

TEST_CASE("validate_case_key_for_config accepts exactly the expanded keys") {
    const auto specs = case_axis_specs(entry_of(resize_basic), "resize_basic");
    for (const CaseKey& key : expand_case_keys("resize_basic", specs))
        CHECK(validate_case_key_for_config(key.str(), "resize_basic", specs) == key);
}

TEST_CASE("expand_case_key_texts spells the expanded keys, and fails where the expansion fails") {
    const auto specs = case_axis_specs(entry_of(resize_basic), "resize_basic");
    CHECK(expand_case_key_texts("resize_basic", specs) ==
          key_texts(expand_case_keys("resize_basic", specs)));
    CHECK(expand_case_key_texts("c", case_axis_specs(entry_of(R"({"dtypes": []})"), "c")).empty());
    CHECK_THROWS_WITH_AS(expand_case_key_texts("a[b", specs),
                         doctest::Contains("a[b: config key must be"), InputError);
    std::vector<AxisSpec> big;
    for (int i = 0; i < 70; ++i)
        big.push_back({"a" + std::to_string(i), AxisKind::String, {"x", "y"}});
    CHECK_THROWS_WITH_AS(expand_case_key_texts("big", big),
                         "big: declares more than 1000000 case keys", InputError);
}

TEST_CASE("keys_valid_by_construction: the expanded keys validate; a declared value that is not "
          "canonical leaves every key to be read") {
    const auto specs = case_axis_specs(entry_of(resize_basic), "resize_basic");
    const std::vector<std::string> texts = expand_case_key_texts("resize_basic", specs);
    const auto valid = keys_valid_by_construction(texts, specs);
    CHECK(valid.size() == texts.size());
    for (const std::string_view key : valid)
        CHECK_NOTHROW(validate_case_key_for_config(key, "resize_basic", specs));
    // Declared by hand, not through case_axis_specs, which canonicalizes: " NHWC" reads as "NHWC".
    const std::vector<AxisSpec> loose = {{"InOutDataType", AxisKind::Dtype, {"uint8"}},
                                         {"layout", AxisKind::String, {" NHWC"}}};
    const std::vector<std::string> loose_texts = expand_case_key_texts("c", loose);
    CHECK(keys_valid_by_construction(loose_texts, loose).empty());
    CHECK_THROWS_WITH_AS(validate_case_key_for_config(loose_texts.at(0), "c", loose),
                         doctest::Contains("is not canonical"), InputError);
}

TEST_CASE("validate_case_key_for_config names the key and the broken rule") {
    const auto specs =
        case_axis_specs(entry_of(R"({"dtypes": ["uint8"], "string_axes": {"layout": ["NHWC"]},
                     "int64_axes": {"n": [3]}, "float64_axes": {"t": [0.5]}})"),
                        "c");
    auto validate = [&](const char* key) { return validate_case_key_for_config(key, "c", specs); };
    CHECK_NOTHROW(validate("c[InOutDataType=uint8][layout=NHWC][n=3][t=0.5]"));
    CHECK_THROWS_WITH_AS(validate("d[InOutDataType=uint8][layout=NHWC][n=3][t=0.5]"),
                         "case key 'd[InOutDataType=uint8][layout=NHWC][n=3][t=0.5]' belongs to "
                         "config 'd', expected 'c'",
                         InputError);
    CHECK_THROWS_WITH_AS(validate("c[layout=NHWC][InOutDataType=uint8][n=3][t=0.5]"),
                         doctest::Contains("has axes ['layout', 'InOutDataType', 'n', 't'], "
                                           "expected ['InOutDataType', 'layout', 'n', 't']"),
                         InputError);
    CHECK_THROWS_WITH_AS(validate("c[InOutDataType=uint8][layout=NHWC][n=3]"),
                         doctest::Contains("has axes"), InputError);
    CHECK_THROWS_WITH_AS(validate("c[InOutDataType=U8][layout=NHWC][n=3][t=0.5]"),
                         doctest::Contains(": InOutDataType value 'U8' is not canonical "
                                           "(expected 'uint8')"),
                         InputError);
    CHECK_THROWS_WITH_AS(validate("c[InOutDataType=uint8][layout=NHWC][n=3.0][t=0.5]"),
                         doctest::Contains("n value '3.0' is not canonical (expected '3')"),
                         InputError);
    CHECK_THROWS_WITH_AS(validate("c[InOutDataType=uint8][layout= NHWC][n=3][t=0.5]"),
                         doctest::Contains("is not canonical"), InputError);
    CHECK_THROWS_WITH_AS(validate("c[InOutDataType=uint8][layout=NHWC][n=x][t=0.5]"),
                         doctest::Contains(": n: int64 value \"x\" is not a number"), InputError);
    CHECK_THROWS_WITH_AS(validate("c[InOutDataType=uint8][layout=NCHW][n=3][t=0.5]"),
                         doctest::Contains("layout value 'NCHW' not declared (allowed: ['NHWC'])"),
                         InputError);
    CHECK_THROWS_WITH_AS(validate("c[InOutDataType=uint8][layout=NHWC][n=3][t=0.50]"),
                         doctest::Contains("t value '0.50' is not canonical (expected '0.5')"),
                         InputError);
    CHECK_THROWS_AS(validate("c"), InputError);
}
