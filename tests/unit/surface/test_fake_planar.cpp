#include <odo/core/json_read.hpp>
#include <odo/surface/fake_planar.hpp>

#include <doctest/doctest.h>

using odo::InputError;
using namespace odo::surface;

namespace {

BenchConfig fake_planar_config(const std::string& configs) {
    const std::string text = R"({"benchmark": "op", "configs": )" + configs + "}";
    return load_bench_config(odo::json::parse(text, "op.json"), "op.json");
}

using Issues = std::vector<std::string>;

} // namespace

TEST_CASE("layout roles") {
    CHECK(is_native_planar_layout("NCHW"));
    CHECK(is_native_planar_layout("CHW"));
    CHECK_FALSE(is_native_planar_layout("NHWC"));
    CHECK(is_fake_planar_layout("NCHW_FAKE"));
    CHECK(is_fake_planar_layout("CHW_FAKE"));
    CHECK_FALSE(is_fake_planar_layout("NCHW"));
}

TEST_CASE("an advanced Tensor fake case with one same-tier native partner passes") {
    CHECK(fake_planar_pairing_issues(fake_planar_config(R"({
        "b_native": {"tier": "advanced", "dtypes": ["uchar3"],
                     "string_axes": {"shape": ["8x64x64"], "layout": ["NCHW"],
                                     "inputKind": ["Tensor"]}},
        "a_fake": {"tier": "advanced", "dtypes": ["uchar3"],
                   "string_axes": {"shape": ["8x64x64"], "layout": ["NCHW_FAKE"],
                                   "inputKind": ["Tensor"]}},
        "native_only": {"tier": "basic", "dtypes": ["uchar3"],
                        "string_axes": {"layout": ["NCHW", "NHWC"],
                                        "inputKind": ["VarShape"]}}})"))
              .empty());
    // CHW_FAKE pairs with an NCHW native case: both spellings are interchangeable.
    CHECK(fake_planar_pairing_issues(
              fake_planar_config(R"({"k": {"tier": "advanced", "dtypes": ["u8"],
        "string_axes": {"layout": ["NCHW", "CHW_FAKE"], "inputKind": ["Tensor"]}}})"))
              .empty());
}

TEST_CASE("reason: the fake case is not advanced") {
    CHECK(fake_planar_pairing_issues(fake_planar_config(R"({"p_basic": {"tier": "basic",
        "dtypes": ["uchar3"], "string_axes": {"layout": ["NCHW", "NCHW_FAKE"],
                                              "inputKind": ["Tensor"]}}})")) ==
          Issues{"p_basic[InOutDataType=uchar3][layout=NCHW_FAKE][inputKind=Tensor]: tier is "
                 "basic, expected advanced"});
    CHECK(fake_planar_pairing_issues(fake_planar_config(R"({"p": {"dtypes": ["uchar3"],
        "string_axes": {"layout": ["NCHW", "NCHW_FAKE"], "inputKind": ["Tensor"]}}})")) ==
          Issues{"p[InOutDataType=uchar3][layout=NCHW_FAKE][inputKind=Tensor]: tier is "
                 "<missing>, expected advanced"});
}

TEST_CASE("reason: inputKind is not Tensor, or missing") {
    CHECK(fake_planar_pairing_issues(fake_planar_config(R"({"p": {"tier": "advanced",
        "dtypes": ["uchar3"], "string_axes": {"layout": ["NCHW", "NCHW_FAKE"],
                                              "inputKind": ["VarShape"]}}})")) ==
          Issues{"p[InOutDataType=uchar3][layout=NCHW_FAKE][inputKind=VarShape]: inputKind is "
                 "not Tensor"});
    CHECK(fake_planar_pairing_issues(fake_planar_config(R"({"p": {"tier": "advanced",
        "dtypes": ["uchar3"], "string_axes": {"layout": ["NCHW", "NCHW_FAKE"]}}})")) ==
          Issues{"p[InOutDataType=uchar3][layout=NCHW_FAKE]: inputKind is not Tensor"});
}

