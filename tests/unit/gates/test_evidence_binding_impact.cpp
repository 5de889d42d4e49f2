// ODO-12 — the catalogue's tests 21-25 (gates.md §7), with the reference's fixture.

#include "text_helpers.hpp"

#include <odo/gates/evidence_checks_binding_impact.hpp>

#include <doctest/doctest.h>

using namespace odo::gates;
using odo::Finding;
using odo::Status;

namespace {
using odo::testing::guide;
const std::vector<std::string> cases{"target_nhwc[layout=NHWC][inputKind=TensorBatch]",
                                     "target_nchw[layout=NCHW][inputKind=TensorBatch]"};

boost::json::value config(double gap, int runs = 5, bool with_stddev = true) {
    boost::json::object configs;
    for (const std::string& key : cases) {
        boost::json::object per_sku;
        for (const char* sku : {"A100", "H100"}) {
            boost::json::object row{{"n_runs", runs},
                                    {"gpu_time_us_cpp", 1000.0},
                                    {"gpu_time_us_python", 1000.0 + gap},
                                    {"gpu_noise_us_cpp", 2.0},
                                    {"gpu_noise_us_python", 2.0}};
            if (with_stddev)
                row["gpu_gap_stddev_us"] = 2.0;
            per_sku[sku] = std::move(row);
        }
        configs[key.substr(0, key.find('['))] = {{"tier", "advanced"},
                                                 {"baselines", {{key, std::move(per_sku)}}}};
    }
    return boost::json::object{{"benchmark", "hqresize"}, {"configs", std::move(configs)}};
}

odo::repo::OperatorPaths impact_hqresize() {
    odo::repo::OperatorPaths p;
    p.operator_name = "HQResize";
    p.op = "hqresize";
    p.pybind = "python/mod_cvcuda/operators/OpHQResize.cpp";
    p.bench_cfg = "bench/config/operators/hqresize.json";
    return p;
}

ChangeRange binding_only() {
    ChangeRange r;
    r.base = "origin/main";
    r.changed = std::vector<std::string>{impact_hqresize().pybind};
    r.implementation_changed = *r.changed;
    return r;
}

Finding gate(double reduction, int runs = 5, bool with_stddev = true) {
    BindingImpactFacts f;
    f.baseline_commit = std::string(40, 'a');
    f.optimized_cases = cases;
    f.baseline_config = std::make_shared<const boost::json::value>(config(40.0, runs, with_stddev));
    f.candidate_config =
        std::make_shared<const boost::json::value>(config(40.0 - reduction, runs, with_stddev));
    f.reference_skus = {"A100", "H100"};
    f.sku_map_path = "bench/config/sku_map.json";
    return check_odo12_binding_impact(binding_only(), impact_hqresize(), f, guide);
}

using odo::testing::contains;
} // namespace

TEST_CASE("ODO-12 requires every target to clear the combined error (test 21)") {
    const Finding f = gate(10.0);
    CHECK(f.status == Status::Pass);
    CHECK(contains(f.evidence, "1.26 us"));
    CHECK(contains(f.evidence, "paired-gap combined SE"));
    CHECK(contains(f.evidence, "target_nhwc"));
    CHECK(contains(f.evidence, "target_nchw"));
    CHECK(contains(f.summary, "paired-gap combined standard error")); // test 25's assertion
}

TEST_CASE("ODO-12 rejects a claim within the paired-gap error (test 22)") {
    const Finding f = gate(1.0);
    CHECK(f.status == Status::Gap);
    CHECK(contains(f.evidence, "does not clear"));
}

TEST_CASE("ODO-12 requires paired-gap dispersion and repeated artifacts (tests 23-24)") {
    CHECK(contains(gate(10.0, 5, false).evidence, "paired-gap-dispersion"));
    CHECK(contains(gate(10.0, 1).evidence, "paired-gap-dispersion"));
    CHECK(gate(10.0, 1).status == Status::Gap);
}

TEST_CASE("ODO-12: a large remaining gap fails parity; N-A beyond binding-only; data problems") {
    const Finding wide = gate(-80.0); // gap grows to 120 us
    CHECK(wide.status == Status::Gap);
    CHECK(contains(wide.evidence, "candidate gap exceeds 100 us"));

    ChangeRange kernel = binding_only();
    kernel.implementation_changed.push_back("src/cvcuda/priv/OpHQResize.cu");
    BindingImpactFacts f;
    Finding na = check_odo12_binding_impact(kernel, impact_hqresize(), f, guide);
    CHECK(na.status == Status::NotApplicable);
    CHECK(na.evidence == "changed implementation files=python/mod_cvcuda/operators/OpHQResize.cpp, "
                         "src/cvcuda/priv/OpHQResize.cu");
    ChangeRange none = binding_only();
    none.implementation_changed.clear();
    CHECK(check_odo12_binding_impact(none, impact_hqresize(), f, guide).evidence ==
          "changed implementation files=none");

    f.summary_error = "no live cvcuda-optimize-summary:v1 block";
    CHECK(check_odo12_binding_impact(binding_only(), impact_hqresize(), f, guide).summary ==
          "Binding-only impact cannot be validated from the optimization summary");
    f.summary_error.clear();
    CHECK(check_odo12_binding_impact(binding_only(), impact_hqresize(), f, guide).summary ==
          "Binding-only impact benchmark data is unavailable");
    f.baseline_config = std::make_shared<const boost::json::value>(config(40.0));
    f.candidate_config = std::make_shared<const boost::json::value>(config(30.0));
    CHECK(check_odo12_binding_impact(binding_only(), impact_hqresize(), f, guide).summary ==
          "Binding-only impact has no configured reference SKUs");

    ChangeRange unknown;
    CHECK(check_odo12_binding_impact(unknown, impact_hqresize(), f, guide).status ==
          Status::Manual);
}
