// ODO-4 from a campaign ledger and CAMPAIGN-COVERAGE, on facts built by hand: each status each
// check can produce.
#include "../campaign/ledger_fixture.hpp"

#include <odo/gates/evidence_checks_campaign.hpp>

#include <doctest/doctest.h>

namespace {

using namespace odo::gates;
using odo::Status;

const std::string ledger_guide = ".agents/guidance/OPTIMIZATION_GUIDELINES.md";

// Facts of `bytes`, verified with every cited file present and every commit known.
CampaignLedgerFacts facts_of(const std::string& bytes) {
    CampaignLedgerFacts f;
    f.path = "bench/campaigns/OpInvert.ledger.jsonl";
    f.present = true;
    f.verification = odo::campaign::verify_ledger(
        {f.path,
         bytes,
         "2026-12-02T00:00:00Z",
         {},
         [](const odo::campaign::CitedFile& cited) -> std::optional<odo::campaign::CitedFile> {
             return odo::campaign::cite_bytes(cited.path, "{}");
         },
         [](const std::string&) { return true; },
         nullptr});
    f.surface = odo::campaign::OperatorSurface{
        {ledger_fixture::hot_case, ledger_fixture::cold_case, "invert_u8[layout=HWC]"}, {}};
    return f;
}

} // namespace

TEST_CASE("ODO-4 from a ledger: PASS at a stop, GAP without one or on a problem, MANUAL unread") {
    using namespace ledger_fixture;
    const auto ridge =
        check_odo4_from_ledger(facts_of(ledger_of({profile_at(40), lead_named("a"),
                                                   evaluation_of("a", 70), profile_at(91)})),
                               ledger_guide);
    CHECK(ridge.id == "ODO-4");
    CHECK(ridge.status == Status::Pass);
    CHECK(ridge.evidence.find("stop: ridge, profile seq 4 (host-roofline)") != std::string::npos);

    // A ridge lowered below the guidance's 80 % stops nothing; a raised one is the author's to
    // choose.
    const auto lowered =
        check_odo4_from_ledger(facts_of(ledger_of({profile_at(40, 30)})), ledger_guide);
    CHECK(lowered.status == Status::Gap);
    CHECK(lowered.evidence.find("profile seq 1 judged 40.0% against a ridge of 30.0%, below the "
                                "guidance's 80.0%") != std::string::npos);
    CHECK(check_odo4_from_ledger(
              facts_of(ledger_of({lead_named("a"), evaluation_of("a", 70), profile_at(95, 90)})),
              ledger_guide)
              .status == Status::Pass);
    // Three strikes stop the loop whatever that profile's ridge.
    const auto struck = check_odo4_from_ledger(
        facts_of(ledger_of({profile_at(40, 30), lead_named("a"), evaluation_of("a", 100),
                            lead_named("b"), evaluation_of("b", 100), lead_named("c"),
                            evaluation_of("c", 100)})),
        ledger_guide);
    CHECK(struck.status == Status::Pass);
    CHECK(struck.evidence.find("stop: three-strikes, 3 strikes") != std::string::npos);

    const auto below = check_odo4_from_ledger(facts_of(ledger_of({profile_at(40)})), ledger_guide);
    CHECK(below.status == Status::Gap);
    CHECK(below.summary == "No stop condition holds in the campaign ledger");

    CampaignLedgerFacts broken = facts_of(ledger_of({profile_at(91)}));
    broken.verification.problems.push_back({1, "cites x, which is neither …"});
    const auto gap = check_odo4_from_ledger(broken, ledger_guide);
    CHECK(gap.status == Status::Gap);
    CHECK(gap.evidence ==
          "bench/campaigns/OpInvert.ledger.jsonl: seq 1: cites x, which is neither …");

    CampaignLedgerFacts former =
        facts_of(ledger_of({lead_named("a"), evaluation_of("a", 70), profile_at(91)}));
    former.records_at_base = 3;
    CHECK(check_odo4_from_ledger(former, ledger_guide).status == Status::Pass);
    former.implementation_changed = true;
    CHECK(check_odo4_from_ledger(former, ledger_guide).summary ==
          "The campaign ledger holds no record of this change");

    CampaignLedgerFacts unread = facts_of("");
    unread.problem = "no merge base with main";
    CHECK(check_odo4_from_ledger(unread, ledger_guide).status == Status::Manual);
}

