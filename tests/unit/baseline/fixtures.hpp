#pragma once
// A small operator ("invert": one config, two cases) and a two-stem SKU map, built in memory so
// each test can perturb exactly what it is about.
#include <odo/baseline/config_set.hpp>
#include <odo/baseline/operator_file.hpp>
#include <odo/core/json_read.hpp>
#include <odo/surface/sku_map.hpp>

#include <boost/json.hpp>

#include <string>
#include <vector>

namespace fixture {

inline const std::string nhwc =
    "invert_basic[InOutDataType=uchar3][shape=8x1080x1920][layout=NHWC][inputKind=Tensor]";
inline const std::string nchw =
    "invert_basic[InOutDataType=uchar3][shape=8x1080x1920][layout=NCHW][inputKind=Tensor]";

inline odo::surface::SkuMap sku_map() {
    return odo::surface::parse_sku_map(odo::json::parse(R"({"entries": [
        {"gpu_name": "NVIDIA H100 PCIe", "power_cap_w": 350, "locked_sm_clock_mhz": 1095,
         "cuda_major": 13, "stem": "H100"},
        {"gpu_name": "NVIDIA A100-PCIE-40GB", "power_cap_w": 250, "locked_sm_clock_mhz": 1095,
         "cuda_major": 13, "stem": "A100"}]})",
                                                        "sku_map.json"),
                                       "sku_map.json");
}

inline const std::vector<std::string> stems{"A100", "H100"};

// A committed metric row: Python 5 µs slower than C++, noise 0.5 % of each time.
inline boost::json::object row(double cpp_us, std::int64_t n_runs = 5) {
    const double python_us = cpp_us + 5;
    return {{"n_runs", n_runs},
            {"gpu_time_us_cpp", cpp_us},
            {"gpu_time_us_python", python_us},
            {"gpu_noise_us_cpp", cpp_us * 0.005},
            {"gpu_noise_us_python", python_us * 0.005},
            {"gpu_bwutil_cpp", 0.8},
            {"gpu_bwutil_python", 0.79}};
}

// The operator document with every case × stem committed.
inline boost::json::value document() {
    boost::json::object baselines{{nhwc, {{"H100", row(100)}, {"A100", row(160)}}},
                                  {nchw, {{"H100", row(120)}, {"A100", row(190)}}}};
    boost::json::object entry{
        {"tier", "basic"},
        {"dtypes", {"uchar3"}},
        {"string_axes",
         {{"shape", {"8x1080x1920"}}, {"layout", {"NHWC", "NCHW"}}, {"inputKind", {"Tensor"}}}},
        {"baselines", std::move(baselines)}};
    return boost::json::object{{"benchmark", "invert"},
                               {"configs", {{"invert_basic", std::move(entry)}}}};
}

// The committed metrics object of a case × SKU inside `document()`.
inline boost::json::object& metrics(boost::json::value& doc, const std::string& case_key,
                                    const std::string& sku) {
    return doc.at("configs").at("invert_basic").at("baselines").at(case_key).at(sku).as_object();
}

inline odo::baseline::OperatorFile file(const boost::json::value& doc = document(),
                                        const std::string& path = "operators/invert.json") {
    return odo::baseline::parse_operator_file(path, odo::baseline::render_operator_document(doc));
}

inline odo::baseline::ConfigSet set(const boost::json::value& doc = document()) {
    std::vector<odo::baseline::OperatorFile> files;
    files.push_back(file(doc));
    return odo::baseline::ConfigSet(std::move(files));
}

} // namespace fixture
