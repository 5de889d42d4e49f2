// The summary's loop evidence written from a ledger: what each stop condition writes, and nothing
// while the loop goes on.
#include "ledger_fixture.hpp"

#include <odo/campaign/ledger_evidence.hpp>
#include <odo/summary/lead_exhaustion_text.hpp>

#include <doctest/doctest.h>

namespace {

using namespace ledger_fixture;

const std::string evidence_ledger = "bench/campaigns/OpInvert.ledger.jsonl";

struct Folded {
    Ledger ledger;
    CampaignState state;
};

Folded folded_ledger(std::initializer_list<NewRecord> records) {
    Folded f{parse_ledger(ledger_of(records), evidence_ledger), {}};
    f.state = fold(f.ledger);
    return f;
}

} // namespace

TEST_CASE("ledger evidence at the ridge: the profile paragraph, the bottleneck, Lead exhaustion") {
    const Folded f =
        folded_ledger({profile_at(40), lead_named("a"), evaluation_of("a", 70), profile_at(91)});
    CHECK(ledger_profile_evidence(f.ledger, f.state, evidence_ledger) ==
          "host-roofline measured 91.0% BWUtil for `" + hot_case + "` (ledger `" + evidence_ledger +
              "` record 4, citing `bench/runs/a.json`). Classification: memory-bound, 91.0% at "
              "ridge (>= 80.0%).");
    CHECK(ledger_bottleneck(f.ledger, f.state) == "Memory-bound");
    const auto lead = ledger_lead_exhaustion(f.state, evidence_ledger);
    REQUIRE(lead);
    CHECK(*lead == "host-roofline measured 91.0% at ridge for `" + hot_case +
                       "` (>= 80.0%; ceiling 1.10x) after 1 win(s) (ledger `" + evidence_ledger +
                       "` record 4).");
    CHECK(odo::summary::read_lead_exhaustion(*lead).exhausted());
}

TEST_CASE("ledger evidence after three strikes, and none while the loop goes on") {
    const Folded going = folded_ledger({profile_at(40), lead_named("a"), evaluation_of("a", 100)});
    CHECK_FALSE(ledger_lead_exhaustion(going.state, evidence_ledger));
    CHECK(ledger_profile_evidence(going.ledger, going.state, evidence_ledger)
              ->find("40.0% below the ridge (80.0%)") != std::string::npos);
    const Folded struck =
        folded_ledger({profile_at(40), lead_named("a"), evaluation_of("a", 100), lead_named("b"),
                       evaluation_of("b", 100), lead_named("c"), evaluation_of("c", 100)});
    const auto lead = ledger_lead_exhaustion(struck.state, evidence_ledger);
    REQUIRE(lead);
    CHECK(*lead == "three failed leads (3 strikes) after the last win on `" + hot_case +
                       "`, measured at 0.0% (a), 0.0% (b) and 0.0% (c) (ledger `" +
                       evidence_ledger + "` records 3, 5, 7).");
    CHECK(odo::summary::read_lead_exhaustion(*lead).exhausted());
    const Folded empty = folded_ledger({});
    CHECK_FALSE(ledger_profile_evidence(empty.ledger, empty.state, evidence_ledger));
    CHECK_FALSE(ledger_bottleneck(empty.ledger, empty.state));
}
