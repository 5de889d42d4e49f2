// compute-sanitizer (and the older cuda-memcheck) text, read into counts.
#include "fixture.hpp"

#include <odo/profile/sanitizer_report.hpp>

#include <doctest/doctest.h>

using namespace odo::profile;

TEST_CASE("memcheck with errors: the summary count, kinds grouped by headline") {
    const SanitizerReport r = parse_sanitizer_output(fixture("sanitizer_memcheck_errors.txt"));
    CHECK(r.errors == 3);
    CHECK(r.leaked_bytes == 0);
    CHECK_FALSE(r.hazards);
    REQUIRE(r.kinds.size() == 2);
    CHECK(r.kinds[0].first == "Invalid __global__ write of size 4 bytes");
    CHECK(r.kinds[0].second == 2);
    CHECK(r.kinds[1].first.rfind("Program hit cudaErrorLaunchFailure", 0) == 0);
    CHECK_FALSE(r.clean());
}

TEST_CASE("racecheck: hazards from its own summary") {
    const SanitizerReport r = parse_sanitizer_output(fixture("sanitizer_racecheck.txt"));
    CHECK(r.errors == 1);
    CHECK(r.hazards == 1);
    REQUIRE(r.kinds.size() == 1);
    CHECK(r.kinds[0].first.rfind("Error: Race reported between Write access", 0) == 0);
}

TEST_CASE("initcheck past the print limit: the summary counts every error") {
    const SanitizerReport r = parse_sanitizer_output(fixture("sanitizer_initcheck.txt"));
    CHECK(r.errors == 12288);
    REQUIRE(r.kinds.size() == 1);
    CHECK(r.kinds[0].second == 2);
}

TEST_CASE("synccheck, clean; program output between the tool's lines is ignored") {
    const SanitizerReport r = parse_sanitizer_output(fixture("sanitizer_synccheck_clean.txt"));
    CHECK(r.errors == 0);
    CHECK(r.kinds.empty());
    CHECK(r.clean());
}

TEST_CASE("cuda-memcheck (2019) leak check") {
    const SanitizerReport r = parse_sanitizer_output(fixture("cuda_memcheck_leak_2019.txt"));
    CHECK(r.errors == 1);
    CHECK(r.leaked_bytes == 1024);
    REQUIRE(r.kinds.size() == 1);
    CHECK(r.kinds[0].first == "Leaked 1024 bytes at 0x7fa6e2400000");
}

TEST_CASE("a leak alone is not clean") {
    const SanitizerReport r =
        parse_sanitizer_output("========= LEAK SUMMARY: 64 bytes leaked in 1 "
                               "allocations\n========= ERROR SUMMARY: 0 errors\n");
    CHECK(r.errors == 0);
    CHECK_FALSE(r.clean());
}

TEST_CASE("output without a summary, or with an unreadable one, is an InputError") {
    CHECK_THROWS_WITH_AS(parse_sanitizer_output("========= COMPUTE-SANITIZER\nsegfault\n"),
                         doctest::Contains("no 'ERROR SUMMARY' line"), odo::InputError);
    CHECK_THROWS_AS(parse_sanitizer_output(""), odo::InputError);
    CHECK_THROWS_WITH_AS(parse_sanitizer_output("========= ERROR SUMMARY: many errors\n"),
                         doctest::Contains("unreadable line"), odo::InputError);
    CHECK_THROWS_AS(parse_sanitizer_output("=========ERROR SUMMARY: 0 errors\n"), odo::InputError);
    CHECK_THROWS_AS(parse_sanitizer_output("========= ERROR SUMMARY: 1.5 errors\n"),
                    odo::InputError);
    CHECK_THROWS_AS(parse_sanitizer_output("========= ERROR SUMMARY: 1e300 errors\n"),
                    odo::InputError);
}
