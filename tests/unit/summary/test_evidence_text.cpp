#include "fixture.hpp"

#include <odo/summary/evidence_text.hpp>
#include <odo/summary/lead_exhaustion_text.hpp>

#include <doctest/doctest.h>

using namespace odo::summary;

TEST_CASE("placeholders: angle brackets and the placeholder words, as whole words") {
    CHECK(contains_placeholder("<add hard evidence before checking>"));
    CHECK(contains_placeholder("see <link>"));
    CHECK(contains_placeholder("TODO: fill in"));
    CHECK(contains_placeholder("results tbd"));
    CHECK(contains_placeholder("Add one concise learning"));
    CHECK_FALSE(contains_placeholder("a <> b"));
    CHECK(contains_placeholder("x < y and y > z")); // the reference's regex reads it so
    CHECK_FALSE(contains_placeholder("todos are done"));
    CHECK_FALSE(contains_placeholder("a -> b"));
    CHECK_FALSE(contains_placeholder("placeholders were replaced"));
}

TEST_CASE("hard evidence names an artifact and states a result") {
    for (const auto& item : fixture::checklist())
        CHECK_MESSAGE(is_hard_evidence(item.evidence), item.evidence);
    CHECK(is_hard_evidence("test_op_flip.py ran on every case: 24/24"));
    CHECK(is_hard_evidence("flip_test suite is green on all layouts"));
    CHECK(is_hard_evidence("ODO-7 reported zero regressions overall"));
    CHECK(is_hard_evidence("nsys shows three strikes without gain"));
    CHECK(is_hard_evidence("`validate_baselines.py` PASS\xE2\x80\x94"
                           "all good"));
    CHECK(is_hard_evidence("baseline regenerated; 10 / 12 within noise"));
    // Too short, placeholder, bare result, no artifact, no result.
    CHECK_FALSE(is_hard_evidence("ncu PASS"));
    CHECK_FALSE(is_hard_evidence("PASS"));
    CHECK_FALSE(is_hard_evidence("ncu shows TODO: passed everywhere"));
    CHECK_FALSE(is_hard_evidence("everything passed nicely in the end"));
    CHECK_FALSE(is_hard_evidence("the benchmark ran for a long time"));
    // Word boundaries: "bypassed" is not "passed", "foo.pyc" is not a .py file, "ODO-7a" is
    // not a gate.
    CHECK_FALSE(is_hard_evidence("the benchmark bypassed the slow path"));
    CHECK_FALSE(is_hard_evidence("cache.pyc regenerated and passed"));
    CHECK_FALSE(is_hard_evidence("gate ODO-7a reported it all passed"));
    CHECK_FALSE(is_hard_evidence("a 5/6a ratio appeared in the benchmark"));
}

TEST_CASE("a negated result word states no result") {
    CHECK_FALSE(is_hard_evidence("the benchmark did not pass on A100"));
    CHECK_FALSE(is_hard_evidence("ncu shows the kernel is not at ridge yet"));
    CHECK_FALSE(is_hard_evidence("the benchmark recorded no strikes so far"));
    CHECK_FALSE(is_hard_evidence("baseline never imported for the new SKU"));
    CHECK_FALSE(is_hard_evidence("the benchmark wasn't committed anywhere"));
    // Another clause's negation does not reach the word; a ratio is a result of its own.
    CHECK(is_hard_evidence("ncu found no stall, at ridge for the benchmark"));
    CHECK(is_hard_evidence("the benchmark did not regress: 12/12 within noise"));
    CHECK(is_hard_evidence("ODO-7 reported no regressions overall"));
}

TEST_CASE("Lead exhaustion: a claim counts only when nothing in the sentence denies it") {
    const auto claim = [](const std::string& text) { return read_lead_exhaustion(text); };
    CHECK(claim("ncu measured 93% Memory SOL at ridge").exhausted());
    CHECK(claim("odo's host roofline measured 91.0% BWUtil at ridge for `k` (ceiling 1.10x).")
              .exhausted());
    CHECK(claim("three failed leads measured at -2.1%, -0.8%, and 0.1%").exhausted());
    const auto demo = claim("62% BWUtil, below the ridge; three failed leads (3 strikes) after the "
                            "last win on `k`, measured at -2.1% (a), 0.3% (b) and 1.0% (c).");
    CHECK(demo.exhausted());
    CHECK(demo.contradiction.empty());
    const auto remain = claim("62% BWUtil, below the ridge, leads remain; 3/3 runs");
    CHECK_FALSE(remain.exhausted());
    CHECK(remain.contradiction == "leads remain");
    const auto below = claim("ncu measured 71% Memory SOL, below the ridge");
    CHECK_FALSE(below.exhausted());
    CHECK(below.contradiction == "below the ridge");
    CHECK(claim("the ridge was not reached at 71% Memory SOL").contradiction ==
          "the ridge not reached");
    CHECK(claim("71% Memory SOL; the kernel isn't at the ridge").contradiction ==
          "not at the ridge");
    CHECK(claim("71% Memory SOL, no strikes since the last win").contradiction ==
          "fewer than three strikes");
    CHECK(claim("two strikes so far at -1% and 0.5%, 3 runs each").contradiction ==
          "fewer than three strikes");
    CHECK(claim("71% SOL: strikes 2/3 after the last win").contradiction ==
          "fewer than three strikes");
    CHECK(
        claim("62% BWUtil, so leads go on until three strikes after the last win").contradiction ==
        "leads remain");
    CHECK(claim("measured 71% SOL; the leads are not exhausted yet at ridge").contradiction ==
          "not exhausted");
    CHECK(claim("71% SOL; we keep measuring until three strikes").contradiction ==
          "three strikes still to come");
    CHECK(claim("ncu measured 85% Memory SOL, ridge reached").exhausted());
    // The word "ridge" alone claims nothing (the reference's defect 9 in gates.md).
    CHECK_FALSE(claim("ncu measured 85% Memory SOL, close to the ridge").exhausted());
    // Neither claim nor denial: no evidence, and nothing said otherwise.
    const auto silent = claim("ncu measured 71% Memory SOL");
    CHECK_FALSE(silent.exhausted());
    CHECK(silent.contradiction.empty());
}

TEST_CASE("measured profiler evidence quotes a percentage and a metric") {
    CHECK(is_measured_profile_evidence(fixture::memory_profile));
    CHECK(is_measured_profile_evidence("nsys: 88 % memory throughput"));
    CHECK(is_measured_profile_evidence("DRAM at 71.5%"));
    CHECK_FALSE(is_measured_profile_evidence("memory bound, clearly"));
    CHECK_FALSE(is_measured_profile_evidence("93% of the time it is fast"));
    CHECK_FALSE(is_measured_profile_evidence("computed 93% in memoryless mode"));
    CHECK_FALSE(is_measured_profile_evidence("about %93 SOL"));
}

TEST_CASE("a learning is one sentence") {
    CHECK(ends_as_sentence("Vectorized loads helped."));
    CHECK(ends_as_sentence("Did it help?"));
    CHECK_FALSE(ends_as_sentence("Vectorized loads helped"));
    CHECK_FALSE(starts_another_sentence("Loads were 2.00x faster."));
    CHECK_FALSE(starts_another_sentence("It helped, e.g. for uchar3."));
    CHECK(starts_another_sentence("It helped, e.g. The uchar3 path."));
    CHECK(starts_another_sentence("It helped! Then it did not."));
    CHECK(starts_another_sentence("Really? yes."));
    CHECK_FALSE(starts_another_sentence("Really?!"));
}
