// The allocation ledger, the footprint measurements' JSON, and the `## Memory footprint` section
// they produce, which must pass ODO-9 as the spec states it.
#include "spec_rules.hpp"

#include <odo/profile/allocation_ledger.hpp>
#include <odo/profile/memory_footprint.hpp>

#include <doctest/doctest.h>

#include <string>

using namespace odo::profile;
using Memory = AllocationLedger::Memory;

namespace {

FootprintMeasurement measured(const std::string& workload, std::uint64_t peak,
                              std::uint64_t allocations = 0, std::uint64_t frees = 0) {
    return {workload, peak, allocations, frees, "CUPTI allocation tracking"};
}

} // namespace

TEST_CASE("ledger: live bytes, their peak, and calls inside the timed region") {
    AllocationLedger ledger;
    ledger.allocated(0x1000, 1 << 20, Memory::Device);
    ledger.allocated(0x9000, 4096, Memory::PinnedHost); // not device memory
    ledger.set_timed(true);
    ledger.allocated(0x2000, 4096, Memory::Device);
    ledger.freed(0x2000);
    ledger.set_timed(false);
    ledger.allocated(0x3000, 512, Memory::Device);
    CHECK(ledger.live_bytes() == (1 << 20) + 512);
    CHECK(ledger.peak_bytes() == (1 << 20) + 4096);
    CHECK(ledger.timed_allocations() == 1);
    CHECK(ledger.timed_frees() == 1);
}

TEST_CASE("ledger: a host operator's heap memory is its footprint") {
    AllocationLedger ledger;
    ledger.set_timed(true);
    ledger.allocated(0x1000, 4000, Memory::Host);
    ledger.allocated(0x2000, 24, Memory::Host);
    ledger.freed(0x1000);
    CHECK(ledger.live_bytes() == 24);
    CHECK(ledger.peak_bytes() == 4024);
    CHECK(ledger.timed_allocations() == 2);
    CHECK(ledger.timed_frees() == 1);
}

TEST_CASE("ledger: memory from before the account, and reused addresses") {
    AllocationLedger ledger;
    ledger.set_timed(true);
    ledger.freed(0xdead); // allocated before tracking: a free call, but no bytes to subtract
    CHECK(ledger.live_bytes() == 0);
    CHECK(ledger.timed_frees() == 1);
    ledger.allocated(0x1000, 100, Memory::Device);
    ledger.allocated(0x1000, 300, Memory::Device); // the free was not seen
    CHECK(ledger.live_bytes() == 300);
    CHECK(ledger.peak_bytes() == 300);
    const FootprintMeasurement m = measurement(ledger, "op[a=1]", "test ledger");
    CHECK(m.peak_live_bytes == 300);
    CHECK(m.timed_allocations == 2);
    CHECK(m.timed_calls() == 3);
}

TEST_CASE("measurements round-trip through JSON") {
    const std::vector<FootprintMeasurement> in{measured("resize[a=1]", 1048576, 0, 0),
                                               measured("resize[a=2]", 42, 3, 2)};
    const std::string json = footprints_json(in);
    const auto out = parse_footprints(json, "after.json");
    REQUIRE(out.size() == 2);
    CHECK(out[1].workload == "resize[a=2]");
    CHECK(out[1].peak_live_bytes == 42);
    CHECK(out[1].timed_allocations == 3);
    CHECK(out[1].timed_frees == 2);
    CHECK(out[1].method == "CUPTI allocation tracking");
    CHECK(footprints_json(out) == json);
}

TEST_CASE("unreadable measurement files name the file and the field") {
    CHECK_THROWS_WITH_AS(parse_footprints("[]", "f.json"),
                         doctest::Contains("f.json: not an odo memory footprint file"),
                         odo::InputError);
    CHECK_THROWS_WITH_AS(parse_footprints(R"({"schema": "odo-memory-footprint/1"})", "f.json"),
                         doctest::Contains("'measurements' must be an array"), odo::InputError);
    const std::string head = R"({"schema": "odo-memory-footprint/1", "measurements": [)";
    CHECK_THROWS_WITH_AS(
        parse_footprints(
            head +
                R"({"workload": "w", "peak_live_bytes": -1, "timed_allocations": 0, "timed_frees": 0, "method": "m"}]})",
            "f.json"),
        doctest::Contains("measurements[0]: 'peak_live_bytes' must be a non-negative integer"),
        odo::InputError);
    CHECK_THROWS_WITH_AS(
        parse_footprints(
            head +
                R"({"workload": "a\nb", "peak_live_bytes": 1, "timed_allocations": 0, "timed_frees": 0, "method": "m"}]})",
            "f.json"),
        doctest::Contains("'workload' must be one line"), odo::InputError);
    CHECK_THROWS_WITH_AS(parse_footprints(head + "1]}", "f.json"),
                         doctest::Contains("measurements[0] must be an object"), odo::InputError);
    CHECK_THROWS_AS(parse_footprints("{", "f.json"), odo::InputError);
}

