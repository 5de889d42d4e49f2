// The run artifact: its exact shape, and a round trip through the baseline layer's importer
// (ingest and merge), whose result the embedded gate then accepts as a committed baseline.
#include "runner_fixture.hpp"

#include <odo/baseline/artifact.hpp>
#include <odo/baseline/config_set.hpp>
#include <odo/baseline/merge.hpp>
#include <odo/baseline/quality.hpp>
#include <odo/bench/artifact.hpp>
#include <odo/core/file.hpp>
#include <odo/core/json_read.hpp>
#include <odo/surface/sku_map.hpp>

#include <doctest/doctest.h>

#include <optional>
#include <string>

using namespace odo::bench;
using namespace odo::bench::testing;

namespace {

odo::baseline::Artifact import_artifact(const std::filesystem::path& path,
                                        const std::filesystem::path& config = example_config) {
    odo::baseline::ConfigSet set({odo::baseline::load_operator_file(config)});
    return odo::baseline::load_artifact(path, set,
                                        odo::surface::load_sku_map(example_sku_map).stems());
}

// A backend that says it is a GPU: the host backend's timing with a device's identity.
class FakeGpuBackend : public FakeHostBackend {
public:
    FakeGpuBackend(FakeTime& time, DeviceInfo device)
        : FakeHostBackend(FakeClock{&time}, FakeClock{&time}, FakeClock{&time}),
          device_(std::move(device)) {}
    const DeviceInfo& device() const override { return device_; }

private:
    DeviceInfo device_;
};

DeviceInfo h100_without_nvml() {
    DeviceInfo d;
    d.backend = "cuda";
    d.name = "NVIDIA H100 PCIe";
    d.cuda_major = 13;
    d.peak_bandwidth_bytes_per_s = 2e12;
    d.peak_bandwidth_source = "test";
    return d;
}

std::unique_ptr<Backend> fake_gpu(FakeTime& time) {
    return std::make_unique<FakeGpuBackend>(time, h100_without_nvml());
}

} // namespace

TEST_CASE("the artifact is the schema-1 envelope with provenance and sorted rows") {
    TempDir dir;
    const auto path = dir.path() / "run.json";
    const RunOutput r =
        run_example(example_config,
                    {"--quiet", "--sku", "HOST_EXAMPLE", "--json", path.string(), "--run-context",
                     "nightly", "--git-ref", "feature/x", "--peak-bandwidth-gbps", "4"});
    REQUIRE(r.code == 0);
    const std::string text = odo::read_file(path);
    CHECK(text.back() == '\n');
    CHECK(text.find(
              "{\n    \"schema_version\": 1,\n    \"run_metadata\": {\n        \"git_sha\": ") ==
          0);
    const auto doc = odo::json::parse(text, "artifact").as_object();
    const auto& meta = doc.at("run_metadata").as_object();
    std::vector<std::string> keys;
    for (const auto& kv : meta)
        keys.emplace_back(kv.key());
    CHECK(keys == std::vector<std::string>{"git_sha", "git_ref", "run_context", "is_nightly",
                                           "timestamp_utc", "cuda_major", "tier", "gpu_name",
                                           "power_cap_w", "locked_sm_clock_mhz", "sm_clock_locked",
                                           "vbios_version", "driver_version", "k8s_node_name",
                                           "clock", "noise_statistic"});
    CHECK(meta.at("git_ref") == "feature/x");
    CHECK(meta.at("run_context") == "nightly");
    CHECK(meta.at("is_nightly") == true);
    CHECK(meta.at("tier") == "basic");
    CHECK(meta.at("gpu_name").is_null()); // the host is not a GPU
    CHECK(meta.at("cuda_major").is_null());
    CHECK(meta.at("sm_clock_locked") == false);
    CHECK(meta.at("timestamp_utc").as_string().size() == 20);
    // Sorted by case key: "float32" < "uint8".
    const auto& baselines = doc.at("baselines").as_object();
    REQUIRE(baselines.size() == 2);
    CHECK(baselines.begin()->key() == float_case);
    const auto& row = baselines.at(uint8_case).at("HOST_EXAMPLE").as_object();
    std::vector<std::string> fields;
    for (const auto& kv : row)
        fields.emplace_back(kv.key());
    CHECK(fields == std::vector<std::string>{"n_runs", "gpu_time_us_cpp", "gpu_noise_us_cpp",
                                             "gpu_bwutil_cpp"});
    CHECK(row.at("gpu_bwutil_cpp").as_double() == doctest::Approx(0.5));
}

