// The JUnit reports of optimize_op (preflight, evidence), odo_baseline validate and a benchmark's
// --odo-gate, read back with a real XML parser and GitLab's fields: one testcase per finding,
// named by check ID and operator, whose outcome agrees with the finding's status and the phase.
#include "cli_support.hpp"
#include "junit_check.hpp"
#include "temp_repo.hpp"
#include "text_helpers.hpp"

#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>

#include <boost/json.hpp>

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace {

using odo::testing::JunitCase;
using odo::testing::TempRepo;

using odo::testing::optimize_op;

using odo::testing::contains;

// The outcome a finding of `status` must have in `phase`'s JUnit report.
std::string expected_outcome(const std::string& status, const std::string& phase) {
    if (status == "GAP" || (status == "MANUAL" && phase == "evidence"))
        return "failure";
    return status == "PASS" ? "passed" : "skipped";
}

// Runs `args` once with --format json and once with --format junit --out report.xml and checks
// that the JUnit report holds the JSON report's findings, in order, with the right outcomes and
// the evidence and fix in a failure's text.
std::vector<JunitCase> check_against_json(const TempRepo& repo, std::vector<std::string> args) {
    std::vector<std::string> json_args = args, junit_args = args;
    json_args.insert(json_args.end(), {"--format", "json"});
    junit_args.insert(junit_args.end(), {"--format", "junit", "--out", "report.xml"});
    const auto json = optimize_op(repo, json_args);
    const auto junit = optimize_op(repo, junit_args);
    INFO(junit.err);
    CHECK(junit.exit_code == json.exit_code);
    CHECK(junit.out == repo.read("report.xml"));
    const auto report = odo::json::parse(json.out, "stdout");
    const std::string phase(report.at("phase").as_string());
    const std::vector<JunitCase> cases = odo::testing::read_junit(repo.root() / "report.xml");
    const auto& findings = report.at("findings").as_array();
    REQUIRE(cases.size() == findings.size());
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const auto& f = findings[i].as_object();
        const std::string status(f.at("status").as_string());
        const std::string id(f.at("id").as_string());
        INFO(id);
        CHECK(cases[i].classname == "odo." + phase + ".Invert");
        CHECK(cases[i].name == id + " Invert");
        CHECK(cases[i].outcome == expected_outcome(status, phase));
        CHECK(odo::text::starts_with(cases[i].text, status + ": "));
        if (cases[i].outcome == "failure" && !f.at("fix").as_string().empty())
            CHECK(contains(cases[i].text, "\\nfix: "));
    }
    return cases;
}

bool has(const std::vector<JunitCase>& cases, const std::string& outcome,
         const std::string& text_start) {
    for (const JunitCase& c : cases)
        if (c.outcome == outcome && odo::text::starts_with(c.text, text_start))
            return true;
    return false;
}

} // namespace

TEST_CASE(
    "optimize_op --format junit: preflight findings, MANUAL skipped where it does not block") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const auto ready = check_against_json(repo, {"Invert", "--phase", "preflight"});
    CHECK(has(ready, "skipped", "MANUAL: ")); // PRE-4 without profilers on PATH
    CHECK_FALSE(has(ready, "failure", ""));
    repo.remove("tests/cvcuda/system/TestOpInvert.cpp");
    repo.commit("drop the system test");
    CHECK(has(check_against_json(repo, {"Invert", "--phase", "preflight"}), "failure", "GAP: "));
}

TEST_CASE("optimize_op --format junit: evidence findings, hostile commit text stays well-formed") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    repo.git({"checkout", "-q", "-b", "campaign"});
    const std::string kernel = "src/cvcuda/priv/OpInvert.cu";
    repo.write(kernel, repo.read(kernel) + "// changed\n");
    repo.commit("perf(invert): <b>&amp;</b> \x1b[31m\x01 \xff done");
    const auto cases = check_against_json(repo, {"Invert", "--phase", "evidence"});
    CHECK(has(cases, "failure", "GAP: "));
    CHECK(has(cases, "passed", "PASS: "));
}

