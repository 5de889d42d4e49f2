#include <odo/core/json_read.hpp>
#include <odo/summary/skus.hpp>

#include <doctest/doctest.h>

using namespace odo::summary;

namespace {

using Stems = std::vector<std::string>;

boost::json::value map_of(const std::string& entries) {
    return odo::json::parse("{\"entries\": " + entries + "}", "sku_map.json");
}

std::string error_of(const boost::json::value& doc) {
    try {
        reference_stems(doc);
    } catch (const SummaryError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST_CASE("SKU labels") {
    CHECK(sku_label("A100_PCIE_40GB_250W_1095MHz") == "A100");
    CHECK(sku_label("A100_PCIE_40GB_250W_1095MHz_CUDA12") == "A100 CUDA 12");
    CHECK(sku_label("h100_pcie") == "H100");
    CHECK(sku_label("H100") == "H100");
    CHECK(sku_label("L40S_CUDA12") == "L40S CUDA 12");
    CHECK(sku_label("RTX_6000_Ada") == "RTX 6000 Ada");
    CHECK(sku_label("B200_SXM") == "B200 SXM");
    CHECK(sku_label("A100x_PCIE") == "A100x PCIE");
    CHECK(sku_label("A_100") == "A 100");
    CHECK(sku_label("X_cuda12") == "X CUDA 12");
}

TEST_CASE("reference stems come in label order, stably") {
    CHECK(reference_stems(map_of(R"([{"stem": "H100_PCIe_350W_1095MHz_CUDA12"},
        {"stem": "H100_PCIe_350W_1095MHz"}, {"stem": "A100_PCIE_40GB_250W_1095MHz_CUDA12"},
        {"stem": "A100_PCIE_40GB_250W_1095MHz"}])")) ==
          Stems{"A100_PCIE_40GB_250W_1095MHz", "A100_PCIE_40GB_250W_1095MHz_CUDA12",
                "H100_PCIe_350W_1095MHz", "H100_PCIe_350W_1095MHz_CUDA12"});
    CHECK(reference_stems(map_of(R"([{"stem": "H100_b"}, {"stem": "H100_a"}])")) ==
          Stems{"H100_b", "H100_a"});
    CHECK(reference_stems(map_of("[]")).empty());
}

TEST_CASE("SKU map errors") {
    CHECK(error_of(odo::json::parse("{}", "m")) == "SKU map must contain an entries array");
    CHECK(error_of(map_of("{}")) == "SKU map must contain an entries array");
    CHECK(error_of(map_of(R"([{"stem": 1}])")) == "SKU map entries must contain string stems");
    CHECK(error_of(map_of(R"([7])")) == "SKU map entries must contain string stems");
    CHECK(error_of(map_of(R"([{"stem": "A100"}, {"stem": "A100"}])")) ==
          "SKU map contains duplicate stems");
}

TEST_CASE("report order: present references first, then local SKUs by label") {
    const Stems references{"A100_PCIE", "H100_PCIe"};
    CHECK(report_order({"A100_PCIE", "H100_PCIe", "L40S", "RTX_6000_Ada"}, references) ==
          Stems{"A100_PCIE", "H100_PCIe", "L40S", "RTX_6000_Ada"});
    CHECK(report_order({"RTX_6000_Ada", "H100_PCIe", "B200"}, references) ==
          Stems{"H100_PCIe", "B200", "RTX_6000_Ada"});
    CHECK_THROWS_WITH_AS(report_order({"A100_PCIE", "A100_SXM"}, references),
                         "reported SKU stems do not have unique human-readable labels",
                         SummaryError);
    CHECK_THROWS_WITH_AS(report_order({"RTX|6000"}, references),
                         "SKU stem 'RTX|6000' has no label a summary table can show", SummaryError);
    CHECK_THROWS_AS(report_order({"_RTX"}, references), SummaryError);
}