TEST_CASE("an artifact without the clock fields (written before them) still imports") {
    TempDir dir;
    const auto path = dir.path() / "run.json";
    REQUIRE(
        run_example(example_config, {"--quiet", "--sku", "HOST_EXAMPLE", "--json", path.string()})
            .code == 0);
    auto doc = odo::json::parse(odo::read_file(path), "artifact");
    auto& meta = doc.at("run_metadata").as_object();
    CHECK(meta.erase("clock") == 1);
    CHECK(meta.erase("noise_statistic") == 1);
    const auto old = dir.write("old.json", render_artifact(doc));
    const auto artifact = import_artifact(old);
    CHECK(artifact.rows.size() == 2);
    CHECK(artifact.rows.front().metrics.cpp->time_us == doctest::Approx(65.536));
}

TEST_CASE("the importer reads the artifact back row for row") {
    TempDir dir;
    const auto path = dir.path() / "run.json";
    const RunOutput r = run_example(example_config, {"--quiet", "--sku", "HOST_EXAMPLE", "--tier",
                                                     "basic,advanced", "--json", path.string()});
    REQUIRE(r.code == 0);
    const auto artifact = import_artifact(path);
    CHECK(artifact.rows.size() == r.results.size());
    CHECK(artifact.run_metadata->at("tier") == "basic,advanced");
    for (const CaseResult& c : r.results) {
        const auto row = std::find_if(artifact.rows.begin(), artifact.rows.end(),
                                      [&](const auto& row) { return row.case_key == c.key.str(); });
        REQUIRE(row != artifact.rows.end());
        CHECK(row->config_key == c.key.config_key);
        CHECK(row->sku == "HOST_EXAMPLE");
        CHECK(row->metrics.n_runs == 1);
        CHECK_FALSE(row->metrics.python);
        REQUIRE(row->metrics.cpp);
        CHECK(row->metrics.cpp->time_us == c.cold_time.mean * 1e6);
        CHECK(row->metrics.cpp->noise_us == 0.0); // rounded to 0.01 µs
        CHECK(row->metrics.cpp->bwutil == 0.0);   // no peak on the host
    }
}

TEST_CASE("two runs merge in the importer and gate the next run as a committed baseline") {
    TempDir dir;
    const auto first = dir.path() / "a.json";
    const auto second = dir.path() / "b.json";
    // Two runs 60 and 70 µs per launch, ±1 µs so the noise is not zero.
    auto around = [](double us) {
        return [us](const State&, std::int64_t launch) { return us + jitter_us(launch, 1.0); };
    };
    REQUIRE(run_example(example_config,
                        {"--quiet", "--sku", "HOST_EXAMPLE", "--json", first.string()}, around(60))
                .code == 0);
    REQUIRE(run_example(example_config,
                        {"--quiet", "--sku", "HOST_EXAMPLE", "--json", second.string()}, around(70))
                .code == 0);
    std::vector<std::string> problems;
    const auto merged =
        odo::baseline::merge_artifacts({import_artifact(first), import_artifact(second)}, problems);
    CHECK(problems.empty());
    REQUIRE(merged.size() == 2);
    const auto& update = merged.back(); // uint8 sorts after float32
    CHECK(update.case_key == uint8_case);
    CHECK(update.metrics.n_runs == 2);
    CHECK(update.metrics.cpp->time_us == doctest::Approx(65.0));
    CHECK(update.metrics.cpp->noise_us == doctest::Approx(mad_to_stdev).epsilon(0.01));

    // Committed as the importer writes it, the merged row is the gate's yardstick.
    boost::json::object cases;
    for (const auto& u : merged)
        cases[u.case_key] = {
            {"HOST_EXAMPLE", odo::baseline::updated_metrics_object(nullptr, u.metrics)}};
    TempDir repo;
    const auto config = example_with_baselines(repo, {{"example_basic", cases}});
    const RunOutput same =
        run_example(config, {"--quiet", "--sku", "HOST_EXAMPLE", "--odo-gate"}, around(65));
    CHECK(same.code == 0);
    CHECK(same.out.find("same as the committed baseline within noise") != std::string::npos);
    const RunOutput slower =
        run_example(config, {"--quiet", "--sku", "HOST_EXAMPLE", "--odo-gate"}, around(90));
    CHECK(slower.code == 1);
    CHECK(slower.out.find("slower than the committed baseline beyond noise") != std::string::npos);
}

