// odo_baseline end to end on throw-away copies of the op repository fixture (tests/data/oprepo):
// every subcommand, its exit codes and what it writes.
#include "artifact_builder.hpp"
#include "temp_repo.hpp"
#include "text_helpers.hpp"

#include <odo/baseline/operator_file.hpp>
#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>

#include <boost/json.hpp>

#include <doctest/doctest.h>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace {

using odo::testing::TempRepo;

const std::string invert_path = "bench/config/operators/invert.json";
const std::string h100 = "H100_PCIe_350W_1095MHz";

odo::ProcessResult tool(const TempRepo& repo, std::vector<std::string> args) {
    return odo::testing::run_in(repo.root(), ODO_BASELINE_TOOL, args);
}

using odo::testing::contains;

boost::json::value committed(const TempRepo& repo, const std::string& path = invert_path) {
    return odo::baseline::load_operator_file(repo.root() / path).document;
}

// The committed row of `config_key`'s first case for `sku`.
boost::json::object first_committed_row(const TempRepo& repo, const std::string& config_key,
                                        const std::string& sku) {
    const boost::json::value doc = committed(repo);
    return doc.at("configs")
        .at(config_key)
        .at("baselines")
        .as_object()
        .begin()
        ->value()
        .at(sku)
        .as_object();
}

// Rewrites every committed row of `config_key` for `sku` through `edit`.
void edit_rows(const TempRepo& repo, const std::string& config_key, const std::string& sku,
               const std::function<void(boost::json::object&)>& edit) {
    boost::json::value doc = committed(repo);
    for (auto& c : doc.at("configs").at(config_key).at("baselines").as_object())
        edit(c.value().at(sku).as_object());
    repo.write(invert_path, odo::baseline::render_operator_document(doc));
}

void scale_times(boost::json::object& row, double factor) {
    for (const char* field :
         {"gpu_time_us_cpp", "gpu_time_us_python", "gpu_noise_us_cpp", "gpu_noise_us_python"})
        row[field] = row.at(field).as_double() * factor;
}

// An artifact of one fresh run: the committed invert_uchar3_basic rows of `skus`, times scaled
// by `factor(case_key)`, 0.4 % noise.
std::string run_artifact(const TempRepo& repo, const std::vector<std::string>& skus,
                         const std::function<double(const std::string&)>& factor,
                         bool nightly = false) {
    boost::json::object baselines;
    const boost::json::value doc = committed(repo);
    for (const auto& c : doc.at("configs").at("invert_uchar3_basic").at("baselines").as_object()) {
        boost::json::object& rows = baselines[c.key()].emplace_object();
        for (const std::string& sku : skus)
            rows[sku] =
                odo::testing::scaled_artifact_row(c.value().at(sku).as_object(), factor(c.key()));
    }
    return odo::testing::artifact_text(std::move(baselines), {{"is_nightly", nightly}});
}

// nvbench's --csv output of invert_uchar3_basic's four cases on `device`, times scaled by `scale`.
std::string invert_nvbench_csv(const std::string& device, double scale) {
    std::string text = "Benchmark,Device,Device Name,InOutDataType,inputKind,layout,shape,"
                       "Skipped,Samples,CPU Time (sec),Noise,GPU Time (sec),Noise,"
                       "GlobalMem BW (bytes/sec),BWUtil\n";
    const std::vector<std::pair<std::string, double>> cases{{"Tensor,NHWC", 137.25},
                                                            {"VarShape,NHWC", 174.5},
                                                            {"Tensor,NCHW", 211.75},
                                                            {"VarShape,NCHW", 249.0}};
    for (const auto& [axes, us] : cases)
        text += "Invert,0," + device + ",uchar3," + axes + ",8x1080x1920,No,900,2e-4,0.01," +
                odo::python_float_repr(us * scale * 1e-6) + ",0.004,1e12,0.81\n";
    return text;
}

double same(const std::string&) {
    return 1.0;
}

} // namespace

