// The campaign's state folded from its ledger: wins, strikes, the stop conditions, coverage and
// the next step.
#include "ledger_fixture.hpp"

#include <odo/campaign/next_step.hpp>

#include <doctest/doctest.h>

using namespace ledger_fixture;

namespace {

CampaignState folded(std::initializer_list<NewRecord> records) {
    const Ledger ledger = parse_ledger(ledger_of(records), "t");
    REQUIRE(ledger.problems.empty());
    return fold(ledger);
}

} // namespace

TEST_CASE("ledger fold: a win resets the strikes, three strikes after it stop the campaign") {
    const CampaignState two = folded({profile_at(50), lead_named("L1"), evaluation_of("L1", 80),
                                      profile_at(60), lead_named("L2"), evaluation_of("L2", 99),
                                      lead_named("L3"), evaluation_of("L3", 100)});
    CHECK(two.problems.empty());
    CHECK(two.wins == 1);
    CHECK(two.strikes_since_last_win == 2);
    CHECK_FALSE(two.stop);
    CHECK_FALSE(two.open_lead);
    REQUIRE(two.leads.size() == 3);
    CHECK(two.leads[0].state == LeadState::Win);
    CHECK(two.leads[1].state == LeadState::Strike);
    REQUIRE(two.strikes.size() == 2);
    CHECK(two.strikes[0].lead == "L2");
    CHECK(two.strikes[0].change_pct == doctest::Approx(1.0));

    const CampaignState three = folded(
        {profile_at(50), lead_named("L1"), evaluation_of("L1", 99), lead_named("L2"),
         evaluation_of("L2", 80), profile_at(60), lead_named("L3"), evaluation_of("L3", 99),
         lead_named("L4"), evaluation_of("L4", 100), lead_named("L5"), evaluation_of("L5", 101)});
    CHECK(three.strikes_since_last_win == 3); // L1's strike came before the win
    REQUIRE(three.stop);
    CHECK(*three.stop == "three-strikes");
}

TEST_CASE("ledger fold: win and strike at the noise edge, both ways") {
    // Three runs a side with 1 us noise each: the band's half-width at 100 us is about 2.5 %.
    const CampaignState beyond =
        folded({profile_at(50), lead_named("L1"), evaluation_of("L1", 97.3)});
    CHECK(beyond.leads[0].state == LeadState::Win);
    const CampaignState inside =
        folded({profile_at(50), lead_named("L1"), evaluation_of("L1", 97.8)});
    CHECK(inside.leads[0].state == LeadState::Strike);
    CHECK(inside.strikes_since_last_win == 1);
}

TEST_CASE("ledger fold: the ridge stops only from the dominant case's profile after the last win") {
    const CampaignState at =
        folded({profile_at(70), lead_named("L1"), evaluation_of("L1", 80), profile_at(85)});
    REQUIRE(at.stop);
    CHECK(*at.stop == "ridge");
    REQUIRE(at.profile_since_last_win);
    CHECK(at.profile_since_last_win->seq == 4);

    // At the ridge before a win says nothing about the code after it.
    const CampaignState before_win =
        folded({profile_at(85), lead_named("L1"), evaluation_of("L1", 80)});
    CHECK_FALSE(before_win.stop);
    CHECK_FALSE(before_win.profile_since_last_win);

    // A coverage profile of another case at the ridge does not stop the campaign.
    ProfileFields other{"ncu", cold_case, {}, {}, "memory-bound", 95, 80};
    const CampaignState other_case =
        folded({profile_at(60), record_of(RecordKind::Profile, profile_fields(other))});
    CHECK(other_case.dominant_case == hot_case);
    CHECK_FALSE(other_case.stop);
    CHECK(other_case.profiled == std::set<std::string>{hot_case, cold_case});
}