TEST_CASE("no change: 0 B, no new allocations, and ODO-9 passes") {
    const FootprintChange change =
        compare_footprints({measured("resize[a=1]", 1048576)}, {measured("resize[a=1]", 1048576)});
    CHECK(change.increase_bytes == 0);
    CHECK_FALSE(change.new_allocations);
    const std::string section = memory_footprint_section(change);
    CHECK(section == "## Memory footprint\n"
                     "Peak attributable increase: 0 B\n"
                     "New runtime CUDA allocations/frees: no\n"
                     "Evidence: CUPTI allocation tracking of `resize[a=1]`: peak live memory "
                     "1048576 B before the change, 1048576 B after; allocation/free calls inside "
                     "the timed region 0 before, 0 after.\n");
    CHECK(spec::memory_footprint_gate(section).status == "PASS");
    CHECK(spec::memory_footprint_gate("Intro.\n\n" + section + "\n## Next\n").status == "PASS");
}

TEST_CASE("the evidence names the memory as the method measured it, host or device") {
    // The runner's allocation hook counts host allocations: the sentence claims no device memory.
    FootprintMeasurement host = measured("resize[a=1]", 4096);
    host.method = "odo runner allocation hook (global operator new/delete)";
    const FootprintChange change = compare_footprints({host}, {host});
    CHECK(change.evidence ==
          "odo runner allocation hook (global operator new/delete) of `resize[a=1]`: peak live "
          "memory 4096 B before the change, 4096 B after; allocation/free calls inside the timed "
          "region 0 before, 0 after.");
}

TEST_CASE("the largest single increase is declared; decreases elsewhere do not net it") {
    const FootprintChange change = compare_footprints(
        {measured("a[x=1]", 1000), measured("b[x=1]", 9'000'000), measured("c[x=1]", 10)},
        {measured("c[x=1]", 4'010), measured("a[x=1]", 500), measured("b[x=1]", 1'000)});
    CHECK(change.increase_bytes == 4'000);
    CHECK_FALSE(change.new_allocations);
    CHECK(change.evidence.find("of 3 workloads, largest increase on `c[x=1]`") !=
          std::string::npos);
    CHECK(spec::memory_footprint_gate(memory_footprint_section(change)).status == "PASS");
}

TEST_CASE("over 10 MB, or new timed allocations: the section asks ODO-9 for review") {
    const FootprintChange big =
        compare_footprints({measured("a[x=1]", 0)}, {measured("a[x=1]", 10'000'001)});
    const spec::Verdict v = spec::memory_footprint_gate(memory_footprint_section(big));
    CHECK(v.status == "MANUAL");
    CHECK(v.evidence.find("10000001 B exceeds") != std::string::npos);
    const FootprintChange allocating =
        compare_footprints({measured("a[x=1]", 100, 0, 0)}, {measured("a[x=1]", 100, 1, 1)});
    CHECK(allocating.new_allocations);
    const spec::Verdict w = spec::memory_footprint_gate(memory_footprint_section(allocating));
    CHECK(w.status == "MANUAL");
    CHECK(w.evidence.find("allocation/free path") != std::string::npos);
    const FootprintChange same_calls =
        compare_footprints({measured("a[x=1]", 100, 2, 2)}, {measured("a[x=1]", 100, 1, 3)});
    CHECK_FALSE(same_calls.new_allocations);
}

TEST_CASE("measurements that cannot be paired are bad input") {
    CHECK_THROWS_WITH_AS(compare_footprints({}, {measured("a[x=1]", 1)}),
                         doctest::Contains("both builds"), odo::InputError);
    CHECK_THROWS_WITH_AS(compare_footprints({measured("a[x=1]", 1)}, {measured("b[x=1]", 1)}),
                         doctest::Contains("'a[x=1]' measured before the change but not after"),
                         odo::InputError);
    CHECK_THROWS_WITH_AS(
        compare_footprints({measured("a[x=1]", 1)}, {measured("a[x=1]", 1), measured("b[x=1]", 1)}),
        doctest::Contains("'b[x=1]' measured after the change but not before"), odo::InputError);
    CHECK_THROWS_WITH_AS(
        compare_footprints({measured("a[x=1]", 1), measured("a[x=1]", 2)}, {measured("a[x=1]", 1)}),
        doctest::Contains("measured twice"), odo::InputError);
    CHECK_THROWS_WITH_AS(compare_footprints({measured("a`b", 1)}, {measured("a`b", 1)}),
                         doctest::Contains("one-line workload"), odo::InputError);
}
