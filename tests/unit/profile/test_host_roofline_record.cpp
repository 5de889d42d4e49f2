// The host roofline record read back as a profile: its fields checked, BWUtil against the bound
// and the ridge, and the evidence lines.
#include <odo/core/error.hpp>
#include <odo/profile/host_roofline_record.hpp>

#include <doctest/doctest.h>

#include <string>

namespace {

// A record as odo::bench::host_roofline_json writes it, with `bwutil` the medians' ratio.
std::string roofline_record(double operator_us, double memcpy_us, const std::string& extra = "") {
    return R"({"case": "k[a=1]", "operator": "example", "bytes_moved": 131072, "rounds": 300,)"
           R"( "calls_per_round": 7, "operator_median_us": )" +
           std::to_string(operator_us) + R"(, "memcpy_median_us": )" + std::to_string(memcpy_us) +
           R"(, "bwutil": )" + std::to_string(memcpy_us / operator_us) +
           R"(, "clock": "thread-cpu", "largest_cache_bytes": 0)" + extra + "}";
}

std::string roofline_refusal(const std::string& text) {
    try {
        odo::profile::parse_host_roofline(text, "r.json");
    } catch (const odo::InputError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST_CASE("host roofline record: BWUtil against the bound and the ridge") {
    using namespace odo::profile;
    const auto at = parse_host_roofline(roofline_record(5, 4.5), "r.json");
    const Classification ridge = classify_host_roofline(at);
    CHECK(ridge.bottleneck == Bottleneck::MemoryBound);
    CHECK(ridge.at_ridge);
    CHECK(ridge.reason == "BWUtil 90.0% of a same-bytes memcpy; at or above 60.0%, at ridge "
                          "(>= 80.0%)");
    CHECK(host_ceiling_derivation(ridge) == "1.11x (100 / 90.0% BWUtil)");
    CHECK(host_roofline_evidence(at, ridge) ==
          "odo's host roofline measured 90.0% BWUtil for `k[a=1]` (5.00 us per call against 4.50 "
          "us for a memcpy of the same 131072 B, median of 300 alternating rounds, thread-cpu "
          "time). Classification: memory-bound, at ridge (ceiling 1.11x).");
    CHECK(host_roofline_lead_exhaustion(at, ridge) ==
          "odo's host roofline measured 90.0% BWUtil at ridge for `k[a=1]` (ceiling 1.11x).");

    BottleneckThresholds high;
    high.ridge_sol_pct = 95;
    const Classification below = classify_host_roofline(at, high);
    CHECK_FALSE(below.at_ridge);
    CHECK(below.reason.find("below the ridge (95.0%)") != std::string::npos);
    CHECK_FALSE(host_roofline_lead_exhaustion(at, below));

    const auto slow = parse_host_roofline(roofline_record(10, 4), "r.json");
    CHECK(classify_host_roofline(slow).bottleneck == Bottleneck::ComputeBound);
}

TEST_CASE("host roofline record: a field missing or mistyped, or a typed BWUtil, is refused") {
    CHECK(roofline_refusal("[]") == "r.json: a host roofline record is a JSON object");
    CHECK(roofline_refusal(R"({"case": "k"})") ==
          "r.json: the host roofline record has no 'operator'");
    std::string forged = roofline_record(10, 4);
    forged.replace(forged.find("\"bwutil\": ") + 10, 8, "0.900000");
    CHECK(roofline_refusal(forged) ==
          "r.json: 'bwutil' 0.9000 is not memcpy_median_us / operator_median_us (0.4000)");
    std::string clock = roofline_record(10, 4);
    clock.replace(clock.find("thread-cpu"), 10, "cuda-events");
    CHECK(roofline_refusal(clock) ==
          "r.json: 'clock' 'cuda-events' is not a host clock (thread-cpu, process-cpu, wall)");
    std::string rounds = roofline_record(10, 4);
    rounds.replace(rounds.find("\"rounds\": 300"), 13, "\"rounds\": 3");
    CHECK(roofline_refusal(rounds) == "r.json: 'rounds' must be a whole number >= 10");
}
