#include <odo/review/bench_checks.hpp>
#include <odo/review/support_probe.hpp>
#include <odo/surface/sku_map.hpp>

#include <doctest/doctest.h>

using namespace odo;
using namespace odo::review;

namespace {

BenchConfigInput input_of(const std::string& configs) {
    return parse_bench_config_input(R"({"benchmark": "op", "configs": )" + configs + "}",
                                    "bench/config/operators/op.json");
}

const BenchConfigInput missing =
    read_bench_config_input("/nonexistent/bench/config/operators/op.json");

const char* const guideline = ".agents/guidance/REVIEW_OP_GUIDELINES.md#bench / bench/README.md";

const std::vector<std::string> two_skus{"A100", "H100"};

SupportInfo planar_tensor_op() {
    SupportInfo s;
    s.has_tensor = true;
    s.has_vs = true;
    s.planar_declared = true;
    s.planar = true;
    return s;
}

// One advanced Tensor pair: native NCHW plus NCHW_FAKE, baselined for A100 and H100.
const char* const paired_configs = R"({
  "op_advanced": {"tier": "advanced", "dtypes": ["uchar3"],
    "string_axes": {"layout": ["NCHW", "NCHW_FAKE"], "inputKind": ["Tensor"]},
    "baselines": {
      "op_advanced[InOutDataType=uchar3][layout=NCHW][inputKind=Tensor]": {"A100": {}, "H100": {}},
      "op_advanced[InOutDataType=uchar3][layout=NCHW_FAKE][inputKind=Tensor]": {"A100": {}, "H100": {}}}}})";

} // namespace

TEST_CASE("reading the config for review: every unusable form is a problem, not an exception") {
    CHECK_FALSE(missing.config);
    CHECK(missing.problem == "/nonexistent/bench/config/operators/op.json: missing or unreadable");
    const auto empty = parse_bench_config_input(" \n", "op.json");
    CHECK(empty.problem == "op.json: file is empty");
    const auto invalid = parse_bench_config_input("{", "op.json");
    CHECK(invalid.problem.rfind("op.json: invalid JSON", 0) == 0);
    const auto old_shape =
        parse_bench_config_input(R"({"k": {"benchmark": "op", "tier": "basic"}})", "op.json");
    CHECK(old_shape.problem.find("old flat shape without a \"configs\" key") != std::string::npos);
    CHECK(input_of("{}").problem == "bench/config/operators/op.json: configs is empty");
    CHECK(input_of("[]").problem == "bench/config/operators/op.json: configs must be an object");
    CHECK(input_of(R"({"k": 1})").problem ==
          "bench/config/operators/op.json: config 'k' must be an object");
    const auto ok = input_of(R"({"k": {"tier": "basic"}})");
    REQUIRE(ok.config);
    CHECK(ok.problem.empty());
    CHECK(ok.source == "bench/config/operators/op.json");
}

TEST_CASE("BEN-4: GAP when the config is missing or invalid") {
    for (const BenchConfigInput& bad :
         {missing, parse_bench_config_input("", "op.json"), input_of("[]"), input_of("{}")}) {
        const Finding f = check_bench_config(bad);
        CHECK(f.id == "BEN-4");
        CHECK(f.phase == Phase::Preflight);
        CHECK(f.status == Status::Gap);
        CHECK(f.summary == "Operator bench config missing/invalid");
        CHECK(f.evidence == bad.problem);
        CHECK(f.guideline == guideline);
        CHECK(f.fix.find("with a tier (basic or advanced) in every config") != std::string::npos);
    }
}

TEST_CASE("BEN-4: GAP listing up to five configs with a missing or invalid tier") {
    const Finding f = check_bench_config(input_of(R"({"ok": {"tier": "basic"},
        "a": {}, "b": {"tier": "Basic"}, "c": {"tier": 1}, "d": {"tier": null},
        "e": {"tier": "adv"}, "f": {}})"));
    CHECK(f.status == Status::Gap);
    CHECK(f.summary == "6 config(s) with missing or invalid tier: ['a', 'b', 'c', 'd', 'e']");
    CHECK(f.evidence == "7 configs");
    CHECK(f.fix == "Set \"tier\" to \"basic\" or \"advanced\" in every config");
}

