// odo_campaign_notes, the example campaign's note writer: the bottleneck and ridge decision from a
// roofline file, the checklist completed only from files that say so, and its refusals.
#include "temp_repo.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#ifdef ODO_CAMPAIGN_NOTES

namespace {

using odo::testing::TempRepo;

const std::string key = "invert_uchar3_basic[InOutDataType=uchar3][shape=2x160x240][layout=NHWC]"
                        "[inputKind=Tensor]";

odo::ProcessResult notes(const TempRepo& dir, std::vector<std::string> args) {
    return odo::testing::run_in(dir.root(), ODO_CAMPAIGN_NOTES, args);
}

std::string roofline(double op_us, double memcpy_us, const std::string& measured = key) {
    return "{\"case\": \"" + measured + "\", \"operator_median_us\": " + std::to_string(op_us) +
           ", \"memcpy_median_us\": " + std::to_string(memcpy_us) +
           ", \"bwutil\": " + std::to_string(memcpy_us / op_us) + "}\n";
}

std::string baselines(double time_us) {
    return R"({"benchmark": "invert", "configs": {"invert_uchar3_basic": {"baselines": {")" + key +
           R"(": {"HOST_VM": {"n_runs": 2, "gpu_time_us_cpp": )" + std::to_string(time_us) +
           R"(, "gpu_bwutil_cpp": 0.0}}}}}})";
}

std::string footprint(unsigned peak) {
    return R"({"schema": "odo-memory-footprint/1", "measurements": [{"workload": "w", )"
           R"("peak_live_bytes": )" +
           std::to_string(peak) +
           R"(, "timed_allocations": 0, "timed_frees": 0, "method": "ledger"}]})";
}

const std::string dash = " \xE2\x80\x94 ";

std::string open_description() {
    std::string text = "## Results\n";
    for (const char* label :
         {"Pixelwise equality to reference", "Memory-footprint checks", "Baselines updated",
          "Baseline validation", "Lead exhaustion", "Review/refactor gate"})
        text += std::string("- [ ] **") + label + "**" + dash + "(add hard evidence)\n";
    return text + "- No optimization attempt has been accepted or rejected yet.\n";
}

// A campaign folder with every file `complete` reads; the roofline decides the ridge.
void lay_out(const TempRepo& dir, double op_us, double memcpy_us) {
    dir.write("art/invert-roofline.json", roofline(op_us, memcpy_us));
    dir.write("art/invert-baselines-before.json", baselines(700));
    dir.write("art/invert-baselines-after.json", baselines(6.4));
    dir.write("art/footprint-before.json", footprint(100));
    dir.write("art/footprint-after.json", footprint(100));
    dir.write("art/pixel-tests.txt",
              "- [x] **Pixelwise equality to reference**" + dash +
                  "`assert output == reference` in `TestOpInvert.correct_output`: 8/8 variants "
                  "passed\n[doctest] test cases: 12 | 12 passed | 0 failed | 0 skipped\n");
    dir.write("mr.md", open_description());
}

const std::vector<std::string> profile_args{"profile", "--campaign", "art", "--operator",
                                            "Invert",  "--case",     key};
const std::vector<std::string> complete_args{"complete",   "--campaign",    "art",
                                             "--operator", "Invert",        "--case",
                                             key,          "--description", "mr.md"};

} // namespace

TEST_CASE("odo_campaign_notes profile: memory-bound at ridge from 80 % BWUtil, else below") {
    TempRepo dir;
    lay_out(dir, 5.5, 5.0); // 91 %
    auto r = notes(dir, profile_args);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(dir.read("art/bottleneck.txt") == "Memory-bound\n");
    CHECK(dir.read("art/lead-exhaustion.txt").find(": at ridge (>= 80% BWUtil)") !=
          std::string::npos);
    CHECK(dir.read("art/profile-evidence.txt").find("91% BWUtil") != std::string::npos);

    dir.write("art/invert-roofline.json", roofline(7.0, 5.0)); // 71 %: bound, not at the ridge
    REQUIRE(notes(dir, profile_args).exit_code == 0);
    CHECK(dir.read("art/bottleneck.txt") == "Memory-bound\n");
    CHECK(dir.read("art/lead-exhaustion.txt").find("below the ridge") != std::string::npos);

    dir.write("art/invert-roofline.json", roofline(10.0, 5.0)); // 50 %
    REQUIRE(notes(dir, profile_args).exit_code == 0);
    CHECK(dir.read("art/bottleneck.txt") == "Compute-bound\n");

    dir.write("art/invert-roofline.json", roofline(5.5, 5.0, "other[InOutDataType=uchar3]"));
    r = notes(dir, profile_args);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("invert-roofline.json: measures another case than") != std::string::npos);
}

TEST_CASE("odo_campaign_notes complete: checks the items from the files, or refuses") {
    TempRepo dir;
    lay_out(dir, 7.0, 5.0); // below the ridge: Lead exhaustion cannot be checked
    REQUIRE(notes(dir, profile_args).exit_code == 0);
    auto r = notes(dir, complete_args);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("Lead exhaustion cannot be checked") != std::string::npos);
    CHECK(dir.read("mr.md") == open_description());

    dir.write("art/invert-roofline.json", roofline(5.5, 5.0));
    REQUIRE(notes(dir, profile_args).exit_code == 0);
    r = notes(dir, complete_args);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const std::string done = dir.read("mr.md");
    CHECK(done.find("- [ ]") == std::string::npos);
    CHECK(done.find("8/8 variants passed; 12/12 test cases passed") != std::string::npos);
    CHECK(done.find("0 B peak increase, no new allocations in the operator call: no regression") !=
          std::string::npos);
    CHECK(done.find("from 700.0 us to 6.4 us (109.38x)") != std::string::npos);
    CHECK(done.find("## Memory footprint\nPeak attributable increase: 0 B\n") != std::string::npos);

    // Failing tests in the log: nothing is checked.
    dir.write("mr.md", open_description());
    dir.write("art/pixel-tests.txt",
              "- [x] **Pixelwise equality to reference**" + dash +
                  "`assert output == reference` in `TestOpInvert.correct_output`: 8/8 passed\n"
                  "[doctest] test cases: 12 | 11 passed | 1 failed | 0 skipped\n");
    r = notes(dir, complete_args);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("pixel-tests.txt: the tests did not all pass") != std::string::npos);
    CHECK(dir.read("mr.md") == open_description());
}

TEST_CASE("odo_campaign_notes: usage errors exit 2 naming the option") {
    TempRepo dir;
    CHECK(notes(dir, {}).exit_code == 2);
    auto r = notes(dir, {"profile", "--campaign", "art"});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("--operator: required") != std::string::npos);
    r = notes(dir, {"profile", "--bogus", "1"});
    CHECK(r.err.find("--bogus: unknown option") != std::string::npos);
}

#endif
