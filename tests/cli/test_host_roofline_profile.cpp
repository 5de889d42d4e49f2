// odo_profile --host-roofline end to end on tests/bench_example: the runner times one case against
// a memcpy of its declared bytes, odo_profile classifies the record against the ridge, and the
// record it keeps imports to the same evidence. The figures are real timings of a shared machine,
// so the tests move the ridge to 0 % and 1000 % instead of expecting a side of it.
#include "temp_dir.hpp"
#include "text_helpers.hpp"

#include <odo/core/file.hpp>
#include <odo/core/process.hpp>
#include <odo/profile/host_roofline_record.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace {

const std::string roofline_case = "example_basic[InOutDataType=uint8][shape=1x256x256][passes=1]";

odo::ProcessResult roofline_profile(std::vector<std::string> args) {
    args.insert(args.begin(), {"CVCUDA_BENCH_WARMUP_CAP=2", ODO_PROFILE});
    return odo::run_process("/usr/bin/env", args, {{}, std::chrono::seconds(120), {}, {}});
}

std::vector<std::string> live_roofline(std::vector<std::string> extra) {
    std::vector<std::string> args{"--bench",         ODO_BENCH_EXAMPLE, "--case", roofline_case,
                                  "--host-roofline", "--rounds",        "10"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

// The output without its Profiler line, which names where the record came from.
std::string without_profiler_line(const std::string& out) {
    std::string kept;
    for (std::string_view line : odo::text::lines(out))
        if (!odo::text::starts_with(line, "Profiler: "))
            kept += std::string(line) + "\n";
    return kept;
}

using odo::testing::contains;

} // namespace

TEST_CASE("odo_profile --host-roofline: at the ridge, every evidence line; the record imports") {
    const TempDir dir;
    const std::string record = (dir.path() / "roofline.json").string();
    const auto run = roofline_profile(live_roofline({"--ridge-pct", "0", "--record", record}));
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    CHECK(odo::text::starts_with(run.out, "Case: " + roofline_case + "\n"));
    CHECK(contains(run.out, "Profiler: odo host roofline (10 alternating rounds of "));
    CHECK(contains(run.out, " calls, thread-cpu time; record " + record + ")\n"));
    CHECK(contains(run.out, "Classification: "));
    CHECK(contains(run.out, "Ceiling: "));
    CHECK(contains(run.out, "Profile evidence: odo's host roofline measured "));
    CHECK(contains(run.out, ", at ridge (ceiling "));
    CHECK(contains(run.out, "Lead exhaustion: odo's host roofline measured "));
    const auto f = odo::profile::parse_host_roofline(odo::read_file(record), record);
    CHECK(f.case_key == roofline_case);
    CHECK(f.op == "example");
    CHECK(f.bytes_moved == 2 * 65536);
    CHECK(f.rounds == 10);

    const auto imported = roofline_profile(
        {"import", "--host-roofline", record, "--case", roofline_case, "--ridge-pct", "0"});
    CHECK(imported.exit_code == 0);
    CHECK(contains(imported.out, "Profiler: odo host roofline (10 alternating rounds of "));
    CHECK(contains(imported.out, " calls, thread-cpu time; imported " + record + ")\n"));
    CHECK(without_profiler_line(imported.out) == without_profiler_line(run.out));
}

TEST_CASE("odo_profile --host-roofline: below the ridge there is no Lead exhaustion line") {
    const auto run = roofline_profile(live_roofline({"--ridge-pct", "1000", "--format", "json"}));
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    CHECK(contains(run.out, "\"at_ridge\": false"));
    CHECK(contains(run.out, "\"ridge_pct\": 1000"));
    CHECK(contains(run.out, "\"lead_exhaustion\": null"));
    CHECK(contains(run.out, "\"bwutil_pct\": "));
}

TEST_CASE("odo_profile --host-roofline: a failing benchmark is exit 1, bad records exit 2") {
    const TempDir dir;
    // A case the config does not hold: the benchmark refuses it (exit 2), odo_profile says so.
    const auto failed = roofline_profile({"--bench", ODO_BENCH_EXAMPLE, "--case",
                                          "example_basic[InOutDataType=int7]", "--host-roofline",
                                          "--rounds", "10"});
    CHECK(failed.exit_code == 1);
    CHECK(contains(failed.err, "--host-roofline: exit 2; "));

    const std::string record = (dir.path() / "roofline.json").string();
    REQUIRE(roofline_profile(live_roofline({"--record", record})).exit_code == 0);
    std::string text = odo::read_file(record);
    const auto other_case = roofline_profile(
        {"import", "--host-roofline", record, "--case", "example_basic[InOutDataType=float32]"});
    CHECK(other_case.exit_code == 2);
    CHECK(contains(other_case.err, "the record measured " + roofline_case));

    // A typed BWUtil that the two medians do not give is refused, naming the file.
    const std::size_t at = text.find("\"bwutil\": ");
    REQUIRE(at != std::string::npos);
    text.insert(at + 10, "9");
    const auto forged = dir.write("forged.json", text);
    const auto refused = roofline_profile({"import", "--host-roofline", forged.string()});
    CHECK(refused.exit_code == 2);
    CHECK(contains(refused.err, forged.string() + ": 'bwutil' "));

    const auto usage = roofline_profile({"--bench", ODO_BENCH_EXAMPLE, "--case", roofline_case,
                                         "--host-roofline", "--profiler", "ncu"});
    CHECK(usage.exit_code == 2);
    const auto stray = roofline_profile(
        {"--bench", ODO_BENCH_EXAMPLE, "--case", roofline_case, "--record", record});
    CHECK(stray.exit_code == 2);
    CHECK(contains(stray.err, "--rounds and --record belong to --host-roofline"));
}
