
#include "text_helpers.hpp"

#include <odo/gates/preflight_checks.hpp>

#include <doctest/doctest.h>

using odo::Finding;
using odo::Phase;
using odo::Status;
using namespace odo::gates;

namespace {
const PreflightGuides guides = PreflightGuides::from_guide("guide.md");

Finding review(const char* id, Status s, const char* summary) {
    return {id, Phase::Preflight, s, summary, "", "", ""};
}

Finding review_with_fix(const char* id, Status s, const char* fix) {
    return {id, Phase::Preflight, s, "summary", "", "", fix};
}

using odo::testing::contains;
} // namespace

TEST_CASE("PRE-1 passes without a TST GAP and names the key IDs") {
    const Finding f = check_pre1_correctness_coverage(
        {review("TST-1", Status::Pass, "found"), review("TST-3", Status::Gap, "other")}, guides);
    CHECK(f.id == "PRE-1");
    CHECK(f.status == Status::Pass);
    CHECK(f.summary == "Correctness/regression coverage present (review_op test)");
    CHECK(f.evidence == "review_op test domain: no blocking GAP in ['TST-1', 'TST-2']");
    CHECK(f.guideline == "guide.md#establish-coverage-and-baseline");
}

TEST_CASE("PRE-1 is a GAP listing each gapped key finding") {
    const Finding f = check_pre1_correctness_coverage(
        {review("TST-1", Status::Gap, "C++ system test file not found"),
         review("TST-2", Status::Gap, "tensor positive/correctness test MISSING")},
        guides);
    CHECK(f.status == Status::Gap);
    CHECK(f.summary == "Correctness/regression coverage incomplete");
    CHECK(f.evidence ==
          "TST-1:C++ system test file not found; TST-2:tensor positive/correctness test MISSING");
    CHECK(contains(f.fix, "separate non-perf commit"));
}

TEST_CASE("PRE-2 blocks on a BEN-6 GAP and passes otherwise") {
    const Finding gap = check_pre2_benchmark_coverage(
        {review("BEN-6", Status::Gap, "1 unmatched FakePlanar case")}, guides);
    CHECK(gap.status == Status::Gap);
    CHECK(contains(gap.evidence, "BEN-6:1 unmatched FakePlanar case"));
    const Finding pass =
        check_pre2_benchmark_coverage({review("BEN-7", Status::Pass, "ok")}, guides);
    CHECK(pass.status == Status::Pass);
    CHECK(pass.evidence ==
          "review_op bench domain: no blocking GAP in ['BEN-4', 'BEN-5', 'BEN-6', 'BEN-7']");
}

TEST_CASE("a MANUAL key review finding makes PRE-1 and PRE-2 MANUAL, never PASS") {
    Finding tst1 = review("TST-1", Status::Manual, "No obvious CPU reference; verify");
    tst1.evidence = "no Gold/Reference symbol found";
    const Finding pre1 =
        check_pre1_correctness_coverage({tst1, review("TST-2", Status::Pass, "found")}, guides);
    CHECK(pre1.status == Status::Manual);
    CHECK(pre1.summary ==
          "Correctness/regression coverage needs a human decision (review_op test)");
    CHECK(pre1.evidence ==
          "TST-1:No obvious CPU reference; verify (no Gold/Reference symbol found)");
    CHECK_FALSE(pre1.fix.empty());

    const Finding pre2 = check_pre2_benchmark_coverage(
        {review("BEN-4", Status::Pass, "ok"), review("BEN-5", Status::Manual, "verify")}, guides);
    CHECK(pre2.status == Status::Manual);
    CHECK(pre2.evidence == "BEN-5:verify");

    // A GAP among the key findings still wins over a MANUAL one.
    CHECK(check_pre2_benchmark_coverage({review("BEN-6", Status::Gap, "unmatched"),
                                         review("BEN-5", Status::Manual, "verify")},
                                        guides)
              .status == Status::Gap);
}

