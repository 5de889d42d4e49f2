// ODO-0, ODO-2 and ODO-11 (gates.md §4; §7 tests 8–9), and the MANUAL every change-dependent
// check gives when git could not list the change (gates.md §8.16).

#include "text_helpers.hpp"

#include <odo/gates/evidence_checks.hpp>
#include <odo/review/bench_checks.hpp>

#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

using odo::Finding;
using odo::Phase;
using odo::Status;
using namespace odo::gates;

namespace {

using odo::testing::guide;

odo::repo::OperatorPaths invert() {
    odo::repo::OperatorPaths op;
    op.operator_name = "Invert";
    op.op = "invert";
    op.header = "src/cvcuda/include/cvcuda/OpInvert.h";
    op.hpp = "src/cvcuda/include/cvcuda/OpInvert.hpp";
    op.pybind = "python/mod_cvcuda/operators/OpInvert.cpp";
    op.bench_cfg = "bench/config/operators/invert.json";
    return op;
}

ChangeRange range_with(std::vector<std::string> implementation) {
    ChangeRange r;
    r.base = "origin/main";
    r.merge_base = std::string(40, 'a');
    r.changed = implementation;
    r.changed->push_back("docs/notes.md");
    r.implementation_changed = std::move(implementation);
    return r;
}

ChangeRange unknown_range() {
    ChangeRange r;
    r.base = "nope";
    r.problem = "base nope does not resolve to a commit";
    return r;
}

using odo::testing::contains;

std::string config(const std::string& rows) {
    return R"({"benchmark": "invert", "configs": {"invert_u8": {"tier": "basic", "baselines": {)" +
           rows + "}}}}";
}

// A revision of the config as the evidence phase holds it: parsed.
ConfigDocument parsed_config(const std::string& rows) {
    return parse_config_document(config(rows));
}

const std::string nhwc = R"("invert_u8[layout=NHWC]")";
const std::string nchw = R"("invert_u8[layout=NCHW]")";

} // namespace

TEST_CASE("ODO-0 is N-A without an implementation change and absent with one") {
    const std::optional<Finding> none = check_odo0_no_optimization(range_with({}), invert(), guide);
    REQUIRE(none);
    CHECK(none->id == "ODO-0");
    CHECK(none->phase == Phase::Evidence);
    CHECK(none->status == Status::NotApplicable);
    CHECK(none->summary ==
          "No optimization detected: no Invert implementation change vs origin/main");
    CHECK(none->evidence == "changed implementation files: none");
    CHECK(none->guideline == guide);
    CHECK_FALSE(
        check_odo0_no_optimization(range_with({"src/cvcuda/priv/OpInvert.cu"}), invert(), guide));
}

TEST_CASE("an unknown change is MANUAL, never 'no optimization' or a pass") {
    const std::optional<Finding> odo0 =
        check_odo0_no_optimization(unknown_range(), invert(), guide);
    REQUIRE(odo0);
    CHECK(odo0->status == Status::Manual);
    CHECK(odo0->summary == "Changed files since the base could not be determined");
    CHECK(odo0->evidence == "base nope does not resolve to a commit");
    CHECK(check_odo2_baselines_updated(unknown_range(), {}, invert(), guide).status ==
          Status::Manual);
    ChangeRange silent = unknown_range();
    silent.problem.clear();
    CHECK(check_odo0_no_optimization(silent, invert(), guide)->evidence ==
          "git could not list the change vs nope");
}

TEST_CASE("ODO-2 is N-A without an implementation change") {
    const Finding f = check_odo2_baselines_updated(range_with({}), {}, invert(), guide);
    CHECK(f.id == "ODO-2");
    CHECK(f.status == Status::NotApplicable);
    CHECK(f.summary == "No implementation change -> baseline update N-A");
    CHECK(f.evidence.empty());
}

TEST_CASE("ODO-2 passes on re-measured rows and names them") {
    const ConfigRevisions revisions{
        "bench/config/operators/invert.json",
        parsed_config(nhwc +
                      R"(: {"A100": {"gpu_time_us_cpp": 10}, "H100": {"gpu_time_us_cpp": 7}})"),
        parsed_config(nhwc +
                      R"(: {"A100": {"gpu_time_us_cpp": 8}, "H100": {"gpu_time_us_cpp": 7.0}}, )" +
                      nchw + R"(: {"A100": {"gpu_time_us_cpp": 9}})")};
    const Finding f = check_odo2_baselines_updated(range_with({"src/cvcuda/priv/OpInvert.cu"}),
                                                   revisions, invert(), guide);
    CHECK(f.status == Status::Pass);
    CHECK(f.summary == "Baselines updated for the operator");
    CHECK(f.evidence ==
          "bench/config/operators/invert.json baselines changed vs origin/main; 2 row(s) added or "
          "changed: configs ['invert_u8']; case keys ['invert_u8[layout=NCHW]', "
          "'invert_u8[layout=NHWC]']; SKUs ['A100']");
}