TEST_CASE("BEN-4: PASS when every config is tiered; the phase is the caller's") {
    const Finding f = check_bench_config(
        input_of(R"({"a": {"tier": "basic"}, "b": {"tier": "advanced"}})"), Phase::Evidence);
    CHECK(f.status == Status::Pass);
    CHECK(f.phase == Phase::Evidence);
    CHECK(f.summary == "Bench config present; every config has tier basic or advanced");
    CHECK(f.evidence == "2 configs");
}

TEST_CASE("BEN-5, BEN-6, BEN-7: GAP 'not evaluable' without a config") {
    const Finding findings[] = {check_layout_axis(missing, planar_tensor_op()),
                                check_planar_coverage(missing, planar_tensor_op()),
                                check_baseline_completeness(missing, two_skus)};
    const char* ids[] = {"BEN-5", "BEN-6", "BEN-7"};
    for (int i = 0; i < 3; ++i) {
        CHECK(findings[i].id == ids[i]);
        CHECK(findings[i].status == Status::Gap);
        CHECK(findings[i].summary == "Not evaluable \xE2\x80\x94 bench config missing");
        CHECK(findings[i].evidence == missing.problem);
        CHECK(findings[i].guideline == guideline);
    }
}

TEST_CASE("BEN-5: PASS when every config has a layout axis, GAP listing up to six otherwise") {
    SupportInfo support;
    const Finding pass = check_layout_axis(input_of(R"({"a": {"string_axes": {"layout": ["NHWC"]}},
                     "b": {"string_axes": {"layout": ["NCHW"]}}})"),
                                           support);
    CHECK(pass.id == "BEN-5");
    CHECK(pass.status == Status::Pass);
    CHECK(pass.summary == "Every config declares a layout axis");
    CHECK(pass.evidence == "2 configs");

    const Finding gap = check_layout_axis(
        input_of(R"({"ok": {"string_axes": {"layout": ["NHWC"]}}, "a": {}, "b": {"string_axes": 3},
            "c": {"string_axes": {}}, "d": {}, "e": {}, "f": {}, "g": {}})"),
        support);
    CHECK(gap.status == Status::Gap);
    CHECK(gap.summary == "7 config(s) lack a layout axis");
    CHECK(gap.evidence == "['a', 'b', 'c', 'd', 'e', 'f']");
    CHECK(gap.fix.find("truthful string_axes.layout axis") != std::string::npos);
}

TEST_CASE("BEN-5: curated layout N-A: N-A when no config carries the axis, else GAP") {
    SupportInfo support;
    support.bench_layout_na = true;
    const Finding na = check_layout_axis(input_of(R"({"a": {}, "b": {}})"), support);
    CHECK(na.status == Status::NotApplicable);
    CHECK(na.summary == "Layout axis N-A (the benchmark has no truthful layout)");
    CHECK(na.evidence == "2 configs without a layout axis");

    const Finding gap = check_layout_axis(
        input_of(R"({"a": {}, "b": {"string_axes": {"layout": ["NHWC"]}}})"), support);
    CHECK(gap.status == Status::Gap);
    CHECK(gap.summary == "layout N-A but 1 config(s) carry a dummy layout axis");
    CHECK(gap.evidence == "['b']");
    CHECK(gap.fix == "Remove the dummy layout axis from these configs");
}

TEST_CASE("BEN-6: FakePlanar pairing issues are a GAP, before the curated N-A") {
    SupportInfo support = planar_tensor_op();
    support.bench_layout_na = true;
    const Finding f = check_planar_coverage(input_of(R"({"f": {"tier": "advanced", "dtypes": ["u8"],
            "string_axes": {"layout": ["NCHW_FAKE"], "inputKind": ["Tensor"]}},
            "g": {"tier": "basic", "dtypes": ["u8"],
            "string_axes": {"layout": ["CHW_FAKE", "CHW"], "inputKind": ["Tensor"]}}})"),
                                            support);
    CHECK(f.id == "BEN-6");
    CHECK(f.status == Status::Gap);
    CHECK(f.summary == "2 unmatched/invalid FakePlanar case signature(s); each requires exactly "
                       "one same-tier native NCHW/CHW Tensor case");
    CHECK(f.evidence ==
          "f[InOutDataType=u8][layout=NCHW_FAKE][inputKind=Tensor]: found 0 same-tier native "
          "NCHW/CHW matches, expected exactly 1 | g[InOutDataType=u8][layout=CHW_FAKE]"
          "[inputKind=Tensor]: tier is basic, expected advanced");
    CHECK(f.fix.find("identical non-layout axes") != std::string::npos);
}

