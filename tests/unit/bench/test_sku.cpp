#include <odo/bench/sku.hpp>
#include <odo/core/json_read.hpp>

#include <doctest/doctest.h>

using namespace odo::bench;

namespace {

odo::surface::SkuMap reference_map() {
    return odo::surface::parse_sku_map(odo::json::parse(R"({"entries": [
        {"gpu_name": "NVIDIA H100 PCIe", "power_cap_w": 350, "locked_sm_clock_mhz": 1095,
         "cuda_major": 13, "stem": "H100_PCIe_350W_1095MHz"},
        {"gpu_name": "NVIDIA H100 PCIe", "power_cap_w": 350, "locked_sm_clock_mhz": 1095,
         "cuda_major": 12, "stem": "H100_PCIe_350W_1095MHz_CUDA12"}]})",
                                                        "map"),
                                       "map");
}

DeviceInfo h100() {
    DeviceInfo d;
    d.backend = "cuda";
    d.name = "NVIDIA H100 PCIe";
    d.power_cap_w = 350.0;
    d.sm_clock_mhz = 1095.4;
    d.cuda_major = 13;
    return d;
}

} // namespace

TEST_CASE("a GPU routes through the SKU map by name, power cap, clock and CUDA major") {
    const auto map = reference_map();
    const SkuIdentity sku = identify_sku(h100(), &map, std::nullopt);
    CHECK(sku.stem == "H100_PCIe_350W_1095MHz");
    CHECK(sku.reference);
    DeviceInfo cuda12 = h100();
    cuda12.cuda_major = 12;
    CHECK(identify_sku(cuda12, &map, std::nullopt).stem == "H100_PCIe_350W_1095MHz_CUDA12");
}

TEST_CASE("a GPU outside the map gets a local label and says why") {
    const auto map = reference_map();
    DeviceInfo boosted = h100();
    boosted.sm_clock_mhz = 1755;
    const SkuIdentity sku = identify_sku(boosted, &map, std::nullopt);
    CHECK(sku.stem == "local_NVIDIA_H100_PCIe");
    CHECK_FALSE(sku.reference);
    CHECK(sku.note.find("is not in sku_map.json") != std::string::npos);

    DeviceInfo no_nvml = h100();
    no_nvml.power_cap_w.reset();
    CHECK(identify_sku(no_nvml, &map, std::nullopt).note.find("--power-cap-w") !=
          std::string::npos);
    no_nvml = h100();
    no_nvml.sm_clock_mhz.reset();
    CHECK(identify_sku(no_nvml, &map, std::nullopt).note.find("--sm-clock-mhz") !=
          std::string::npos);
    CHECK(identify_sku(h100(), nullptr, std::nullopt).note.find("no sku_map.json") !=
          std::string::npos);
}

TEST_CASE("the host backend is filed under a local label, never a reference SKU") {
    DeviceInfo host;
    host.backend = "host";
    host.name = "build-7.example.org";
    const SkuIdentity sku = identify_sku(host, nullptr, std::nullopt);
    CHECK(sku.stem == "host_build_7_example_org");
    CHECK_FALSE(sku.reference);
    const SkuIdentity named = identify_sku(host, nullptr, std::string("HOST_CI"));
    CHECK(named.stem == "HOST_CI");
    CHECK_FALSE(named.reference);
}

TEST_CASE("a GPU's SKU cannot be named on the command line") {
    const auto map = reference_map();
    CHECK_THROWS_AS(identify_sku(h100(), &map, std::string("H100_PCIe_350W_1095MHz")),
                    odo::InputError);
}

TEST_CASE("local labels keep letters, digits and single underscores") {
    CHECK(local_label("local_", "NVIDIA A100-PCIE-40GB") == "local_NVIDIA_A100_PCIE_40GB");
    CHECK(local_label("host_", "--x--") == "host_x");
    CHECK(local_label("", "a  b") == "a_b");
}
