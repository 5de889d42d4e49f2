// The summary of a library without a Python binding (layout "languages": ["cpp"]): C++ timing
// only, so no Python columns and no Python-overhead rows; the rendering is CV-CUDA's cpp_time one.
#include "fixture.hpp"

#include <odo/summary/generate.hpp>
#include <odo/summary/refresh.hpp>
#include <odo/summary/validate.hpp>

#include <doctest/doctest.h>

using namespace odo::summary;
using namespace fixture;

namespace {

const odo::repo::LanguageSet cpp_only = odo::repo::LanguageSet::cpp_only();

const std::string metric_problem = "impact_metric python_overhead needs Python timings, but the "
                                   "layout declares no Python binding (languages: cpp)";

SummaryArtifacts cpp_artifacts(const Surface& s, const boost::json::value& skus) {
    return {s.before, s.after, skus, cpp_only};
}

std::string generation_error(const Metadata& m, const SummaryArtifacts& a) {
    try {
        generate_summary(m, a, human());
    } catch (const SummaryError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST_CASE("a C++-only library's summary is the cpp_time rendering, byte for byte") {
    const Surface s = example_surface();
    const auto skus = sku_map();
    const std::string text = generate_summary(metadata(), cpp_artifacts(s, skus), human());
    CHECK(text == render());
    CHECK(text.find("python") == std::string::npos);
    CHECK(text.find("Python") == std::string::npos);
    ValidationOptions o = with_artifacts(s, skus);
    o.evidence_results = all_pass();
    o.languages = cpp_only;
    CHECK(validate_summary(text, o).ok());
}

TEST_CASE("python_overhead is refused for a library without a binding") {
    const Surface s = python_overhead_surface();
    const auto skus = sku_map();
    Metadata m = metadata(State::Provisional);
    m.impact_metric = ImpactMetric::PythonOverhead;
    CHECK(generation_error(m, cpp_artifacts(s, skus)) == metric_problem);
    CHECK(generation_error(m, artifacts(s, skus)).empty());

    // A python_overhead summary written for CV-CUDA's layout does not validate for a C++-only
    // one, with one error naming the metric rather than missing Python timings.
    const std::string text = generate_summary(m, artifacts(s, skus), human());
    ValidationOptions o = with_artifacts(s, skus);
    o.languages = cpp_only;
    const ValidationResult r = validate_summary(text, o);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].code == "impact-metric");
    CHECK(r.errors[0].message == metric_problem);
    ValidationOptions without_artifacts;
    without_artifacts.languages = cpp_only;
    CHECK(validate_summary(text, without_artifacts).errors.size() == 1);

    RefreshOptions refresh;
    CHECK_THROWS_WITH_AS(refresh_summary(text, cpp_artifacts(s, skus), refresh),
                         metric_problem.c_str(), SummaryError);
    refresh.impact_metric = ImpactMetric::CppTime;
    CHECK(parse_summary(refresh_summary(text, cpp_artifacts(s, skus), refresh))
              .metadata.impact_metric == ImpactMetric::CppTime);
}
