// The host roofline: an operator against a same-bytes memcpy in alternating rounds, on a clock
// scripted per round, so the figures are exact.
#include <odo/bench/host_roofline.hpp>

#include <doctest/doctest.h>

#include <cstdint>

namespace {

// Reads 0, then after each measured interval adds its length: the calibration call takes
// `op_ns`, then operator rounds take `op_ns` per call and memcpy rounds `copy_ns` per call, in
// the order measure_host_roofline times them.
struct RoundScriptedClock {
    std::int64_t op_ns, copy_ns;
    int* calls_per_round;
    std::int64_t* now;
    int* reads;

    std::int64_t now_ns() const {
        const int k = (*reads)++;
        if (k % 2 == 1) { // the end of an interval
            const bool calibration = k == 1;
            const bool copy_round = !calibration && ((k - 2) / 2) % 2 == 1;
            *now += calibration ? op_ns : (copy_round ? copy_ns : op_ns) * *calls_per_round;
        }
        return *now;
    }
};

} // namespace

TEST_CASE("host roofline: BWUtil is the memcpy's median over the operator's, per call") {
    int calls = 1000, reads = 0, op_calls = 0;
    std::int64_t now = 0;
    const RoundScriptedClock clock{2000, 1500, &calls, &now, &reads};
    const auto r = odo::bench::measure_host_roofline([&] { ++op_calls; }, 4096, {10, 2000}, clock);
    CHECK(r.calls_per_round == 1000); // 2 ms of rounds from a 2 us calibration call
    CHECK(r.rounds == 10);
    CHECK(r.bytes_moved == 4096);
    CHECK(r.operator_median_us == doctest::Approx(2.0));
    CHECK(r.memcpy_median_us == doctest::Approx(1.5));
    CHECK(r.bwutil() == doctest::Approx(0.75));
    CHECK(op_calls == 1 + 1 + 10 * 1000); // warm, calibration, rounds
    CHECK(reads == 2 + 10 * 4);

    const auto json = odo::bench::host_roofline_json(r, "k[a=1]", "invert");
    CHECK(json.at("bwutil").as_double() == doctest::Approx(0.75));
    CHECK(json.at("case").as_string() == "k[a=1]");
    CHECK(json.at("clock").as_string() == "thread-cpu");
    CHECK(json.at("calls_per_round").as_int64() == 1000);
}

TEST_CASE("host roofline: cache residence, and what cannot be measured") {
    odo::bench::HostRoofline r;
    r.bytes_moved = 1000;
    r.largest_cache_bytes = 0;
    CHECK_FALSE(r.cache_resident()); // unknown cache: not claimed
    r.largest_cache_bytes = 1000;
    CHECK(r.cache_resident());
    r.bytes_moved = 1001;
    CHECK_FALSE(r.cache_resident());
    CHECK_THROWS_WITH_AS(odo::bench::measure_host_roofline([] {}, 0),
                         doctest::Contains("the bytes the operator moves"), odo::InputError);
    CHECK_THROWS_WITH_AS(odo::bench::measure_host_roofline([] {}, 64, {9, 2000}),
                         doctest::Contains("at least 10 rounds"), odo::InputError);
}