TEST_CASE("ledger fold: coverage counts a case profiled directly or through a representative") {
    const CampaignState s = folded({profile_at(60, 80, {cold_case}), lead_named("L1")});
    const std::string third = "invert_u8[layout=HWC]";
    const Coverage c = coverage(s, {hot_case, cold_case, third}, {hot_case, cold_case});
    CHECK(c.uncovered == std::set<std::string>{third});
    CHECK(c.baselined == std::set<std::string>{hot_case, cold_case});
    CHECK(c.targeted == std::set<std::string>{hot_case});
    CHECK(s.open_lead == std::optional<std::string>("L1"));
}

TEST_CASE("ledger fold: the next step at every stage of a campaign, without a session") {
    const std::set<std::string> surface{hot_case, cold_case};
    const auto step = [&](std::initializer_list<NewRecord> records,
                          const std::set<std::string>& baselined, LoopFacts facts = {}) {
        const CampaignState s = folded(records);
        return next_step("Invert", s, coverage(s, surface, baselined), facts);
    };
    LoopFacts fresh;
    fresh.offer_start = true;
    const NextStep start = step({}, surface, fresh);
    CHECK(start.step == "start");
    CHECK(start.command ==
          "odo_campaign Invert start --build-dir {BUILD_DIR} --artifacts {ARTIFACTS} {TESTS}");
    CHECK(start.fill.size() == 3);
    LoopFacts gap;
    gap.coverage_gaps = {"PRE-1 no system test"};
    const NextStep coverage_step = step({}, surface, gap);
    CHECK(coverage_step.step == "coverage");
    CHECK_FALSE(coverage_step.command); // the agent's own work
    CHECK(coverage_step.why.find("PRE-1 no system test") != std::string::npos);
    const NextStep baseline = step({}, {hot_case});
    CHECK(baseline.step == "baseline");
    CHECK(baseline.command == "odo_baseline import --operator invert --from {RUNS}");
    CHECK(baseline.fill.count("RUNS") == 1);
    const NextStep profile = step({}, surface);
    CHECK(profile.step == "profile");
    CHECK(profile.command ==
          "odo_campaign Invert profile --report {PROFILE} --case {CASE} {REPRESENTS}");
    CHECK(profile.fill.at("CASE").choices.size() == 2); // the agent names the dominant case
    CHECK(profile.fill.at("REPRESENTS").choices.size() == 2);
    // Once named, the dominant case is profiled again by name.
    const NextStep again =
        step({profile_at(50), lead_named("L1"), evaluation_of("L1", 80)}, surface);
    CHECK(again.command ==
          "odo_campaign Invert profile --report {PROFILE} --case '" + hot_case + "' {REPRESENTS}");
    CHECK(again.fill.count("CASE") == 0);
    const NextStep lead = step({profile_at(50)}, surface);
    CHECK(lead.step == "lead");
    CHECK(lead.command == "odo_campaign Invert lead --id L1 --hypothesis {HYPOTHESIS} --category "
                          "{CATEGORY} --target '" +
                              hot_case + "'");
    CHECK(lead.fill.at("CATEGORY").choices.size() == lead_categories.size());
    const NextStep evaluate = step({profile_at(50), lead_named("L1")}, surface);
    CHECK(evaluate.step == "evaluate");
    CHECK(evaluate.command == "odo_campaign Invert evaluate --lead 'L1' --before {RUNS_BEFORE} "
                              "--after {RUNS_AFTER}");
    const NextStep review =
        step({profile_at(50), lead_named("L1"), evaluation_of("L1", 80, commit_a)}, surface);
    CHECK(review.step == "review");
    CHECK(review.command == "refactor_op Invert --phase assess --out {refactor-assess.md} && "
                            "odo_campaign Invert review --report {refactor-assess.md}");
    const NextStep reprofile =
        step({profile_at(50), lead_named("L1"), evaluation_of("L1", 80, commit_a),
              record_of(RecordKind::Review, review_fields("assess", "PASS", "ab"))},
             surface);
    CHECK(reprofile.step == "profile");
    // refactor_op assess recorded before the kept commit, while the lead was open, counts too.
    CHECK(step({profile_at(50), lead_named("L1"),
                record_of(RecordKind::Review, review_fields("assess", "PASS", "ab")),
                evaluation_of("L1", 80, commit_a)},
               surface)
              .step == "profile");
    // A review before the lead was opened is not one of its change.
    CHECK(
        step({profile_at(50), record_of(RecordKind::Review, review_fields("assess", "PASS", "ab")),
              lead_named("L1"), evaluation_of("L1", 80, commit_a)},
             surface)
            .step == "review");
    CHECK(reprofile.why == "no profile of the dominant case since the last win");
    const NextStep summary =
        step({profile_at(50), lead_named("L1"), evaluation_of("L1", 80), profile_at(90)}, surface);
    CHECK(summary.step == "summary");
    CHECK(summary.command->find("--state provisional --out {DESCRIPTION}") != std::string::npos);
    CHECK(summary.fill.at("OPTIMIZED_CASES").choices.size() == 2);
    // At a stop with a surface case no profile covers, that case is profiled first.
    const NextStep cover = step({profile_at(90, 80, {})}, surface);
    CHECK(cover.step == "profile");
    CHECK(cover.command->find("'" + cold_case + "'") != std::string::npos);
    // At a stop, cited files the published evidence store lacks are published before the summary.
    LoopFacts unpublished;
    unpublished.unpublished = 2;
    const std::initializer_list<NewRecord> stopped{profile_at(50), lead_named("L1"),
                                                   evaluation_of("L1", 80), profile_at(90)};
    const NextStep publish = step(stopped, surface, unpublished);
    CHECK(publish.step == "publish");
    CHECK(publish.command == "odo_campaign Invert publish");
    CHECK(publish.why == "2 cited files are not in the published evidence store: publish them, "
                         "then push it with the branch (git push origin HEAD refs/odo/evidence)");
    CHECK(step({profile_at(50)}, surface, unpublished).step == "lead"); // the loop goes on
    // With a description: describe while items are open, evidence otherwise, done at PASS.
    LoopFacts described;
    described.described = true;
    CHECK(step(stopped, surface, described).step == "evidence");
    described.evidence_pass = false;
    described.evidence_open = {"ODO-3 GAP: checklist"};
    described.description_incomplete = true;
    const NextStep describe = step(stopped, surface, described);
    CHECK(describe.step == "describe");
    CHECK_FALSE(describe.command);
    CHECK(describe.why.find("ODO-3 GAP: checklist") != std::string::npos);
    described.description_incomplete = false;
    CHECK(step(stopped, surface, described).step == "evidence");
    described.evidence_pass = true; // on the refreshed description, which is not written yet
    CHECK(step(stopped, surface, described).step == "evidence");
    described.evidence_current = true;
    const NextStep done = step(stopped, surface, described);
    CHECK(done.step == "done");
    CHECK_FALSE(done.command);
}

