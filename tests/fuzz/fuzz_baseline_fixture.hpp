#pragma once
// The configs and SKU map the artifact fuzz targets check rows against (seeds in
// corpus/artifact and corpus/nvbench_csv use them).
#include <odo/baseline/config_set.hpp>
#include <odo/baseline/operator_file.hpp>
#include <odo/core/json_read.hpp>
#include <odo/surface/sku_map.hpp>

#include <vector>

namespace fuzz {

inline const odo::baseline::ConfigSet& config_set() {
    static const odo::baseline::ConfigSet set = [] {
        std::vector<odo::baseline::OperatorFile> files;
        files.push_back(odo::baseline::parse_operator_file("invert.json", R"({
            "benchmark": "invert",
            "configs": {"invert_basic": {"tier": "basic", "dtypes": ["uchar3", "U8"],
                "string_axes": {"layout": ["NHWC", "NCHW"], "inputKind": ["Tensor"]},
                "int64_axes": {"ksize": [3, 5]}, "float64_axes": {"sigma": [1.5]},
                "baselines": {}}}})"));
        return odo::baseline::ConfigSet(std::move(files));
    }();
    return set;
}

inline const odo::surface::SkuMap& sku_map() {
    static const odo::surface::SkuMap map = odo::surface::parse_sku_map(
        odo::json::parse(R"({"entries": [{"gpu_name": "NVIDIA H100 PCIe", "power_cap_w": 350,
            "locked_sm_clock_mhz": 1095, "cuda_major": 13, "stem": "H100"}]})",
                         "sku_map"),
        "sku_map");
    return map;
}

} // namespace fuzz