TEST_CASE("PRE-1 and PRE-2 show each blocking review finding's own fix after theirs") {
    const Finding pre1 = check_pre1_correctness_coverage(
        {review_with_fix("TST-1", Status::Pass, "unused"),
         review_with_fix("TST-2", Status::Gap, "Add tensor positive/correctness test.")},
        guides);
    CHECK(pre1.fix == "Add the missing test coverage before optimizing, as a separate non-perf "
                      "commit pushed before the optimization. TST-2: Add tensor "
                      "positive/correctness test.");

    // A fix not ending as a sentence is closed; a finding without one adds nothing.
    const Finding pre2 = check_pre2_benchmark_coverage(
        {review_with_fix("BEN-5", Status::Gap, "Add a layout axis"),
         review_with_fix("BEN-6", Status::Gap,
                         "Declare 'Planar image layouts: Not applicable' with a Reason"),
         review("BEN-7", Status::Gap, "incomplete")},
        guides);
    CHECK(contains(pre2.fix, "optimization. BEN-5: Add a layout axis. BEN-6: Declare 'Planar "
                             "image layouts: Not applicable' with a Reason."));
    CHECK_FALSE(contains(pre2.fix, "BEN-7"));

    // A MANUAL shows the MANUAL key findings' fixes, not those of findings that passed.
    const Finding manual = check_pre1_correctness_coverage(
        {review_with_fix("TST-1", Status::Manual, "Add/confirm an independent CPU reference."),
         review_with_fix("TST-2", Status::Pass, "unused")},
        guides);
    CHECK(manual.fix == "Resolve what the review finding(s) ask before optimizing, and record the "
                        "decision in the MR. TST-1: Add/confirm an independent CPU reference.");
}

TEST_CASE("PRE-3 needs at least one measured row, not a letter inside braces") {
    CapturedBaselines c{"bench/config/operators/resize.json", true, "", 0, {}};
    Finding f = check_pre3_baseline_captured(c, guides);
    CHECK(f.status == Status::Gap);
    CHECK(f.summary == "No baselines in the op config");
    CHECK(contains(f.evidence, "no case x SKU baseline row"));
    c.metric_rows = 3;
    f = check_pre3_baseline_captured(c, guides);
    CHECK(f.status == Status::Pass);
    CHECK(f.summary == "Baseline captured for the surface");
    CHECK(f.evidence == "bench/config/operators/resize.json");
    CHECK(check_pre3_baseline_captured({"x.json", false, "", 0, {}}, guides).evidence ==
          "x.json: missing");
    CHECK(check_pre3_baseline_captured({"x.json", true, "x.json: bad JSON", 0, {}}, guides)
              .evidence == "x.json: bad JSON");
}

TEST_CASE("PRE-3 is a GAP naming the rows validation rejects, even beside valid rows") {
    CapturedBaselines c{"x.json", true, "", 5, {}};
    for (int i = 1; i <= 4; ++i)
        c.invalid.push_back("k" + std::to_string(i) + " H100: n_runs must be a positive integer");
    const Finding f = check_pre3_baseline_captured(c, guides);
    CHECK(f.status == Status::Gap);
    CHECK(f.evidence == "x.json: 4 baseline problem(s) odo_baseline validate rejects: k1 H100: "
                        "n_runs must be a positive integer; k2 H100: n_runs must be a positive "
                        "integer; k3 H100: n_runs must be a positive integer (+1 more)");
}

TEST_CASE("PRE-4 passes with either profiler and is MANUAL without") {
    CHECK(check_pre4_profiler_availability(true, true, guides).summary ==
          "Profiler(s) available: ncu, nsys");
    CHECK(check_pre4_profiler_availability(false, true, guides).summary ==
          "Profiler(s) available: nsys");
    const Finding none = check_pre4_profiler_availability(false, false, guides);
    CHECK(none.status == Status::Manual);
    CHECK(none.summary == "ncu/nsys not on PATH");
    CHECK(none.evidence == "PATH probe");
    CHECK(none.guideline == "guide.md#profiling");
}

TEST_CASE("PRE-5 passes when the public surface exists and is MANUAL when it is missing") {
    ApiSurface s{{"src/cvcuda/include/cvcuda/OpFlip.h", "src/cvcuda/include/cvcuda/OpFlip.hpp"},
                 "python/mod_cvcuda/operators/OpFlip.cpp",
                 {}};
    Finding f = check_pre5_api_abi_pointer(s, guides);
    CHECK(f.status == Status::Pass);
    CHECK(f.evidence == "public headers: src/cvcuda/include/cvcuda/OpFlip.h, "
                        "src/cvcuda/include/cvcuda/OpFlip.hpp; binding: "
                        "python/mod_cvcuda/operators/OpFlip.cpp");
    CHECK(f.guideline == "guide.md#survey-and-scope");
    s.missing = {"python/mod_cvcuda/operators/OpFlip.cpp"};
    f = check_pre5_api_abi_pointer(s, guides);
    CHECK(f.status == Status::Manual);
    CHECK(contains(f.evidence, "missing: python/mod_cvcuda/operators/OpFlip.cpp"));
}

