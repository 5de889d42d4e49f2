// A lead's win or strike, computed from the measurements on both sides of its change.
#include <odo/campaign/lead_outcome.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace {

using odo::baseline::BaselineUpdate;
using odo::baseline::Language;
using odo::campaign::evaluate_lead;
using odo::campaign::LeadOutcome;

const std::string target = "invert_u8[layout=NHWC]";
const std::string other = "invert_u8[layout=NCHW]";

BaselineUpdate timed(const std::string& key, double time_us, double noise_us, int runs = 2) {
    BaselineUpdate row{"invert_u8", key, "HOST", {}};
    row.metrics.n_runs = runs;
    row.metrics.cpp = odo::baseline::LanguageMetrics{time_us, noise_us, 0};
    return row;
}

} // namespace

TEST_CASE("lead outcome: a target faster beyond the noise band is a win, inside it a strike") {
    // 2 µs noise over two runs on each side: the 3-sigma band of a change is about ±6 %.
    const std::vector<BaselineUpdate> before{timed(target, 100, 2), timed(other, 50, 1)};
    const auto win =
        evaluate_lead(before, {timed(target, 90, 2), timed(other, 50, 1)}, {target}, Language::Cpp);
    CHECK(win.outcome == LeadOutcome::Win);
    CHECK(win.reasons.empty());
    REQUIRE(win.cases.size() == 2);
    CHECK(win.cases[1].case_key == target);
    CHECK(win.cases[1].targeted);
    CHECK(win.cases[1].speedup_pct() == doctest::Approx(10.0));

    const auto edge =
        evaluate_lead(before, {timed(target, 97, 2), timed(other, 50, 1)}, {target}, Language::Cpp);
    CHECK(edge.outcome == LeadOutcome::Strike);
    REQUIRE(edge.reasons.size() == 1);
    CHECK(edge.reasons[0].find("not faster beyond the noise") != std::string::npos);
    CHECK(edge.reasons[0].find(target) != std::string::npos);
}

TEST_CASE("lead outcome: the same change is a win with quiet runs and a strike with noisy ones") {
    const auto quiet =
        evaluate_lead({timed(target, 100, 1)}, {timed(target, 95, 1)}, {target}, Language::Cpp);
    const auto noisy =
        evaluate_lead({timed(target, 100, 4)}, {timed(target, 95, 4)}, {target}, Language::Cpp);
    CHECK(quiet.outcome == LeadOutcome::Win);
    CHECK(noisy.outcome == LeadOutcome::Strike);
}

TEST_CASE("lead outcome: a regression elsewhere beyond the gate's limit makes a faster target a "
          "strike") {
    const std::vector<BaselineUpdate> before{timed(target, 100, 1), timed(other, 50, 0.5)};
    const auto within = evaluate_lead(before, {timed(target, 80, 1), timed(other, 52, 0.5)},
                                      {target}, Language::Cpp);
    CHECK(within.outcome == LeadOutcome::Win);
    const auto beyond = evaluate_lead(before, {timed(target, 80, 1), timed(other, 60, 0.5)},
                                      {target}, Language::Cpp);
    CHECK(beyond.outcome == LeadOutcome::Strike);
    REQUIRE(beyond.reasons.size() == 1);
    CHECK(beyond.reasons[0].find(other) != std::string::npos);
    CHECK(beyond.reasons[0].find("slower beyond the regression limit") != std::string::npos);
}

TEST_CASE("lead outcome: a slower target, or a yardstick of a single run, is a strike") {
    CHECK(evaluate_lead({timed(target, 100, 1)}, {timed(target, 120, 1)}, {target}, Language::Cpp)
              .outcome == LeadOutcome::Strike);
    const auto thin =
        evaluate_lead({timed(target, 100, 1, 1)}, {timed(target, 50, 1)}, {target}, Language::Cpp);
    CHECK(thin.outcome == LeadOutcome::Strike);
    REQUIRE(thin.reasons.size() == 1);
    CHECK(thin.reasons[0].find("single run") != std::string::npos);
}

TEST_CASE("lead outcome: a lead that cannot be judged is refused, not counted") {
    CHECK_THROWS_WITH_AS(evaluate_lead({timed(target, 100, 1), timed(other, 50, 1)},
                                       {timed(target, 90, 1)}, {target}, Language::Cpp),
                         doctest::Contains("measured before the lead, not after"), odo::InputError);
    CHECK_THROWS_WITH_AS(
        evaluate_lead({timed(other, 50, 1)}, {timed(other, 50, 1)}, {target}, Language::Cpp),
        doctest::Contains("a target case not measured"), odo::InputError);
    CHECK_THROWS_WITH_AS(
        evaluate_lead({timed(target, 100, 1)}, {timed(target, 90, 1)}, {}, Language::Cpp),
        doctest::Contains("at least one target"), odo::InputError);
    CHECK_THROWS_WITH_AS(
        evaluate_lead({timed(target, 100, 1)}, {timed(target, 90, 1)}, {target}, Language::Python),
        doctest::Contains("no positive python time"), odo::InputError);
}
