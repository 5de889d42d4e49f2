// odo_campaign_notes, the example campaign's note writer: the bottleneck and ridge decision from a
// roofline file, the checklist completed only from files that say so, and its refusals.
#include "temp_repo.hpp"

#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>
#include <odo/surface/case_expansion.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#ifdef ODO_CAMPAIGN_NOTES

namespace {

using odo::testing::TempRepo;

const std::string key = "invert_uchar3_basic[InOutDataType=uchar3][shape=2x160x240][layout=NHWC]"
                        "[inputKind=Tensor]";

odo::ProcessResult notes(const TempRepo& dir, std::vector<std::string> args) {
    return odo::testing::run_in(dir.root(), ODO_CAMPAIGN_NOTES, args);
}

std::string roofline(double op_us, double memcpy_us, const std::string& measured = key,
                     long cache_bytes = 0) {
    return "{\"case\": \"" + measured + "\", \"operator_median_us\": " + std::to_string(op_us) +
           ", \"memcpy_median_us\": " + std::to_string(memcpy_us) +
           ", \"bwutil\": " + std::to_string(memcpy_us / op_us) +
           ", \"bytes_moved\": 460800, \"largest_cache_bytes\": " + std::to_string(cache_bytes) +
           "}\n";
}

const std::string varshape_key = "invert_uchar3_basic[InOutDataType=uchar3][shape=2x160x240]"
                                 "[layout=NHWC][inputKind=VarShape]";
const std::string fake_key = "invert_planar_compare_uchar3_advanced[InOutDataType=uchar3][shape="
                             "2x160x240][layout=NCHW_FAKE][inputKind=Tensor]";
const std::string planar_key = "invert_planar_compare_uchar3_advanced[InOutDataType=uchar3][shape="
                               "2x160x240][layout=NCHW][inputKind=Tensor]";

// The example's Invert config with a HOST_VM row for every case: `time_us` for the measured case,
// the FakePlanar case `fake_us`, its Planar pair `planar_us`, every other case 100 us.
std::string baselines(double time_us, double fake_us, double planar_us) {
    const std::string path = ODO_SOURCE_DIR "/examples/oplib/bench/config/operators/invert.json";
    boost::json::value doc = odo::json::parse(odo::read_file(path), path);
    for (auto& [config_key, entry] : doc.at("configs").as_object()) {
        boost::json::object rows;
        for (const auto& k : odo::surface::expected_case_keys(config_key, entry.as_object())) {
            const std::string s = k.str();
            const double us = s == key          ? time_us
                              : s == fake_key   ? fake_us
                              : s == planar_key ? planar_us
                                                : 100.0;
            rows[s] = boost::json::object{
                {"HOST_VM", boost::json::object{
                                {"n_runs", 2}, {"gpu_time_us_cpp", us}, {"gpu_bwutil_cpp", 0.0}}}};
        }
        entry.as_object()["baselines"] = std::move(rows);
    }
    return odo::json::dumps(doc, {4, false, true}) + "\n";
}

// One run artifact of `key` on HOST_VM, as the host backend writes it.
std::string artifact(double us, const std::string& clock = "thread-cpu") {
    return R"({"schema_version": 1, "run_metadata": {"gpu_name": null, "timing": "batch", )"
           R"("clock": ")" +
           clock + R"("}, "baselines": {")" + key +
           R"(": {"HOST_VM": {"n_runs": 1, )"
           R"("gpu_time_us_cpp": )" +
           std::to_string(us) + "}}}}\n";
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

const std::string tensor_line = "`assert output == reference` in `TestOpInvert.correct_output`: "
                                "8/8 variants passed";
const std::string varshape_line =
    "`assert output == reference` in `TestOpInvert.varshape_correct_output`: 2/2 variants passed "
    "(uchar3 VarShape of 3 sizes, float3 VarShape of 3 sizes)";

std::string pixel_log(bool with_varshape) {
    const std::string item = "- [x] **Pixelwise equality to reference**" + dash;
    return item + tensor_line + "\n" + (with_varshape ? item + varshape_line + "\n" : "") +
           "[doctest] test cases: 12 | 12 passed | 0 failed | 0 skipped\n";
}

// A campaign folder with every file `complete` reads; the roofline decides the ridge.
void lay_out(const TempRepo& dir, double op_us, double memcpy_us) {
    dir.write("art/invert-roofline.json", roofline(op_us, memcpy_us));
    dir.write("art/invert-baselines-before.json", baselines(700, 1000, 500));
    dir.write("art/invert-baselines-after.json", baselines(6.4, 990, 10));
    dir.write("art/invert-before/case1-cpp-1.json", artifact(690));
    dir.write("art/invert-before/case1-cpp-2.json", artifact(710));
    dir.write("art/invert-after/case1-cpp-1.json", artifact(6.2));
    dir.write("art/invert-after/case1-cpp-2.json", artifact(6.6));
    dir.write("art/optimized-cases.txt", key + "\n" + varshape_key + "\n");
    dir.write("art/footprint-before.json", footprint(100));
    dir.write("art/footprint-after.json", footprint(100));
    dir.write("art/pixel-tests.txt", pixel_log(true));
    dir.write("art/refactor-assess.md",
              "## verdict\n**ADVISORY** \xE2\x80\x94 PASS=9\n\nReview/refactor gate evidence: "
              "`refactor_op Invert --phase assess` on sources 0123456789abcdef: ADVISORY "
              "\xE2\x80\x94 PASS=9; open: none\n");
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
    CHECK(r.err.find("needs >= 80% BWUtil; this run measured 71%") != std::string::npos);
    CHECK(r.err.find("Measure leads") != std::string::npos);
    CHECK(dir.read("mr.md") == open_description());

    dir.write("art/invert-roofline.json", roofline(5.5, 5.0));
    REQUIRE(notes(dir, profile_args).exit_code == 0);
    r = notes(dir, complete_args);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const std::string done = dir.read("mr.md");
    CHECK(done.find("- [ ]") == std::string::npos);
    CHECK(done.find("float3 VarShape of 3 sizes); 12/12 test cases passed") != std::string::npos);
    CHECK(done.find("0 B peak increase, no new allocations in the operator call: no regression") !=
          std::string::npos);
    CHECK(done.find("from 700.0 us to 6.4 us (109.38x)") != std::string::npos);
    CHECK(done.find("(`refactor-assess.md`): `refactor_op Invert --phase assess` on sources "
                    "0123456789abcdef: ADVISORY") != std::string::npos);
    CHECK(done.find("## Memory footprint\nPeak attributable increase: 0 B\n") != std::string::npos);

    // Failing tests in the log: nothing is checked.
    dir.write("mr.md", open_description());
    std::string failing = pixel_log(true);
    failing.replace(failing.find("12 passed | 0 failed"), 20, "11 passed | 1 failed");
    dir.write("art/pixel-tests.txt", failing);
    r = notes(dir, complete_args);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("pixel-tests.txt: the tests did not all pass") != std::string::npos);
    CHECK(dir.read("mr.md") == open_description());
}

namespace {

// A config folder with the example's Invert config and a SKU map of HOST_VM, and one run
// artifact of `key` per figure in `dir`: time and noise in µs.
void lay_out_lead(const TempRepo& dir, const std::string& folder,
                  const std::vector<std::pair<double, double>>& runs) {
    dir.write("cfg/operators/invert.json",
              odo::read_file(ODO_SOURCE_DIR "/examples/oplib/bench/config/operators/invert.json"));
    dir.write("cfg/sku_map.json", R"({"entries": [{"gpu_name": "vm", "power_cap_w": 0, )"
                                  R"("locked_sm_clock_mhz": 0, "stem": "HOST_VM"}]})");
    int n = 0;
    for (const auto& [us, noise] : runs)
        dir.write(folder + "/run" + std::to_string(++n) + ".json",
                  R"({"schema_version": 1, "baselines": {")" + key +
                      R"(": {"HOST_VM": {"n_runs": 1, "gpu_time_us_cpp": )" + std::to_string(us) +
                      R"(, "gpu_noise_us_cpp": )" + std::to_string(noise) +
                      R"(, "gpu_bwutil_cpp": 0.5}}}}
)");
}

odo::ProcessResult lead(const TempRepo& dir, const std::string& name, const std::string& runs) {
    return notes(dir, {"lead", "--campaign", "art", "--operator", "Invert", "--case", key, "--lead",
                       name, "--before", "yardstick", "--after", runs, "--config-dir", "cfg"});
}

} // namespace

TEST_CASE(
    "odo_campaign_notes lead: odo decides win or strike; the third strike exhausts the leads") {
    TempRepo dir;
    lay_out(dir, 7.0, 5.0); // below the ridge
    REQUIRE(notes(dir, {"profile", "--campaign", "art", "--operator", "Invert", "--case", key,
                        "--ridge-pct", "80"})
                .exit_code == 0);
    CHECK(dir.read("art/lead-exhaustion.txt")
              .find(": below the ridge (needs >= 80% BWUtil; this run measured 71%") !=
          std::string::npos);
    lay_out_lead(dir, "yardstick", {{100, 1}, {101, 1}});
    lay_out_lead(dir, "faster", {{80, 1}, {81, 1}});
    lay_out_lead(dir, "same", {{99.5, 1}, {100.5, 1}});

    auto r = lead(dir, "a real gain", "faster");
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.rfind("win: a real gain: the target speedup 19.9% (noise band ", 0) == 0);
    for (const char* name : {"noise one", "noise two"}) {
        r = lead(dir, name, "same");
        REQUIRE(r.exit_code == 0);
        CHECK(r.out.rfind(std::string("strike: ") + name, 0) == 0);
        CHECK(r.out.find("not faster beyond the noise both runs measured") != std::string::npos);
    }
    CHECK(r.out.find("2 strike(s) since the last win") != std::string::npos);
    CHECK(dir.read("art/lead-exhaustion.txt").find("below the ridge (needs") != std::string::npos);
    CHECK(notes(dir, complete_args).exit_code == 1); // two strikes exhaust nothing

    r = lead(dir, "noise three", "same");
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("leads exhausted: three strikes after the last win") != std::string::npos);
    const std::string exhausted = dir.read("art/lead-exhaustion.txt");
    CHECK(exhausted.find("three failed leads (3 strikes) after the last win on `" + key +
                         "`, measured at") != std::string::npos);
    CHECK(exhausted.find("(noise one), ") != std::string::npos);
    CHECK(exhausted.find("a real gain") == std::string::npos);
    CHECK(exhausted.find("`invert-leads.jsonl`") != std::string::npos);
    const std::string records = dir.read("art/invert-leads.jsonl");
    CHECK(std::count(records.begin(), records.end(), '\n') == 4);
    CHECK(records.find(R"("outcome": "win")") != std::string::npos);

    r = notes(dir, complete_args);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const std::string done = dir.read("mr.md");
    CHECK(done.find("- [x] **Lead exhaustion**" + dash) != std::string::npos);
    CHECK(done.find("the leads measured after it: a real gain (win, ") != std::string::npos);
}