TEST_CASE("a --language python run files its figures under python and completes a C++ run") {
    TempDir dir;
    const auto cpp = dir.path() / "cpp.json";
    const auto python = dir.path() / "python.json";
    // The body times the binding when asked: 2 µs more per launch than the C++ entry point.
    const LaunchTime entry_point = [](const State& s, std::int64_t launch) {
        const double binding_us = s.language() == odo::baseline::Language::Python ? 2.0 : 0.0;
        return 60.0 + binding_us + (launch % 2 ? 1.0 : -1.0);
    };
    REQUIRE(run_example(example_config,
                        {"--quiet", "--sku", "HOST_EXAMPLE", "--json", cpp.string()}, entry_point)
                .code == 0);
    const RunOutput r =
        run_example(example_config,
                    {"--quiet", "--sku", "HOST_EXAMPLE", "--language", "python", "--json",
                     python.string(), "--csv", (dir.path() / "python.csv").string()},
                    entry_point);
    REQUIRE(r.code == 0);
    const auto doc = odo::json::parse(odo::read_file(python), python.string());
    const auto& row = doc.at("baselines").at(uint8_case).at("HOST_EXAMPLE").as_object();
    CHECK(row.contains("gpu_time_us_python"));
    CHECK_FALSE(row.contains("gpu_time_us_cpp"));
    CHECK(odo::read_file(dir.path() / "python.csv").find(",python,HOST_EXAMPLE,") !=
          std::string::npos);

    std::vector<std::string> problems;
    const auto merged =
        odo::baseline::merge_artifacts({import_artifact(cpp), import_artifact(python)}, problems);
    CHECK(problems.empty());
    REQUIRE(merged.size() == 2);
    const auto& update = merged.back();
    CHECK(update.metrics.n_runs == 1);
    CHECK(update.metrics.cpp->time_us == doctest::Approx(60.0));
    CHECK(update.metrics.python->time_us == doctest::Approx(62.0));
    CHECK(odo::baseline::quality_problems(update.metrics).empty());
}

