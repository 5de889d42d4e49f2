// The text written from measured figures, checked against the summary's and ODO-4's rules.
#include "fixture.hpp"
#include "spec_rules.hpp"

#include <odo/profile/evidence_text.hpp>
#include <odo/profile/ncu_report.hpp>

#include <doctest/doctest.h>

#include <string>

using namespace odo::profile;

namespace {

const std::string resize_key = "resize[shape=1920x1080][layout=NHWC]";

ProfileFigures resize_profile() {
    return {ncu_figures(parse_ncu_csv(fixture("ncu_details_2023.csv"))),
            nsys_figures(parse_nsys_stats(fixture("nsys_stats_2023.txt")), resize_key)};
}

// A checklist item's evidence must pass the generic hard-evidence rule and the item's own gate.
void check_lead_exhaustion(const std::string& evidence) {
    CAPTURE(evidence);
    CHECK(spec::hard_evidence(evidence));
    CHECK(spec::lead_exhaustion_passes(evidence));
    CHECK(evidence.find('\n') == std::string::npos);
}

} // namespace

TEST_CASE("profile evidence from ncu and nsys: exact text") {
    const ProfileFigures f = resize_profile();
    const Classification c = classify(f);
    const auto text = profile_evidence(f, c, resize_key);
    REQUIRE(text);
    CHECK(*text ==
          "ncu measured 83.4% Memory SOL and 22.3% Compute SOL for "
          "`resize[shape=1920x1080][layout=NHWC]` (3 launches of 2 kernels, mostly "
          "cvcuda::priv::resize_linear_kernel, mean 9.9 us; DRAM throughput 82.9%; achieved "
          "occupancy 75.8%). nsys measured GPU compute time in kernels at 85.3% of the case's NVTX "
          "range over 120 kernel launches; host API time 6.1% in launches, 89.7% in "
          "synchronization. Classification: memory-bound, at ridge (ceiling 1.20x).");
    CHECK(spec::profile_evidence_ok(*text));
    CHECK(primary_bottleneck_line(c) == "**Primary bottleneck: Memory-bound**");
}

TEST_CASE("profile evidence passes the summary rule for every fixture that has a percentage") {
    const ProfileFigures profiles[] = {
        {ncu_figures(parse_ncu_csv(fixture("ncu_raw_2023.csv"))), std::nullopt},
        {ncu_figures(parse_ncu_csv(fixture("ncu_raw_2020.csv"))), std::nullopt},
        {ncu_figures(parse_ncu_csv(fixture("ncu_details_2021.csv"))), std::nullopt},
        {std::nullopt, nsys_figures(parse_nsys_stats(fixture("nsys_stats_2021.txt")),
                                    "flip[shape=64x64][layout=NHWC]")},
        resize_profile()};
    for (const ProfileFigures& f : profiles) {
        const auto text = profile_evidence(f, classify(f), "op[a=1]");
        REQUIRE(text);
        CAPTURE(*text);
        CHECK(spec::profile_evidence_ok(*text));
        CHECK(text->find('\n') == std::string::npos);
        CHECK(text->rfind("> ", 0) != 0); // a leading "> " would read as a second status line
        CHECK_FALSE(
            spec::search(*text, "<[^>]+>")); // kernel templates would look like placeholders
    }
}

TEST_CASE("the summary line follows the busier SOL unit, whatever the finer class") {
    const ProfileFigures compute{ncu_figures(parse_ncu_csv(fixture("ncu_raw_2020.csv"))),
                                 std::nullopt};
    CHECK(primary_bottleneck_line(classify(compute)) == "**Primary bottleneck: Compute-bound**");
    const ProfileFigures launch_bound{
        compute.ncu, nsys_figures(parse_nsys_stats(fixture("nsys_stats_2021.txt")), "flip")};
    CHECK(classify(launch_bound).bottleneck == Bottleneck::LaunchOverheadBound);
    CHECK(primary_bottleneck_line(classify(launch_bound)) ==
          "**Primary bottleneck: Compute-bound**");
    const ProfileFigures nsys_only{std::nullopt, launch_bound.nsys};
    CHECK_FALSE(primary_bottleneck_line(classify(nsys_only)));
}