TEST_CASE("ledger fold: an operator name that is not a plain word is quoted in every command") {
    const std::set<std::string> surface{hot_case, cold_case};
    const CampaignState s = folded({profile_at(50)});
    const NextStep lead = next_step("In vert", s, coverage(s, surface, surface), LoopFacts{});
    CHECK(lead.command->rfind("odo_campaign 'In vert' lead --id L1 ", 0) == 0);
    const NextStep plain = next_step("Invert", s, coverage(s, surface, surface), LoopFacts{});
    CHECK(plain.command->rfind("odo_campaign Invert lead --id L1 ", 0) == 0);
}

TEST_CASE("ledger fold: with a session, every command runs as printed") {
    const std::set<std::string> surface{hot_case, cold_case};
    CampaignSession session;
    session.build_dir = "/b";
    session.bench_target = "bench_invert";
    session.bench = "/b/bench_invert";
    session.artifacts = "/a";
    session.sku = "HOST";
    session.base = "main";
    session.branch = "campaign/invert";
    LoopFacts f;
    f.session = session;
    f.branch = "main";
    f.description = "/a/mr-description.md";
    const auto step = [&](std::initializer_list<NewRecord> records,
                          const std::set<std::string>& baselined, const LoopFacts& facts) {
        const CampaignState s = folded(records);
        return next_step("Invert", s, coverage(s, surface, baselined), facts);
    };
    const NextStep baseline = step({}, {hot_case}, f);
    CHECK(baseline.command == "odo_campaign Invert baseline --commit");
    CHECK(baseline.fill.empty());
    const NextStep branch = step({}, surface, f);
    CHECK(branch.step == "branch");
    CHECK(branch.command == "git switch -c 'campaign/invert'");
    f.branch = "campaign/invert";
    const NextStep profile = step({}, surface, f);
    CHECK(profile.command == "odo_profile --bench '/b/bench_invert' --case {CASE} "
                             "--host-roofline --record '/a/profile-1.json' --ridge-pct 80.0 "
                             "&& odo_campaign Invert profile --report '/a/profile-1.json' "
                             "--ridge-pct 80.0 --case {CASE} {REPRESENTS}");
    CHECK(profile.fill.size() == 2);
    const std::initializer_list<NewRecord> open{profile_at(50), lead_named("L1")};
    const NextStep change = step(open, surface, f);
    CHECK(change.step == "change");
    CHECK_FALSE(change.command);
    f.tree_changed = true;
    CHECK(step(open, surface, f).command == "odo_campaign Invert evaluate --lead 'L1'");
    f.pending = PendingEvaluation{"L1", "win", "/a/b", "/a/c", "cpp"};
    CHECK(step(open, surface, f).command == "odo_campaign Invert keep --lead 'L1'");
    f.pending->outcome = "strike";
    const NextStep revert = step(open, surface, f);
    CHECK(revert.command == "odo_campaign Invert revert --lead 'L1'");
    CHECK(revert.why.find("refs/odo/attempts/invert/L1") != std::string::npos);
    f.pending.reset();
    f.tree_changed = false;
    const std::initializer_list<NewRecord> kept{
        profile_at(50), lead_named("L1"), evaluation_of("L1", 80, commit_a),
        record_of(RecordKind::Review, review_fields("assess", "PASS", "ab"))};
    f.rebaselined = false;
    const NextStep rebaseline = step(kept, surface, f);
    CHECK(rebaseline.step == "rebaseline");
    CHECK(rebaseline.command == "odo_campaign Invert baseline --commit && odo_baseline validate "
                                "--operator invert --reject-regressions-from 'main' > "
                                "'/a/validate.txt'");
    f.rebaselined = true;
    CHECK(step(kept, surface, f).step == "profile");
    const NextStep summary = step(
        {profile_at(50), lead_named("L1"), evaluation_of("L1", 80), profile_at(90)}, surface, f);
    CHECK(summary.command == "printf '%s\\n' {OPTIMIZED_CASES} > '/a/optimized-cases.txt' && "
                             "optimize_op Invert --phase summary --benchmark-base 'main' "
                             "--optimized-cases-file '/a/optimized-cases.txt' --state provisional "
                             "--out '/a/mr-description.md'");
    CHECK(summary.fill.size() == 1);
    // Records the ledger holds and HEAD does not are committed before the summary.
    f.ledger_uncommitted = true;
    f.ledger = "bench/campaigns/OpInvert.ledger.jsonl";
    const NextStep commit = step(
        {profile_at(50), lead_named("L1"), evaluation_of("L1", 80), profile_at(90)}, surface, f);
    CHECK(commit.step == "commit");
    CHECK(commit.command == "git add 'bench/campaigns/OpInvert.ledger.jsonl' && git commit -m "
                            "'bench(invert): the campaign ledger'\\''s records'");
}
