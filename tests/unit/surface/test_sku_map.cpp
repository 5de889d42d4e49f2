#include <odo/core/json_read.hpp>
#include <odo/surface/sku_map.hpp>

#include "temp_dir.hpp"

#include <doctest/doctest.h>

#include <filesystem>

using odo::InputError;
using namespace odo::surface;

namespace {

const char* const two_majors = R"({"entries": [
  {"gpu_name": "NVIDIA H100 PCIe", "power_cap_w": 350, "locked_sm_clock_mhz": 1095,
   "cuda_major": 13, "stem": "H100_PCIe_350W_1095MHz"},
  {"gpu_name": "NVIDIA H100 PCIe", "power_cap_w": 350, "locked_sm_clock_mhz": 1095,
   "cuda_major": 12, "stem": "H100_PCIe_350W_1095MHz_CUDA12"},
  {"gpu_name": "NVIDIA A100-PCIE-40GB", "power_cap_w": 250.0, "locked_sm_clock_mhz": 1095,
   "stem": "A100_PCIE_40GB_250W_1095MHz"}]})";

SkuMap strict(const char* json) {
    return parse_sku_map(odo::json::parse(json, "sku"), "sku");
}
SkuMap lenient(const char* json) {
    return parse_sku_map_lenient(odo::json::parse(json, "sku"));
}

} // namespace

TEST_CASE("python_round rounds halves to even") {
    CHECK(python_round(349.5) == 350);
    CHECK(python_round(350.5) == 350);
    CHECK(python_round(351.5) == 352);
    CHECK(python_round(-2.5) == -2);
    CHECK(python_round(-3.5) == -4);
    CHECK(python_round(1094.7) == 1095);
    CHECK_FALSE(python_round(std::nan("")));
    CHECK_FALSE(python_round(1e300));
}

TEST_CASE("strict loader reads entries; stems sorted") {
    const SkuMap map = strict(two_majors);
    REQUIRE(map.entries.size() == 3);
    CHECK(map.entries[0].gpu_name == "NVIDIA H100 PCIe");
    CHECK(map.entries[0].power_cap_w == 350);
    CHECK(map.entries[0].locked_sm_clock_mhz == 1095);
    CHECK(map.entries[0].cuda_major == 13);
    CHECK_FALSE(map.entries[2].cuda_major);
    CHECK(map.entries[2].power_cap_w == 250);
    CHECK(map.stems() == std::vector<std::string>{"A100_PCIE_40GB_250W_1095MHz",
                                                  "H100_PCIe_350W_1095MHz",
                                                  "H100_PCIe_350W_1095MHz_CUDA12"});
}

TEST_CASE("routing: stripped name, rounded cap and clock, CUDA major") {
    const SkuMap map = strict(two_majors);
    CHECK(map.route(" NVIDIA H100 PCIe\n", 349.6, 1095.4, 13).stem == "H100_PCIe_350W_1095MHz");
    CHECK(map.route("NVIDIA H100 PCIe", 350, 1095, 12).stem == "H100_PCIe_350W_1095MHz_CUDA12");
    // An entry without a CUDA major (an older map) matches any major.
    CHECK(map.route("NVIDIA A100-PCIE-40GB", 250, 1095, 12).stem == "A100_PCIE_40GB_250W_1095MHz");
    CHECK(map.route("NVIDIA A100-PCIE-40GB", 250, 1095, std::nullopt).stem ==
          "A100_PCIE_40GB_250W_1095MHz");
    CHECK(map.find_route("NVIDIA H100 PCIe", 350, 1095, std::nullopt) == nullptr);
    CHECK(map.find_route("NVIDIA H100 PCIe", 350, 1095, 11) == nullptr);
    CHECK_THROWS_WITH_AS(map.route("NVIDIA H100 PCIe", 310, 1095, 13),
                         "('NVIDIA H100 PCIe', 310, 1095, CUDA 13) is not in sku_map.json",
                         InputError);
    CHECK_THROWS_WITH_AS(map.route("NVIDIA H100 PCIe", 350, 1005.2, std::nullopt),
                         "('NVIDIA H100 PCIe', 350, 1005) is not in sku_map.json", InputError);
    CHECK_THROWS_WITH_AS(map.route("X", std::nan(""), 1095, 13),
                         "('X', nan, 1095, CUDA 13) is not in sku_map.json", InputError);
}