namespace {

using odo::testing::odo_baseline;

std::size_t count(const std::vector<JunitCase>& cases, const std::string& outcome) {
    std::size_t n = 0;
    for (const JunitCase& c : cases)
        n += c.outcome == outcome;
    return n;
}

// Scales the committed C++ and Python times of one SKU in invert.json, as a slower run would.
void slow_down(const TempRepo& repo, const std::string& sku, double factor) {
    const std::string path = "bench/config/operators/invert.json";
    boost::json::value doc = odo::json::parse(repo.read(path), path);
    for (auto& config : doc.at("configs").as_object())
        for (auto& c : config.value().at("baselines").as_object())
            if (auto* row = c.value().as_object().if_contains(sku))
                for (const char* field : {"gpu_time_us_cpp", "gpu_time_us_python"})
                    row->as_object()[field] = row->at(field).as_double() * factor;
    repo.write(path, odo::json::dumps(doc, {4, false, true}) + "\n");
}

} // namespace

TEST_CASE("odo_baseline validate --junit: each file's validity and each gated row, named by SKU") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const std::string h100 = "H100_PCIe_350W_1095MHz";
    const auto clean = odo_baseline(
        repo, {"validate", "--reject-regressions-from", "main", "--junit", "clean.xml"});
    INFO(clean.err);
    CHECK(clean.exit_code == 0);
    const auto passing = odo::testing::read_junit(repo.root() / "clean.xml");
    CHECK(passing.size() == 2 + 48); // BASE-VALID for both files, BASE-REGRESSION per row
    CHECK(count(passing, "passed") == passing.size());
    CHECK(passing.front().classname == "odo.baselines.flip");
    CHECK(passing.front().name == "BASE-VALID flip");

    slow_down(repo, h100, 1.5);
    const auto slower = odo_baseline(
        repo, {"validate", "--reject-regressions-from", "main", "--junit", "slower.xml"});
    CHECK(slower.exit_code == 1);
    const auto failing = odo::testing::read_junit(repo.root() / "slower.xml");
    CHECK(count(failing, "failure") == 12); // every invert row on H100, both languages
    for (const JunitCase& c : failing)
        if (c.outcome == "failure") {
            CHECK(c.classname == "odo.baselines.invert");
            CHECK(odo::text::starts_with(c.name, "BASE-REGRESSION invert " + h100 + " invert_"));
            CHECK(contains(c.text, "same-key baseline regressed +50.00% vs main"));
            CHECK(contains(c.text, "\\nfix: "));
        }

    repo.write("bench/config/operators/invert.json",
               repo.read("bench/config/operators/invert.json").replace(0, 1, "["));
    const auto invalid = odo_baseline(repo, {"validate", "--junit", "invalid.xml"});
    CHECK(invalid.exit_code == 2); // bad input writes no report
    CHECK_FALSE(std::filesystem::exists(repo.root() / "invalid.xml"));
}

TEST_CASE("a benchmark's --odo-gate --gate-format junit: a testcase per check and case") {
    const std::string uint8_case = "example_basic[InOutDataType=uint8][shape=1x256x256][passes=1]";
    const auto run = odo::testing::run_in(
        ODO_BINARY_DIR, "/usr/bin/env",
        {"CVCUDA_BENCH_WARMUP_CAP=2", ODO_BENCH_EXAMPLE, "--case", uint8_case, "--odo-gate",
         "--gate-format", "junit", "--quiet", "--min-time", "0.02", "--max-noise", "50",
         "--timeout", "2", "--no-batch", "--sku", "HOST_EXAMPLE"});
    INFO(run.err);
    CHECK(run.exit_code == 1); // no committed baseline: BENCH-TIME is MANUAL, which blocks
    TempRepo scratch;
    scratch.write("gate.xml", run.out);
    const std::vector<JunitCase> cases = odo::testing::read_junit(scratch.root() / "gate.xml");
    REQUIRE(cases.size() == 2);
    CHECK(cases[0].classname == "odo.bench.example");
    CHECK(cases[0].name == "BENCH-TIME example " + uint8_case);
    CHECK(cases[0].outcome == "failure");
    CHECK(odo::text::starts_with(cases[0].text,
                                 "MANUAL: `" + uint8_case + "`: no committed baseline"));
    CHECK(cases[1].name == "BENCH-NOISE example " + uint8_case);
}