TEST_CASE("odo_baseline: usage, --help for each command, unknown commands") {
    TempRepo repo;
    const auto none = tool(repo, {});
    CHECK(none.exit_code == 2);
    CHECK(contains(none.out, "Commands:"));
    for (const char* command : {"import", "validate", "compare", "drift"}) {
        CAPTURE(command);
        const auto help = tool(repo, {command, "--help"});
        CHECK(help.exit_code == 0);
        CHECK(contains(help.out, std::string("usage: odo_baseline ") + command));
        CHECK(contains(help.out, "--config-dir"));
    }
    const auto unknown = tool(repo, {"refresh"});
    CHECK(unknown.exit_code == 2);
    CHECK(contains(unknown.err, "unknown command 'refresh'"));
    const auto bad_option = tool(repo, {"validate", "--no-such-option"});
    CHECK(bad_option.exit_code == 2);
    CHECK(contains(bad_option.err, "odo_baseline validate: error:"));
}

TEST_CASE("odo_baseline validate: clean fixture passes; a missing SKU and a noisy row fail") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const auto clean = tool(repo, {"validate"});
    CHECK(clean.exit_code == 0);
    CHECK(contains(clean.out, "JSON baseline validation passed (2 file(s), 4 config(s), 12 "
                              "case-keys, 24 case/SKU rows)"));

    edit_rows(repo, "invert_uchar3_basic", h100,
              [](boost::json::object& row) { row["gpu_noise_us_cpp"] = 30.0; });
    boost::json::value doc = committed(repo);
    auto& planar = doc.at("configs").at("invert_planar_compare_uchar3_advanced").at("baselines");
    planar.as_object().begin()->value().as_object().erase(h100);
    repo.write(invert_path, odo::baseline::render_operator_document(doc));
    const auto broken = tool(repo, {"validate"});
    CHECK(broken.exit_code == 1);
    CHECK(contains(broken.err, "invert.json: invert_uchar3_basic[InOutDataType=uchar3]"
                               "[shape=8x1080x1920][layout=NHWC][inputKind=Tensor] " +
                                   h100 + ": C++ noise 21.86% exceeds 10.0%"));
    CHECK(contains(broken.err, "missing SKU baseline(s) ['" + h100 + "']"));
    CHECK(contains(broken.err, "JSON baseline validation failed: 5 issue(s)"));
    // A noisier machine states its limit: the noisy row passes (its noise and the parity it
    // skews), the missing SKU still fails.
    const auto looser = tool(repo, {"validate", "--max-noise-pct", "25"});
    CHECK(looser.exit_code == 1);
    CHECK_FALSE(contains(looser.err, "noise 21.86%"));
    CHECK(contains(looser.err, "JSON baseline validation failed: 1 issue(s)"));
    const auto negative = tool(repo, {"validate", "--max-parity-us", "-1"});
    CHECK(negative.exit_code == 2);
    CHECK(contains(negative.err, "--max-parity-us must be a number from 0 to"));

    const auto flip_only = tool(repo, {"validate", "--operator", "flip"});
    CHECK(flip_only.exit_code == 0);
    CHECK(contains(flip_only.out, "(1 file(s), 2 config(s)"));
    const auto by_path = tool(repo, {"validate", "bench/config/operators/flip.json"});
    CHECK(by_path.exit_code == 0);
    CHECK(contains(by_path.out, "(1 file(s), 2 config(s)"));
    const auto outside = tool(repo, {"validate", "README.md"});
    CHECK(outside.exit_code == 2);
    CHECK(contains(outside.err, "README.md: not an operator config under bench/config/operators"));
    const auto unknown_key = tool(repo, {"validate", "--config-key", "nope"});
    CHECK(unknown_key.exit_code == 2);
    CHECK(contains(unknown_key.err, "--config-key 'nope': no operator config declares it"));
}

