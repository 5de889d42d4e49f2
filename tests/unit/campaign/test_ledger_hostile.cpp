// Hostile ledgers (issue 29, item 8): each is a problem naming the record, or an InputError; the
// fold never trusts a typed outcome or figure over the runs it records.
#include "ledger_fixture.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace ledger_fixture;

namespace {

// A campaign whose third record is lead L1's strike (99 us against 100 us).
std::vector<std::string> struck_lines() {
    return lines_of(
        ledger_of({profile_at(50), lead_named("L1"), evaluation_of("L1", 99), lead_named("L2")}));
}

Ledger hostile_parse(const std::string& bytes) {
    return parse_ledger(bytes, "OpInvert.ledger.jsonl");
}

} // namespace

TEST_CASE("hostile ledger: a strike relabelled a win, chain repaired, stays a strike") {
    auto lines = struck_lines();
    lines[2] = replaced(lines[2], "\"outcome\": \"strike\"", "\"outcome\": \"win\"");
    const Ledger ledger = hostile_parse(joined(rechained(lines)));
    CHECK(ledger.problems.empty()); // the chain and shape are intact: only the figures tell
    const CampaignState s = fold(ledger);
    CHECK(s.wins == 0);
    CHECK(s.strikes_since_last_win == 1);
    CHECK(has_problem(s.problems, 3, "outcome says win; its runs compute strike"));
}

TEST_CASE("hostile ledger: an edited delta disagrees with the recorded runs") {
    auto lines = struck_lines();
    const std::string delta = "\"delta_pct\": ";
    const std::size_t at = lines[2].find(delta) + delta.size();
    lines[2].replace(at, lines[2].find(',', at) - at, "-25.0");
    const CampaignState s = fold(hostile_parse(joined(rechained(lines))));
    CHECK(has_problem(s.problems, 3, "cases[0] delta_pct -25.0; its runs compute"));
}

TEST_CASE("hostile ledger: a record removed from the middle breaks seq and chain") {
    auto lines = struck_lines();
    lines.erase(lines.begin() + 1);
    const Ledger ledger = hostile_parse(joined(lines));
    CHECK(has_problem(ledger.problems, 3, "seq 3 where 2 follows"));
    CHECK(has_problem(ledger.problems, 3, "the chain is broken"));
    // Renumbered and rechained, the evaluation names a lead never opened.
    lines[1] = replaced(lines[1], "\"seq\": 3", "\"seq\": 2");
    lines[2] = replaced(lines[2], "\"seq\": 4", "\"seq\": 3");
    const Ledger forged = hostile_parse(joined(rechained(lines)));
    CHECK(forged.problems.empty());
    CHECK(has_problem(fold(forged).problems, 2, "evaluates lead L1, which is not the open lead"));
}

TEST_CASE("hostile ledger: an edited line breaks the chain at the record after it") {
    auto lines = struck_lines();
    lines[1] = replaced(lines[1], "fewer loads", "more loads");
    const Ledger ledger = hostile_parse(joined(lines));
    REQUIRE(ledger.problems.size() == 1);
    CHECK(has_problem(ledger.problems, 3, "prev does not match the digest of the line before"));
}

TEST_CASE("hostile ledger: a duplicate lead id and a second open lead are refused by the fold") {
    const CampaignState dup = fold(hostile_parse(
        ledger_of({profile_at(50), lead_named("L1"), evaluation_of("L1", 99), lead_named("L1")})));
    CHECK(has_problem(dup.problems, 4, "lead id L1 was opened before"));
    CHECK_FALSE(dup.open_lead);
    const CampaignState two_open =
        fold(hostile_parse(ledger_of({lead_named("L1"), lead_named("L2")})));
    CHECK(has_problem(two_open.problems, 2, "opened while lead L1 is still open"));
    CHECK(two_open.open_lead == std::optional<std::string>("L1"));
}

TEST_CASE("hostile ledger: records from the future or out of time order") {
    const std::string bytes = ledger_of(
        {lead_named("L1"), record_of(RecordKind::Note, note_fields("n"), "2999-01-01T00:00:00Z")});
    const Ledger ledger = hostile_parse(bytes);
    CHECK(ledger.problems.empty());
    const auto future = records_from_the_future(ledger, "2026-12-05T09:00:00Z");
    REQUIRE(future.size() == 1);
    CHECK(future[0].seq == 2);
    CHECK(future[0].what.find("a record from the future") != std::string::npos);
    auto lines = lines_of(bytes);
    lines[1] = replaced(lines[1], "2999-01-01", "2020-01-01");
    CHECK(has_problem(hostile_parse(joined(rechained(lines))).problems, 2,
                      "is earlier than the record before it"));
}