TEST_CASE("ODO-2 gives a GAP when only text near the baselines changed") {
    // The reference passed on the keyword "baselines" anywhere in the patch (gates.md §8.10).
    const std::string rows = nhwc + R"(: {"A100": {"gpu_time_us_cpp": 10, "n_runs": 5}})";
    const std::string reformatted = nhwc + R"(: {"A100": {"n_runs": 5.0, "gpu_time_us_cpp": 10}})";
    const ConfigRevisions revisions{"bench/config/operators/invert.json", parsed_config(rows),
                                    parse_config_document(config(reformatted) + "\n")};
    const Finding f = check_odo2_baselines_updated(range_with({"src/cvcuda/priv/OpInvert.cu"}),
                                                   revisions, invert(), guide);
    CHECK(f.status == Status::Gap);
    CHECK(f.summary == "Implementation changed but baselines not updated [requires CI regen]");
    CHECK(f.evidence == "no baseline delta in bench/config/operators/invert.json");
    CHECK(contains(f.fix, "update_baseline.py --from <artifacts-dir>/ --operator invert"));
}

TEST_CASE("ODO-2: removed rows measure nothing; a new config's rows are all added") {
    const auto implementation = range_with({"python/mod_cvcuda/operators/OpInvert.cpp"});
    const std::string two = nhwc + R"(: {"A100": {"t": 1}}, )" + nchw + R"(: {"A100": {"t": 2}})";
    const std::string one = nhwc + R"(: {"A100": {"t": 1}})";
    CHECK(check_odo2_baselines_updated(
              implementation, {"c.json", parsed_config(two), parsed_config(one)}, invert(), guide)
              .status == Status::Gap);
    const Finding added = check_odo2_baselines_updated(
        implementation, {"c.json", std::nullopt, parsed_config(one)}, invert(), guide);
    CHECK(added.status == Status::Pass);
    CHECK(contains(added.evidence, "1 row(s) added or changed"));
    const Finding repaired = check_odo2_baselines_updated(
        implementation, {"c.json", parse_config_document("{broken"), parsed_config(one)}, invert(),
        guide);
    CHECK(repaired.status == Status::Pass);
}

TEST_CASE("ODO-2 gives a GAP when the config is missing or broken at HEAD") {
    const auto implementation = range_with({"src/cvcuda/priv/OpInvert.cu"});
    CHECK(check_odo2_baselines_updated(implementation, {"c.json", parsed_config(""), std::nullopt},
                                       invert(), guide)
              .evidence == "no baseline delta in c.json (the config does not exist at HEAD)");
    CHECK(check_odo2_baselines_updated(implementation,
                                       {"c.json", parsed_config(""), parse_config_document("[1]")},
                                       invert(), guide)
              .evidence == "no baseline delta in c.json (the config at HEAD is not a JSON object)");
}

TEST_CASE("changed baseline rows: non-object levels count as one row") {
    odo::baseline::BaselineMap before, after;
    before["a"] = boost::json::parse(R"({"k": 1})");
    after["a"] = boost::json::parse(R"({"k": 2, "j": {"S": [1, 2]}})");
    after["b"] = boost::json::parse("[1]");
    const auto rows = changed_baseline_rows(before, after);
    REQUIRE(rows.size() == 3);
    CHECK(rows[0].config == "a");
    CHECK(rows[0].case_key == "k");
    CHECK(rows[0].sku.empty());
    CHECK(rows[1].case_key == "j");
    CHECK(rows[1].sku == "S");
    CHECK(rows[2].config == "b");
    CHECK(rows[2].case_key.empty());
    CHECK(describe_rows(rows) ==
          "3 row(s) added or changed: configs ['a', 'b']; case keys ['j', 'k']; SKUs ['S']");
}

TEST_CASE("describe_rows shows at most five case keys") {
    std::vector<BaselineRow> rows;
    for (char c = 'a'; c <= 'g'; ++c)
        rows.push_back({"cfg", std::string(1, c), "A100"});
    CHECK(contains(describe_rows(rows), "case keys ['a', 'b', 'c', 'd', 'e'] (+2 more)"));
}