TEST_CASE("an entry with the exact CUDA major wins over one without") {
    const SkuMap map = strict(R"({"entries": [
      {"gpu_name": "G", "power_cap_w": 1, "locked_sm_clock_mhz": 2, "stem": "any"},
      {"gpu_name": "G", "power_cap_w": 1, "locked_sm_clock_mhz": 2, "cuda_major": 12,
       "stem": "cuda12"}]})");
    CHECK(map.route("G", 1, 2, 12).stem == "cuda12");
    CHECK(map.route("G", 1, 2, 13).stem == "any");
}

TEST_CASE("strict loader errors name the file and the entry") {
    CHECK_THROWS_WITH_AS(strict("[]"), "sku: must be an object with an \"entries\" list",
                         InputError);
    CHECK_THROWS_WITH_AS(strict(R"({"entries": {}})"), doctest::Contains("\"entries\" list"),
                         InputError);
    CHECK_THROWS_WITH_AS(strict(R"({"entries": [1]})"), "sku: entries[0] must be an object",
                         InputError);
    CHECK_THROWS_WITH_AS(
        strict(R"({"entries": [{"power_cap_w": 1, "locked_sm_clock_mhz": 2, "stem": "s"}]})"),
        "sku: entries[0] gpu_name and stem must be non-empty strings", InputError);
    CHECK_THROWS_WITH_AS(
        strict(R"({"entries": [{"gpu_name": "G", "power_cap_w": 1, "locked_sm_clock_mhz": 2,
                                "stem": ""}]})"),
        doctest::Contains("gpu_name and stem must be non-empty strings"), InputError);
    CHECK_THROWS_WITH_AS(
        strict(R"({"entries": [{"gpu_name": "G", "power_cap_w": true, "locked_sm_clock_mhz": 2,
                                "stem": "s"}]})"),
        "sku: entries[0] power_cap_w and locked_sm_clock_mhz must be integers >= 0", InputError);
    CHECK_THROWS_WITH_AS(
        strict(R"({"entries": [{"gpu_name": "G", "power_cap_w": 1, "locked_sm_clock_mhz": 2.5,
                                "stem": "s"}]})"),
        doctest::Contains("must be integers"), InputError);
    CHECK_THROWS_WITH_AS(
        strict(R"({"entries": [{"gpu_name": "G", "power_cap_w": 1, "locked_sm_clock_mhz": 2,
                                "cuda_major": "12", "stem": "s"}]})"),
        "sku: entries[0] cuda_major must be a positive integer", InputError);
    CHECK_THROWS_WITH_AS(strict(R"({"entries": [
          {"gpu_name": "G", "power_cap_w": 1, "locked_sm_clock_mhz": 2, "stem": "s"},
          {"gpu_name": "H", "power_cap_w": 1, "locked_sm_clock_mhz": 2, "stem": "s"}]})"),
                         "sku: entries[1] repeats stem 's'", InputError);
    CHECK_THROWS_WITH_AS(strict(R"({"entries": [
          {"gpu_name": "G", "power_cap_w": 1, "locked_sm_clock_mhz": 2, "stem": "s"},
          {"gpu_name": "G", "power_cap_w": 1, "locked_sm_clock_mhz": 2, "stem": "t"}]})"),
                         "sku: entries[1] has the same routing identity as 's'", InputError);
}

TEST_CASE("the strict loader refuses a map without SKUs and a negative cap or clock") {
    CHECK_THROWS_WITH_AS(strict(R"({"entries": []})"), "sku: \"entries\" lists no SKU", InputError);
    CHECK_THROWS_WITH_AS(
        strict(R"({"entries": [{"gpu_name": "G", "power_cap_w": -350, "locked_sm_clock_mhz": 2,
                                "stem": "s"}]})"),
        "sku: entries[0] power_cap_w and locked_sm_clock_mhz must be integers >= 0", InputError);
    CHECK_THROWS_WITH_AS(
        strict(R"({"entries": [{"gpu_name": "G", "power_cap_w": 1, "locked_sm_clock_mhz": -1,
                                "stem": "s"}]})"),
        doctest::Contains("must be integers >= 0"), InputError);
    CHECK(strict(R"({"entries": [{"gpu_name": "host", "power_cap_w": 0,
                                  "locked_sm_clock_mhz": 0, "stem": "HOST"}]})")
              .stems() == std::vector<std::string>{"HOST"});
}