namespace {
FreshnessFacts facts(std::string refresh, std::optional<int> rc, std::vector<std::string> changed) {
    return {"gaussian",
            "bench/config/operators/gaussian.json",
            "origin/main",
            std::move(refresh),
            std::string(40, 'b'),
            rc,
            true,
            std::move(changed)};
}
bool legacy_filter_moves_gaussian(const std::string& path) {
    return path == "src/cvcuda/priv/legacy/filter.cu";
}
} // namespace

TEST_CASE("PRE-6 flags baselines that predate an operator code change") {
    const Finding f = check_pre6_baseline_freshness(
        facts(std::string(40, 'a'), 0,
              {"src/cvcuda/priv/legacy/filter.cu", "docs/sphinx/index.rst"}),
        legacy_filter_moves_gaussian, guides);
    CHECK(f.id == "PRE-6");
    CHECK(f.status == Status::Gap);
    CHECK(f.evidence ==
          "config=bench/config/operators/gaussian.json last refreshed at aaaaaaaaaaaa; "
          "1 attributed path(s) changed since: src/cvcuda/priv/legacy/filter.cu");
    CHECK(contains(f.fix, "\"config\": \"baseline-regen\""));
    CHECK(contains(f.fix, "\"benchmark_operators\": \"gaussian\""));
}

TEST_CASE("PRE-6 lists five stale paths and counts the rest") {
    std::vector<std::string> changed;
    for (char c = 'g'; c >= 'a'; --c)
        changed.push_back(std::string("src/") + c + ".cu");
    const Finding f = check_pre6_baseline_freshness(
        facts(std::string(40, 'a'), 0, changed), [](const std::string&) { return true; }, guides);
    CHECK(contains(f.evidence, "7 attributed path(s) changed since: src/a.cu, src/b.cu, src/c.cu, "
                               "src/d.cu, src/e.cu (+2 more)"));
}

TEST_CASE("PRE-6 ignores changes that cannot move this operator") {
    const Finding f = check_pre6_baseline_freshness(
        facts(std::string(40, 'a'), 0,
              {"src/cvcuda/priv/legacy/median_blur.cu", "tests/cvcuda/system/TestOpGaussian.cpp"}),
        legacy_filter_moves_gaussian, guides);
    CHECK(f.status == Status::Pass);
    CHECK(f.summary == "Committed baselines still describe the code at the campaign base");
    CHECK(f.evidence ==
          "config=bench/config/operators/gaussian.json; unchanged since aaaaaaaaaaaa");
}

TEST_CASE("PRE-6 accepts baselines refreshed at or after the campaign base") {
    const Finding f = check_pre6_baseline_freshness(
        facts(std::string(40, 'c'), 1, {"src/cvcuda/priv/legacy/filter.cu"}),
        legacy_filter_moves_gaussian, guides);
    CHECK(f.status == Status::Pass);
    CHECK(contains(f.summary, "at or after the campaign base"));
    CHECK(f.evidence == "config=bench/config/operators/gaussian.json; last refresh=cccccccccccc; "
                        "base=bbbbbbbbbbbb");
}

TEST_CASE("PRE-6 is MANUAL when history or git cannot decide") {
    Finding f =
        check_pre6_baseline_freshness(facts("", 0, {}), legacy_filter_moves_gaussian, guides);
    CHECK(f.status == Status::Manual);
    CHECK(f.evidence == "config=bench/config/operators/gaussian.json; base=origin/main; last "
                        "refresh=unknown");
    CHECK(contains(f.fix, "\"config\": \"baseline-regen\""));

    FreshnessFacts unresolved = facts(std::string(40, 'a'), 0, {});
    unresolved.base_sha.clear();
    CHECK(check_pre6_baseline_freshness(unresolved, legacy_filter_moves_gaussian, guides).status ==
          Status::Manual);

    f = check_pre6_baseline_freshness(facts(std::string(40, 'a'), 128, {}),
                                      legacy_filter_moves_gaussian, guides);
    CHECK(f.status == Status::Manual);
    CHECK(contains(f.summary, "could not be determined"));
    CHECK(contains(f.evidence, "exited 128 (shallow clone?)"));
    f = check_pre6_baseline_freshness(facts(std::string(40, 'a'), std::nullopt, {}),
                                      legacy_filter_moves_gaussian, guides);
    CHECK(contains(f.evidence, "exited None"));

    FreshnessFacts missing = facts(std::string(40, 'a'), 0, {});
    missing.refresh_commit_present = false;
    f = check_pre6_baseline_freshness(missing, legacy_filter_moves_gaussian, guides);
    CHECK(f.status == Status::Manual);
    CHECK(contains(f.summary, "the refresh commit is not available"));
    CHECK(contains(f.evidence, "aaaaaaaaaaaa is missing locally"));

    FreshnessFacts no_diff = facts(std::string(40, 'a'), 0, {});
    no_diff.changed.reset();
    f = check_pre6_baseline_freshness(no_diff, legacy_filter_moves_gaussian, guides);
    CHECK(f.status == Status::Manual);
    CHECK(contains(f.summary, "could not list the changes"));
}

