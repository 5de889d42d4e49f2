// verify_ledger: a genuine ledger checks out, and each tampering of issue 29 item 8 is a problem
// named by the record it is in — never a crash and never a clean result.
#include "ledger_fixture.hpp"

#include <odo/campaign/ledger_verify.hpp>

#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

namespace {

using namespace ledger_fixture;

const std::string verify_now = "2026-12-02T00:00:00Z";

// Reads cited files from `files`, path -> bytes.
CitedFileReader reader_of(std::map<std::string, std::string> files) {
    return [files = std::move(files)](const CitedFile& cited) -> std::optional<CitedFile> {
        const auto it = files.find(cited.path);
        if (it == files.end())
            return std::nullopt;
        return cite_bytes(cited.path, it->second);
    };
}

// The fixture cites "{}" as bench/runs/a.json in every record.
LedgerVerification verified(const std::string& bytes, std::vector<EarlierLedger> earlier = {},
                            CitedFileReader read = reader_of({{"bench/runs/a.json", "{}"}}),
                            std::string now = verify_now) {
    return verify_ledger({"bench/campaigns/OpInvert.ledger.jsonl", bytes, std::move(now),
                          std::move(earlier), std::move(read),
                          [](const std::string& commit) { return commit == commit_a; }, nullptr});
}

// A profile below the ridge, a win, a strike, and a profile at the ridge: the ridge stop holds.
std::string genuine_ledger() {
    return ledger_of({profile_at(40), lead_named("vector-loads"),
                      evaluation_of("vector-loads", 70, commit_a), lead_named("unroll"),
                      evaluation_of("unroll", 100), profile_at(91)});
}

} // namespace

TEST_CASE("verify_ledger: a genuine ledger checks out and its stop condition holds") {
    const std::string bytes = genuine_ledger();
    const auto v = verified(bytes, {{std::string(40, 'b'), ledger_of({profile_at(40)}), ""}});
    CHECK(v.ok());
    CHECK(v.ledger.records.size() == 6);
    CHECK(v.cited_files == 1);
    REQUIRE(v.state.stop);
    CHECK(*v.state.stop == "ridge");
    CHECK(v.state.wins == 1);
    CHECK(v.state.strikes_since_last_win == 1);
}

TEST_CASE("verify_ledger: a strike relabelled a win, or an edited delta, is named by its seq") {
    auto lines = lines_of(genuine_ledger());
    REQUIRE(lines[4].find("\"outcome\": \"strike\"") != std::string::npos);
    auto relabelled = lines;
    relabelled[4] = replaced(lines[4], "\"outcome\": \"strike\"", "\"outcome\": \"win\"");
    const auto v = verified(joined(rechained(relabelled)));
    CHECK_FALSE(v.ok());
    CHECK(has_problem(v.problems, 5, "outcome says win; its runs compute strike"));
    CHECK(v.state.strikes_since_last_win == 1); // the runs decide, not the label

    auto edited = lines;
    const std::size_t at = lines[2].find("\"delta_pct\": ") + 13;
    edited[2] = lines[2].substr(0, at) + "-45" + lines[2].substr(lines[2].find(',', at));
    CHECK(has_problem(verified(joined(rechained(edited))).problems, 3, "delta_pct -45"));
}

TEST_CASE("verify_ledger: a record removed, or a line edited without rechaining, breaks the "
          "sequence or the chain") {
    auto lines = lines_of(genuine_ledger());
    auto removed = lines;
    removed.erase(removed.begin() + 4); // the strike
    const auto v = verified(joined(removed));
    CHECK(has_problem(v.problems, 6, "seq 6 where 5 follows"));
    CHECK(has_problem(v.problems, 6, "the chain is broken"));

    auto edited = lines;
    edited[0] =
        replaced(lines[0], "\"bottleneck\": \"memory-bound\"", "\"bottleneck\": \"compute-bound\"");
    CHECK(has_problem(verified(joined(edited)).problems, 2, "the chain is broken"));
}