TEST_CASE("BEN-6: an expansion error is reported as one pairing issue") {
    const Finding f = check_planar_coverage(input_of(R"({"f": {"tier": "advanced", "dtypes": ["u8"],
            "string_axes": {"layout": ["NCHW_FAKE"], "inputKind": ["Tensor"]},
            "int64_axes": {"n": ["x"]}}})"),
                                            planar_tensor_op());
    CHECK(f.status == Status::Gap);
    CHECK(f.summary.rfind("1 unmatched/invalid FakePlanar", 0) == 0);
    CHECK(f.evidence ==
          "cannot expand FakePlanar cases: f: int64_axes.n[0]: int64 value \"x\" is not a number");
}

TEST_CASE("BEN-6: curated layout N-A") {
    SupportInfo support = planar_tensor_op();
    support.bench_layout_na = true;
    const Finding f = check_planar_coverage(input_of(R"({"a": {"tier": "basic"}})"), support);
    CHECK(f.status == Status::NotApplicable);
    CHECK(f.summary == "Planar bench configs N-A (the benchmark has no truthful layout)");
}

TEST_CASE("BEN-6: planar operator with native and FakePlanar cases passes") {
    const Finding f = check_planar_coverage(input_of(paired_configs), planar_tensor_op());
    CHECK(f.status == Status::Pass);
    CHECK(f.summary == "Image-layout bench configs (NCHW + NCHW_FAKE)");
    CHECK(f.evidence == "native NCHW/CHW=True FakePlanar=True");
}

TEST_CASE("BEN-6: FakePlanar N-A for var-shape-only and RGB-N-A benchmarks") {
    const auto native_only = input_of(R"({"a": {"tier": "basic", "dtypes": ["u8"],
        "string_axes": {"layout": ["CHW"], "inputKind": ["VarShape"]}}})");
    SupportInfo varshape_only = planar_tensor_op();
    varshape_only.has_tensor = false;
    const Finding vs = check_planar_coverage(native_only, varshape_only);
    CHECK(vs.status == Status::Pass);
    CHECK(vs.summary == "Image-layout bench configs (NCHW; NCHW_FAKE N-A for var-shape-only op)");
    CHECK(vs.evidence == "native NCHW/CHW=True FakePlanar=False");

    SupportInfo rgb_na = planar_tensor_op();
    rgb_na.bench_rgb_na = true;
    const Finding rgb = check_planar_coverage(native_only, rgb_na);
    CHECK(rgb.status == Status::Pass);
    CHECK(rgb.summary == "Image-layout bench configs (NCHW; NCHW_FAKE N-A for scalar/RGB-N-A "
                         "tensor benchmark)");
}

TEST_CASE("BEN-6: planar operator without native or without FakePlanar cases is incomplete") {
    const Finding no_native = check_planar_coverage(
        input_of(R"({"a": {"tier": "basic", "string_axes": {"layout": ["NHWC"]}}})"),
        planar_tensor_op());
    CHECK(no_native.status == Status::Gap);
    CHECK(no_native.summary == "Image-layout bench configs incomplete");
    CHECK(no_native.evidence == "native NCHW/CHW=False FakePlanar=False");
    CHECK(no_native.fix.rfind("Add native NCHW bench configs", 0) == 0);

    const Finding no_fake = check_planar_coverage(
        input_of(R"({"a": {"tier": "basic", "string_axes": {"layout": ["NCHW"]}}})"),
        planar_tensor_op());
    CHECK(no_fake.status == Status::Gap);
    CHECK(no_fake.summary == "Image-layout bench configs incomplete");
    CHECK(no_fake.evidence == "native NCHW/CHW=True FakePlanar=False");
    CHECK(no_fake.fix.rfind("Add an advanced NCHW_FAKE Tensor case", 0) == 0);
}

