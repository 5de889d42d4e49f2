// A library without a Python binding (layout "languages": ["cpp"]): its rows carry C++ figures
// only, quality has no parity, and no reader asks for or accepts a Python figure.
#include "fixtures.hpp"
#include "temp_dir.hpp"

#include <odo/baseline/artifact.hpp>
#include <odo/baseline/compare.hpp>
#include <odo/baseline/import.hpp>
#include <odo/baseline/regression.hpp>
#include <odo/baseline/validation.hpp>

#include <doctest/doctest.h>

using namespace odo::baseline;

namespace {

const LanguageSet cpp_only = LanguageSet::cpp_only();

// The fixture's row without its Python figures.
boost::json::object cpp_row(double cpp_us) {
    boost::json::object row = fixture::row(cpp_us);
    for (const char* field : {"gpu_time_us_python", "gpu_noise_us_python", "gpu_bwutil_python"})
        row.erase(field);
    return row;
}

// The fixture operator with C++-only rows.
boost::json::value cpp_document(double scale = 1) {
    boost::json::value doc = fixture::document();
    for (const auto& [case_key, sku, us] :
         {std::tuple{fixture::nhwc, "H100", 100.0}, std::tuple{fixture::nhwc, "A100", 160.0},
          std::tuple{fixture::nchw, "H100", 120.0}, std::tuple{fixture::nchw, "A100", 190.0}})
        fixture::metrics(doc, case_key, sku) = cpp_row(us * scale);
    return doc;
}

std::vector<std::string> problems_of(const boost::json::object& row, MetricsSchema schema,
                                     LanguageSet languages) {
    std::vector<std::string> problems;
    read_metrics(row, schema, problems, languages);
    return problems;
}

QualityPolicy cpp_quality() {
    QualityPolicy q;
    q.languages = cpp_only;
    return q;
}

BaselineUpdate cpp_update(const std::string& case_key, const std::string& sku, double cpp_us) {
    BaselineUpdate u{"invert_basic", case_key, sku, {}};
    u.metrics.n_runs = 3;
    u.metrics.cpp = LanguageMetrics{cpp_us, cpp_us / 100, 0.8};
    return u;
}

const std::string python_refused = "python fields are not allowed: the layout declares no Python "
                                   "entry point (\"languages\": [\"cpp\"])";

} // namespace

TEST_CASE("a committed C++-only row reads under a C++-only layout, and only there") {
    CHECK(problems_of(cpp_row(100), MetricsSchema::Committed, cpp_only).empty());
    CHECK(problems_of(cpp_row(100), MetricsSchema::Committed, {}) ==
          std::vector<std::string>{"missing field(s) gpu_time_us_python, gpu_noise_us_python, "
                                   "gpu_bwutil_python"});
    // A Python figure in a library without a binding is a fake row, whatever its value.
    CHECK(problems_of(fixture::row(100), MetricsSchema::Committed, cpp_only) ==
          std::vector<std::string>{python_refused});
    boost::json::object partial = cpp_row(100);
    partial["gpu_time_us_python"] = 105;
    CHECK(problems_of(partial, MetricsSchema::Artifact, cpp_only) ==
          std::vector<std::string>{python_refused});
    CHECK(problems_of(cpp_row(100), MetricsSchema::Artifact, cpp_only).empty());
    boost::json::object gap = cpp_row(100);
    gap["gpu_gap_stddev_us"] = 1;
    CHECK(problems_of(gap, MetricsSchema::Committed, cpp_only) ==
          std::vector<std::string>{"gpu_gap_stddev_us needs both languages"});
}

TEST_CASE("C++-only quality: noise and a positive time, no parity") {
    Metrics m;
    m.n_runs = 3;
    m.cpp = LanguageMetrics{100, 1, 0.8};
    CHECK(quality_problems(m, default_benchmark_quality, cpp_only).empty());
    CHECK(quality_problems(m) == std::vector<std::string>{"baseline quality requires C++/Python "
                                                          "parity (no Python metrics)"});
    m.cpp->noise_us = 20;
    CHECK(quality_problems(m, default_benchmark_quality, cpp_only) ==
          std::vector<std::string>{"C++ noise 20.00% exceeds 10.0%"});
    m.cpp = LanguageMetrics{0, 0, 0};
    CHECK(quality_problems(m, default_benchmark_quality, cpp_only) ==
          std::vector<std::string>{"C++ time must be > 0 (got 0.00 us)"});
    m.cpp.reset();
    CHECK(quality_problems(m, default_benchmark_quality, cpp_only) ==
          std::vector<std::string>{"baseline quality requires C++/Python parity (no C++ metrics)"});
}