TEST_CASE("ODO-4 from a ledger that checks out: MANUAL where it alone cannot prove the stop") {
    using namespace ledger_fixture;
    const auto alone = check_odo4_from_ledger(facts_of(ledger_of({profile_at(95)})), ledger_guide);
    CHECK(alone.status == Status::Manual);
    CHECK(alone.summary == "The ridge stop rests on a profile alone");
    CHECK(alone.evidence == "bench/campaigns/OpInvert.ledger.jsonl: stop: ridge, profile seq 1 "
                            "(host-roofline) of invert_u8[layout=NHWC] at 95.0% >= the 80.0% "
                            "ridge; the ledger holds no evaluated lead");
    // A lead opened but never evaluated measures nothing either.
    CHECK(
        check_odo4_from_ledger(facts_of(ledger_of({profile_at(95), lead_named("a")})), ledger_guide)
            .status != Status::Pass);

    const std::string measured =
        ledger_of({profile_at(40), lead_named("a"), evaluation_of("a", 70), profile_at(91)});
    CampaignLedgerFacts moved = facts_of(measured);
    moved.moved_from = "bench/campaigns/OpInvert.ledger.jsonl at commit 1a2b3c4d";
    moved.path = "bench/campaigns2/OpInvert.ledger.jsonl";
    const auto manual = check_odo4_from_ledger(moved, ledger_guide);
    CHECK(manual.status == Status::Manual);
    CHECK(manual.summary == "The campaign ledger moved");

    CampaignLedgerFacts unread = facts_of(measured);
    unread.versions_left = 3;
    unread.earlier_versions = 40;
    const auto left = check_odo4_from_ledger(unread, ledger_guide);
    CHECK(left.status == Status::Manual);
    CHECK(left.evidence == "bench/campaigns/OpInvert.ledger.jsonl: 3 earlier version(s) left over "
                           "the 512 MiB read back (40 compared)");
    // A problem of the records themselves is still the GAP it was.
    unread.verification.problems.push_back({2, "cites x, which is neither …"});
    CHECK(check_odo4_from_ledger(unread, ledger_guide).status == Status::Gap);
}

TEST_CASE("CAMPAIGN-COVERAGE: N-A without a ledger, GAP naming the uncovered keys, else PASS") {
    using namespace ledger_fixture;
    CampaignLedgerFacts none;
    none.path = "bench/campaigns/OpInvert.ledger.jsonl";
    const auto na = check_campaign_coverage(none, ledger_guide);
    CHECK(na.id == "CAMPAIGN-COVERAGE");
    CHECK(na.status == Status::NotApplicable);

    const auto gap = check_campaign_coverage(facts_of(ledger_of({profile_at(91)})), ledger_guide);
    CHECK(gap.status == Status::Gap);
    CHECK(gap.evidence == "1 of 3 uncovered: ['invert_u8[layout=HWC]']");

    const auto whole = check_campaign_coverage(
        facts_of(ledger_of({profile_at(91, 80, {cold_case, "invert_u8[layout=HWC]"})})),
        ledger_guide);
    CHECK(whole.status == Status::Manual);
    CHECK(whole.evidence == "profile seq 1 of invert_u8[layout=NHWC] represents the other 2 "
                            "surface cases: that one case stands for all is the author's claim");

    const NewRecord hwc = record_of(
        RecordKind::Profile,
        profile_fields({"host-roofline", "invert_u8[layout=HWC]", {}, {}, "memory-bound", 91, 80}));
    const auto pass =
        check_campaign_coverage(facts_of(ledger_of({profile_at(91), hwc})), ledger_guide);
    CHECK(pass.status == Status::Pass);

    CampaignLedgerFacts unknown = facts_of(ledger_of({profile_at(91)}));
    unknown.surface.reset();
    unknown.surface_problem = "invert.json: missing";
    CHECK(check_campaign_coverage(unknown, ledger_guide).evidence == "invert.json: missing");
}