TEST_CASE("BEN-6: planar N-A declaration, and an incomplete layout policy") {
    const auto interleaved = input_of(R"({"a": {"tier": "basic",
        "string_axes": {"layout": ["NHWC"]}}})");
    SupportInfo not_applicable;
    not_applicable.planar_not_applicable = true;
    not_applicable.planar_reason = "operates on a 1D point list";
    const Finding na = check_planar_coverage(interleaved, not_applicable);
    CHECK(na.status == Status::NotApplicable);
    CHECK(na.summary == "Planar image layouts not applicable; no planar bench configs required");
    CHECK(na.evidence == "operates on a 1D point list");

    SupportInfo undeclared;
    undeclared.planar_policy_error = "Limitations table has no Layouts row";
    const Finding gap = check_planar_coverage(interleaved, undeclared);
    CHECK(gap.status == Status::Gap);
    CHECK(gap.summary ==
          "Layout policy is incomplete; required bench configs cannot be determined");
    CHECK(gap.evidence == "Limitations table has no Layouts row");
    CHECK(gap.fix.find("Planar image layouts: Not applicable") != std::string::npos);
}

TEST_CASE("BEN-7: GAP without SKUs, PASS when every case has every SKU") {
    const auto paired = input_of(paired_configs);
    const Finding no_skus = check_baseline_completeness(paired, {});
    CHECK(no_skus.id == "BEN-7");
    CHECK(no_skus.status == Status::Gap); // never complete against zero SKUs
    CHECK(no_skus.summary == "No SKUs in sku_map.json to check against");
    CHECK_FALSE(no_skus.fix.empty());

    const Finding pass = check_baseline_completeness(paired, two_skus);
    CHECK(pass.status == Status::Pass);
    CHECK(pass.summary == "Baselines complete for all 2 case-keys \xC3\x97 2 SKUs");
    CHECK(pass.evidence == "SKUs=['A100', 'H100']");
}

TEST_CASE("BEN-7: GAP listing missing case/SKU entries") {
    const Finding f = check_baseline_completeness(input_of(R"({
        "a": {"tier": "basic", "dtypes": ["u8", "u16", "u32"],
              "baselines": {"a[InOutDataType=u8]": {"A100": {}},
                            "a[InOutDataType=u16]": {}}},
        "b": {"tier": "basic", "dtypes": ["f32"]}})"),
                                                  two_skus);
    CHECK(f.status == Status::Gap);
    CHECK(f.summary == "Baselines incomplete: 5 missing case/SKU entries");
    CHECK(f.evidence == "e.g. a[InOutDataType=u8]\xE2\x86\x92H100; "
                        "a[InOutDataType=u16]\xE2\x86\x92"
                        "A100; "
                        "a[InOutDataType=u16]\xE2\x86\x92H100; a[InOutDataType=u32]\xE2\x86\x92*");
    CHECK(f.fix.find("never fabricate baselines") != std::string::npos);
}

TEST_CASE("BEN-7: GAP when configs cannot be expanded, including zero-case configs") {
    const Finding f = check_baseline_completeness(input_of(R"({
        "bad_baselines": {"tier": "basic", "dtypes": ["u8"], "baselines": []},
        "bad_axes": {"tier": "basic", "dtypes": ["u8"], "string_axes": {"layout": "NHWC"}},
        "no_dtypes": {"tier": "basic", "string_axes": {"layout": ["NHWC"]}},
        "bad_payload": {"tier": "basic", "dtypes": ["u8"],
                        "baselines": {"bad_payload[InOutDataType=u8]": []}},
        "fifth": {"tier": "basic", "dtypes": ["u8"], "baselines": 3},
        "missing": {"tier": "basic", "dtypes": ["u8"]}})"),
                                                  two_skus);
    CHECK(f.status == Status::Gap);
    CHECK(f.summary == "Baseline completeness could not expand 5 config(s)");
    CHECK(f.evidence ==
          "bad_baselines: baselines must be an object keyed by case-key; "
          "bad_axes: string_axes.layout must be a list; "
          "no_dtypes: no values declared for ['InOutDataType'], so the config expands to zero "
          "case-keys; "
          "bad_payload[InOutDataType=u8]: baseline case payload must be an object keyed by SKU");
    CHECK(f.fix.find("Repair the config axes") == 0);
}

