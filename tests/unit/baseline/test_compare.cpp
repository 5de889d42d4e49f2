// compare_to_baseline: classification, SKU resolution, verdicts and the reports.
#include "fixtures.hpp"

#include <odo/baseline/compare.hpp>
#include <odo/baseline/compare_report.hpp>

#include <doctest/doctest.h>

using namespace odo::baseline;
using odo::Status;

namespace {

// A fresh single run of one case × SKU, both languages, 0.5 % noise.
ArtifactRow fresh(const std::string& case_key, const std::string& sku, double cpp_us,
                  double python_us) {
    ArtifactRow row{"invert_basic", case_key, sku, {}};
    row.metrics.n_runs = 1;
    row.metrics.cpp = LanguageMetrics{cpp_us, cpp_us * 0.005, 0.8};
    row.metrics.python = LanguageMetrics{python_us, python_us * 0.005, 0.79};
    return row;
}

// The fixture plus an advanced config the fresh runs do not measure.
boost::json::value with_advanced_tier() {
    boost::json::value doc = fixture::document();
    boost::json::value advanced = doc.at("configs").at("invert_basic");
    advanced.as_object()["tier"] = "advanced";
    auto& configs = doc.at("configs").as_object();
    configs["invert_advanced"] = advanced;
    return doc;
}

Artifact run(std::vector<ArtifactRow> rows) {
    return {"current.json", std::nullopt, std::move(rows)};
}

} // namespace

TEST_CASE("a run that matches the committed rows passes; other tiers are out of scope") {
    const ConfigSet set = fixture::set(with_advanced_tier());
    const CompareResult r = compare_to_baseline(
        set, run({fresh(fixture::nhwc, "H100", 101, 106), fresh(fixture::nchw, "H100", 119, 124)}));
    CHECK(r.sku == "H100");
    CHECK(r.sku_source == "the only SKU in the artifact");
    CHECK(r.matched() == 4);
    CHECK(r.flagged() == 0);
    CHECK(r.status() == Status::Pass);
    CHECK(compare_counts_line(r) ==
          "matched=4 regressions=0 improvements=0 missing=0 new=0 missing_sku=0");
    for (const CompareRow& row : r.rows)
        CHECK(row.verdict == ChangeVerdict::Same);
}

TEST_CASE("regressions, unexpected improvements and missing rows all fail") {
    const ConfigSet set = fixture::set();
    ArtifactRow cpp_only = fresh(fixture::nchw, "H100", 84, 84);
    cpp_only.metrics.python.reset();
    const CompareResult r =
        compare_to_baseline(set, run({fresh(fixture::nhwc, "H100", 115, 105), cpp_only}));
    CHECK(compare_counts_line(r) ==
          "matched=3 regressions=1 improvements=1 missing=1 new=0 missing_sku=0");
    CHECK(r.status() == Status::Gap);
    REQUIRE(r.rows.size() == 4);
    CHECK(r.rows[0].kind == CompareClass::UnexpectedImprovement); // nchw cpp 120 -> 84
    CHECK(r.rows[0].verdict == ChangeVerdict::Faster);
    CHECK(r.rows[1].kind == CompareClass::MissingInCurrent); // nchw python
    CHECK(r.rows[2].kind == CompareClass::Regression);       // nhwc cpp 100 -> 115
    CHECK(r.rows[2].verdict == ChangeVerdict::Slower);
    CHECK(r.rows[3].kind == CompareClass::Matched);
}

TEST_CASE("rows without a committed counterpart are new, or a missing SKU when the case exists") {
    boost::json::value doc = fixture::document();
    auto& baselines = doc.at("configs").at("invert_basic").at("baselines").as_object();
    baselines.erase(fixture::nchw);
    baselines.at(fixture::nhwc).as_object().erase("A100");
    const ConfigSet set = fixture::set(doc);
    const CompareResult r = compare_to_baseline(
        set, run({fresh(fixture::nhwc, "A100", 160, 165), fresh(fixture::nchw, "A100", 190, 195)}));
    CHECK(compare_counts_line(r) ==
          "matched=0 regressions=0 improvements=0 missing=0 new=2 missing_sku=2");
    CHECK(r.rows[0].kind == CompareClass::NewInCurrent);
    CHECK(r.rows[0].reason == "no committed baseline for this case");
    CHECK(r.rows[2].kind == CompareClass::MissingSku);
}