TEST_CASE("verify_ledger: a record removed from an earlier commit's ledger and the rest rebuilt") {
    // The earlier commit recorded a strike; the branch then rewrote the ledger without it, chain
    // and sequence intact: only the earlier version shows it.
    const std::string earlier =
        ledger_of({profile_at(40), lead_named("unroll"), evaluation_of("unroll", 100)});
    const std::string rewritten =
        ledger_of({profile_at(40), lead_named("vector-loads"),
                   evaluation_of("vector-loads", 70, commit_a), profile_at(91)});
    CHECK(verified(rewritten).ok());
    const auto v = verified(rewritten, {{std::string(40, 'c'), earlier, ""}});
    CHECK(has_problem(v.problems, 2, "record 2 of the ledger at commit cccccccc is edited"));
    // A ledger deleted at the head: nothing is left of the earlier records.
    CHECK(has_problem(verified("", {{std::string(40, 'c'), earlier, ""}}).problems, 1,
                      "record 1 of the ledger at commit cccccccc"));
    // One that commit's layout put elsewhere is named with its path.
    CHECK(
        has_problem(verified(rewritten, {{std::string(40, 'c'), earlier, "old/x.jsonl"}}).problems,
                    2, "record 2 of the ledger at commit cccccccc (old/x.jsonl) is edited"));
    CHECK(has_problem(verified("").problems, 0, "the ledger holds no record"));
}

TEST_CASE("verify_ledger: a cited file missing, or with another digest or size") {
    const std::string bytes = genuine_ledger();
    const auto missing = verified(bytes, {}, reader_of({}));
    CHECK(has_problem(missing.problems, 1,
                      "cites bench/runs/a.json, which is neither in the repository, nor under the "
                      "artifacts folder, nor in the published evidence store"));
    CHECK(missing.problems.size() == 6); // every citing record
    const auto other = verified(bytes, {}, reader_of({{"bench/runs/a.json", "{ }"}}));
    CHECK(has_problem(other.problems, 1, "cites bench/runs/a.json with BLAKE2b "));
    CHECK(has_problem(other.problems, 1, "(2 bytes); the file has "));
    const auto refused =
        verified(bytes, {}, [](const CitedFile& cited) -> std::optional<CitedFile> {
            throw odo::InputError(cited.path + ": leads outside the repository");
        });
    CHECK(has_problem(refused.problems, 1, "leads outside the repository"));
}

TEST_CASE("verify_ledger: a duplicate lead id, a record from the future, a foreign commit") {
    const std::string duplicate = ledger_of(
        {profile_at(40), lead_named("unroll"), evaluation_of("unroll", 100), lead_named("unroll")});
    CHECK(has_problem(verified(duplicate).problems, 4, "lead id unroll was opened before"));
    const auto future = verified(genuine_ledger(), {}, reader_of({{"bench/runs/a.json", "{}"}}),
                                 "2026-11-30T00:00:00Z");
    CHECK(has_problem(future.problems, 1, "a record from the future"));
    const auto foreign = verify_ledger({"l",
                                        genuine_ledger(),
                                        verify_now,
                                        {},
                                        reader_of({{"bench/runs/a.json", "{}"}}),
                                        [](const std::string&) { return false; },
                                        nullptr});
    CHECK(has_problem(foreign.problems, 1, "which is not in the history under review"));
    CHECK(has_problem(foreign.problems, 3, "keeps commit aaaaaaaa"));
}

TEST_CASE("verify_ledger: a ledger too large or not UTF-8 is one problem of the file") {
    const auto invalid = verified("\xff\xfe\n");
    REQUIRE(invalid.problems.size() == 1);
    CHECK(invalid.problems[0].seq == 0);
    CHECK(invalid.problems[0].what.find("not valid UTF-8") != std::string::npos);
    const auto large = verified(std::string(ledger_max_bytes + 1, '\n'));
    REQUIRE(large.problems.size() == 1);
    CHECK(large.problems[0].what.find("over the ledger limit") != std::string::npos);
}

TEST_CASE("verify_ledger: with a run reader, an evaluation's runs must be its artifacts' rows") {
    LedgerInputs in{
        "l",
        genuine_ledger(),
        verify_now,
        {},
        reader_of({{"bench/runs/a.json", "{}"}}),
        nullptr,
        [](const CitedFile&, odo::baseline::Language) { return std::vector<RunTiming>{}; }};
    const auto v = verify_ledger(in);
    // The fixture's evaluations name no artifacts: each is a problem once runs are checked.
    CHECK(has_problem(v.problems, 3, "names no run artifacts"));
    CHECK(has_problem(v.problems, 5, "names no run artifacts"));
    in.read_runs = nullptr;
    CHECK(verify_ledger(in).ok());
}
