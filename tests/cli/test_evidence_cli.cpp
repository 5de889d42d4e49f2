// optimize_op --phase evidence end to end on throw-away git repositories: report shape, order,
// exit policy and determinism. Each check's statuses are driven in the unit tests of
// tests/unit/gates; here the phase is composed and run as a user runs it.
#include "cli_support.hpp"
#include "temp_repo.hpp"

#include <odo/core/json_read.hpp>

#include <doctest/doctest.h>

namespace {

using odo::testing::TempRepo;

using odo::testing::optimize_op;

std::vector<std::string> ids(const boost::json::value& report) {
    std::vector<std::string> out;
    for (const auto& f : report.at("findings").as_array())
        out.emplace_back(f.at("id").as_string());
    return out;
}

std::string status(const boost::json::value& report, const std::string& id) {
    for (const auto& f : report.at("findings").as_array())
        if (f.at("id").as_string() == id)
            return std::string(f.at("status").as_string());
    return "absent";
}

// A campaign branch off `main` with one commit.
void campaign(TempRepo& repo, const std::string& path, const std::string& subject) {
    repo.git({"checkout", "-q", "-b", "campaign"});
    repo.write(path, repo.read(path) + "// changed\n");
    repo.commit(subject);
}

} // namespace

TEST_CASE("a kernel change without a summary: every ODO check in order, exit 1") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    campaign(repo, "src/cvcuda/priv/OpInvert.cu", "perf(invert): faster");
    const auto r = optimize_op(repo, {"Invert", "--phase", "evidence", "--format", "json"});
    INFO(r.err);
    REQUIRE(r.exit_code == 1);
    const auto report = odo::json::parse(r.out, "stdout");
    CHECK(ids(report) == std::vector<std::string>{"ODO-1", "ODO-2", "ODO-3", "ODO-4", "ODO-5",
                                                  "ODO-6", "ODO-7", "ODO-8", "ODO-9", "ODO-10",
                                                  "ODO-11", "ODO-12"});
    CHECK(report.at("phase") == "evidence");
    CHECK(status(report, "ODO-1") == "GAP");  // no pixelwise evidence
    CHECK(status(report, "ODO-2") == "GAP");  // baselines not re-measured
    CHECK(status(report, "ODO-3") == "GAP");  // no summary
    CHECK(status(report, "ODO-6") == "PASS"); // perf(invert):
    CHECK(status(report, "ODO-7") == "PASS"); // committed rows unchanged
    CHECK(status(report, "ODO-10") == "PASS");
    CHECK(status(report, "ODO-11") == "PASS");
    CHECK(status(report, "ODO-12") == "N-A");
    CHECK(report.at("exit_blocking").as_int64() ==
          report.at("exit_gap").as_int64() + report.at("exit_manual").as_int64());

    const auto again = optimize_op(repo, {"Invert", "--phase", "evidence", "--format", "json"});
    CHECK(again.out == r.out);
}

TEST_CASE("no implementation change: ODO-0 leads the report as N-A") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    campaign(repo, "README.md", "docs: notes");
    const auto r = optimize_op(repo, {"Invert", "--phase", "evidence", "--format", "json"});
    const auto report = odo::json::parse(r.out, "stdout");
    REQUIRE_FALSE(ids(report).empty());
    CHECK(ids(report).front() == "ODO-0");
    CHECK(status(report, "ODO-0") == "N-A");
    CHECK(status(report, "ODO-2") == "N-A");
    CHECK(status(report, "ODO-8") == "N-A");
    CHECK(status(report, "ODO-1") == "PASS");
}

TEST_CASE("a regressed committed baseline blocks the evidence gate through ODO-7") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    repo.git({"checkout", "-q", "-b", "campaign"});
    std::string config = repo.read("bench/config/operators/invert.json");
    const std::string from = "\"gpu_time_us_cpp\": 137.25,";
    REQUIRE(config.find(from) != std::string::npos);
    config.replace(config.find(from), from.size(), "\"gpu_time_us_cpp\": 160.0,");
    repo.write("bench/config/operators/invert.json", config);
    repo.commit("bench(invert): slower row");
    const auto r = optimize_op(repo, {"Invert", "--phase", "evidence", "--format", "json"});
    const auto report = odo::json::parse(r.out, "stdout");
    CHECK(status(report, "ODO-7") == "GAP");
    CHECK(r.exit_code == 1);
}

TEST_CASE("an uncommitted slower row: ODO-7 judges the working tree, ODO-2 judges HEAD") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    campaign(repo, "src/cvcuda/priv/OpInvert.cu", "perf(invert): faster");
    std::string config = repo.read("bench/config/operators/invert.json");
    const std::string from = "\"gpu_time_us_cpp\": 137.25,";
    REQUIRE(config.find(from) != std::string::npos);
    config.replace(config.find(from), from.size(), "\"gpu_time_us_cpp\": 160.0,");
    repo.write("bench/config/operators/invert.json", config);
    const auto r = optimize_op(repo, {"Invert", "--phase", "evidence", "--format", "json"});
    const auto report = odo::json::parse(r.out, "stdout");
    CHECK(status(report, "ODO-7") == "GAP"); // the working tree's row regressed
    CHECK(status(report, "ODO-2") == "GAP"); // HEAD re-measured nothing
}

TEST_CASE("a merge base whose config is not JSON: ODO-7 names it as the regression gate reads it") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const std::string path = "bench/config/operators/invert.json";
    const std::string config = repo.read(path);
    repo.write(path, "{broken\n");
    const std::string base = repo.commit("chore: break the invert config");
    repo.git({"checkout", "-q", "-b", "campaign"});
    repo.write(path, config);
    repo.commit("chore: repair the invert config");
    const auto r = optimize_op(repo, {"Invert", "--phase", "evidence", "--format", "json"});
    const auto report = odo::json::parse(r.out, "stdout");
    std::string expected;
    try {
        odo::json::parse("{broken\n", base + ":" + path);
    } catch (const odo::InputError& e) {
        expected = e.what();
    }
    REQUIRE_FALSE(expected.empty());
    for (const auto& f : report.at("findings").as_array())
        if (f.at("id").as_string() == "ODO-7") {
            CHECK(f.at("status") == "GAP");
            CHECK(f.at("evidence").as_string() == expected);
        }
    CHECK(status(report, "ODO-7") == "GAP");
}

TEST_CASE("the MR description comes from --results; a base that does not resolve is MANUAL") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    campaign(repo, "src/cvcuda/priv/OpInvert.cu", "perf(invert): faster");
    repo.write("description.md", "## Overall table\nspeedup\n## Pixelwise-equality\nEXPECT_EQ\n");
    auto r = optimize_op(
        repo, {"Invert", "--phase", "evidence", "--results", "description.md", "--format", "json"});
    auto report = odo::json::parse(r.out, "stdout");
    CHECK(status(report, "ODO-3") == "GAP"); // catalogue 41: no v1 block
    for (const auto& f : report.at("findings").as_array())
        if (f.at("id") == "ODO-3")
            CHECK(f.at("summary") == "Results summary is missing or malformed");

    // A base that does not resolve is the findings' business in evidence: MANUAL, exit 1.
    r = optimize_op(repo,
                    {"Invert", "--phase", "evidence", "--base", "no-such-ref", "--format", "json"});
    CHECK(r.exit_code == 1);
    report = odo::json::parse(r.out, "stdout");
    CHECK(status(report, "ODO-2") == "MANUAL");
    CHECK(status(report, "ODO-10") == "MANUAL");
}
