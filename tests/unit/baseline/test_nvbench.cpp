// nvbench's own CSV and JSON output turned into a run artifact: routing, case keys, averaging.
#include "fixtures.hpp"

#include <odo/baseline/nvbench_csv.hpp>
#include <odo/baseline/nvbench_json.hpp>
#include <odo/baseline/nvbench_run.hpp>

#include <doctest/doctest.h>

using namespace odo::baseline;

namespace {

// nvbench --csv: repeated `Noise` header (CPU, then GPU), no quoting.
const std::string csv_header =
    "Benchmark,Device,Device Name,InOutDataType,inputKind,layout,shape,Skipped,Samples,"
    "CPU Time (sec),Noise,GPU Time (sec),Noise,GlobalMem BW (bytes/sec),BWUtil\n";

std::string csv_row(const std::string& layout, const std::string& gpu_time,
                    const std::string& device = "NVIDIA H100 PCIe",
                    const std::string& skipped = "No") {
    return "Invert,0," + device + ",uchar3,Tensor," + layout + ",8x1080x1920," + skipped +
           ",1000,1.2e-04,0.01," + gpu_time + ",0.004,1.0e12,0.81\n";
}

NvbenchContext h100(Language language = Language::Cpp) {
    return {"invert_basic", language, 350.0, 1095.0, 13};
}

Artifact build(const std::vector<NvbenchOutput>& outputs) {
    return artifact_from_nvbench(outputs, fixture::set(), fixture::sku_map(), "session");
}

std::string build_error(const std::vector<NvbenchOutput>& outputs) {
    try {
        build(outputs);
    } catch (const odo::InputError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST_CASE("nvbench CSV rows become states; skipped rows are dropped; columns are consumed") {
    const auto states = read_nvbench_csv(csv_header + csv_row("NHWC", "1.0e-04") +
                                             csv_row("NCHW", "", "NVIDIA H100 PCIe", "Yes"),
                                         "out.csv");
    REQUIRE(states.size() == 1);
    CHECK(states[0].label == "out.csv:2");
    CHECK(states[0].device_name == "NVIDIA H100 PCIe");
    CHECK(states[0].gpu_time_sec == 1.0e-4);
    CHECK(states[0].gpu_noise_fraction == 0.004);
    CHECK(states[0].bwutil == 0.81);
    CHECK(states[0].axes == odo::surface::ResultRow{{"InOutDataType", "uchar3"},
                                                    {"inputKind", "Tensor"},
                                                    {"layout", "NHWC"},
                                                    {"shape", "8x1080x1920"}});
}

TEST_CASE("nvbench CSV structure errors name the file and what is missing") {
    CHECK_THROWS_WITH_AS(read_nvbench_csv("Benchmark,Skipped,GPU Time (sec),Noise\n", "a.csv"),
                         "a.csv: not nvbench CSV output: no 'BWUtil' column (a benchmark without "
                         "global memory traffic has no BWUtil)",
                         odo::InputError);
    CHECK_THROWS_WITH_AS(
        read_nvbench_csv("Benchmark,Device Name,Skipped,GPU Time (sec),Noise (%),BWUtil\n",
                         "b.csv"),
        "b.csv: expected a Noise column right after \"GPU Time (sec)\" (got 'Noise (%)')",
        odo::InputError);
    CHECK_THROWS_WITH_AS(read_nvbench_csv(csv_header + "Invert,0\n", "c.csv"),
                         "c.csv:2: 2 cells, the header has 15", odo::InputError);
    CHECK_THROWS_WITH_AS(read_nvbench_csv("\n", "d.csv"), "d.csv: empty CSV", odo::InputError);
}

TEST_CASE("C++ and Python outputs of one session become one artifact with both languages") {
    const auto cpp = read_nvbench_csv(
        csv_header + csv_row("NHWC", "1.0e-04") + csv_row("NCHW", "2.0e-04"), "cpp.csv");
    const auto python = read_nvbench_csv(
        csv_header + csv_row("NHWC", "1.05e-04") + csv_row("NCHW", "2.1e-04"), "py.csv");
    const Artifact a =
        build({{"cpp.csv", h100(), cpp}, {"py.csv", h100(Language::Python), python}});
    REQUIRE(a.rows.size() == 2);
    const ArtifactRow& nchw = a.rows[0];
    CHECK(nchw.case_key == fixture::nchw);
    CHECK(nchw.sku == "H100");
    CHECK(nchw.metrics.n_runs == 1);
    CHECK(nchw.metrics.cpp->time_us == doctest::Approx(200.0));
    CHECK(nchw.metrics.cpp->noise_us == 0.8); // 200 µs × 0.4 %, rounded to 0.01 µs
    CHECK(nchw.metrics.python->time_us == doctest::Approx(210.0));
    CHECK(nchw.metrics.python->bwutil == 0.81);
}

TEST_CASE("several outputs of one language are several runs, averaged") {
    const auto first = read_nvbench_csv(csv_header + csv_row("NHWC", "1.0e-04"), "1.csv");
    const auto second = read_nvbench_csv(csv_header + csv_row("NHWC", "3.0e-04"), "2.csv");
    const Artifact a = build({{"1.csv", h100(), first}, {"2.csv", h100(), second}});
    REQUIRE(a.rows.size() == 1);
    CHECK(a.rows[0].metrics.n_runs == 2);
    CHECK(a.rows[0].metrics.cpp->time_us == doctest::Approx(200.0));
}

TEST_CASE("C++ and Python measured a different number of times is refused") {
    const auto once = read_nvbench_csv(csv_header + csv_row("NHWC", "1.0e-04"), "1.csv");
    CHECK(build_error({{"1.csv", h100(), once},
                       {"2.csv", h100(), once},
                       {"py.csv", h100(Language::Python), once}}) ==
          fixture::nhwc + " H100: C++ was measured in 2 run(s) but Python in 1");
}

TEST_CASE("a measurement cell that is not a number is quoted, not reported as nan") {
    CHECK_THROWS_WITH_AS(
        read_nvbench_csv(csv_header + csv_row("NHWC", "\"1,0e-04\"") + csv_row("NCHW", "fast"),
                         "d.csv"),
        "d.csv:2: 'GPU Time (sec)' is not a number: '1,0e-04' (a decimal comma? nvbench's CSV "
        "writes a '.')\nd.csv:3: 'GPU Time (sec)' is not a number: 'fast'",
        odo::InputError);
}

TEST_CASE("bad states: unknown GPU, duplicate rows, negative times, undeclared axes") {
    const auto states = read_nvbench_csv(csv_header + csv_row("NHWC", "1.0e-04", "Tesla V100") +
                                             csv_row("NCHW", "-1e-04") + csv_row("NCHW", "1e-04") +
                                             csv_row("NCHW", "1e-04") + csv_row("HWC", "1e-04"),
                                         "x.csv");
    const std::string error = build_error({{"x.csv", h100(), states}});
    CHECK(error ==
          "x.csv:2: unknown GPU: ('Tesla V100', 350, 1095, CUDA 13) is not in sku_map.json\n"
          "x.csv:3: GPU time must be a finite number > 0 (got -0.000100000 s)\n"
          "x.csv:5: measures " +
              fixture::nchw +
              " on H100 again (first at x.csv:4)\n"
              "x.csv:6: invert_basic: layout value 'HWC' not declared (allowed: ['NHWC', 'NCHW'])");
    NvbenchContext wrong_clock = h100();
    wrong_clock.locked_sm_clock_mhz = 1410;
    CHECK(build_error({{"y.csv", wrong_clock,
                        read_nvbench_csv(csv_header + csv_row("NHWC", "1e-4"), "y.csv")}}) ==
          "y.csv:2: unknown GPU: ('NVIDIA H100 PCIe', 350, 1410, CUDA 13) is not in sku_map.json");
    NvbenchContext unknown_config = h100();
    unknown_config.config_key = "nope";
    CHECK(build_error({{"z.csv", unknown_config, {}}}) ==
          "z.csv: config key 'nope' is not declared by any operator config");
}

TEST_CASE("nvbench JSON: numbers as strings, devices by id, skipped states dropped") {
    const auto doc = odo::json::parse(R"({
      "meta": {"argv": ["bench_invert"]},
      "devices": [{"id": 0, "name": "NVIDIA A100-PCIE-40GB", "sm_version": 800}],
      "benchmarks": [{"name": "Invert", "index": 0, "states": [
        {"name": "Device=0 InOutDataType=U8", "device": 0, "type_config_index": 0,
         "axis_values": [
            {"name": "InOutDataType", "type": "string", "value": "uchar3"},
            {"name": "inputKind", "type": "string", "value": "Tensor"},
            {"name": "layout", "type": "string", "value": "NCHW"},
            {"name": "shape", "type": "string", "value": "8x1080x1920"}],
         "summaries": [
            {"tag": "nv/cold/time/gpu/mean", "name": "GPU Time", "hint": "duration",
             "data": [{"name": "value", "type": "float64", "value": "0.00019"}]},
            {"tag": "nv/cold/time/gpu/stdev/relative", "name": "Noise",
             "data": [{"name": "value", "type": "float64", "value": "0.005"}]},
            {"tag": "nv/cold/bw/global/utilization", "name": "BWUtil",
             "data": [{"name": "value", "type": "float64", "value": "0.77"}]}],
         "is_skipped": false},
        {"name": "skipped", "device": 0, "is_skipped": true, "skip_reason": "unsupported"}]}]})",
                                      "out.json");
    CHECK(is_nvbench_json(doc));
    const auto states = read_nvbench_json(doc, "out.json");
    REQUIRE(states.size() == 1);
    CHECK(states[0].label == "out.json: benchmark 'Invert' state 'Device=0 InOutDataType=U8'");
    CHECK(states[0].device_name == "NVIDIA A100-PCIE-40GB");
    CHECK(states[0].gpu_time_sec == 0.00019);
    const NvbenchContext a100{"invert_basic", Language::Python, 250.4, 1095.0, 13};
    const Artifact a = build({{"out.json", a100, states}});
    REQUIRE(a.rows.size() == 1);
    CHECK(a.rows[0].case_key == fixture::nchw);
    CHECK(a.rows[0].sku == "A100");
    CHECK(a.rows[0].metrics.python->time_us == doctest::Approx(190.0));
    CHECK(a.rows[0].metrics.python->noise_us == 0.95);
    CHECK(a.rows[0].metrics.python->bwutil == 0.77);
    CHECK_FALSE(a.rows[0].metrics.cpp);
}

TEST_CASE("nvbench JSON: missing figures and structure are named") {
    const auto doc = odo::json::parse(R"({"devices": [{"id": 0, "name": "NVIDIA H100 PCIe"}],
      "benchmarks": [{"name": "Invert", "states": [
        {"name": "s", "device": 0, "axis_values": [], "summaries": [
          {"tag": "nv/cold/time/gpu/mean", "data": [{"name": "value", "value": null}]}]}]}]})",
                                      "n.json");
    const auto states = read_nvbench_json(doc, "n.json");
    REQUIRE(states.size() == 1);
    CHECK(build_error({{"n.json", h100(), states}})
              .find("n.json: benchmark 'Invert' state 's': GPU time must be a finite number > 0") ==
          0);
    CHECK_THROWS_WITH_AS(
        read_nvbench_json(
            odo::json::parse(R"({"devices": [], "benchmarks": [{"states": [{"device": 3}]}]})",
                             "d"),
            "d.json"),
        "d.json: benchmark '' state '': device is not in the devices list", odo::InputError);
    CHECK_THROWS_WITH_AS(read_nvbench_json(odo::json::parse("{}", "e"), "e.json"),
                         "e.json: not nvbench JSON output (no benchmarks and devices lists)",
                         odo::InputError);
}