TEST_CASE("odo_campaign_notes lead: a lead that cannot be judged is refused, not counted") {
    TempRepo dir;
    lay_out(dir, 7.0, 5.0);
    REQUIRE(notes(dir, profile_args).exit_code == 0);
    lay_out_lead(dir, "yardstick", {{100, 1}, {101, 1}});
    dir.write("empty/.keep", "");
    auto r = lead(dir, "nothing measured", "empty");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("no *.json artifact") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir.root() / "art/invert-leads.jsonl"));
    r = notes(dir, {"profile", "--campaign", "art", "--operator", "Invert", "--case", key,
                    "--ridge-pct", "eighty"});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("--ridge-pct: expected a percentage") != std::string::npos);
}

TEST_CASE("odo_campaign_notes profile: says what the roofline is and where the figure comes from") {
    TempRepo dir;
    lay_out(dir, 3.8, 4.3); // 113 %: faster than the same-bytes copy
    dir.write("art/invert-roofline.json", roofline(3.8, 4.3, key, 503316480));
    REQUIRE(notes(dir, profile_args).exit_code == 0);
    const std::string evidence = dir.read("art/profile-evidence.txt");
    CHECK(evidence.find("113% BWUtil") != std::string::npos);
    CHECK(evidence.find("the 460800 B moved per call fit the 503316480 B largest cache, so the "
                        "workload is cache-resident") != std::string::npos);
    CHECK(evidence.find("committed at 6.40 us over 2 runs (`bench/config/operators/invert.json`, "
                        "copied to `invert-baselines-after.json`)") != std::string::npos);
    CHECK(dir.read("art/lead-exhaustion.txt")
              .find("ceiling 0.88x (under 1x: no headroom left against this roofline)") !=
          std::string::npos);

    dir.write("art/invert-roofline.json", roofline(3.8, 4.3, key, 4096)); // a DRAM-sized workload
    REQUIRE(notes(dir, profile_args).exit_code == 0);
    CHECK(dir.read("art/profile-evidence.txt").find("cache-resident") == std::string::npos);
    CHECK(dir.read("art/profile-evidence.txt").find("not a DRAM bandwidth") != std::string::npos);
}

