// A C++-only op library (odo-layout.json: {"languages": ["cpp"]}) end to end: odo_baseline
// imports and validates C++-only rows and refuses Python figures; preflight passes PRE-3; the
// summary has no Python columns and the evidence phase reports ODO-12 N-A.
#include "cli_support.hpp"
#include "temp_repo.hpp"

#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace {

using odo::testing::TempRepo;

const std::string invert_cfg = "bench/config/operators/invert.json";
const std::string flip_cfg = "bench/config/operators/flip.json";

std::string pretty(const boost::json::value& doc) {
    odo::json::DumpOptions o;
    o.indent = 4;
    return odo::json::dumps(doc, o) + "\n";
}

// Removes every Python figure (and the paired gap) from a committed config's rows.
void strip_python(const TempRepo& repo, const std::string& path) {
    boost::json::value doc = odo::json::parse(repo.read(path), path);
    for (auto& config : doc.as_object()["configs"].as_object())
        for (auto& c : config.value().as_object()["baselines"].as_object())
            for (auto& sku : c.value().as_object())
                for (const char* field : {"gpu_time_us_python", "gpu_noise_us_python",
                                          "gpu_bwutil_python", "gpu_gap_stddev_us"})
                    sku.value().as_object().erase(field);
    repo.write(path, pretty(doc));
}

// A bare run artifact re-measuring every committed row of invert.json: C++ figures, one run.
boost::json::object invert_artifact(const TempRepo& repo) {
    const boost::json::value doc = odo::json::parse(repo.read(invert_cfg), invert_cfg);
    boost::json::object artifact;
    for (const auto& config : doc.at("configs").as_object())
        for (const auto& c : config.value().at("baselines").as_object()) {
            boost::json::object skus;
            for (const auto& sku : c.value().as_object()) {
                boost::json::object row = sku.value().as_object();
                row["n_runs"] = 1;
                skus[sku.key()] = std::move(row);
            }
            artifact[c.key()] = std::move(skus);
        }
    return artifact;
}

odo::ProcessResult baseline_tool(const TempRepo& repo, const std::vector<std::string>& args) {
    return odo::testing::run_in(repo.root(), ODO_BASELINE_TOOL, args);
}

using odo::testing::optimize_op;

const boost::json::value& finding(const boost::json::value& report, const std::string& id) {
    for (const auto& f : report.at("findings").as_array())
        if (f.at("id").as_string() == id)
            return f;
    throw std::logic_error("no finding " + id);
}

} // namespace

TEST_CASE("a C++-only library commits, validates and gates C++-only baselines") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    repo.write("odo-layout.json", R"({"languages": ["cpp"]})"
                                  "\n");
    repo.write("cvcuda-layout.json", "{}\n");
    strip_python(repo, invert_cfg);
    strip_python(repo, flip_cfg);
    repo.commit("a C++-only library");

    // odo_baseline finds the layout at the repository's top level; CV-CUDA's wants Python.
    auto r = baseline_tool(repo, {"validate"});
    INFO(r.err);
    CHECK(r.exit_code == 0);
    r = baseline_tool(repo, {"validate", "--layout", "cvcuda-layout.json"});
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("missing field(s) gpu_time_us_python") != std::string::npos);

    // C++-only artifacts of two runs import; the rows they write validate.
    repo.write("run.json", odo::json::dumps(invert_artifact(repo)));
    repo.write("run2.json", odo::json::dumps(invert_artifact(repo)));
    r = baseline_tool(repo, {"import", "--from", "run.json", "--from", "run2.json"});
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("[python]") == std::string::npos);
    CHECK(repo.read(invert_cfg).find("\"n_runs\": 2") != std::string::npos);
    CHECK(baseline_tool(repo, {"validate"}).exit_code == 0);

    // Python figures are bad input for a library without a binding: the file and the row named.
    boost::json::object python = invert_artifact(repo);
    auto& row = python.begin()->value().as_object().begin()->value().as_object();
    row["gpu_time_us_python"] = 150.0;
    row["gpu_noise_us_python"] = 1.0;
    row["gpu_bwutil_python"] = 0.5;
    repo.write("run_py.json", odo::json::dumps(python));
    r = baseline_tool(repo, {"import", "--from", "run_py.json"});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("run_py.json: " + std::string(python.begin()->key())) != std::string::npos);
    CHECK(r.err.find("python fields are not allowed: the layout declares no Python entry point") !=
          std::string::npos);
    r = baseline_tool(repo, {"import", "--nvbench", "python:invert_basic:out.csv", "--power-cap-w",
                             "350", "--locked-sm-clock-mhz", "1095"});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("--nvbench python:invert_basic:out.csv: the layout declares no Python "
                     "binding") != std::string::npos);
    repo.remove("run.json");
    repo.remove("run2.json");
    repo.remove("run_py.json");
    repo.commit("bench(invert): C++-only re-measurement");

    // Preflight: PRE-3 judges the rows as validate does; PRE-5 needs no binding.
    r = optimize_op(repo, {"Invert", "--phase", "preflight", "--format", "json"});
    auto report = odo::json::parse(r.out, "stdout");
    CHECK(finding(report, "PRE-3").at("status") == "PASS");
    CHECK(finding(report, "PRE-5").at("status") == "PASS");
    CHECK(std::string(finding(report, "PRE-5").at("evidence").as_string()).find("binding") ==
          std::string::npos);

    // A campaign: the summary reports C++ timing only; python_overhead is refused.
    repo.git({"checkout", "-q", "-b", "campaign"});
    repo.write("src/cvcuda/priv/OpInvert.cu", repo.read("src/cvcuda/priv/OpInvert.cu") + "//\n");
    repo.commit("perf(invert): faster");
    const boost::json::value doc = odo::json::parse(repo.read(invert_cfg), invert_cfg);
    const std::string first_case(
        doc.at("configs").as_object().begin()->value().at("baselines").as_object().begin()->key());
    repo.write("cases.txt", first_case + "\n");
    std::vector<std::string> summary{"Invert",
                                     "--phase",
                                     "summary",
                                     "--benchmark-base",
                                     "main",
                                     "--optimized-cases-file",
                                     "cases.txt",
                                     "--state",
                                     "provisional",
                                     "--bottleneck",
                                     "Memory-bound",
                                     "--profile-evidence",
                                     "ncu measured 91% DRAM throughput.",
                                     "--out",
                                     "mr.md"};
    r = optimize_op(repo, summary);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const std::string description = repo.read("mr.md");
    CHECK(description.find("ython") == std::string::npos);
    summary.insert(summary.end(), {"--impact-metric", "python_overhead"});
    r = optimize_op(repo, summary);
    CHECK(r.exit_code == 2);
    CHECK(r.err == "optimize-op summary: impact_metric python_overhead needs Python timings, but "
                   "the layout declares no Python binding (languages: cpp)\n");
    CHECK(repo.read("mr.md") == description);

    r = optimize_op(repo,
                    {"Invert", "--phase", "evidence", "--results", "mr.md", "--format", "json"});
    report = odo::json::parse(r.out, "stdout");
    CHECK(finding(report, "ODO-7").at("status") == "PASS");
    CHECK(finding(report, "ODO-12").at("status") == "N-A");
    CHECK(finding(report, "ODO-12").at("summary") ==
          "Python-overhead significance gate applies only to a library with a Python binding");
    CHECK(finding(report, "ODO-12").at("evidence") == "layout languages=cpp");
}