TEST_CASE("bench_domain_findings: BEN-4..BEN-7 in order, each evaluated") {
    const auto findings = bench_domain_findings(input_of(paired_configs), two_skus,
                                                planar_tensor_op(), Phase::Evidence);
    REQUIRE(findings.size() == 4);
    const char* ids[] = {"BEN-4", "BEN-5", "BEN-6", "BEN-7"};
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK(findings[i].id == ids[i]);
        CHECK(findings[i].status == Status::Pass);
        CHECK(findings[i].phase == Phase::Evidence);
    }
    const auto broken = bench_domain_findings(missing, two_skus, planar_tensor_op());
    REQUIRE(broken.size() == 4);
    for (const Finding& f : broken)
        CHECK(f.status == Status::Gap);
}

TEST_CASE("the bench checks on the real CV-CUDA configs") {
    const std::filesystem::path config = ODO_TEST_DATA_DIR "/cvcuda/bench/config";
    const auto stems = surface::load_sku_map(config / "sku_map.json").stems();
    const auto op = [&](const char* name) {
        return read_bench_config_input(config / "operators" / (std::string(name) + ".json"));
    };

    const auto flip = bench_domain_findings(op("flip"), stems, planar_tensor_op());
    CHECK(flip[0].status == Status::Pass);
    CHECK(flip[0].evidence == "20 configs");
    CHECK(flip[1].status == Status::Pass);
    CHECK(flip[2].status == Status::Pass);
    CHECK(flip[2].summary == "Image-layout bench configs (NCHW + NCHW_FAKE)");
    // flip.json predates the CUDA 12 stems: every case lacks those two SKUs.
    CHECK(flip[3].status == Status::Gap);
    CHECK(flip[3].summary == "Baselines incomplete: 66 missing case/SKU entries");

    const auto posterize = bench_domain_findings(op("posterize"), stems, planar_tensor_op());
    CHECK(posterize[2].status == Status::Gap);
    CHECK(posterize[2].summary.rfind("1 unmatched/invalid FakePlanar", 0) == 0);
    CHECK(posterize[3].status == Status::Pass);
    CHECK(posterize[3].summary == "Baselines complete for all 10 case-keys \xC3\x97 4 SKUs");

    const auto jpeg =
        bench_domain_findings(op("jpegcompressiondistortion"), stems, planar_tensor_op());
    for (const Finding& f : jpeg)
        CHECK(f.status == Status::Pass);

    SupportInfo no_layout;
    no_layout.has_tensor = true;
    no_layout.bench_layout_na = true;
    for (const char* name : {"nonmaximumsuppression", "minarearect"}) {
        CAPTURE(name);
        const auto findings = bench_domain_findings(op(name), stems, no_layout);
        CHECK(findings[0].status == Status::Pass);
        CHECK(findings[1].status == Status::NotApplicable);
        CHECK(findings[2].status == Status::NotApplicable);
        CHECK(findings[3].status == Status::Pass);
        // Without the curated N-A, the missing layout axis is a GAP.
        CHECK(check_layout_axis(op(name), SupportInfo{}).status == Status::Gap);
    }
}

TEST_CASE("BEN-7's fix names the tools of the layout in use") {
    const auto incomplete = input_of(R"({"a": {"tier": "basic", "dtypes": ["u8"]}})");
    const std::string cvcuda_fix =
        "Remove unsupported declared cases from the axes; otherwise regenerate via the MR "
        "baseline-regen CI and bench/_internal/update_baseline.py (never fabricate baselines)";
    CHECK(check_baseline_completeness(incomplete, two_skus).fix == cvcuda_fix);
    const repo::BaselineCapture odo_tools{repo::Tooling::Odo, "Op", "op"};
    const Finding f =
        check_baseline_completeness(incomplete, two_skus, Phase::Preflight, odo_tools);
    CHECK(f.status == Status::Gap);
    CHECK(f.fix == "Remove unsupported declared cases from the axes; otherwise measure the missing "
                   "rows on each SKU with `odo_campaign Op baseline` (it measures every basic and "
                   "advanced case and imports them), or import runs measured elsewhere with "
                   "`odo_baseline import --operator op --from RUNS` (never fabricate baselines)");
    // bench_domain_findings hands the capture to BEN-7 (and PRE-2 repeats BEN-7's fix).
    CHECK(bench_domain_findings(incomplete, two_skus, SupportInfo{}, Phase::Preflight, odo_tools)
              .back()
              .fix == f.fix);
    CHECK(bench_domain_findings(incomplete, two_skus, SupportInfo{}).back().fix == cvcuda_fix);
}

