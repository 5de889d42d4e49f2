#include "fixture.hpp"

#include <odo/core/json_read.hpp>
#include <odo/summary/benchmark_surface.hpp>
#include <odo/summary/impact.hpp>
#include <odo/summary/layout_comparison.hpp>
#include <odo/summary/timings.hpp>

#include <doctest/doctest.h>

using namespace odo::summary;

namespace {

boost::json::value doc(const std::string& text) {
    return odo::json::parse(text, "config.json");
}

std::string surface_error(const std::string& text) {
    try {
        build_surface(doc(text), "candidate");
    } catch (const SummaryError& e) {
        return e.what();
    }
    return "";
}

// A config with one entry whose fields are `fields`.
std::string one_entry(const std::string& fields) {
    return R"({"benchmark": "op", "configs": {"c": {)" + fields + "}}}";
}

const std::string t = R"({"A100": {"gpu_time_us_cpp": 1}})";

} // namespace

TEST_CASE("surface structure errors") {
    CHECK(surface_error("[]") == "candidate benchmark config must be an object");
    CHECK(surface_error(R"({"configs": {"c": {}}})") ==
          "candidate benchmark config has no benchmark identity");
    CHECK(surface_error(R"({"benchmark": "", "configs": {"c": {}}})") ==
          "candidate benchmark config has no benchmark identity");
    CHECK(surface_error(R"({"benchmark": "op", "configs": {}})") ==
          "candidate benchmark config has no configs");
    CHECK(surface_error(R"({"benchmark": "op", "configs": {"c": 1}})") ==
          "candidate config entries must be named objects");
    CHECK(surface_error(one_entry(R"("dtypes": ["u8"])")) ==
          "candidate config 'c' has invalid or missing tier None");
    CHECK(surface_error(one_entry(R"("tier": "Basic")")) ==
          "candidate config 'c' has invalid or missing tier 'Basic'");
    CHECK(surface_error(one_entry(R"("tier": ["basic", 1.5, true, {"a": null}])")) ==
          "candidate config 'c' has invalid or missing tier ['basic', 1.5, True, {'a': None}]");
    CHECK(surface_error(one_entry(R"("tier": "basic", "string_axes": [])"))
              .rfind("candidate config 'c': ", 0) == 0);
    CHECK(surface_error(one_entry(R"("tier": "basic", "dtypes": ["u8"], "baselines": [])")) ==
          "candidate config 'c' baselines must be an object");
}

TEST_CASE("baseline keys must equal the expanded keys") {
    CHECK(surface_error(one_entry(R"("tier": "basic", "dtypes": ["u8", "u16"],
        "baselines": {"c[InOutDataType=u8]": {}, "c[InOutDataType=zz]": {}, "c[x=1]": {}})")) ==
          "candidate config 'c' missing 1 expanded case(s), e.g. c[InOutDataType=u16]; has 2 "
          "undeclared case(s), e.g. c[InOutDataType=zz]");
    CHECK(surface_error(one_entry(R"("tier": "basic", "dtypes": [], "baselines": {})")).empty());
    CHECK(surface_error(one_entry(R"("tier": "basic", "dtypes": ["U8", "uint8"],
        "baselines": {"c[InOutDataType=uint8]": {}})")) ==
          "candidate expanded case key is duplicated: c[InOutDataType=uint8]");
    CHECK(surface_error(one_entry(R"("tier": "basic", "dtypes": ["u8"],
        "baselines": {"c[InOutDataType=u8]": 5})")) ==
          "candidate case 'c[InOutDataType=u8]' SKU payload must be an object");
}

TEST_CASE("layout and inputKind are on every case or none") {
    CHECK(surface_error(R"({"benchmark": "op", "configs": {
        "a": {"tier": "basic", "dtypes": ["u8"], "string_axes": {"layout": ["NHWC"]},
              "baselines": {"a[InOutDataType=u8][layout=NHWC]": {}}},
        "b": {"tier": "basic", "dtypes": ["u8"], "baselines": {"b[InOutDataType=u8]": {}}}}})") ==
          "candidate benchmark mixes cases with and without the layout axis");
    CHECK(surface_error(R"({"benchmark": "op", "configs": {
        "a": {"tier": "basic", "dtypes": ["u8"], "string_axes": {"inputKind": ["Tensor"]},
              "baselines": {"a[InOutDataType=u8][inputKind=Tensor]": {}}},
        "b": {"tier": "advanced", "dtypes": ["u8"], "baselines": {"b[InOutDataType=u8]": {}}}}})") ==
          "candidate benchmark mixes cases with and without the inputKind axis");
}