TEST_CASE("8: ODO-11 re-runs BEN-6 and blocks an orphan FakePlanar case") {
    const std::string orphan = R"({"benchmark": "invert", "configs": {"invert_fake": {
        "tier": "advanced", "dtypes": ["uchar3"],
        "string_axes": {"layout": ["NCHW_FAKE"], "inputKind": ["Tensor"]}, "baselines": {}}}})";
    odo::review::SupportInfo support;
    support.has_tensor = support.planar = support.planar_declared = true;
    const Finding ben6 = odo::review::check_planar_coverage(
        odo::review::parse_bench_config_input(orphan, "invert.json"), support, Phase::Evidence);
    REQUIRE(ben6.status == Status::Gap);
    const Finding f = check_odo11_fake_planar_rerun(ben6, guide);
    CHECK(f.id == "ODO-11");
    CHECK(f.status == Status::Gap);
    CHECK(f.summary == "Final FakePlanar coverage is incomplete");
    CHECK(f.evidence == "BEN-6:" + ben6.summary);
    CHECK(contains(f.evidence, "BEN-6"));
    CHECK(f.fix ==
          "Add the exact advanced same-tier native/FakePlanar pairs, then rerun evidence.");
}

TEST_CASE("9: ODO-11 never auto-passes an unresolved BEN-6") {
    const Finding ben6{
        "BEN-6", Phase::Evidence, Status::Manual, "coverage result needs review", "", "", ""};
    const Finding f = check_odo11_fake_planar_rerun(ben6, guide);
    CHECK(f.status == Status::Manual);
    CHECK(f.summary == "Final FakePlanar coverage status is unresolved");
    CHECK(f.evidence == "BEN-6 status='MANUAL': coverage result needs review");
    const Finding missing = check_odo11_fake_planar_rerun(std::nullopt, guide);
    CHECK(missing.status == Status::Manual);
    CHECK(missing.summary == "Final FakePlanar coverage result is missing");
    CHECK(missing.evidence == "review_op bench output has no BEN-6 finding");
}

TEST_CASE("ODO-11 maps BEN-6 PASS and N-A") {
    Finding ben6{"BEN-6", Phase::Evidence, Status::Pass, "Image-layout bench configs", "", "", ""};
    Finding f = check_odo11_fake_planar_rerun(ben6, guide);
    CHECK(f.status == Status::Pass);
    CHECK(f.summary == "Final FakePlanar coverage is exact");
    CHECK(f.evidence == "BEN-6:Image-layout bench configs");
    ben6.status = Status::NotApplicable;
    f = check_odo11_fake_planar_rerun(ben6, guide);
    CHECK(f.status == Status::NotApplicable);
    CHECK(f.summary == "FakePlanar comparison is not applicable");
}

TEST_CASE("ODO-2's fix names the tools of the layout in use") {
    const ConfigRevisions unchanged{"c.json", parsed_config(""), parsed_config("")};
    const auto implementation = range_with({"src/cvcuda/priv/OpInvert.cu"});
    const Finding cvcuda = check_odo2_baselines_updated(implementation, unchanged, invert(), guide);
    CHECK(cvcuda.status == Status::Gap);
    CHECK(cvcuda.fix == "Regenerate the baselines through the CI fan-out, then import them with "
                        "bench/_internal/update_baseline.py --from <artifacts-dir>/ --operator "
                        "invert.");
    CHECK(check_odo2_baselines_updated(implementation, unchanged, invert(), guide,
                                       odo::repo::Tooling::Cvcuda)
              .fix == cvcuda.fix);
    const Finding odo_tools = check_odo2_baselines_updated(implementation, unchanged, invert(),
                                                           guide, odo::repo::Tooling::Odo);
    CHECK(odo_tools.status == Status::Gap);
    CHECK(cvcuda.summary == "Implementation changed but baselines not updated [requires CI regen]");
    CHECK(odo_tools.summary == "Implementation changed but baselines not updated [re-measure]");
    CHECK(odo_tools.evidence == cvcuda.evidence);
    CHECK(odo_tools.fix ==
          "Re-measure the baselines of the changed code with `odo_campaign Invert baseline` (it "
          "measures every basic and advanced case and imports them), or import runs measured "
          "elsewhere with `odo_baseline import --operator invert --from RUNS`, and commit the "
          "config.");
}