TEST_CASE("odo_baseline validate --reject-regressions-from: a 12 % slower row fails") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const auto same_tree = tool(repo, {"validate", "--reject-regressions-from", "main"});
    CHECK(same_tree.exit_code == 0);
    CHECK(contains(same_tree.out, "compared 48 same-key row(s) vs main: 0 regressed beyond 10.0%, "
                                  "0 cannot tell, 0 new (not comparable)"));

    edit_rows(repo, "invert_uchar3_basic", h100,
              [](boost::json::object& row) { scale_times(row, 1.12); });
    const auto slower = tool(repo, {"validate", "--reject-regressions-from", "main"});
    CHECK(slower.exit_code == 1);
    CHECK(contains(slower.out, "JSON baseline validation passed"));
    CHECK(contains(slower.err, "invert.json: " + h100 +
                                   " invert_uchar3_basic [cpp] "
                                   "(InOutDataType=uchar3, shape=8x1080x1920, layout=NHWC, "
                                   "inputKind=Tensor): same-key baseline regressed +12.00% vs main "
                                   "(137.25 -> 153.72 us, case=invert_uchar3_basic"));
    CHECK(contains(slower.out, "8 regressed beyond 10.0%"));

    const auto looser = tool(
        repo, {"validate", "--reject-regressions-from", "main", "--max-regression-pct", "12.5"});
    CHECK(looser.exit_code == 0);
    const auto allowed =
        tool(repo, {"validate", "--reject-regressions-from", "main", "--allow-regressions"});
    CHECK(allowed.exit_code == 0);
    CHECK(contains(allowed.err, "are not checked"));
    const auto no_ref = tool(repo, {"validate", "--reject-regressions-from", "no-such-ref"});
    CHECK(no_ref.exit_code == 2);
    CHECK(contains(no_ref.err, "ref 'no-such-ref' does not resolve to a commit"));
    CHECK(tool(repo, {"validate", "--allow-regressions"}).exit_code == 2);
}

TEST_CASE("odo_baseline import: writes changed files, byte-stable and idempotent") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    repo.write("runs/a100.json", run_artifact(repo, {"A100_PCIE_40GB_250W_1095MHz"}, same));
    repo.write("runs/h100.json",
               run_artifact(repo, {h100}, [](const std::string&) { return 1.01; }));
    const auto first = tool(repo, {"import", "--from", "runs", "--write-summary", "summary.md"});
    CHECK(first.exit_code == 0);
    CHECK(
        contains(first.out, "invert.json: 8 case/SKU row(s) for ['A100_PCIE_40GB_250W_1095MHz', '" +
                                h100 + "']"));
    CHECK(
        contains(first.out, "+1.00% 137.25 -> 138.62 us  " + h100 + " invert_uchar3_basic [cpp]"));
    CHECK(contains(first.out, "wrote 1 file(s)"));
    const std::string bytes = repo.read(invert_path);
    CHECK(bytes == odo::baseline::render_operator_document(committed(repo)));
    CHECK(contains(repo.read("summary.md"), "| SKU | Delta | Before (us) | After (us) | n_runs |"));
    CHECK(first_committed_row(repo, "invert_uchar3_basic", h100).at("n_runs") == 1);

    const auto again = tool(repo, {"import", "--from", "runs"});
    CHECK(again.exit_code == 0);
    CHECK(contains(again.out, "(unchanged)"));
    CHECK(contains(again.out, "wrote 0 file(s)"));
    CHECK(repo.read(invert_path) == bytes);
}

TEST_CASE("odo_baseline import --sources-base: rows of unchanged code moving beyond noise are "
          "warned about; --copy-to publishes the merged file") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const std::string base = repo.head();
    const std::string original = repo.read(invert_path);
    // The same code timed 40 % faster: another machine, not a change (#27: 35-46 % in CI).
    repo.write("runs/ci.json", run_artifact(repo, {h100}, [](const std::string&) { return 0.6; }));
    std::filesystem::create_directories(repo.root() / "published");
    const auto same_code =
        tool(repo, {"import", "--from", "runs", "--sources-base", base, "--copy-to", "published"});
    INFO(same_code.err);
    CHECK(same_code.exit_code == 0);
    CHECK(contains(same_code.err, "warning: invert: " + h100 + " invert_uchar3_basic [cpp] ("));
    CHECK(contains(same_code.err, " us (-40.0 %; the noise allows "));
    CHECK(contains(same_code.err, "warning: 8 row(s) moved beyond their noise although no source "
                                  "of their operator changed since " +
                                      base));
    CHECK(repo.read("published/invert.json") == repo.read(invert_path));
    CHECK(repo.read(invert_path) != original);

    // Committing figures measured elsewhere changes no source: still warned about.
    repo.write(invert_path, original);
    edit_rows(repo, "invert_uchar3_basic", h100,
              [](boost::json::object& row) { scale_times(row, 2); });
    repo.commit("bench(invert): baselines from a workstation");
    const auto committed_figures =
        tool(repo, {"import", "--from", "runs", "--sources-base", base, "--dry-run"});
    CHECK(contains(committed_figures.err, "warning: 8 row(s) moved"));

    // The operator's kernel changed since the base: the move is the change's; no warning.
    repo.write("src/cvcuda/priv/OpInvert.cu", repo.read("src/cvcuda/priv/OpInvert.cu") + "\n");
    repo.commit("perf(invert): a faster kernel");
    const auto changed = tool(repo, {"import", "--from", "runs", "--sources-base", base});
    CHECK(changed.exit_code == 0);
    CHECK_FALSE(contains(changed.err, "warning:"));

    const auto bad_ref = tool(repo, {"import", "--from", "runs", "--sources-base", "no-such-ref"});
    CHECK(bad_ref.exit_code == 2);
    CHECK(contains(bad_ref.err, "--sources-base no-such-ref: does not resolve to a commit in "));
}

