// The complete example of docs/layout.md loads and behaves as the document says.
#include "temp_tree.hpp"

#include <odo/core/file.hpp>
#include <odo/repo/attribution.hpp>
#include <odo/repo/layout_file.hpp>
#include <odo/repo/operator.hpp>

#include <doctest/doctest.h>

using namespace odo::repo;

namespace {

std::string documented_example() {
    const std::string doc = odo::read_file(ODO_SOURCE_DIR "/docs/layout.md");
    const auto begin = doc.find("```json\n", doc.find("<!-- odo-layout-example: pixelforge -->"));
    REQUIRE(begin != std::string::npos);
    const auto end = doc.find("```", begin + 8);
    REQUIRE(end != std::string::npos);
    return doc.substr(begin + 8, end - begin - 8);
}

} // namespace

TEST_CASE("docs/layout.md: the PixelForge example resolves and attributes as documented") {
    TempTree repo;
    repo.write("odo-layout.json", documented_example());
    for (const char* header : {"GaussianBlur.h", "BoxBlur.h", "Sharpen.h", "DrawText.h",
                               "Overlay.h", "Common.h", "Export.h"})
        repo.write(std::string("include/pixelforge/ops/") + header);
    repo.write("src/kernels/GaussianBlur.cu").write("src/kernels/ConvolutionCore.cu");
    const Layout layout = layout_for_repository(repo.root());

    const auto p = resolve_operator(repo.root(), layout, "gaussianblur");
    CHECK(operator_exists(p));
    CHECK(p.header == "include/pixelforge/ops/GaussianBlur.h");
    CHECK(p.priv == std::vector<std::string>{"src/kernels/GaussianBlur.cu",
                                             "src/kernels/ConvolutionCore.cu"});
    CHECK(p.test_cpp == "test/unit/GaussianBlurTest.cpp");
    CHECK(p.bench_cfg == "perf/configs/gaussianblur.json");
    CHECK_FALSE(operator_exists(resolve_operator(repo.root(), layout, "common")));

    const OperatorSet ops = operator_keys(discover_operators(repo.root(), layout));
    CHECK(ops == OperatorSet{"boxblur", "drawtext", "gaussianblur", "overlay", "sharpen"});
    const Attribution owners(repo.root(), layout, ops);
    CHECK(owners.operators_for_path("src/kernels/ConvolutionCore.cu") ==
          OperatorSet{"boxblur", "gaussianblur", "sharpen"});
    CHECK(owners.operators_for_path("src/kernels/GaussianBlur_batched.cu") ==
          OperatorSet{"gaussianblur"});
    CHECK(owners.operators_for_path("perf/configs/gaussianblur.json") ==
          OperatorSet{"gaussianblur"});
    CHECK(owners.operators_for_path("perf/configs/manifest.json") == ops);
    CHECK(owners.operators_for_path("include/pixelforge/ops/Common.h").empty());
}
