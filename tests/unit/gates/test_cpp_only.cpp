// Gates of a library without a Python binding (layout "languages": ["cpp"]): PRE-3 judges
// C++-only rows by the layout's languages, and ODO-12 is N-A with the reason.

#include "text_helpers.hpp"

#include <odo/gates/evidence_checks_binding_impact.hpp>
#include <odo/gates/preflight.hpp>

#include <doctest/doctest.h>

using namespace odo::gates;
using odo::Finding;
using odo::Status;

namespace {

using odo::testing::guide;

// One config, one case, one SKU, timed by the C++ driver only.
const std::string cpp_only_config = R"({"benchmark": "flip", "configs": {"flip_basic": {
    "tier": "basic", "dtypes": ["uchar3"], "string_axes": {"layout": ["NHWC"]},
    "baselines": {"flip_basic[InOutDataType=uchar3][layout=NHWC]": {"H100": {
        "n_runs": 3, "gpu_time_us_cpp": 100.0, "gpu_noise_us_cpp": 1.0, "gpu_bwutil_cpp": 0.5}}}}}})";

Finding pre3(odo::repo::LanguageSet languages) {
    const std::string path = "bench/config/operators/flip.json";
    odo::baseline::QualityPolicy quality;
    quality.languages = languages;
    return check_pre3_baseline_captured(
        detail::captured_baselines(committed_config(path, cpp_only_config), path, {"H100"},
                                   quality),
        PreflightGuides::from_guide(guide));
}

} // namespace

TEST_CASE("PRE-3 passes C++-only rows for a C++-only library and names the gap otherwise") {
    CHECK(pre3(odo::repo::LanguageSet::cpp_only()).status == Status::Pass);
    const Finding cvcuda = pre3({});
    CHECK(cvcuda.status == Status::Gap);
    CHECK(cvcuda.evidence.find("missing field(s) gpu_time_us_python") != std::string::npos);
}

TEST_CASE("ODO-12 is N-A for a library without a Python binding, whatever changed") {
    ChangeRange binding_only;
    binding_only.base = "origin/main";
    binding_only.changed = std::vector<std::string>{"src/Flip.cpp"};
    binding_only.implementation_changed = *binding_only.changed;
    odo::repo::OperatorPaths op;
    op.operator_name = "Flip";
    op.op = "flip";
    BindingImpactFacts f;
    f.languages = odo::repo::LanguageSet::cpp_only();
    const Finding finding = check_odo12_binding_impact(binding_only, op, f, guide);
    CHECK(finding.status == Status::NotApplicable);
    CHECK(finding.summary ==
          "Python-overhead significance gate applies only to a library with a Python binding");
    CHECK(finding.evidence == "layout languages=cpp");
    // With CV-CUDA's languages the same change is judged as before: not binding-only.
    f.languages = {};
    CHECK(check_odo12_binding_impact(binding_only, op, f, guide).summary ==
          "Python-overhead significance gate applies to binding-only optimizations");
}