TEST_CASE("D2: an import whose last file cannot be written writes none of them") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const std::string before = repo.read(invert_path);
    repo.write("runs/h100.json",
               run_artifact(repo, {h100}, [](const std::string&) { return 1.01; }));
    std::filesystem::create_directories(repo.root() / "summary.md"); // not a regular file
    const auto refused = tool(repo, {"import", "--from", "runs", "--write-summary", "summary.md"});
    CHECK(refused.exit_code == 2);
    CHECK(contains(refused.err, "summary.md: exists and is not a regular file"));
    CHECK_FALSE(contains(refused.out, "wrote"));
    CHECK(repo.read(invert_path) == before);
}

TEST_CASE("odo_baseline import: bad input is exit 2, refusals exit 1, nothing written") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const std::string before = repo.read(invert_path);
    repo.write("bad.json", R"({"nope[InOutDataType=uchar3]": {}})");
    const auto bad = tool(repo, {"import", "--from", "bad.json"});
    CHECK(bad.exit_code == 2);
    CHECK(contains(bad.err, "bad.json: nope[InOutDataType=uchar3]: unknown config key 'nope'"));
    CHECK(tool(repo, {"import", "--from", "missing.json"}).exit_code == 2);
    CHECK(tool(repo, {"import"}).exit_code == 2);

    repo.write("slow.json", run_artifact(repo, {h100, "A100_PCIE_40GB_250W_1095MHz"},
                                         [](const std::string&) { return 1.2; }));
    const auto slow = tool(repo, {"import", "--from", "slow.json"});
    CHECK(slow.exit_code == 1);
    CHECK(contains(slow.err, "same-key baseline would regress +20.00%"));
    CHECK(contains(slow.err, "nothing was written"));
    CHECK(repo.read(invert_path) == before);
    CHECK(tool(repo, {"import", "--from", "slow.json", "--allow-regressions", "--dry-run"})
              .exit_code == 0);
    CHECK(repo.read(invert_path) == before);

    // The quality limits given on the command line decide the quality stage.
    const auto strict = tool(repo, {"import", "--from", "slow.json", "--allow-regressions",
                                    "--dry-run", "--max-noise-pct", "0.1"});
    CHECK(strict.exit_code == 1);
    CHECK(contains(strict.err, "exceeds 0.1%"));
    CHECK(repo.read(invert_path) == before);
}

TEST_CASE("odo_baseline import --nvbench: C++ and Python CSVs routed to the H100 stem") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    repo.write("out_cpp.csv", invert_nvbench_csv("NVIDIA H100 PCIe", 1.0));
    repo.write("out_py.csv", invert_nvbench_csv("NVIDIA H100 PCIe", 1.05));
    const auto imported =
        tool(repo, {"import", "--nvbench", "cpp:invert_uchar3_basic:out_cpp.csv", "--nvbench",
                    "python:invert_uchar3_basic:out_py.csv", "--power-cap-w", "350",
                    "--locked-sm-clock-mhz", "1095", "--cuda-major", "13"});
    CHECK(imported.exit_code == 0);
    CHECK(contains(imported.out, "invert.json: 4 case/SKU row(s) for ['" + h100 + "']"));
    const boost::json::object row = first_committed_row(repo, "invert_uchar3_basic", h100);
    CHECK(row.at("gpu_time_us_python").as_double() == doctest::Approx(144.1125));
    CHECK(row.at("gpu_noise_us_cpp").as_double() == 0.55);
    CHECK(tool(repo, {"validate"}).exit_code == 0);

    const auto no_context =
        tool(repo, {"import", "--nvbench", "cpp:invert_uchar3_basic:out_cpp.csv"});
    CHECK(no_context.exit_code == 2);
    CHECK(contains(no_context.err, "--nvbench needs --power-cap-w"));
    const auto bad_spec = tool(repo, {"import", "--nvbench", "rust:x:y.csv"});
    CHECK(bad_spec.exit_code == 2);
    const auto unknown_gpu =
        tool(repo, {"import", "--nvbench", "cpp:invert_uchar3_basic:out_cpp.csv", "--power-cap-w",
                    "310", "--locked-sm-clock-mhz", "1095", "--cuda-major", "13"});
    CHECK(unknown_gpu.exit_code == 2);
    CHECK(contains(unknown_gpu.err, "out_cpp.csv:2: unknown GPU: ('NVIDIA H100 PCIe', 310, 1095, "
                                    "CUDA 13) is not in sku_map.json"));
}

