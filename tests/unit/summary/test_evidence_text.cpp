#include "fixture.hpp"

#include <odo/summary/evidence_text.hpp>

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