// Issue 36: a library whose layout is not CV-CUDA's has no update_baseline.py and no regen CI
// job; its fixes name odo's tools. CV-CUDA's sentences stay byte for byte.
TEST_CASE("PRE-3 and PRE-6 fixes name the tools of the layout in use") {
    const odo::repo::BaselineCapture cvcuda;
    const odo::repo::BaselineCapture odo_tools{odo::repo::Tooling::Odo, "Gaussian", "gaussian"};
    const std::string measure =
        "`odo_campaign Gaussian baseline` (it measures every basic and advanced case and imports "
        "them), or import runs measured elsewhere with `odo_baseline import --operator gaussian "
        "--from RUNS`";
    const std::string regen =
        "```ci\n{\"config\": \"baseline-regen\", \"benchmark_operators\": \"gaussian\"}\n```";

    const CapturedBaselines none{"bench/config/operators/gaussian.json", true, "", 0, {}};
    CHECK(check_pre3_baseline_captured(none, guides).fix ==
          "Capture and commit a baseline (CI on the bench-only SHA) before optimizing.");
    CHECK(check_pre3_baseline_captured(none, guides, cvcuda).fix ==
          check_pre3_baseline_captured(none, guides).fix);
    CHECK(check_pre3_baseline_captured(none, guides, odo_tools).fix ==
          "Capture a baseline with " + measure +
              ", and commit it on its own before the first optimization.");

    const auto stale = facts(std::string(40, 'a'), 0, {"src/cvcuda/priv/legacy/filter.cu"});
    CHECK(check_pre6_baseline_freshness(stale, legacy_filter_moves_gaussian, guides).fix ==
          "Do not reuse these rows as the before wave. Capture a fresh reference-SKU burn-in at "
          "the campaign base (it runs basic,advanced on both reference SKUs) and import it with "
          "bench/_internal/update_baseline.py:\n" +
              regen);
    CHECK(
        check_pre6_baseline_freshness(stale, legacy_filter_moves_gaussian, guides, odo_tools).fix ==
        "Do not reuse these rows as the before wave. Re-measure them at the campaign "
        "base on the SKU map's reference SKUs with " +
            measure + ", and commit them before the first optimization.");

    const auto unknown = facts("", 0, {});
    CHECK(check_pre6_baseline_freshness(unknown, legacy_filter_moves_gaussian, guides).fix ==
          "Fetch full history (a shallow clone hides the refresh commit), then re-run. Capture a "
          "fresh reference-SKU burn-in with:\n" +
              regen);
    CHECK(check_pre6_baseline_freshness(unknown, legacy_filter_moves_gaussian, guides, odo_tools)
              .fix == "Fetch full history (a shallow clone hides the refresh commit), then "
                      "re-run. To re-measure the baselines instead, run " +
                          measure + ".");

    const auto shallow = facts(std::string(40, 'a'), 128, {});
    CHECK(check_pre6_baseline_freshness(shallow, legacy_filter_moves_gaussian, guides).fix ==
          "Fetch full history, then re-run. Capture a fresh burn-in with:\n" + regen);
    CHECK(check_pre6_baseline_freshness(shallow, legacy_filter_moves_gaussian, guides, odo_tools)
              .fix == "Fetch full history, then re-run. To re-measure the baselines instead, run " +
                          measure + ".");
    for (const auto& capture : {cvcuda, odo_tools})
        for (const auto& f :
             {check_pre3_baseline_captured(none, guides, capture),
              check_pre6_baseline_freshness(stale, legacy_filter_moves_gaussian, guides, capture),
              check_pre6_baseline_freshness(shallow, legacy_filter_moves_gaussian, guides,
                                            capture)}) {
            CAPTURE(f.id);
            for (const char* cvcuda_only : {"update_baseline.py", "bench-only", "baseline-regen"})
                CHECK_FALSE((contains(f.fix, cvcuda_only) && !capture.cvcuda()));
            CHECK(contains(f.fix, "odo_baseline import") == !capture.cvcuda());
        }
}
