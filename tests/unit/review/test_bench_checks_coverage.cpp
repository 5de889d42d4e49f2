// The BEN-7 coverage computation the baseline validator shares.
#include <odo/baseline/coverage.hpp>
#include <odo/core/json_read.hpp>

#include <doctest/doctest.h>

using namespace odo;

namespace {

surface::BenchConfig config_of(const char* configs) {
    const std::string text = std::string(R"({"benchmark": "op", "configs": )") + configs + "}";
    return surface::load_bench_config(json::parse(text, "op.json"), "op.json");
}

} // namespace

TEST_CASE("coverage counts expected cases and lists missing cases and SKUs in file order") {
    const auto coverage = baseline::baseline_coverage(config_of(R"({
            "b": {"dtypes": ["x", "y"], "baselines": {"b[InOutDataType=y]": {"S2": {}},
                                                      "b[InOutDataType=extra]": 1}},
            "a": {"dtypes": ["z"], "baselines": null}})"),
                                                      {"S1", "S2"});
    CHECK(coverage.total_cases == 3);
    CHECK(coverage.invalid.empty());
    REQUIRE(coverage.missing.size() == 3);
    CHECK(coverage.missing[0].case_key == "b[InOutDataType=x]");
    CHECK(coverage.missing[0].sku == baseline::whole_case);
    CHECK(coverage.missing[1].case_key == "b[InOutDataType=y]");
    CHECK(coverage.missing[1].sku == "S1");
    CHECK(coverage.missing[2].case_key == "a[InOutDataType=z]");
    CHECK(coverage.missing[2].sku == "*");
    CHECK_FALSE(coverage.complete());
}

TEST_CASE("coverage: extra keys and empty metric objects are not its concern") {
    const auto coverage = baseline::baseline_coverage(config_of(R"({"a": {"dtypes": ["z"],
            "baselines": {"a[InOutDataType=z]": {"S1": {}}, "other": "x"}}})"),
                                                      {"S1"});
    CHECK(coverage.complete());
    CHECK(coverage.total_cases == 1);
}

TEST_CASE("coverage: configs that cannot be checked are invalid and add no cases") {
    baseline::BaselineCoverage coverage;
    const auto config = config_of(R"({"a": {"baselines": {}},
        "b": {"dtypes": ["u8"], "float64_axes": {"t": ["nan"]}},
        "c": {"dtypes": ["u8"], "string_axes": {"layout": [], "inputKind": []}}})");
    for (const auto& entry : config.entries)
        baseline::add_entry_coverage(coverage, entry, {"S1"});
    CHECK(coverage.total_cases == 0);
    CHECK(coverage.missing.empty());
    CHECK(coverage.invalid ==
          std::vector<std::string>{
              "a: no values declared for ['InOutDataType'], so the config expands to zero "
              "case-keys",
              "b: float64_axes.t[0]: float64 value \"nan\" is not finite",
              "c: no values declared for ['layout', 'inputKind'], so the config expands to zero "
              "case-keys"});
}