TEST_CASE("surfaces compare by benchmark, keys and tiers") {
    const fixture::Surface s = fixture::example_surface();
    BenchmarkSurface before = build_surface(s.before, "baseline");
    BenchmarkSurface after = build_surface(s.after, "candidate");
    CHECK_NOTHROW(require_comparable(before, after));
    CHECK(after.skus == std::vector<std::string>{fixture::A100, fixture::H100});
    after.benchmark = "EXAMPLE";
    CHECK_NOTHROW(require_same_benchmark(before, after));
    after.benchmark = "other";
    CHECK_THROWS_WITH_AS(require_same_benchmark(before, after),
                         "baseline and candidate benchmark identities differ", SummaryError);
    fixture::Surface changed = fixture::example_surface();
    changed.configs(true).erase("example_float_planar_advanced");
    changed.add("example_new_basic", "basic", "float3", "HWC", 1, 1);
    changed.configs(false).erase("example_new_basic");
    CHECK_THROWS_WITH_AS(
        require_comparable(build_surface(changed.before, "baseline"),
                           build_surface(changed.after, "candidate")),
        "baseline and candidate expanded benchmark surfaces differ: candidate omits 1 baseline "
        "case(s), e.g. example_float_planar_advanced[InOutDataType=float3][shape=4x1080x1920]"
        "[layout=NCHW][inputKind=Tensor]; candidate adds 1 case(s) without before data, e.g. "
        "example_new_basic[InOutDataType=float3][shape=4x1080x1920][layout=HWC][inputKind="
        "Tensor]",
        SummaryError);
    fixture::Surface retiered = fixture::example_surface();
    retiered.configs(true)["example_rgb_interleaved_basic"].as_object()["tier"] = "advanced";
    CHECK_THROWS_WITH_AS(require_comparable(build_surface(retiered.before, "baseline"),
                                            build_surface(retiered.after, "candidate")),
                         "baseline and candidate tier assignments differ, e.g. "
                         "example_rgb_interleaved_basic[InOutDataType=uchar3][shape=4x1080x1920]"
                         "[layout=NHWC][inputKind=Tensor]",
                         SummaryError);
}