TEST_CASE("C++-only baselines validate clean under their layout, not under CV-CUDA's") {
    const ConfigSet set = fixture::set(cpp_document());
    const ValidationSummary cpp = validate_baselines(set, fixture::stems, {}, cpp_quality());
    CHECK(cpp.ok());
    CHECK(cpp.metric_rows == 4);
    const ValidationSummary both = validate_baselines(set, fixture::stems);
    CHECK(both.issues.size() == 4);
    CHECK(both.issues.front().problem.find("missing field(s) gpu_time_us_python") == 0);
    // The complete CV-CUDA fixture is refused for the C++-only library.
    const ValidationSummary fake =
        validate_baselines(fixture::set(), fixture::stems, {}, cpp_quality());
    CHECK(fake.issues.size() == 4);
    CHECK(fake.issues.front().problem == python_refused);
}

TEST_CASE("importing C++-only updates into a C++-only library") {
    TempDir dir;
    dir.write("operators/invert.json", render_operator_document(cpp_document()));
    const ConfigSet set = load_config_set(dir.path());
    const std::vector<BaselineUpdate> updates = {cpp_update(fixture::nhwc, "H100", 101)};
    ImportOptions options;
    options.quality = cpp_quality();
    const ImportPlan plan = plan_import(set, updates, fixture::stems, options);
    REQUIRE(plan.ok());
    CHECK(import_change_lines(plan) ==
          std::vector<std::string>{"+1.00% 100.00 -> 101.00 us  H100 invert_basic [cpp] "
                                   "(InOutDataType=uchar3, shape=8x1080x1920, layout=NHWC, "
                                   "inputKind=Tensor)"});
    // Under CV-CUDA's layout the same update fails the parity requirement.
    const ImportPlan refused = plan_import(set, updates, fixture::stems);
    CHECK(refused.failures ==
          std::vector<std::string>{"H100 invert_basic (InOutDataType=uchar3, shape=8x1080x1920, "
                                   "layout=NHWC, inputKind=Tensor): baseline quality requires "
                                   "C++/Python parity (no Python metrics)"});
}

TEST_CASE("an artifact with Python figures is refused for a C++-only library") {
    const std::string text = "{\"" + fixture::nhwc +
                             "\": {\"H100\": {\"n_runs\": 1, \"gpu_time_us_python\": 100, "
                             "\"gpu_noise_us_python\": 1, \"gpu_bwutil_python\": 0.5}}}";
    std::vector<std::string> problems;
    const Artifact a =
        ingest_artifact(parse_artifact_text(text, "run.json"), fixture::set(cpp_document()),
                        fixture::stems, problems, cpp_only);
    CHECK(a.rows.empty());
    CHECK(problems ==
          std::vector<std::string>{"run.json: " + fixture::nhwc + " H100: " + python_refused});
    problems.clear();
    ingest_artifact(parse_artifact_text(text, "run.json"), fixture::set(), fixture::stems,
                    problems);
    CHECK(problems.empty());
}

TEST_CASE("the committed-timing readers read the declared languages only") {
    // A stray Python figure at HEAD is neither a regression nor a row of the gate.
    boost::json::value now = fixture::document();
    fixture::metrics(now, fixture::nhwc, "H100")["gpu_time_us_python"] = 500;
    BaselineSelection cpp;
    cpp.languages = cpp_only;
    const OperatorFile current = fixture::file(now);
    const RegressionReport gated = compare_revisions(
        {{"invert.json", &current.config, fixture::file(fixture::document()).config}}, "main", cpp);
    CHECK(gated.rows.size() == 4);
    CHECK(gated.regressed() == 0);
    const RegressionReport both = compare_revisions(
        {{"invert.json", &current.config, fixture::file(fixture::document()).config}}, "main");
    CHECK(both.rows.size() == 8);
    CHECK(both.regressed() == 1);

    // compare: the committed Python rows are not "missing in current" for a C++-only run.
    ArtifactRow fresh{"invert_basic", fixture::nhwc, "H100", {}};
    fresh.metrics.n_runs = 1;
    fresh.metrics.cpp = LanguageMetrics{100, 0.5, 0.8};
    CompareOptions options;
    options.languages = cpp_only;
    const ConfigSet set = fixture::set();
    const Artifact run{"current.json", std::nullopt, {fresh}};
    CHECK(compare_to_baseline(set, run, options).rows.size() ==
          compare_to_baseline(set, run).rows.size() - 2);
}