TEST_CASE("reason: more than one fake case in a signature (across configs)") {
    CHECK(fake_planar_pairing_issues(fake_planar_config(R"({
        "z": {"tier": "advanced", "dtypes": ["u8"],
              "string_axes": {"layout": ["NCHW_FAKE", "NCHW"], "inputKind": ["Tensor"]}},
        "a": {"tier": "advanced", "dtypes": ["u8"],
              "string_axes": {"layout": ["CHW_FAKE"], "inputKind": ["Tensor"]}}})")) ==
          Issues{"a[InOutDataType=u8][layout=CHW_FAKE][inputKind=Tensor], "
                 "z[InOutDataType=u8][layout=NCHW_FAKE][inputKind=Tensor]: signature expands "
                 "to 2 FakePlanar cases, expected exactly 1"});
}

TEST_CASE("reason: no or several same-tier native matches") {
    // The native case is basic, the fake advanced: tiers never pair.
    CHECK(fake_planar_pairing_issues(fake_planar_config(R"({
        "n_basic": {"tier": "basic", "dtypes": ["u8"],
                    "string_axes": {"layout": ["NCHW"], "inputKind": ["Tensor"]}},
        "f_advanced": {"tier": "advanced", "dtypes": ["u8"],
                       "string_axes": {"layout": ["NCHW_FAKE"], "inputKind": ["Tensor"]}}})")) ==
          Issues{"f_advanced[InOutDataType=u8][layout=NCHW_FAKE][inputKind=Tensor]: found 0 "
                 "same-tier native NCHW/CHW matches, expected exactly 1"});
    CHECK(fake_planar_pairing_issues(
              fake_planar_config(R"({"k": {"tier": "advanced", "dtypes": ["u8"],
        "string_axes": {"layout": ["NCHW", "CHW", "NCHW_FAKE"], "inputKind": ["Tensor"]}}})")) ==
          Issues{"k[InOutDataType=u8][layout=NCHW_FAKE][inputKind=Tensor]: found 2 same-tier "
                 "native NCHW/CHW matches, expected exactly 1"});
}

TEST_CASE("all four reasons, joined in order; one issue per signature in signature order") {
    CHECK(fake_planar_pairing_issues(
              fake_planar_config(R"({"k": {"tier": "basic", "dtypes": ["b", "a"],
        "string_axes": {"layout": ["NCHW_FAKE", "CHW_FAKE"], "inputKind": ["VarShape"]}}})")) ==
          Issues{"k[InOutDataType=a][layout=NCHW_FAKE][inputKind=VarShape], "
                 "k[InOutDataType=a][layout=CHW_FAKE][inputKind=VarShape]: tier is basic, "
                 "expected advanced; inputKind is not Tensor; signature expands to 2 FakePlanar "
                 "cases, expected exactly 1; found 0 same-tier native NCHW/CHW matches, "
                 "expected exactly 1",
                 "k[InOutDataType=b][layout=NCHW_FAKE][inputKind=VarShape], "
                 "k[InOutDataType=b][layout=CHW_FAKE][inputKind=VarShape]: tier is basic, "
                 "expected advanced; inputKind is not Tensor; signature expands to 2 FakePlanar "
                 "cases, expected exactly 1; found 0 same-tier native NCHW/CHW matches, "
                 "expected exactly 1"});
}

TEST_CASE("an expansion error becomes the single issue; the strict variant throws") {
    const BenchConfig broken = fake_planar_config(R"({
        "ok": {"tier": "advanced", "dtypes": ["u8"],
               "string_axes": {"layout": ["NCHW_FAKE"], "inputKind": ["Tensor"]}},
        "bad": {"tier": "advanced", "string_axes": {"layout": "NCHW"}}})");
    CHECK(fake_planar_pairing_issues(broken) ==
          Issues{"cannot expand FakePlanar cases: bad: string_axes.layout must be a list"});
    CHECK_THROWS_WITH_AS(fake_planar_pairing_issues_or_throw(broken),
                         "bad: string_axes.layout must be a list", InputError);
}
