// docs/compat.md's table of what refactor_op's reports share with the reference's (#28.8), row by
// row against what refactor_op emits on the fixture library: the IDs in their order, the status
// and verdict words, the exit codes and every JSON key. A row that claims more or less than the
// tool prints fails here.
#include "cli_support.hpp"
#include "temp_repo.hpp"
#include "text_helpers.hpp"

#include <odo/core/file.hpp>
#include <odo/core/json_read.hpp>
#include <odo/refactor/finding.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace {

using odo::testing::TempRepo;

// The backquoted words of each row of the table after the agreement marker, by the row's label.
std::map<std::string, std::vector<std::string>> agreement_rows() {
    const std::string compat = odo::read_file(ODO_SOURCE_DIR "/docs/compat.md");
    const auto marker = compat.find("<!-- refactor-op-agreement -->");
    REQUIRE(marker != std::string::npos);
    std::map<std::string, std::vector<std::string>> rows;
    const std::string table = compat.substr(marker, compat.find("\n\n", marker) - marker);
    for (std::string_view line : odo::text::lines(table)) {
        if (line.substr(0, 2) != "| " || line.substr(0, 4) == "|---")
            continue;
        const auto label_end = line.find(" |", 2);
        const std::string label(line.substr(2, label_end - 2));
        std::vector<std::string> words;
        for (auto open = line.find('`', label_end); open != std::string_view::npos;) {
            const auto close = line.find('`', open + 1);
            if (close == std::string_view::npos)
                break;
            words.emplace_back(line.substr(open + 1, close - open - 1));
            open = line.find('`', close + 1);
        }
        rows[label] = words;
    }
    rows.erase("Agrees"); // the header row
    return rows;
}

odo::ProcessResult compat_run(const TempRepo& repo, const std::vector<std::string>& args) {
    return odo::testing::run_in(repo.root(), ODO_REFACTOR_OP, args);
}

boost::json::value compat_json(const odo::ProcessResult& r) {
    INFO(r.err);
    REQUIRE(r.started);
    return odo::json::parse(r.out, "refactor_op stdout");
}

// The IDs of a report in order of first appearance.
std::vector<std::string> ids_in_order(const boost::json::value& report) {
    std::vector<std::string> ids;
    for (const auto& f : report.at("findings").as_array()) {
        const std::string id(f.at("id").as_string());
        if (std::find(ids.begin(), ids.end(), id) == ids.end())
            ids.push_back(id);
    }
    return ids;
}

void add_keys(std::set<std::string>& keys, const boost::json::value& object) {
    for (const auto& entry : object.as_object())
        keys.insert(std::string(entry.key()));
}

} // namespace

TEST_CASE("docs/compat.md's refactor_op agreement table is what refactor_op emits") {
    const auto rows = agreement_rows();
    REQUIRE(rows.size() == 7);
    TempRepo repo(ODO_TEST_DATA_DIR "/refactor");

    const auto assess = compat_run(repo, {"Twin", "--format", "json"});
    const auto assess_report = compat_json(assess);
    // Without pixel evidence verify needs a local proof; with a test edited it fails the gate.
    const auto verify = compat_run(repo, {"Twin", "--phase", "verify", "--format", "json"});
    const auto verify_report = compat_json(verify);
    odo::testing::replace_in(repo, "tests/cvcuda/system/TestOpTwin.cpp", "goldTwin()",
                             "goldTwin(1)");
    const auto failing = compat_run(repo, {"Twin", "--phase", "verify", "--format", "json"});
    const auto failing_report = compat_json(failing);
    const auto usage = compat_run(repo, {"Twin", "--phase", "apply"});

    SUBCASE("IDs, in the reports' order") {
        std::vector<std::string> emitted = ids_in_order(assess_report);
        for (const std::string& id : ids_in_order(verify_report))
            emitted.push_back(id);
        CHECK(rows.at("IDs") == emitted);
    }
    SUBCASE("statuses") {
        std::vector<std::string> words;
        for (const odo::refactor::Status s : odo::refactor::statuses_in_text_order)
            words.emplace_back(odo::refactor::to_string(s));
        CHECK(rows.at("Statuses") == words);
    }
    SUBCASE("verdicts: every word the tool has, and the ones these runs print") {
        std::vector<std::string> words;
        for (const auto v :
             {odo::refactor::Verdict::Advisory, odo::refactor::Verdict::ParityOk,
              odo::refactor::Verdict::GateFail, odo::refactor::Verdict::NeedsLocalProof})
            words.emplace_back(odo::refactor::to_string(v));
        CHECK(rows.at("Verdicts") == words);
        CHECK(assess_report.at("verdict") == "ADVISORY");
        CHECK(verify_report.at("verdict") == "NEEDS-LOCAL-PROOF");
        CHECK(failing_report.at("verdict") == "GATE-FAIL");
    }
    SUBCASE("exit codes") {
        CHECK(rows.at("Exit codes") == std::vector<std::string>{"0", "1", "2"});
        CHECK(assess.exit_code == 0);
        CHECK(verify.exit_code == 0);
        CHECK(failing.exit_code == 1);
        CHECK(usage.exit_code == 2);
    }
    SUBCASE("JSON keys: the reference's and the ones odo adds, no more, no fewer") {
        std::set<std::string> emitted;
        for (const auto* report : {&assess_report, &verify_report}) {
            add_keys(emitted, *report);
            for (const auto& f : report->at("findings").as_array())
                add_keys(emitted, f);
        }
        add_keys(emitted, verify_report.at("summary"));
        const auto& listed = rows.at("JSON keys");
        CHECK(std::set<std::string>(listed.begin(), listed.end()) == emitted);
    }
    SUBCASE("the rows without words to compare name the tests that pin them") {
        for (const char* label : {"Fingerprints and ratios", "Line numbers"})
            CHECK_MESSAGE(odo::testing::contains(odo::text::join(rows.at(label), " "),
                                                 "tests/unit/refactor/test_assess.cpp"),
                          label);
    }
}