TEST_CASE("a row within the limits whose noise band reaches a limit is MANUAL") {
    ArtifactRow noisy = fresh(fixture::nhwc, "H100", 108, 113);
    noisy.metrics.cpp->noise_us = 4;
    const CompareResult r =
        compare_to_baseline(fixture::set(), run({noisy, fresh(fixture::nchw, "H100", 120, 125)}));
    CHECK(r.flagged() == 0);
    CHECK(r.cannot_tell() == 1);
    CHECK(r.status() == Status::Manual);
    const std::string md = render_compare_markdown(r, "bench/config", "current.json");
    CHECK(md.find("## Cannot tell\n\n- invert_basic [cpp] (InOutDataType=uchar3, "
                  "shape=8x1080x1920, layout=NHWC, inputKind=Tensor) -- +8.00% (100.00 -> 108.00 "
                  "us) -- noise band ") != std::string::npos);
}

TEST_CASE("the SKU comes from --sku or from an artifact holding exactly one") {
    const ConfigSet set = fixture::set();
    const Artifact two =
        run({fresh(fixture::nhwc, "H100", 100, 105), fresh(fixture::nhwc, "A100", 160, 165)});
    CHECK_THROWS_WITH_AS(compare_to_baseline(set, two),
                         "current.json holds 2 SKUs ['A100', 'H100']; choose one with --sku",
                         odo::InputError);
    CompareOptions options;
    options.sku = "V100";
    CHECK_THROWS_WITH_AS(compare_to_baseline(set, two, options),
                         "--sku 'V100' is not in current.json (it has ['A100', 'H100'])",
                         odo::InputError);
    options.sku = "A100";
    const CompareResult r = compare_to_baseline(set, two, options);
    CHECK(r.sku_source == "--sku");
    CHECK(r.count(CompareClass::MissingInCurrent) == 2);
}

TEST_CASE("an operator selection must name known operators the run agrees with") {
    const ConfigSet set = fixture::set();
    CompareOptions options;
    options.operators = {"flip"};
    CHECK_THROWS_WITH_AS(
        compare_to_baseline(set, run({fresh(fixture::nhwc, "H100", 1, 1)}), options),
        "unknown operator 'flip'", odo::InputError);
}

TEST_CASE("the Markdown and JUnit reports") {
    const CompareResult r = compare_to_baseline(
        fixture::set(),
        run({fresh(fixture::nhwc, "H100", 115, 110), fresh(fixture::nchw, "H100", 120, 125)}));
    const std::string md = render_compare_markdown(r, "bench/config", "current.json");
    CHECK(md.rfind("# Performance regression report -- H100\n\n- Baseline: bench/config\n"
                   "- Current: current.json\n- Thresholds: regression > 0.1, improvement > 0.1\n"
                   "- Counts: matched=4 regressions=1 improvements=0 missing=0 new=0 "
                   "missing_sku=0\n",
                   0) == 0);
    CHECK(md.find("- flagged |Delta|: min 15.00%, median 15.00%, max 15.00%\n") !=
          std::string::npos);
    CHECK(md.find("## Regressions\n\n- invert_basic [cpp] (InOutDataType=uchar3, "
                  "shape=8x1080x1920, layout=NHWC, inputKind=Tensor) -- +15.00% (100.00 -> 115.00 "
                  "us)\n") != std::string::npos);
    CHECK(md.find("## Missing SKU\n\n_none_\n") != std::string::npos);
    CHECK(render_compare_markdown(r, "b", "c", 0).find("- … 1 more\n") != std::string::npos);
    const std::string junit = render_compare_junit(r);
    CHECK(junit.find("<testsuite name=\"cvcuda.perf_regression.H100\" tests=\"4\" failures=\"1\" "
                     "errors=\"0\">") != std::string::npos);
    CHECK(junit.find("<testcase classname=\"cvcuda.perf.regression\" name=\"invert_basic [cpp] "
                     "(InOutDataType=uchar3, shape=8x1080x1920, layout=NHWC, "
                     "inputKind=Tensor)\">") != std::string::npos);
}

TEST_CASE("the JUnit report escapes control characters and markup in what the run named") {
    CompareResult r;
    r.sku = std::string("H100\x01<&\"", 8); // an artifact's SKU is the run's text
    const std::string junit = render_compare_junit(r);
    CHECK(junit.find("<testsuite name=\"cvcuda.perf_regression.H100\\x01&lt;&amp;&quot;\"") !=
          std::string::npos);
    CHECK(junit.find('\x01') == std::string::npos);
}
