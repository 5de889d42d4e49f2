#include <odo/core/json_read.hpp>
#include <odo/surface/benched_axes.hpp>

#include <doctest/doctest.h>

using namespace odo::surface;

namespace {

BenchConfig config_of(const char* configs) {
    const std::string text = std::string(R"({"benchmark": "op", "configs": )") + configs + "}";
    return load_bench_config(odo::json::parse(text, "op.json"), "op.json");
}

using Strings = std::set<std::string>;
using Counts = std::set<std::int64_t>;

} // namespace

TEST_CASE("channel count: scalar dtypes are one channel, vector names their trailing digit") {
    CHECK(dtype_channel_count("uchar3") == 3);
    CHECK(dtype_channel_count("float4") == 4);
    CHECK(dtype_channel_count("short2") == 2);
    CHECK(dtype_channel_count("uint8") == 1);
    CHECK(dtype_channel_count("U8") == 1);
    CHECK(dtype_channel_count("float32") == 1);
    CHECK(dtype_channel_count("F32") == 1);
    CHECK(dtype_channel_count("float16") == 1);
    CHECK(dtype_channel_count("bool") == 1);
    CHECK(dtype_channel_count("uchar") == 1);
}

TEST_CASE("benched values are collected per tier and for all tiers") {
    const BenchedAxes axes = collect_benched_axes(config_of(R"({
        "b": {"tier": "basic", "dtypes": ["uchar3", "U8"],
              "string_axes": {"layout": ["NHWC", " NCHW "], "inputKind": ["Tensor"]}},
        "a": {"tier": "advanced", "dtypes": ["float4"],
              "string_axes": {"layout": ["NCHW_FAKE"], "inputKind": ["Tensor", "VarShape"]},
              "int64_axes": {"numChannels": [1, "3", 2.5, true]}},
        "x": {"tier": "experimental", "dtypes": ["short2"],
              "string_axes": {"inputKind": ["TensorBatch", 7]}},
        "m": {"tier": "basic", "dtypes": "uint8", "string_axes": ["layout"]}})"));
    CHECK(axes.basic.layouts == Strings{"NCHW", "NHWC"});
    CHECK(axes.basic.input_kinds == Strings{"Tensor"});
    CHECK(axes.basic.dtypes == Strings{"uchar3", "uint8"});
    CHECK(axes.basic.channels == Counts{1, 3});
    CHECK(axes.advanced.layouts == Strings{"NCHW_FAKE"});
    CHECK(axes.advanced.input_kinds == Strings{"Tensor", "VarShape"});
    CHECK(axes.advanced.channels == Counts{1, 3}); // numChannels wins over the dtype's 4
    CHECK(axes.all.layouts == Strings{"NCHW", "NCHW_FAKE", "NHWC"});
    CHECK(axes.all.input_kinds == Strings{"Tensor", "TensorBatch", "VarShape"});
    CHECK(axes.all.dtypes == Strings{"float4", "short2", "uchar3", "uint8"});
    CHECK(axes.all.channels == Counts{1, 2, 3});
}
