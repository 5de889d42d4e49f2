// The campaign ledger's lines: written, read back, chained.
#include "ledger_fixture.hpp"

#include <doctest/doctest.h>

using namespace ledger_fixture;

TEST_CASE("ledger format: BLAKE2b-256 matches the reference digests") {
    CHECK(ledger_digest("") == "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8");
    CHECK(ledger_digest("abc") ==
          "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319");
}

TEST_CASE("ledger format: every kind round-trips with its fields and cited files") {
    const std::string bytes =
        ledger_of({profile_at(70), lead_named("L1"), evaluation_of("L1", 80, commit_a),
                   record_of(RecordKind::Review, review_fields("assess", "PASS", "1f2e")),
                   record_of(RecordKind::Note, note_fields("tried on a quiet host"))});
    const Ledger ledger = parse_ledger(bytes, "t");
    CHECK(ledger.problems.empty());
    REQUIRE(ledger.records.size() == 5);
    CHECK(ledger.records[0].kind == RecordKind::Profile);
    CHECK(ledger.records[0].fields.at("at_ridge") == false);
    CHECK(ledger.records[1].fields.at("id") == "L1");
    CHECK(ledger.records[2].fields.at("outcome") == "win");
    CHECK(ledger.records[2].fields.at("kept_commit") == commit_a.c_str());
    CHECK(ledger.records[3].fields.at("fingerprint") == "1f2e");
    CHECK(ledger.records[4].fields.at("text") == "tried on a quiet host");
    for (std::size_t i = 0; i < ledger.records.size(); ++i) {
        const LedgerRecord& r = ledger.records[i];
        CHECK(r.seq == i + 1);
        CHECK(r.op == "Invert");
        CHECK(r.commit == commit_a);
        REQUIRE(r.files.size() == 1);
        CHECK(r.files[0].path == "bench/runs/a.json");
        CHECK(r.files[0].blake2b == ledger_digest("{}"));
        CHECK(r.files[0].bytes == 2);
        CHECK(r.line == lines_of(bytes)[i]);
        CHECK(r.prev == (i == 0 ? first_prev() : ledger_digest(ledger.records[i - 1].line)));
    }
}

TEST_CASE("ledger format: a line starts with the common fields in a fixed order") {
    const std::string line = lines_of(ledger_of({lead_named("L1")}))[0];
    CHECK(line.rfind("{\"ledger\": \"odo-campaign/v1\", \"seq\": 1, \"prev\": \"" + first_prev() +
                         "\", \"kind\": \"lead\", \"time\": \"2026-12-01T10:00:00Z\"",
                     0) == 0);
}

TEST_CASE("ledger format: utc_timestamp writes the record time format") {
    CHECK(utc_timestamp(std::chrono::system_clock::time_point(std::chrono::seconds(0))) ==
          "1970-01-01T00:00:00Z");
}

TEST_CASE("ledger format: appending to a ledger with a problem is refused") {
    std::string bytes = ledger_of({lead_named("L1")});
    bytes.pop_back(); // no final newline: a partial write
    CHECK_THROWS_WITH_AS(append_record(bytes, lead_named("L2"), "x.jsonl"),
                         doctest::Contains("x.jsonl: the last line does not end with a newline"),
                         odo::InputError);
}