TEST_CASE("odo_baseline import --nvbench --write-artifact: each SKU's runner converts its "
          "outputs, one --from import merges every SKU with --complete (docs/ci.md)") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const std::string a100 = "A100_PCIE_40GB_250W_1095MHz";
    // One machine's context per command: both SKUs' outputs in one import cannot be routed.
    repo.write("h100/cpp.csv", invert_nvbench_csv("NVIDIA H100 PCIe", 1.0));
    repo.write("h100/py.csv", invert_nvbench_csv("NVIDIA H100 PCIe", 1.05));
    repo.write("a100/cpp.csv", invert_nvbench_csv("NVIDIA A100-PCIE-40GB", 1.5));
    repo.write("a100/py.csv", invert_nvbench_csv("NVIDIA A100-PCIE-40GB", 1.55));
    const std::vector<std::string> context{"--locked-sm-clock-mhz", "1095", "--cuda-major", "13"};
    auto convert = [&](const std::string& dir, const std::string& watts, const std::string& out) {
        std::vector<std::string> args{"import",
                                      "--nvbench",
                                      "cpp:invert_uchar3_basic:" + dir + "/cpp.csv",
                                      "--nvbench",
                                      "python:invert_uchar3_basic:" + dir + "/py.csv",
                                      "--power-cap-w",
                                      watts,
                                      "--write-artifact",
                                      out};
        args.insert(args.end(), context.begin(), context.end());
        return tool(repo, args);
    };
    const std::string before = repo.read(invert_path);
    std::filesystem::create_directories(repo.root() / "runs"); // the job's mkdir -p odo/runs
    const auto h = convert("h100", "350", "runs/h100.json");
    INFO(h.err);
    CHECK(h.exit_code == 0);
    CHECK(contains(h.out, "wrote 4 case/SKU row(s) to runs/h100.json"));
    CHECK(convert("a100", "250", "runs/a100.json").exit_code == 0);
    CHECK(repo.read(invert_path) == before); // converting imports nothing
    const auto artifact = odo::json::parse(repo.read("runs/a100.json"), "a100.json");
    CHECK(artifact.at("run_metadata").at("power_cap_w") == 250.0);
    CHECK(artifact.at("baselines").as_object().size() == 4);

    // --complete over both SKUs: only the config nvbench did not measure is missing.
    const auto complete = tool(repo, {"import", "--from", "runs", "--complete"});
    CHECK(complete.exit_code == 1);
    CHECK(contains(complete.err,
                   "missing from the inputs: " + a100 + " invert_planar_compare_uchar3_advanced["));
    CHECK_FALSE(contains(complete.err, "invert_uchar3_basic["));
    const auto imported = tool(repo, {"import", "--from", "runs"});
    INFO(imported.err);
    CHECK(imported.exit_code == 0);
    CHECK(contains(imported.out,
                   "invert.json: 8 case/SKU row(s) for ['" + a100 + "', '" + h100 + "']"));
    const boost::json::object row = first_committed_row(repo, "invert_uchar3_basic", a100);
    CHECK(row.at("gpu_time_us_cpp").as_double() == doctest::Approx(137.25 * 1.5));

    const auto both = tool(repo, {"import", "--nvbench", "cpp:invert_uchar3_basic:h100/cpp.csv",
                                  "--nvbench", "cpp:invert_uchar3_basic:a100/cpp.csv",
                                  "--power-cap-w", "350", "--locked-sm-clock-mhz", "1095",
                                  "--cuda-major", "13", "--write-artifact", "both.json"});
    CHECK(both.exit_code == 2);
    CHECK(contains(both.err, "unknown GPU: ('NVIDIA A100-PCIE-40GB', 350, 1095, CUDA 13)"));
    CHECK(tool(repo, {"import", "--from", "runs", "--write-artifact", "x.json"}).exit_code == 2);
    // Two outputs of one config key and language are two runs: one artifact each, since the
    // import weighs a row of an artifact as one run.
    repo.write("h100/cpp2.csv", repo.read("h100/cpp.csv"));
    const auto two_runs = tool(repo, {"import", "--nvbench", "cpp:invert_uchar3_basic:h100/cpp.csv",
                                      "--nvbench", "cpp:invert_uchar3_basic:h100/cpp2.csv",
                                      "--power-cap-w", "350", "--locked-sm-clock-mhz", "1095",
                                      "--cuda-major", "13", "--write-artifact", "two.json"});
    CHECK(two_runs.exit_code == 2);
    CHECK(contains(two_runs.err, "comes from 2 outputs; a run artifact holds one run"));
    CHECK_FALSE(std::filesystem::exists(repo.root() / "two.json"));
}

