// odo_profile's command bodies called in-process: an import of saved profiler output prints what
// the CLI prints, and a live run refuses a bench that is no executable before running anything.
#include "fixture.hpp"
#include "temp_dir.hpp"

#include <odo/core/error.hpp>
#include <odo/core/json_read.hpp>
#include <odo/profile/profile_import.hpp>
#include <odo/profile/profile_run.hpp>

#include <doctest/doctest.h>

#include <sstream>
#include <string>

namespace {

struct ImportOutput {
    int code = -1;
    std::string out, err;
};

ImportOutput import_printed(const odo::profile::ProfileImportOptions& o, double ridge_pct = 80) {
    std::ostringstream out, err;
    ImportOutput p;
    p.code = odo::profile::import_profile(o, ridge_pct, out, err);
    p.out = out.str();
    p.err = err.str();
    return p;
}

} // namespace

TEST_CASE("import_profile: an ncu export is classified and its evidence printed, exit 0") {
    odo::profile::ProfileImportOptions o;
    o.ncu = profile_data_path("ncu_details_cc100_superbench.csv");
    o.case_key = "gemm[M=4096]";
    const ImportOutput p = import_printed(o);
    CHECK(p.code == 0);
    CHECK(p.err.empty());
    CHECK(p.out.rfind("Case: gemm[M=4096]\nProfiler: ncu (version not in the export; imported " +
                          o.ncu +
                          ")\nClassification: issue-bound (Memory SOL 21.7%, Compute SOL 23.6%, "
                          "both below 60.0%: latency or instruction issue bounds)\n",
                      0) == 0);
    o.format = "json";
    const ImportOutput json = import_printed(o);
    CHECK(odo::json::parse(json.out, "out").at("classification").at("bottleneck") == "issue-bound");
}

TEST_CASE("import_profile: a sanitizer log's runs and verdict; errors are exit 1") {
    odo::profile::ProfileImportOptions o;
    o.sanitizer = profile_data_path("sanitizer_nvtx_naming_two_runs.txt");
    const ImportOutput p = import_printed(o);
    CHECK(p.code == 1);
    CHECK(p.out.find("Run 2: 1 error (1x Unused memory in allocation") != std::string::npos);
    CHECK(p.out.find("Verdict: errors reported\n") != std::string::npos);
    o.sanitizer = fixture_path("sanitizer_synccheck_clean.txt");
    CHECK(import_printed(o).code == 0);
}

TEST_CASE("import_profile: a host roofline record against the ridge; another case is refused") {
    TempDir dir;
    odo::profile::ProfileImportOptions o;
    o.host_roofline =
        dir.write("r.json", R"({"case": "k[a=1]", "operator": "example", "bytes_moved": 131072,)"
                            R"( "rounds": 300, "calls_per_round": 7, "operator_median_us": 5,)"
                            R"( "memcpy_median_us": 4.5, "bwutil": 0.9, "clock": "thread-cpu",)"
                            R"( "largest_cache_bytes": 0})")
            .string();
    const ImportOutput p = import_printed(o);
    CHECK(p.code == 0);
    CHECK(p.out.find("Case: k[a=1]\nProfiler: odo host roofline (300 alternating rounds of 7 "
                     "calls, thread-cpu time; imported " +
                     o.host_roofline + ")\n") == 0);
    CHECK(p.out.find("Lead exhaustion: ") != std::string::npos);
    CHECK(import_printed(o, 95).out.find("Lead exhaustion: ") == std::string::npos);
    o.case_key = "k[a=2]";
    CHECK_THROWS_AS(import_printed(o), odo::InputError);
}

TEST_CASE("run_profile: a bench that is no executable file is bad input, nothing runs") {
    TempDir dir;
    odo::profile::ProfileRunOptions o;
    o.bench = dir.write("bench", "not a program").string();
    o.case_key = "k[a=1]";
    std::ostringstream out, err;
    CHECK_THROWS_WITH_AS(odo::profile::run_profile(o, out, err),
                         ("--bench " + o.bench + ": not an executable file").c_str(),
                         odo::InputError);
    CHECK(out.str().empty());
}
