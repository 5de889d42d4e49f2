// The profiling table's classification, tabulated: each row is a profile and the bottleneck,
// ridge and ceiling it must give.
#include <odo/profile/bottleneck.hpp>

#include <doctest/doctest.h>

#include <optional>
#include <string>

using namespace odo::profile;

namespace {

NcuFigures ncu(std::optional<double> memory, std::optional<double> compute,
               std::optional<double> mean_ns = 40'000) {
    NcuFigures f;
    f.launches = 10;
    f.kernels = 1;
    f.dominant_kernel = "k";
    f.memory_sol_pct = memory;
    f.compute_sol_pct = compute;
    f.mean_duration_ns = mean_ns;
    f.total_duration_ns = mean_ns ? std::optional<double>(*mean_ns * 10) : std::nullopt;
    return f;
}

NsysFigures nsys(double kernel_ns, std::optional<double> range_ns, double launch_ns, double sync_ns,
                 double other_api_ns = 0) {
    NsysFigures f;
    f.kernel_ns = kernel_ns;
    f.kernel_launches = 100;
    f.kernels = 1;
    f.dominant_kernel = "k";
    f.range_ns = range_ns;
    f.launch_api_ns = launch_ns;
    f.launch_calls = 100;
    f.sync_api_ns = sync_ns;
    f.sync_calls = 10;
    f.api_ns = launch_ns + sync_ns + other_api_ns;
    return f;
}

struct Row {
    const char* name;
    ProfileFigures figures;
    Bottleneck expected;
    bool at_ridge;
    std::optional<double> ceiling;
};

} // namespace

