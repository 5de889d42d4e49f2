// An evaluation's recorded runs against the run artifacts it cites.
#include "ledger_fixture.hpp"

#include <odo/campaign/evaluation_runs.hpp>

#include <doctest/doctest.h>

#include <map>

using namespace ledger_fixture;

namespace {

const std::vector<RunTiming> runs_before = timed(hot_case, {100, 101, 99});
const std::vector<RunTiming> runs_after = timed(hot_case, {80, 81, 79});

// An evaluation of L1 citing before.json and after.json, read back from its ledger.
LedgerRecord cited_evaluation(const EvaluationArtifacts& artifacts = {{"before.json"},
                                                                      {"after.json"}}) {
    NewRecord r =
        record_of(RecordKind::Evaluation,
                  evaluation_fields("L1", evaluate_lead(runs_before, runs_after, {hot_case}),
                                    runs_before, runs_after, std::nullopt, "cpp", artifacts));
    r.files = {cite_bytes("before.json", "b"), cite_bytes("after.json", "a")};
    const Ledger ledger = parse_ledger(ledger_of({lead_named("L1"), r}), "t");
    REQUIRE(ledger.problems.empty());
    return ledger.records.back();
}

ArtifactRunsReader artifact_reader_of(std::map<std::string, std::vector<RunTiming>> files) {
    return [files](const CitedFile& artifact, odo::baseline::Language) {
        const auto found = files.find(artifact.path);
        if (found == files.end())
            throw odo::InputError(artifact.path + ": not found");
        return found->second;
    };
}

} // namespace

TEST_CASE("evaluation runs: the recorded runs are the rows of the cited artifacts") {
    const LedgerRecord r = cited_evaluation();
    CHECK(evaluation_runs_problems(
              r, artifact_reader_of({{"before.json", runs_before}, {"after.json", runs_after}}))
              .empty());
    // Figures typed beside the artifacts: the after side's artifact says 95 us.
    const auto typed = evaluation_runs_problems(
        r, artifact_reader_of(
               {{"before.json", runs_before}, {"after.json", timed(hot_case, {95, 81, 79})}}));
    REQUIRE(typed.size() == 1);
    CHECK(typed[0].seq == 2);
    CHECK(typed[0].what ==
          "runs.after are not the rows of the artifacts it cites (3 recorded, 3 in the artifacts)");
    const auto missing =
        evaluation_runs_problems(r, artifact_reader_of({{"before.json", runs_before}}));
    REQUIRE(missing.size() == 1);
    CHECK(missing[0].what == "artifacts.after after.json: after.json: not found");
}

TEST_CASE("evaluation runs: an artifact the record does not cite is a problem") {
    const LedgerRecord r = cited_evaluation({{"before.json"}, {"elsewhere.json"}});
    const auto problems = evaluation_runs_problems(
        r, artifact_reader_of({{"before.json", runs_before}, {"elsewhere.json", runs_after}}));
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].what == "artifacts.after names elsewhere.json, a file the record does not "
                              "cite");
    CHECK(evaluation_runs_problems(parse_ledger(ledger_of({lead_named("L1")}), "t").records[0],
                                   artifact_reader_of({}))
              .empty());
    // Runs recorded without their artifacts cannot be checked against them.
    const auto bare = parse_ledger(ledger_of({lead_named("L1"), evaluation_of("L1", 80)}), "t");
    REQUIRE(bare.problems.empty());
    const auto unnamed = evaluation_runs_problems(bare.records.back(), artifact_reader_of({}));
    REQUIRE(unnamed.size() == 1);
    CHECK(unnamed[0].what == "names no run artifacts its runs were read from (`artifacts`)");
}

TEST_CASE("evaluation runs: a malformed artifacts field is a problem of the record") {
    const std::string line = cited_evaluation().line;
    const std::string bytes = ledger_of({lead_named("L1")});
    const auto problems_with = [&](const std::string& from, const std::string& to) {
        return parse_ledger(joined(rechained({lines_of(bytes)[0], replaced(line, from, to)})), "t")
            .problems;
    };
    CHECK(has_problem(problems_with("\"before\": [\"before.json\"]", "\"before\": []"), 2,
                      "`artifacts` `before` must be a non-empty list of non-empty strings"));
    CHECK(has_problem(problems_with("\"after\": [\"after.json\"]}", "\"after\": [\"after.json\"], "
                                                                    "\"during\": []}"),
                      2, "`artifacts` `during` is not a field v1 knows"));
}