// Issue 36: a library with one layout is not asked for a layout axis that could only be constant.
TEST_CASE("BEN-5: N-A when the header leaves the operator one layout, naming what it read") {
    const auto without_axis = input_of(R"({"a": {}, "b": {}})");
    SupportInfo one;
    one.header = "include/ops/Blur.h";
    one.input_layouts = {"NHWC"};
    const Finding na = check_layout_axis(without_axis, one);
    CHECK(na.status == Status::NotApplicable);
    CHECK(na.summary == "Layout axis N-A (the operator has a single layout)");
    CHECK(na.evidence == "include/ops/Blur.h declares one input layout in its Limitations table "
                         "(NHWC); 2 configs without a layout axis");

    SupportInfo planar_na;
    planar_na.header = "include/ops/Blur.h";
    planar_na.planar_not_applicable = true;
    planar_na.planar_reason = "operates on host scanlines";
    const Finding no_layout = check_layout_axis(without_axis, planar_na);
    CHECK(no_layout.status == Status::NotApplicable);
    CHECK(no_layout.evidence ==
          "include/ops/Blur.h declares no input layout and 'Planar image layouts: Not "
          "applicable' (Reason: operates on host scanlines); 2 configs without a layout axis");

    // Every config carrying the (constant) axis still passes; half of them carrying it is a GAP.
    const auto with_axis = input_of(R"({"a": {"string_axes": {"layout": ["NHWC"]}}})");
    CHECK(check_layout_axis(with_axis, one).status == Status::Pass);
    const Finding mixed = check_layout_axis(
        input_of(R"({"a": {}, "b": {"string_axes": {"layout": ["NHWC"]}}})"), one);
    CHECK(mixed.status == Status::Gap);
    CHECK(mixed.summary == "1 config(s) lack a layout axis");
    CHECK(mixed.evidence == "['a']");
    CHECK(mixed.fix == "Either remove string_axes.layout from every config (include/ops/Blur.h "
                       "declares one input layout in its Limitations table (NHWC)), or add it to "
                       "these configs");

    // Two declared layouts, planar N-A or not, still need the axis; so does a header that
    // declares nothing at all.
    SupportInfo two = planar_na;
    two.input_layouts = {"HWC", "NHWC"};
    CHECK(check_layout_axis(without_axis, two).status == Status::Gap);
    CHECK(check_layout_axis(without_axis, SupportInfo{}).status == Status::Gap);
}

TEST_CASE("BEN-6: the incomplete-policy fix says exactly what to write, in which header") {
    const auto interleaved = input_of(R"({"a": {"tier": "basic"}})");
    SupportInfo undeclared;
    undeclared.header = "include/ops/Blur.h";
    const Finding gap = check_planar_coverage(interleaved, undeclared);
    CHECK(gap.status == Status::Gap);
    CHECK(gap.fix ==
          "In include/ops/Blur.h's doc comment, either list the planar layouts in the "
          "Limitations table's input row (` *      Data Layout:    [kNHWC, kNCHW]` under "
          "` * Input:`), or write ` * Planar image layouts: Not applicable` and on the next line "
          "` * Reason: <why no planar layout applies>` (docs/bench.md, \"Layout coverage: BEN-5 "
          "and BEN-6\")");
    CHECK(
        check_planar_coverage(interleaved, SupportInfo{}).fix.rfind("In the public header's", 0) ==
        0);

    // Both forms the fix offers are what the probe reads: the table row declares planar layouts,
    // the two lines declare them not applicable (with BEN-6 N-A and its reason).
    const std::string table =
        "/**\n * Limitations:\n *\n * Input:\n *      Data Layout:    [kNHWC, "
        "kNCHW]\n */\n";
    const SupportInfo declared = compute_support_info(table, "Blur", {});
    CHECK(declared.planar);
    CHECK(declared.input_layouts == std::set<std::string>{"NCHW", "NHWC"});
    const std::string opt_out = "/**\n * Limitations:\n * Planar image layouts: Not applicable\n"
                                " * Reason: operates on host scanlines\n */\n";
    const SupportInfo opted_out = compute_support_info(opt_out, "Blur", {});
    const Finding na = check_planar_coverage(interleaved, opted_out);
    CHECK(na.status == Status::NotApplicable);
    CHECK(na.evidence == "operates on host scanlines");
    CHECK(check_layout_axis(input_of(R"({"a": {}})"), opted_out).status == Status::NotApplicable);
}
