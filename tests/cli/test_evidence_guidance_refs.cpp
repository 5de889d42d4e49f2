// Also: the `fix:` sentences docs/compat.md lists as odo's own wording are the ones it prints.
// Every `ref:` the gates print for the bundled example resolves, as `odo_campaign_notes refs`
// checks it (the step scripts/demo.sh ends with, on the reports the campaign wrote): the file
// exists in the op repository and, where the ref names an anchor, the file has a heading with
// that anchor. The example ships the guidance its findings cite (examples/oplib/.agents/guidance/).
#include "cli_support.hpp"
#include "temp_repo.hpp"

#include <odo/core/file.hpp>
#include <odo/core/json_read.hpp>
#include <odo/core/text.hpp>

#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {
using odo::testing::optimize_op;
using odo::testing::TempRepo;
} // namespace

#ifdef ODO_CAMPAIGN_NOTES

namespace {

// `odo_campaign_notes refs` on the reports in `repo`'s folder `reports`.
odo::ProcessResult check_refs(const TempRepo& repo, const std::string& reports) {
    return odo::testing::run_in(repo.root(), ODO_CAMPAIGN_NOTES,
                                {"refs", "--campaign", reports, "--repo", repo.root().string()});
}

// A GAP finding citing `ref`, as odo's Markdown report prints one.
std::string finding_with_ref(const std::string& ref) {
    return "- \xE2\x9D\x8C **GAP** `PRE-1` \xE2\x80\x94 missing\n    - evidence: e\n    - ref: " +
           ref + "\n";
}

} // namespace

TEST_CASE("odo_campaign_notes refs: a ref resolves only to an existing file and heading") {
    TempRepo repo;
    repo.write("guide.md", "# Guide\n\n## Survey and scope\n\ntext\n### Golden rules\n");
    repo.write("art/preflight.md",
               finding_with_ref("guide.md") + finding_with_ref("guide.md#survey-and-scope / "
                                                               "guide.md#golden-rules"));
    repo.write("art/case1.log", finding_with_ref("missing.md")); // not a Markdown report
    auto r = check_refs(repo, "art");
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(r.out == "2 ref(s) of 1 report(s) resolve in " + repo.root().string() + "\n");

    // A planted bad anchor, a missing file and a path out of the repository each fail, named.
    repo.write("art/evidence.md", finding_with_ref("guide.md#profiling") +
                                      finding_with_ref("missing.md#x") +
                                      finding_with_ref("../guide.md"));
    r = check_refs(repo, "art");
    CHECK(r.exit_code == 1);
    CHECK(r.err == "odo_campaign_notes refs: evidence.md: guide.md#profiling: no such heading\n"
                   "odo_campaign_notes refs: evidence.md: missing.md#x: no such file in the "
                   "repository\n"
                   "odo_campaign_notes refs: evidence.md: ../guide.md: no such file in the "
                   "repository\n");

    // Reports that cite nothing cannot pass.
    repo.write("empty/report.md", "# Report\n");
    r = check_refs(repo, "empty");
    CHECK(r.exit_code == 1);
    CHECK(odo::testing::contains(r.err, "no ref: line in the reports of"));
}

