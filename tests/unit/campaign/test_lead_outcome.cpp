// A lead's win or strike, computed from the runs on both sides of its change.
#include <odo/campaign/lead_outcome.hpp>

#include <doctest/doctest.h>

#include <initializer_list>
#include <string>
#include <vector>

namespace {

using odo::campaign::evaluate_lead;
using odo::campaign::LeadOutcome;
using odo::campaign::RunTiming;

const std::string target = "invert_u8[layout=NHWC]";
const std::string other = "invert_u8[layout=NCHW]";

// One run of `key` per time, each with the same own noise.
std::vector<RunTiming> runs(const std::string& key, std::initializer_list<double> times_us,
                            double noise_us) {
    std::vector<RunTiming> result;
    for (double t : times_us)
        result.push_back({key, "HOST", t, noise_us});
    return result;
}

std::vector<RunTiming> operator+(std::vector<RunTiming> a, const std::vector<RunTiming>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

} // namespace

TEST_CASE("lead outcome: a target faster beyond the noise band is a win, inside it a strike") {
    // 2 µs noise over two runs on each side: the 3-sigma band of a change is about ±6 %.
    const auto before = runs(target, {100, 100}, 2) + runs(other, {50, 50}, 1);
    const auto win =
        evaluate_lead(before, runs(target, {90, 90}, 2) + runs(other, {50, 50}, 1), {target});
    CHECK(win.outcome == LeadOutcome::Win);
    CHECK(win.reasons.empty());
    REQUIRE(win.cases.size() == 2);
    CHECK(win.cases[1].case_key == target);
    CHECK(win.cases[1].targeted);
    CHECK(win.cases[1].before.n_runs == 2);
    CHECK(win.cases[1].speedup_pct() == doctest::Approx(10.0));

    const auto edge =
        evaluate_lead(before, runs(target, {97, 97}, 2) + runs(other, {50, 50}, 1), {target});
    CHECK(edge.outcome == LeadOutcome::Strike);
    REQUIRE(edge.reasons.size() == 1);
    CHECK(edge.reasons[0].find("not faster beyond the noise") != std::string::npos);
    CHECK(edge.reasons[0].find(target) != std::string::npos);
}

TEST_CASE("lead outcome: the same change is a win with quiet runs and a strike with noisy ones") {
    CHECK(evaluate_lead(runs(target, {100, 100}, 1), runs(target, {95, 95}, 1), {target}).outcome ==
          LeadOutcome::Win);
    CHECK(evaluate_lead(runs(target, {100, 100}, 4), runs(target, {95, 95}, 4), {target}).outcome ==
          LeadOutcome::Strike);
}

TEST_CASE("lead outcome: runs that disagree with each other are noise, however quiet each run") {
    // Each run's own noise is tiny; the runs differ by 10 %: their spread is the noise.
    const auto spread =
        evaluate_lead(runs(target, {100, 110}, 0.1), runs(target, {92, 96}, 0.1), {target});
    CHECK(spread.outcome == LeadOutcome::Strike);
    CHECK(spread.cases[0].before.noise_us == doctest::Approx(7.071).epsilon(0.001));
    const auto steady =
        evaluate_lead(runs(target, {105, 105}, 0.1), runs(target, {94, 94}, 0.1), {target});
    CHECK(steady.outcome == LeadOutcome::Win);
}

TEST_CASE("lead outcome: a regression elsewhere beyond the gate's limit makes a faster target a "
          "strike") {
    const auto before = runs(target, {100, 100}, 1) + runs(other, {50, 50}, 0.5);
    CHECK(evaluate_lead(before, runs(target, {80, 80}, 1) + runs(other, {52, 52}, 0.5), {target})
              .outcome == LeadOutcome::Win);
    const auto beyond =
        evaluate_lead(before, runs(target, {80, 80}, 1) + runs(other, {60, 60}, 0.5), {target});
    CHECK(beyond.outcome == LeadOutcome::Strike);
    REQUIRE(beyond.reasons.size() == 1);
    CHECK(beyond.reasons[0].find(other) != std::string::npos);
    CHECK(beyond.reasons[0].find("slower beyond the regression limit") != std::string::npos);
}

TEST_CASE("lead outcome: a slower target, or a yardstick of a single run, is a strike") {
    CHECK(
        evaluate_lead(runs(target, {100, 100}, 1), runs(target, {120, 120}, 1), {target}).outcome ==
        LeadOutcome::Strike);
    const auto thin = evaluate_lead(runs(target, {100}, 1), runs(target, {50, 50}, 1), {target});
    CHECK(thin.outcome == LeadOutcome::Strike);
    REQUIRE(thin.reasons.size() == 1);
    CHECK(thin.reasons[0].find("single run") != std::string::npos);
}

TEST_CASE("lead outcome: a lead that cannot be judged is refused, not counted") {
    CHECK_THROWS_WITH_AS(evaluate_lead(runs(target, {100}, 1) + runs(other, {50}, 1),
                                       runs(target, {90}, 1), {target}),
                         doctest::Contains("measured before the lead, not after"), odo::InputError);
    CHECK_THROWS_WITH_AS(evaluate_lead(runs(other, {50}, 1), runs(other, {50}, 1), {target}),
                         doctest::Contains("a target case not measured"), odo::InputError);
    CHECK_THROWS_WITH_AS(evaluate_lead(runs(target, {100}, 1), runs(target, {90}, 1), {}),
                         doctest::Contains("at least one target"), odo::InputError);
    CHECK_THROWS_WITH_AS(evaluate_lead(runs(target, {0, 0}, 1), runs(target, {90}, 1), {target}),
                         doctest::Contains("no positive time before the lead"), odo::InputError);
}

TEST_CASE("lead outcome: run timings are one per artifact row in the chosen entry point") {
    odo::baseline::Artifact a{"a.json", std::nullopt, {}};
    odo::baseline::ArtifactRow row{"invert_u8", target, "HOST", {}};
    row.metrics.n_runs = 1;
    row.metrics.cpp = odo::baseline::LanguageMetrics{12.5, 0.25, 0};
    a.rows.push_back(row);
    const auto cpp = odo::campaign::run_timings({a, a}, odo::baseline::Language::Cpp);
    REQUIRE(cpp.size() == 2);
    CHECK(cpp[0].time_us == 12.5);
    CHECK(cpp[0].noise_us == 0.25);
    CHECK(odo::campaign::run_timings({a}, odo::baseline::Language::Python).empty());
}
