// A profile as a campaign record reads it (campaign/profile_reading.hpp): a host roofline record
// and odo_profile's JSON report reduced to source, case, bottleneck, figures and ceiling, and the
// fields whose absence is named.
#include <odo/campaign/profile_reading.hpp>
#include <odo/core/error.hpp>
#include <odo/core/json_read.hpp>

#include <doctest/doctest.h>

#include <string>

using namespace odo::campaign;

namespace {

boost::json::object profile_object(const std::string& text) {
    return odo::json::parse(text, "profile.json").as_object();
}

} // namespace

TEST_CASE("profile reading: a host roofline record, judged against the ridge it is given") {
    const auto record = profile_object(
        R"({"case": "k[a=1]", "operator_median_us": 10, "memcpy_median_us": 8, "bwutil": 0.8,
            "bytes_moved": 1000})");
    const ProfileRead low = host_roofline(record, "profile.json", 90);
    CHECK(low.source == "host-roofline");
    CHECK(low.case_key == "k[a=1]");
    CHECK(low.ceiling_pct == doctest::Approx(80));
    CHECK(low.figures.at("bwutil_pct").to_number<double>() == doctest::Approx(80));
    CHECK(low.figures.at("bytes_moved").to_number<double>() == 1000);
    CHECK(low.bottleneck == "memory-bound");
    const auto missing = profile_object(R"({"case": "k[a=1]", "bwutil": 0.8})");
    CHECK_THROWS_WITH_AS(host_roofline(missing, "profile.json", 80),
                         "profile.json: `operator_median_us` must be a number", odo::InputError);
}

TEST_CASE("profile reading: odo_profile's JSON report, its source told by its figures") {
    const ProfileRead ncu =
        profile_report(profile_object(R"({"case": "k[a=1]", "classification": {"max_sol_pct": 91.5,
            "bottleneck": "memory-bound"}, "ncu": {"memory_sol_pct": 91.5, "compute_sol_pct": 20}})"),
                       "report.json");
    CHECK(ncu.source == "ncu");
    CHECK(ncu.ceiling_pct == doctest::Approx(91.5));
    CHECK(ncu.figures.at("compute_sol_pct").to_number<double>() == doctest::Approx(20));
    CHECK(profile_report(profile_object(R"({"case": "k", "classification": {"max_sol_pct": 5,
            "bottleneck": "latency-bound"}})"),
                         "report.json")
              .source == "nsys");
    CHECK_THROWS_WITH_AS(
        profile_report(profile_object(R"({"case": "k", "classification": {"bottleneck": "x"}})"),
                       "report.json"),
        "report.json: no SOL figure (classification.max_sol_pct) to judge against the ridge",
        odo::InputError);
}