TEST_CASE("every ref of the example's preflight, assess and evidence reports resolves in it") {
    TempRepo repo(ODO_SOURCE_DIR "/examples/oplib");
    std::vector<std::string> reports;
    for (const char* op : {"Invert", "Flip"}) {
        const auto r = optimize_op(repo, {op, "--phase", "preflight"});
        INFO(r.err);
        REQUIRE((r.exit_code == 0 || r.exit_code == 1));
        reports.push_back(r.out);
    }
    repo.git({"checkout", "-q", "-b", "campaign"});
    repo.git({"apply", ODO_SOURCE_DIR "/examples/campaign/perf-invert.patch"});
    // The demo's assess of the change, whose findings cite the refactor guideline by domain.
    const auto assess =
        odo::testing::run_in(repo.root(), ODO_REFACTOR_OP, {"Invert", "--phase", "assess"});
    INFO(assess.err);
    REQUIRE(assess.exit_code == 0);
    CHECK(odo::testing::contains(assess.out, "REFACTOR_OP_GUIDELINES.md#xcut"));
    reports.push_back(assess.out);
    repo.commit("perf(invert): one flat, vectorizable pass over packed tensors");
    repo.write("description.md", "No summary yet.\n");
    const auto r =
        optimize_op(repo, {"Invert", "--phase", "evidence", "--results", "description.md"});
    INFO(r.err);
    REQUIRE(r.exit_code == 1);
    reports.push_back(r.out);

    for (std::size_t i = 0; i < reports.size(); ++i) {
        CHECK(odo::testing::contains(reports[i], "    - ref: ")); // each report cites something
        repo.write("reports/report" + std::to_string(i) + ".md", reports[i]);
    }
    const auto checked = check_refs(repo, "reports");
    INFO(checked.err);
    CHECK(checked.exit_code == 0);
    CHECK(odo::testing::contains(checked.out, " ref(s) of 4 report(s) resolve"));
}

#endif

namespace {

// docs/compat.md's table of odo's own fix sentences: check ID -> sentence.
std::map<std::string, std::string> documented_fix_sentences() {
    const std::string compat = odo::read_file(ODO_SOURCE_DIR "/docs/compat.md");
    const auto table = compat.find("<!-- odo-fix-sentences -->");
    REQUIRE(table != std::string::npos);
    std::map<std::string, std::string> sentences;
    std::istringstream lines(compat.substr(table));
    std::string line;
    std::getline(lines, line);
    while (std::getline(lines, line) && !line.empty()) {
        const auto open = line.find("| `");
        const auto close = line.rfind("` |");
        if (line.rfind("| ", 0) == 0 && open != std::string::npos && close > open)
            sentences[std::string(odo::text::strip(line.substr(2, line.find(" |") - 2)))] =
                line.substr(open + 3, close - open - 3);
    }
    return sentences;
}

// Check ID -> fix of a JSON report.
std::map<std::string, std::string> fixes(const std::string& report) {
    std::map<std::string, std::string> out;
    const auto doc = odo::json::parse(report, "report");
    for (const auto& f : doc.at("findings").as_array())
        out[std::string(f.at("id").as_string())] = std::string(f.at("fix").as_string());
    return out;
}

} // namespace

TEST_CASE("the fix sentences docs/compat.md calls odo's own are the ones the gates print") {
    const auto documented = documented_fix_sentences();
    REQUIRE(documented.size() == 5);
    // The example as the demo imports it: no Invert system test, no baselines, no profiler.
    TempRepo repo(ODO_SOURCE_DIR "/examples/oplib");
    repo.remove("tests/cvcuda/system/TestOpInvert.cpp");
    repo.commit("chore: no Invert system test yet");
    auto r = optimize_op(repo, {"Invert", "--phase", "preflight", "--format", "json"});
    INFO(r.err);
    REQUIRE(r.exit_code == 1);
    auto printed = fixes(r.out);
    repo.git({"checkout", "-q", "-b", "campaign"});
    repo.git({"apply", ODO_SOURCE_DIR "/examples/campaign/perf-invert.patch"});
    repo.commit("perf(invert): one flat, vectorizable pass over packed tensors");
    repo.write("description.md", ""); // no summary at all: ODO-3's first GAP
    r = optimize_op(
        repo, {"Invert", "--phase", "evidence", "--results", "description.md", "--format", "json"});
    REQUIRE(r.exit_code == 1);
    for (const auto& [id, fix] : fixes(r.out))
        printed.emplace(id, fix);
    for (const auto& [id, sentence] : documented) {
        INFO(id, " printed: ", printed[id]);
        // PRE-1 and PRE-2 go on with their review findings' own fixes.
        CHECK(printed[id].rfind(sentence, 0) == 0);
        CHECK((printed[id] == sentence || id == "PRE-1" || id == "PRE-2"));
    }
    CHECK(odo::text::starts_with(printed["PRE-1"],
                                 documented.at("PRE-1") + " TST-1: Add the C++ system test."));
}