TEST_CASE("odo_baseline compare: a matching run passes; a regression fails with reports") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    repo.write("now.json", run_artifact(repo, {h100}, same));
    const auto ok = tool(repo, {"compare", "--current", "now.json", "--operator", "invert"});
    CHECK(ok.exit_code == 0);
    CHECK(contains(ok.out, "Resolved SKU: " + h100 + " (the only SKU in the artifact)"));
    CHECK(contains(ok.out, "matched=8 regressions=0 improvements=0 missing=0 new=0 missing_sku=0"));

    repo.write("slow.json", run_artifact(repo, {h100}, [](const std::string& case_key) {
                   return contains(case_key, "layout=NCHW][inputKind=VarShape") ? 1.2 : 1.0;
               }));
    const auto slow = tool(repo, {"compare", "--current", "slow.json", "--operator", "invert",
                                  "--markdown", "report.md", "--junit", "report.xml"});
    CHECK(slow.exit_code == 1);
    CHECK(contains(repo.read("report.md"), "## Regressions\n\n- invert_uchar3_basic [cpp]"));
    CHECK(contains(repo.read("report.xml"), "failures=\"2\""));

    const auto all_ops = tool(repo, {"compare", "--current", "now.json"});
    CHECK(all_ops.exit_code == 1); // flip's basic rows are missing from the run
    CHECK(contains(all_ops.out, "missing=8"));
    CHECK(tool(repo, {"compare"}).exit_code == 2);

    // Limits are percents, as in every odo command: a 20 % slowdown passes a 25 % limit.
    const auto tolerant = tool(repo, {"compare", "--current", "slow.json", "--operator", "invert",
                                      "--max-regression-pct", "25"});
    CHECK(tolerant.exit_code == 0);
    const auto fraction = tool(repo, {"compare", "--current", "slow.json", "--regression", "0.25"});
    CHECK(fraction.exit_code == 2);
    CHECK(contains(fraction.err, "--regression"));
}

TEST_CASE("odo_baseline drift: a step in the nightly series is reported; too few runs exit 1") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    for (int night = 0; night < 30; ++night) {
        const double factor = night < 21 ? 1.0 : 1.05;
        char name[32];
        std::snprintf(name, sizeof name, "nightly/%02d.json", night);
        repo.write(name, run_artifact(
                             repo, {h100}, [&](const std::string&) { return factor; }, true));
    }
    const auto drift = tool(repo, {"drift", "--from", "nightly", "--json-out", "drift.json"});
    CHECK(drift.exit_code == 0);
    CHECK(contains(drift.out, "# Benchmark drift report"));
    CHECK(contains(drift.out, "| +5.00% | 137.25 | 144.11 |"));
    CHECK(contains(repo.read("drift.json"), "\"shift_pct\": 5.0"));

    const auto few = tool(repo, {"drift", "--from", "nightly/00.json"});
    CHECK(few.exit_code == 1);
    CHECK(contains(few.err, "drift needs at least 16 nightly artifacts, got 1"));
    CHECK(tool(repo, {"drift", "--from", "nightly", "--recent-fraction", "1.5"}).exit_code == 2);
}