TEST_CASE("hostile ledger: too large or not UTF-8 is refused outright") {
    std::string big(ledger_max_bytes + 1, ' ');
    CHECK_THROWS_WITH_AS(hostile_parse(big),
                         doctest::Contains("OpInvert.ledger.jsonl: 16777217 bytes, over the "
                                           "ledger limit"),
                         odo::InputError);
    CHECK_THROWS_WITH_AS(hostile_parse(ledger_of({lead_named("L1")}) + "\xff\n"),
                         "OpInvert.ledger.jsonl: not valid UTF-8", odo::InputError);
    CHECK_THROWS_AS(hostile_parse("\xed\xa0\x80\n"), odo::InputError); // a surrogate

    // A 1 GB file is refused by its size, unread (sparse here: nothing is written).
    char dir_template[] = "/tmp/odo-ledger-XXXXXX";
    REQUIRE(::mkdtemp(dir_template));
    const std::filesystem::path file = std::filesystem::path(dir_template) / "big.jsonl";
    std::ofstream(file).put('x');
    std::filesystem::resize_file(file, std::uintmax_t{1} << 30);
    CHECK_THROWS_WITH_AS(read_ledger_bytes(file), doctest::Contains("over the ledger limit"),
                         odo::InputError);
    CHECK_FALSE(read_ledger_bytes(std::filesystem::path(dir_template) / "absent.jsonl"));
    std::filesystem::remove_all(dir_template);
}

TEST_CASE("hostile ledger: malformed lines are problems named by their seq") {
    const std::string good = ledger_of({lead_named("L1")});
    const auto problems = [&](const std::string& bytes) { return hostile_parse(bytes).problems; };
    CHECK(has_problem(problems(good + "[1, 2]\n"), 2, "not a JSON object"));
    CHECK(has_problem(problems(good + "\n"), 2, "not a JSON object"));
    CHECK(has_problem(problems(good.substr(0, good.size() - 1)), 0, "does not end with a newline"));
    CHECK(has_problem(problems(replaced(good, "odo-campaign/v1", "odo-campaign/v9")), 1,
                      "`ledger` is odo-campaign/v9, not odo-campaign/v1"));
    CHECK(has_problem(problems(replaced(good, "\"kind\": \"lead\"", "\"kind\": \"wish\"")), 1,
                      "`kind` is not one of"));
    CHECK(has_problem(problems(replaced(good, "\"files\"", "\"extra\": 1, \"files\"")), 1,
                      "`extra` is not a field v1 knows"));
    CHECK(has_problem(problems(replaced(good, "\"targets\": [", "\"targets\": [1, ")), 1,
                      "`targets` must be a non-empty list"));
    CHECK(has_problem(
        problems(replaced(good, "\"time\": \"2026-12-01T10:00:00Z\"", "\"time\": \"yesterday\"")),
        1, "`time` must read YYYY-MM-DDTHH:MM:SSZ"));
    CHECK(has_problem(problems(replaced(good, "\"seq\": 1", "\"seq\": -1")), 1,
                      "`seq` must be a non-negative integer"));
    const std::string profile = ledger_of({profile_at(50)});
    CHECK(has_problem(problems(replaced(profile, "\"at_ridge\": false", "\"at_ridge\": true")), 1,
                      "`at_ridge` says true but ceiling_pct 50.0 < ridge_pct 80.0"));
    CHECK(has_problem(problems(replaced(profile, "\"host-roofline\"", "\"guess\"")), 1,
                      "`source` is not one of"));
}

TEST_CASE("hostile ledger: a huge line and a flood of bad lines are refused without reading on") {
    const std::string good = ledger_of({lead_named("L1")});
    const Ledger flood = hostile_parse(good + std::string(1000000, '\n'));
    CHECK(flood.problems.size() == odo::campaign::ledger_problem_lines_read + 1);
    CHECK(has_problem(flood.problems, 0,
                      "line 102 and the rest left unread after 100 lines with problems"));
    const std::string huge =
        "{\"text\": \"" + std::string(odo::campaign::record_max_bytes, 'x') + "\"}\n";
    CHECK(has_problem(hostile_parse(good + huge).problems, 2,
                      "line 2: " + std::to_string(huge.size() - 1) +
                          " bytes, over the 4 MiB a record may hold"));
    CHECK(has_problem(hostile_parse("\xEF\xBB\xBF" + good).problems, 1,
                      "line 1: not a JSON object: it starts with a byte-order mark (U+FEFF)"));
    CHECK(has_problem(
        hostile_parse(replaced(good, "\"files\"", "\"id\": \"L2\", \"files\"")).problems, 1,
        "line 1: not a JSON object: key 'id' appears twice in one object"));
    CHECK(has_problem(hostile_parse(good + "{\"a\": }\n").problems, 2,
                      "line 2: not a JSON object: invalid JSON"));
}

TEST_CASE("hostile ledger: a list longer than any campaign writes is refused whole") {
    const std::string good = ledger_of({profile_at(50)});
    std::string many = "\"represents\": [";
    for (std::size_t i = 0; i <= odo::campaign::record_max_items; ++i)
        many += std::string(i ? ", " : "") + "\"a\"";
    const Ledger ledger = hostile_parse(replaced(good, "\"represents\": [", many + ", "));
    CHECK(has_problem(ledger.problems, 1, "`represents` holds 10002 items, over the 10000"));
    CHECK(ledger.problems.size() == 1);
    CHECK(ledger.records.empty());
}