TEST_CASE("--timing batch reports the batch samples, whose spread averages out launch jitter") {
    TempDir dir;
    // Launches of 59, 60 and 61 µs: cold samples carry that jitter, ~10 ms batches do not.
    const LaunchTime jitter = [](const State&, std::int64_t launch) {
        return 60.0 + jitter_us(launch, 1.0);
    };
    const auto noise_of = [&](const std::string& name, std::vector<std::string> extra) {
        const auto path = dir.path() / name;
        std::vector<std::string> args{"--quiet", "--sku", "HOST_EXAMPLE", "--json", path.string()};
        args.insert(args.end(), extra.begin(), extra.end());
        REQUIRE(run_example(example_config, args, jitter).code == 0);
        const auto doc = odo::json::parse(odo::read_file(path), path.string());
        const auto& row = doc.at("baselines").at(uint8_case).at("HOST_EXAMPLE");
        CHECK(row.at("gpu_time_us_cpp").to_number<double>() == doctest::Approx(60.0).epsilon(0.01));
        // The metadata's "timing", copied out: `doc` dies with this call.
        const auto& meta = doc.at("run_metadata").as_object();
        CHECK(meta.at("clock") == "thread-cpu");
        CHECK(meta.at("noise_statistic") == "mad");
        const auto* timing = meta.if_contains("timing");
        return std::pair(row.at("gpu_noise_us_cpp").to_number<double>(),
                         timing ? std::optional<std::string>(timing->as_string()) : std::nullopt);
    };
    const auto [cold_noise, cold_timing] = noise_of("cold.json", {});
    CHECK(cold_noise == doctest::Approx(mad_to_stdev).epsilon(0.01));
    CHECK_FALSE(cold_timing); // the reference's run_metadata, unchanged
    const auto [batch_noise, batch_timing] = noise_of("batch.json", {"--timing", "batch"});
    CHECK(batch_noise < 0.05);
    CHECK(batch_timing == std::optional<std::string>("batch"));
}

TEST_CASE("an artifact under a local host label is refused by the importer") {
    TempDir dir;
    const auto path = dir.path() / "run.json";
    REQUIRE(run_example(example_config, {"--quiet", "--json", path.string()}).code == 0);
    CHECK_THROWS_WITH_AS(import_artifact(path), doctest::Contains("unknown SKU stem"),
                         odo::InputError);
}

TEST_CASE("a GPU run routes to its reference SKU and records the device") {
    TempDir dir;
    const auto path = dir.path() / "run.json";
    const RunOutput r = run_example(
        example_config,
        {"--quiet", "--json", path.string(), "--power-cap-w", "350", "--sm-clock-mhz", "1095"},
        nominal_us, fake_gpu);
    REQUIRE(r.code == 0);
    const auto artifact = import_artifact(path);
    CHECK(artifact.rows.front().sku == "H100_PCIe_350W_1095MHz");
    CHECK(artifact.rows.front().metrics.cpp->bwutil > 0);
    const auto& meta = *artifact.run_metadata;
    CHECK(meta.at("gpu_name") == "NVIDIA H100 PCIe");
    CHECK(meta.at("power_cap_w") == 350);
    CHECK(meta.at("locked_sm_clock_mhz") == 1095);
    CHECK(meta.at("sm_clock_locked") == true);
    CHECK(meta.at("cuda_major") == 13);
}

TEST_CASE("a GPU outside the SKU map cannot write an artifact") {
    const RunOutput r =
        run_example(example_config, {"--quiet", "--json", "/tmp/never.json"}, nominal_us, fake_gpu);
    CHECK(r.code == 2);
    CHECK(r.err.find("--json on a GPU needs a reference SKU: not a reference SKU: power cap "
                     "unknown") != std::string::npos);
    CHECK(r.results.empty());
}

TEST_CASE("a case without a noise figure is left out of the artifact, and the run fails") {
    TempDir dir;
    const auto path = dir.path() / "run.json";
    // 20 s launches against a 15 s timeout: one sample, no deviation.
    const RunOutput r =
        run_example(example_config, {"--quiet", "--no-batch", "--json", path.string()},
                    [](const State&, std::int64_t) { return 20e6; });
    CHECK(r.code == 1);
    CHECK(r.results.front().cold->stop == StopReason::Timeout);
    CHECK(r.err.find("has no time or noise figure") != std::string::npos);
    CHECK(r.err.find("no measured case to write") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(path));
}

TEST_CASE("an unwritable artifact path fails the run after measuring") {
    const RunOutput r =
        run_example(example_config, {"--quiet", "--json", "/nonexistent-dir/run.json"});
    CHECK(r.code == 1);
    CHECK(r.err.find("/nonexistent-dir/run.json: cannot create a temporary file in "
                     "/nonexistent-dir (No such file or directory)") != std::string::npos);
}
