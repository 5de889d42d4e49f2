#include <odo/summary/categories.hpp>

#include <doctest/doctest.h>

using namespace odo::summary;
using odo::surface::AxisValues;
using odo::surface::CaseKey;

namespace {

const std::string arrow = "\xE2\x86\x92";

std::string category_of(AxisValues axes) {
    const CaseKey key{"k", std::move(axes)};
    return category(key, key.str());
}

std::string error_of(AxisValues axes) {
    try {
        category_of(std::move(axes));
    } catch (const SummaryError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST_CASE("friendly type names") {
    CHECK(friendly_type("uchar3") == "RGB8");
    CHECK(friendly_type("float4") == "RGBAF32");
    CHECK(friendly_type("short4") == "4S16");
    CHECK(friendly_type("uchar3->float3") == "RGB8" + arrow + "RGBF32");
    CHECK(friendly_type("half3") == "HALF3");
    CHECK(friendly_type("int8") == "INT8");
    CHECK(friendly_type_with_width("uint8", 3) == "RGB8");
    CHECK(friendly_type_with_width("float32", 4) == "RGBAF32");
    CHECK(friendly_type_with_width("short2", 2) == "2S16");
    CHECK(friendly_type_with_width("int32", 2) == "2S32");
    CHECK(friendly_type_with_width("half3", 1) == "HALF3");
    CHECK(vector_width("uchar4") == 4);
    CHECK(vector_width("ushort3") == 1);
    CHECK(vector_width("half3") == 1);
}

TEST_CASE("colour conversions") {
    CHECK(conversion_type("YUV2RGB_NV12", "uchar4") == "NV12" + arrow + "RGBA8");
    CHECK(conversion_type("BGR2RGB", "uchar3") == "BGR8" + arrow + "RGB8");
    CHECK(conversion_type("RGB2YUV_NV21", "uchar3") == "RGB8" + arrow + "NV21");
    CHECK(conversion_type("RGB2GRAY", "uint8") == "RGB8" + arrow + "GRAY8");
    CHECK(conversion_type("RGBA2RGB", "uchar4") == "RGBA8" + arrow + "RGBA8");
    CHECK_THROWS_WITH_AS(conversion_type("GRAY", "uint8"),
                         "unsupported color conversion code 'GRAY'", SummaryError);
}

TEST_CASE("categories: container, layout and type") {
    CHECK(category_of({{"InOutDataType", "uchar3"}, {"layout", "NHWC"}}) ==
          "Tensor Interleaved RGB8");
    CHECK(
        category_of({{"InOutDataType", "float3"}, {"layout", "CHW"}, {"inputKind", "VarShape"}}) ==
        "VarShape Planar RGBF32");
    CHECK(category_of({{"InOutDataType", "uint8"}}) == "Tensor NoLayout U8");
    CHECK(category_of({{"InOutDataType", "float32"}, {"layout", "NWC"}}) == "Tensor NoLayout F32");
    // CHW_FAKE is FakePlanar, like NCHW_FAKE (the reference rejected it as unsupported).
    CHECK(category_of({{"InOutDataType", "uchar3"}, {"layout", "CHW_FAKE"}}) ==
          "Tensor FakePlanar RGB8");
    CHECK(category_of({{"InOutDataType", "uchar3"}, {"outDataType", "uchar3"}}) ==
          "Tensor NoLayout RGB8" + arrow + "RGB8");
    CHECK(category_of({{"InOutDataType", "uchar3"}, {"outChannels", "3"}}) ==
          "Tensor NoLayout RGB8");
    CHECK(category_of({{"InOutDataType", "uint8"}, {"numChannels", ""}}) == "Tensor NoLayout U8");
    CHECK(category_of({{"InOutDataType", "uchar3"}, {"code", ""}}) == "Tensor NoLayout RGB8");
}

TEST_CASE("category errors name the case") {
    CHECK(error_of({{"InOutDataType", "uint8"}, {"inputKind", "Image"}}) ==
          "unsupported inputKind 'Image' in k[InOutDataType=uint8][inputKind=Image]");
    CHECK(error_of({{"InOutDataType", "uint8"}, {"layout", "NDHWC"}}) ==
          "unsupported layout 'NDHWC' in k[InOutDataType=uint8][layout=NDHWC]");
    CHECK(error_of({{"shape", "1x2"}}) == "case has no InOutDataType axis: k[shape=1x2]");
    CHECK(error_of({{"InOutDataType", ""}}) == "case has no InOutDataType axis: k[InOutDataType=]");
    CHECK(error_of({{"InOutDataType", "uint8"}, {"numChannels", "three"}}) ==
          "unsupported numChannels 'three' in k[InOutDataType=uint8][numChannels=three]");
}