TEST_CASE("the ceiling's derivation names the busier unit") {
    NcuFigures n;
    n.launches = 1;
    n.memory_sol_pct = 20;
    n.compute_sol_pct = 62.5;
    CHECK(ceiling_derivation(classify({n, std::nullopt})) == "1.60x (100 / 62.5% Compute SOL)");
    CHECK_FALSE(ceiling_derivation(classify({})));
}

TEST_CASE("no percentage to cite: no profile evidence") {
    NcuFigures n;
    n.launches = 2;
    n.kernels = 1;
    n.dominant_kernel = "k";
    n.mean_duration_ns = 40'000;
    const ProfileFigures f{n, std::nullopt};
    CHECK_FALSE(profile_evidence(f, classify(f), "op[a=1]"));
    CHECK_FALSE(profile_evidence({}, classify({}), "op[a=1]"));
}

TEST_CASE("lead exhaustion at ridge passes ODO-4 and hard evidence") {
    const ProfileFigures f = resize_profile();
    const auto line = lead_exhaustion_at_ridge(classify(f), resize_key);
    REQUIRE(line);
    CHECK(*line == "ncu measured 83.4% Memory SOL at ridge for "
                   "`resize[shape=1920x1080][layout=NHWC]` (ceiling 1.20x).");
    check_lead_exhaustion(*line);
    const ProfileFigures compute{ncu_figures(parse_ncu_csv(fixture("ncu_raw_2020.csv"))),
                                 std::nullopt};
    const auto compute_line = lead_exhaustion_at_ridge(classify(compute), "warp[a=1]");
    REQUIRE(compute_line);
    CHECK(compute_line->find("86.8% Compute SOL at ridge") != std::string::npos);
    check_lead_exhaustion(*compute_line);
}

TEST_CASE("below the ridge there is no at-ridge line") {
    NcuFigures n;
    n.launches = 1;
    n.memory_sol_pct = 79.9;
    n.compute_sol_pct = 20;
    CHECK_FALSE(lead_exhaustion_at_ridge(classify({n, std::nullopt}), "op[a=1]"));
    CHECK_FALSE(lead_exhaustion_at_ridge(classify({}), "op[a=1]"));
}

TEST_CASE("three measured strikes: the last three, and they pass ODO-4") {
    const std::string line = lead_exhaustion_strikes({{"fused epilogue", 4.0},
                                                      {"vectorized loads", -2.1},
                                                      {"shared-memory tiling", -0.8},
                                                      {"loop unrolling", 0.1}},
                                                     "resize[a=1]");
    CHECK(line == "three failed leads (3 strikes) after the last win on `resize[a=1]`, measured "
                  "at -2.1% (vectorized loads), -0.8% (shared-memory tiling) and +0.1% (loop "
                  "unrolling).");
    check_lead_exhaustion(line);
    CHECK(lead_exhaustion_strikes({{"a", 0.0}, {"b", -0.04}, {"c", 0.04}}, "k[a=1]")
              .find("0.0% (a), 0.0% (b) and 0.0% (c)") != std::string::npos);
}

TEST_CASE("strikes: fewer than three, or an unnamed one, is bad input") {
    CHECK_THROWS_WITH_AS(lead_exhaustion_strikes({{"a", -1}, {"b", -2}}, "k[a=1]"),
                         doctest::Contains("three measured strikes; got 2"), odo::InputError);
    CHECK_THROWS_WITH_AS(lead_exhaustion_strikes({{"a", -1}, {" ", -2}, {"c", -3}}, "k[a=1]"),
                         doctest::Contains("needs the lead's name"), odo::InputError);
}

TEST_CASE("fixed-point text does not depend on the locale and has no negative zero") {
    using odo::profile::detail::fixed;
    CHECK(fixed(83.43811, 1) == "83.4");
    CHECK(fixed(-0.04, 1) == "0.0");
    CHECK(fixed(-2.06, 1) == "-2.1");
    CHECK(fixed(1.0752688, 2) == "1.08");
    CHECK(odo::profile::detail::microseconds(2816) == "2.8 us");
}