TEST_CASE("a 100,000-entry map loads, and a late duplicate is still found") {
    std::string json = R"({"entries": [)";
    for (int i = 0; i < 100000; ++i)
        json += std::string(i ? "," : "") + R"({"gpu_name": "GPU )" + std::to_string(i) +
                R"(", "power_cap_w": 300, "locked_sm_clock_mhz": 1095, "stem": "S)" +
                std::to_string(i) + R"("})";
    const SkuMap map = strict((json + "]}").c_str());
    CHECK(map.entries.size() == 100000);
    CHECK(map.stems().front() == "S0");
    CHECK(map.find_route("GPU 99999", 300, 1095, 13)->stem == "S99999");
    CHECK_THROWS_WITH_AS(
        strict((json + R"(, {"gpu_name": "GPU 7", "power_cap_w": 300, "locked_sm_clock_mhz": 1095,
                            "stem": "late"}]})")
                   .c_str()),
        "sku: entries[100000] has the same routing identity as 'S7'", InputError);
}

TEST_CASE("lenient loader skips malformed entries and unusable documents") {
    const SkuMap map = lenient(R"({"entries": [
      {"gpu_name": "G", "power_cap_w": 1, "locked_sm_clock_mhz": 2, "stem": "good"},
      {"gpu_name": "G", "stem": "no_numbers"}, 7]})");
    CHECK(map.stems() == std::vector<std::string>{"good"});
    CHECK(lenient("[1, 2]").entries.empty());
    CHECK(lenient(R"({"entries": "x"})").entries.empty());
}

TEST_CASE("file loaders: strict fails on a missing file, lenient reads it as empty") {
    const std::filesystem::path config = ODO_TEST_DATA_DIR "/cvcuda/bench/config";
    CHECK(load_sku_map(config / "sku_map.json").entries.size() == 4);
    CHECK(load_sku_map_lenient(config / "sku_map.json").entries.size() == 4);
    CHECK_THROWS_WITH_AS(load_sku_map(config / "none.json"),
                         doctest::Contains("none.json: cannot read file"), InputError);
    CHECK(load_sku_map_lenient(config / "none.json").entries.empty());
    // Valid JSON that is not a SKU map: strict names it, lenient reads nothing.
    CHECK_THROWS_WITH_AS(load_sku_map(config / "bench_params.json"),
                         doctest::Contains("bench_params.json: must be an object"), InputError);
    CHECK(load_sku_map_lenient(config / "bench_params.json").entries.empty());
    const TempDir dir;
    const auto broken = dir.write("sku_map.json", "{\"entries\": [");
    CHECK_THROWS_WITH_AS(load_sku_map(broken), doctest::Contains("sku_map.json: invalid JSON"),
                         InputError);
    CHECK(load_sku_map_lenient(broken).entries.empty());
}

TEST_CASE("an entry may state its own quality limits; anything else in them is an error") {
    const SkuMap map = strict(R"({"entries": [
      {"gpu_name": "host", "power_cap_w": 0, "locked_sm_clock_mhz": 0, "stem": "HOST_DEV",
       "quality": {"max_noise_pct": 30, "max_parity_us": 1000}},
      {"gpu_name": "G", "power_cap_w": 1, "locked_sm_clock_mhz": 2, "stem": "REF"}]})");
    REQUIRE(map.entries[0].quality);
    CHECK(map.entries[0].quality->max_noise_pct == 30.0);
    CHECK_FALSE(map.entries[0].quality->max_parity_pct);
    CHECK(map.entries[0].quality->max_parity_us == 1000.0);
    CHECK_FALSE(map.entries[1].quality);
    for (const char* bad :
         {R"("quality": [])", R"("quality": {"max_noise_pct": -1})",
          R"("quality": {"max_noise_pct": "30"})", R"("quality": {"max_noise": 30})"}) {
        const std::string doc = std::string(R"({"entries": [{"gpu_name": "G", "power_cap_w": 1,
            "locked_sm_clock_mhz": 2, "stem": "s", )") +
                                bad + "}]}";
        CHECK_THROWS_WITH_AS(strict(doc.c_str()), doctest::Contains("sku: entries[0] quality must"),
                             InputError);
    }
}
