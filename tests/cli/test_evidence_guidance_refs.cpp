// Also: the `fix:` sentences docs/compat.md lists as odo's own wording are the ones it prints.
// Every `ref:` the gates print for the bundled example resolves: the file exists in the op
// repository and, where the ref names an anchor, the file has a heading with that anchor. The
// example ships the guidance its findings cite (examples/oplib/.agents/guidance/).
#include "cli_support.hpp"
#include "temp_repo.hpp"

#include <odo/core/file.hpp>
#include <odo/core/json_read.hpp>
#include <odo/core/text.hpp>

#include <doctest/doctest.h>

#include <cctype>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using odo::testing::TempRepo;

using odo::testing::optimize_op;

// GitHub's anchor of a Markdown heading: lower case, spaces to '-', other punctuation dropped.
std::string anchor_of(const std::string& heading) {
    std::string anchor;
    for (const char c : heading) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || c == '-' || c == '_')
            anchor += static_cast<char>(std::tolower(u));
        else if (c == ' ')
            anchor += '-';
    }
    return anchor;
}

std::set<std::string> anchors_of(const std::string& markdown) {
    std::set<std::string> anchors;
    std::istringstream lines(markdown);
    for (std::string line; std::getline(lines, line);) {
        const auto text = line.find_first_not_of('#');
        if (text != 0 && text != std::string::npos && line[text] == ' ')
            anchors.insert(anchor_of(std::string(odo::text::strip(line.substr(text)))));
    }
    return anchors;
}

std::vector<std::string> split(const std::string& text, const std::string& separator) {
    std::vector<std::string> parts;
    std::size_t from = 0;
    for (auto at = text.find(separator); at != std::string::npos; at = text.find(separator, from)) {
        parts.push_back(text.substr(from, at - from));
        from = at + separator.size();
    }
    parts.push_back(text.substr(from));
    return parts;
}

// Why `ref` ("path", "path#anchor", or several joined by " / ") does not resolve in `root`;
// empty when it does.
std::string unresolved(const std::filesystem::path& root, const std::string& ref) {
    std::string problems;
    for (const std::string& one : split(ref, " / ")) {
        const auto hash = one.find('#');
        const std::string path = one.substr(0, hash);
        const std::filesystem::path file = root / path;
        if (path.empty() || !std::filesystem::is_regular_file(file)) {
            problems += one + ": no such file; ";
            continue;
        }
        if (hash != std::string::npos &&
            !anchors_of(odo::read_file(file)).count(one.substr(hash + 1)))
            problems += one + ": no such heading; ";
    }
    return problems;
}

std::vector<std::string> refs_in(const std::string& report) {
    std::vector<std::string> refs;
    const std::string marker = "    - ref: ";
    std::istringstream lines(report);
    for (std::string line; std::getline(lines, line);)
        if (line.rfind(marker, 0) == 0)
            refs.push_back(line.substr(marker.size()));
    return refs;
}

} // namespace

TEST_CASE("a ref resolves only to an existing file and heading") {
    TempRepo repo;
    repo.write("guide.md", "# Guide\n\n## Survey and scope\n\ntext\n### Golden rules\n");
    CHECK(unresolved(repo.root(), "guide.md") == "");
    CHECK(unresolved(repo.root(), "guide.md#survey-and-scope / guide.md#golden-rules") == "");
    CHECK(unresolved(repo.root(), "guide.md#profiling") == "guide.md#profiling: no such heading; ");
    CHECK(unresolved(repo.root(), "missing.md#x") == "missing.md#x: no such file; ");
}

TEST_CASE("every ref of the example's preflight and evidence reports resolves in the example") {
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
    repo.commit("perf(invert): one flat, vectorizable pass over packed tensors");
    repo.write("description.md", "No summary yet.\n");
    const auto r =
        optimize_op(repo, {"Invert", "--phase", "evidence", "--results", "description.md"});
    INFO(r.err);
    REQUIRE(r.exit_code == 1);
    reports.push_back(r.out);

    std::set<std::string> refs;
    for (const std::string& report : reports)
        for (const std::string& ref : refs_in(report))
            refs.insert(ref);
    // The preflight's three anchors, ODO-7's and the evidence gate's plain file at least.
    CHECK(refs.size() >= 5);
    for (const std::string& ref : refs) {
        INFO(ref);
        CHECK(unresolved(repo.root(), ref) == "");
    }
}

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
        INFO(id);
        CHECK(printed[id] == sentence);
    }
}
