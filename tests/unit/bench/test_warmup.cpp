#include <odo/bench/warmup.hpp>
#include <odo/core/error.hpp>

#include <doctest/doctest.h>

#include <cstdlib>

using namespace odo::bench;

TEST_CASE("the warm-up cap is ASCII digits up to 2147483647") {
    CHECK(parse_warmup_cap("0") == 0);
    CHECK(parse_warmup_cap("25") == 25);
    CHECK(parse_warmup_cap("2147483647") == 2147483647);
    CHECK(parse_warmup_cap("007") == 7);
    for (const char* bad : {"", "2147483648", "99999999999", "-1", "+3", " 3", "3 ", "1e3", "x"})
        CHECK_THROWS_WITH_AS(parse_warmup_cap(bad), doctest::Contains("CVCUDA_BENCH_WARMUP_CAP="),
                             odo::InputError);
}

TEST_CASE("the cap lowers the configured count, never raises it, and 0 disables warm-up") {
    CHECK(effective_warmup_iterations(200, std::nullopt) == 200);
    CHECK(effective_warmup_iterations(200, 10) == 10);
    CHECK(effective_warmup_iterations(5, 10) == 5);
    CHECK(effective_warmup_iterations(200, 0) == 0);
    CHECK(effective_warmup_iterations(0, 10) == 0);
    CHECK(effective_warmup_iterations(-3, std::nullopt) == 0);
}

TEST_CASE("the cap is read from the environment") {
    ::setenv("CVCUDA_BENCH_WARMUP_CAP", "3", 1);
    CHECK(warmup_cap_from_environment() == 3);
    ::setenv("CVCUDA_BENCH_WARMUP_CAP", "three", 1);
    CHECK_THROWS_AS(warmup_cap_from_environment(), odo::InputError);
    ::unsetenv("CVCUDA_BENCH_WARMUP_CAP");
    CHECK_FALSE(warmup_cap_from_environment());
}

TEST_CASE("each config's own warmup_iterations is used, 0 when absent") {
    odo::surface::ConfigEntry with{"a", {{"warmup_iterations", 200}}};
    odo::surface::ConfigEntry without{"b", {}};
    odo::surface::ConfigEntry fractional{"c", {{"warmup_iterations", 2.5}}};
    CHECK(configured_warmup_iterations(with) == 200);
    CHECK(configured_warmup_iterations(without) == 0);
    CHECK_THROWS_AS(configured_warmup_iterations(fractional), odo::InputError);
}