TEST_CASE("classification table") {
    const Row rows[] = {
        {"memory SOL at ridge",
         {ncu(93, 21), std::nullopt},
         Bottleneck::MemoryBound,
         true,
         100.0 / 93},
        {"memory SOL below ridge",
         {ncu(70, 30), std::nullopt},
         Bottleneck::MemoryBound,
         false,
         100.0 / 70},
        {"compute SOL at ridge",
         {ncu(22.1, 86.7), std::nullopt},
         Bottleneck::ComputeBound,
         true,
         100.0 / 86.7},
        {"a tie goes to memory",
         {ncu(60, 60), std::nullopt},
         Bottleneck::MemoryBound,
         false,
         100.0 / 60},
        {"60% is bound (inclusive)",
         {ncu(60, 10), std::nullopt},
         Bottleneck::MemoryBound,
         false,
         100.0 / 60},
        {"80% is at ridge (inclusive)",
         {ncu(10, 80), std::nullopt},
         Bottleneck::ComputeBound,
         true,
         100.0 / 80},
        {"only compute SOL reported",
         {ncu(std::nullopt, 75), std::nullopt},
         Bottleneck::ComputeBound,
         false,
         100.0 / 75},
        {"both SOL below 60%",
         {ncu(59.9, 10), std::nullopt},
         Bottleneck::IssueBound,
         false,
         100.0 / 59.9},
        {"both low, short kernels",
         {ncu(20, 10, 2'000), std::nullopt},
         Bottleneck::LaunchOverheadBound,
         false,
         100.0 / 20},
        {"5 us is not short (exclusive)",
         {ncu(20, 10, 5'000), std::nullopt},
         Bottleneck::IssueBound,
         false,
         100.0 / 20},
        {"short kernels at high SOL stay memory-bound",
         {ncu(85, 10, 2'000), std::nullopt},
         Bottleneck::MemoryBound,
         true,
         100.0 / 85},
        {"GPU idle, launches take the host time",
         {ncu(70, 10), nsys(750'400, 3'300'512, 2'100'350, 400'120)},
         Bottleneck::LaunchOverheadBound,
         false,
         100.0 / 70},
        {"GPU idle, synchronization takes the host time",
         {std::nullopt, nsys(100'000, 1'000'000, 10'000, 800'000)},
         Bottleneck::SyncBound,
         false,
         std::nullopt},
        {"no NVTX range: host API time stands in",
         {std::nullopt, nsys(1'000, std::nullopt, 6'000, 3'000)},
         Bottleneck::LaunchOverheadBound,
         false,
         std::nullopt},
        {"GPU busy: the SOL figures decide",
         {ncu(93, 21), nsys(900'000, 1'000'000, 10, 10)},
         Bottleneck::MemoryBound,
         true,
         100.0 / 93},
        {"GPU busy exactly half: kernel-bound",
         {ncu(10, 90), nsys(500, 1'000, 400, 10)},
         Bottleneck::ComputeBound,
         true,
         100.0 / 90},
        {"GPU busy, no ncu",
         {std::nullopt, nsys(900'000, 1'000'000, 10, 10)},
         Bottleneck::Undetermined,
         false,
         std::nullopt},
        {"ncu without SOL figures",
         {ncu(std::nullopt, std::nullopt), std::nullopt},
         Bottleneck::Undetermined,
         false,
         std::nullopt},
        {"no figures", {std::nullopt, std::nullopt}, Bottleneck::Undetermined, false, std::nullopt},
    };
    for (const Row& row : rows) {
        CAPTURE(row.name);
        const Classification c = classify(row.figures);
        CHECK(c.bottleneck == row.expected);
        CHECK(c.at_ridge == row.at_ridge);
        CHECK(c.ceiling.has_value() == row.ceiling.has_value());
        if (c.ceiling && row.ceiling)
            CHECK(*c.ceiling == doctest::Approx(*row.ceiling));
        CHECK_FALSE(c.reason.empty());
    }
}

TEST_CASE("reasons cite the deciding figures and thresholds") {
    CHECK(classify({ncu(93, 21), std::nullopt}).reason ==
          "Memory SOL 93.0%, Compute SOL 21.0%; the busier unit is at or above 60.0%, at ridge "
          "(>= 80.0%)");
    CHECK(classify({ncu(35, 20.06), std::nullopt}).reason ==
          "Memory SOL 35.0%, Compute SOL 20.1%, both below 60.0%: latency or instruction issue "
          "bounds");
    CHECK(classify({ncu(20, std::nullopt, 2'100), std::nullopt}).reason ==
          "mean kernel duration 2.1 us < 5.0 us: launch latency dominates (Memory SOL 20.0%, "
          "Compute SOL n/a)");
    CHECK(classify({std::nullopt, nsys(100'000, 1'000'000, 10'000, 800'000)}).reason ==
          "GPU busy in kernels 10.0% of the case (< 50.0%); host API time 1.2% in launches, "
          "98.8% in synchronization");
    NcuFigures stalled = ncu(35, 20);
    stalled.dominant_stall = "long scoreboard";
    CHECK(classify({stalled, std::nullopt}).reason.find("(dominant stall long scoreboard)") !=
          std::string::npos);
    CHECK(classify({std::nullopt, nsys(900, 1'000, 1, 1)}).reason.find("needs ncu") !=
          std::string::npos);
}

TEST_CASE("thresholds are data") {
    BottleneckThresholds t;
    t.bound_sol_pct = 50;
    t.ridge_sol_pct = 54;
    const Classification c = classify({ncu(55, 10), std::nullopt}, t);
    CHECK(c.bottleneck == Bottleneck::MemoryBound);
    CHECK(c.at_ridge);
    t.busy_fraction = 0.95;
    CHECK(classify({ncu(55, 10), nsys(900, 1'000, 50, 10)}, t).bottleneck ==
          Bottleneck::LaunchOverheadBound);
}

TEST_CASE("the ceiling is 100 / max(SOL%)") {
    CHECK(sol_ceiling(93) == doctest::Approx(1.0752688));
    CHECK(sol_ceiling(100) == 1.0);
    CHECK(sol_ceiling(25) == 4.0);
    CHECK_FALSE(sol_ceiling(0));
    CHECK_FALSE(sol_ceiling(-3));
}

TEST_CASE("bottleneck names") {
    CHECK(to_string(Bottleneck::MemoryBound) == "memory-bound");
    CHECK(to_string(Bottleneck::ComputeBound) == "compute-bound");
    CHECK(to_string(Bottleneck::IssueBound) == "issue-bound");
    CHECK(to_string(Bottleneck::LaunchOverheadBound) == "launch-overhead-bound");
    CHECK(to_string(Bottleneck::SyncBound) == "sync-bound");
    CHECK(to_string(Bottleneck::Undetermined) == "undetermined");
}