TEST_CASE("odo_campaign_notes complete: every pixel test quoted, the measurement explained") {
    TempRepo dir;
    lay_out(dir, 5.5, 5.0);
    REQUIRE(notes(dir, profile_args).exit_code == 0);
    auto r = notes(dir, complete_args);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const std::string done = dir.read("mr.md");
    CHECK(done.find(tensor_line + "; " + varshape_line + "; 12/12 test cases passed") !=
          std::string::npos);
    const auto section = done.find("## How the figures were measured\n");
    REQUIRE(section != std::string::npos);
    const std::string notes_text = done.substr(section);
    INFO(notes_text);
    CHECK(notes_text.find("`HOST_VM` is this machine's CPU") != std::string::npos);
    CHECK(notes_text.find("- Timing: `batch` (each sample times a batch of back-to-back calls; a "
                          "figure is the mean per call), clock `thread-cpu`") != std::string::npos);
    CHECK(notes_text.find("`bench/config/operators/invert.json` at the summary's base and "
                          "candidate commits") != std::string::npos);
    CHECK(notes_text.find("Interleaved / Planar compares 3 pairs of cases, FakePlanar / Planar 1 "
                          "pair of cases") != std::string::npos);
    // The FakePlanar row compares one pair: its ratio is said once; the Interleaved row's three
    // pairs are a real min / median / max.
    CHECK(notes_text.find("- One pair of cases, so one ratio, which the table prints as its min, "
                          "median and max alike: FakePlanar / Planar on HOST VM: 2.00x before, "
                          "99.00x after.\n") != std::string::npos);
    CHECK(notes_text.find("Interleaved / Planar on") == std::string::npos);
    CHECK(notes_text.find(
              "1000.00 us / 500.00 us = 2.00x before, 990.00 us / 10.00 us = 99.00x "
              "after. The FakePlanar case went 1.01x faster, the Planar case 50.00x; "
              "the FakePlanar case is the layout-conversion reference, not an optimization "
              "target, so the ratio moves by the quotient of the two speedups "
              "(49.50x).") != std::string::npos);
    CHECK(notes_text.find(
              "| `" + key +
              "` | 690.00 / 710.00 us | 6.20 / 6.60 us | 104.55x \xE2\x80\xA6 114.52x |") !=
          std::string::npos);
}

TEST_CASE("odo_campaign_notes complete: refuses missing VarShape evidence and mixed clocks") {
    TempRepo dir;
    lay_out(dir, 5.5, 5.0);
    REQUIRE(notes(dir, profile_args).exit_code == 0);
    dir.write("art/pixel-tests.txt", pixel_log(false));
    auto r = notes(dir, complete_args);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("pixel-tests.txt: VarShape cases are optimized") != std::string::npos);
    CHECK(dir.read("mr.md") == open_description());

    dir.write("art/pixel-tests.txt", pixel_log(true));
    dir.write("art/invert-after/case1-cpp-2.json", artifact(6.6, "wall"));
    r = notes(dir, complete_args);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("the run artifacts disagree on run_metadata.clock") != std::string::npos);
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