TEST_CASE("timings: positive and finite, from numbers or numeric strings") {
    const auto config = doc(one_entry(R"("tier": "basic", "dtypes": ["u8"],
        "baselines": {"c[InOutDataType=u8]": {
            "float": {"gpu_time_us_cpp": 1911.56216680572}, "int": {"gpu_time_us_cpp": 12},
            "text": {"gpu_time_us_cpp": " 1_2.5 "}, "zero": {"gpu_time_us_cpp": 0},
            "negative": {"gpu_time_us_cpp": -1}, "nan": {"gpu_time_us_cpp": "NaN"},
            "bool": {"gpu_time_us_cpp": true}, "null": {"gpu_time_us_cpp": null},
            "word": {"gpu_time_us_cpp": "fast"}, "list": {"gpu_time_us_cpp": [1]},
            "flat": 5}})"));
    const BenchmarkSurface s = build_surface(config, "candidate");
    const SurfaceCase& c = s.cases.at(0);
    CHECK(timing(c, "float", cpp_time_field)->str() == "1911.56216680572");
    CHECK(timing(c, "int", cpp_time_field)->str() == "12");
    CHECK(timing(c, "text", cpp_time_field)->str() == "12.5");
    for (const char* missing :
         {"zero", "negative", "nan", "bool", "null", "word", "list", "flat", "absent"})
        CHECK_MESSAGE(!timing(c, missing, cpp_time_field), missing);
    CHECK_FALSE(timing(c, "float", python_time_field));
}

TEST_CASE("optimized cases must be known and must not be FakePlanar references") {
    fixture::Surface s = fixture::example_surface();
    s.add_config("example_chw_fake_advanced", "advanced", {"uchar3"},
                 {{"shape", {"4x1080x1920"}}, {"layout", {"CHW_FAKE"}}, {"inputKind", {"Tensor"}}},
                 {30, 20}, {60, 40});
    s.remove("example_rgb_fake_advanced");
    const BenchmarkSurface candidate = build_surface(s.after, "candidate");
    Metadata m = fixture::metadata();
    m.optimized_cases = {"nope[a=1]", fixture::interleaved_basic_key, "nope[a=2]"};
    CHECK_THROWS_WITH_AS(resolve_optimized_cases(m, candidate),
                         "optimized_cases contains 2 unknown key(s), e.g. nope[a=1]", SummaryError);
    const std::string fake = "example_chw_fake_advanced[InOutDataType=uchar3][shape=4x1080x1920]"
                             "[layout=CHW_FAKE][inputKind=Tensor]";
    m.optimized_cases = {fixture::interleaved_basic_key, fake};
    const std::string message =
        "layout-conversion reference cases cannot be optimization targets, e.g. " + fake;
    CHECK_THROWS_WITH_AS(resolve_optimized_cases(m, candidate), message.c_str(), SummaryError);
    // CHW_FAKE pairs with its Planar case in the layout comparison.
    const LayoutPairing pairing = layout_pairing(candidate);
    REQUIRE(pairing.fake_planar.size() == 1);
    CHECK(candidate.cases[pairing.fake_planar[0].first].key == fake);
}

TEST_CASE("an ambiguous layout signature is an error") {
    fixture::Surface s = fixture::example_surface();
    s.add("example_rgb_hwc_basic", "basic", "uchar3", "HWC", 20, 10);
    const BenchmarkSurface candidate = build_surface(s.after, "candidate");
    CHECK_THROWS_WITH_AS(
        layout_pairing(candidate),
        "ambiguous layout comparison signature ('basic', (('InOutDataType', 'uchar3'), "
        "('inputKind', 'Tensor'), ('shape', '4x1080x1920'))); multiple same-layout cases "
        "include ['example_rgb_hwc_basic[InOutDataType=uchar3][shape=4x1080x1920][layout=HWC]"
        "[inputKind=Tensor]', 'example_rgb_interleaved_basic[InOutDataType=uchar3][shape="
        "4x1080x1920][layout=NHWC][inputKind=Tensor]']",
        SummaryError);
}

TEST_CASE("coverage: every SKU seen must time every case on both sides") {
    fixture::Surface s = fixture::example_surface();
    const Surfaces ok{build_surface(s.before, "baseline"), build_surface(s.after, "candidate")};
    CHECK(complete_sku_timings(ok.baseline, ok.candidate, ImpactMetric::CppTime).size() == 2);
    s.payload(false, "example_rgb_planar_basic")[fixture::H100].as_object()["gpu_time_us_cpp"] = 0;
    const Surfaces partial{build_surface(s.before, "baseline"),
                           build_surface(s.after, "candidate")};
    CHECK_THROWS_WITH_AS(
        complete_sku_timings(partial.baseline, partial.candidate, ImpactMetric::CppTime),
        "SKU 'H100_PCIe_350W_1095MHz' lacks full before/after gpu_time_us_cpp coverage for 1 "
        "expanded case(s), e.g. example_rgb_planar_basic[InOutDataType=uchar3][shape="
        "4x1080x1920][layout=NCHW][inputKind=Tensor]",
        SummaryError);
}
