#include "real_operators.hpp"
#include "temp_tree.hpp"

#include <odo/repo/attribution.hpp>
#include <odo/repo/layout.hpp>

#include <doctest/doctest.h>

#include <chrono>

using namespace odo::repo;

namespace {

// Attribution of paths whose rules need no include graph: the repository root is empty.
struct RealUniverse {
    TempTree repo;
    OperatorSet ops = real_cvcuda_operators();
    Attribution attribution{repo.root(), Layout::cvcuda(), ops};

    OperatorSet operator()(std::string_view path) const {
        return attribution.operators_for_path(path);
    }
};

} // namespace

TEST_CASE("step 1: paths are normalized; empty paths map to nothing") {
    RealUniverse owners;
    CHECK(owners("") == OperatorSet{});
    CHECK(owners("  \t") == OperatorSet{});
    CHECK(owners("./src/cvcuda/priv/OpFlip.cu") == OperatorSet{"flip"});
    CHECK(owners("/src\\cvcuda\\priv\\OpFlip.cu ") == OperatorSet{"flip"});
}

TEST_CASE("step 2: unowned sources map to nothing") {
    RealUniverse owners;
    for (const char* path :
         {"src/cvcuda/Operator.cpp", "src/cvcuda/include/cvcuda/Operator.h",
          "python/mod_cvcuda/operators/Operators.hpp", "src/cvcuda/priv/legacy/CvCudaLegacy.h"})
        CHECK(owners(path) == OperatorSet{});
}

TEST_CASE("step 3: multi-operator sources map to their operator sets") {
    RealUniverse owners;
    const std::string priv = "src/cvcuda/priv/";
    CHECK(owners(priv + "OpReformat.cu") == OperatorSet{"bndbox", "histogram", "osd", "reformat"});
    CHECK(owners(priv + "legacy/osd.cu") == OperatorSet{"bndbox", "osd"});
    CHECK(owners(priv + "legacy/filter.cu") == OperatorSet{"averageblur", "gaussian", "laplacian"});
    CHECK(owners(priv + "legacy/filter_utils.cu") ==
          OperatorSet{"adaptivethreshold", "averageblur", "conv2d", "gaussian", "laplacian"});
    CHECK(owners(priv + "legacy/filter_var_shape.cu") ==
          OperatorSet{"averageblur", "conv2d", "gaussian", "laplacian"});
    CHECK(owners(priv + "legacy/warp.cu") == OperatorSet{"warpaffine", "warpperspective"});
    CHECK(owners(priv + "legacy/warp_var_shape.cu") ==
          OperatorSet{"warpaffine", "warpperspective"});
    CHECK(owners(priv + "legacy/calc_hist.cu") == OperatorSet{"histogram"});
    CHECK(owners(priv + "OpEraseRegion.cu") == OperatorSet{"erase"});
    CHECK(owners(priv + "OpStackKernels.cu") == OperatorSet{"stack"});
    CHECK(owners(priv + "OpStackKernels.hpp") == OperatorSet{"stack"});
    for (const char* file :
         {"OpHQResize2D.cu", "OpHQResize3D.cu", "OpHQResizeBatchWrap.cuh", "OpHQResizeDispatch.hpp",
          "OpHQResizeFilter.cuh", "OpHQResizeKernel.cuh", "OpHQResizePlanar.cuh"})
        CHECK(owners(priv + file) == OperatorSet{"hqresize"});
    CHECK(owners(priv + "legacy/CvCudaOSD.hpp") == OperatorSet{"bndbox", "boxblur", "osd"});
    CHECK(owners(priv + "legacy/textbackend/backend.cpp") ==
          OperatorSet{"bndbox", "boxblur", "osd"});
    CHECK(owners(priv + "legacy/textbackend/fonts/a.h") == OperatorSet{"bndbox", "boxblur", "osd"});
}

TEST_CASE("step 4: per-operator bench artifacts win over the broad bench trees") {
    RealUniverse owners;
    CHECK(owners("bench/config/operators/resize.json") == OperatorSet{"resize"});
    CHECK(owners("bench/python/ops/bench_hqresize.py") == OperatorSet{"hqresize"});
    CHECK(owners("bench/cpp/ops/BenchPillowResize.cpp") == OperatorSet{"pillowresize"});
    CHECK(owners("bench/cpp/ops/BenchWarpAffine.cpp") == OperatorSet{"warpaffine"});
    // A bench file that names no operator is a broad bench change.
    CHECK(owners("bench/python/ops/bench_helpers.py") == owners.ops);
    CHECK(owners("bench/config/operators/notanop.json") == owners.ops);
}

TEST_CASE("step 5: broad sources and prefixes map to every operator") {
    RealUniverse owners;
    for (const char* path : {"src/cvcuda/priv/Assert.h",
                             "src/cvcuda/priv/CudaDeviceUtils.hpp",
                             "src/cvcuda/priv/IOperator.hpp",
                             "src/cvcuda/priv/IOperator.cpp",
                             "src/cvcuda/priv/Nvtx.hpp",
                             "src/cvcuda/priv/PerDeviceResource.hpp",
                             "src/cvcuda/priv/PlanarTensorView.hpp",
                             "src/cvcuda/priv/SafeSize.hpp",
                             "src/cvcuda/priv/SymbolVersioning.hpp",
                             "src/cvcuda/priv/Types.hpp",
                             "src/cvcuda/priv/Version.hpp",
                             "src/cvcuda/priv/WorkspaceAllocator.hpp",
                             "src/cvcuda/priv/legacy/CvCudaLegacyHelpers.hpp",
                             "src/cvcuda/priv/legacy/CvCudaLegacyHelpers.cpp",
                             "src/cvcuda/priv/legacy/CvCudaUtils.cuh",
                             "src/cvcuda/include/cvcuda/Workspace.hpp",
                             "bench/run_bench.py",
                             "bench/compare_to_baseline.py",
                             "src/cvcuda/include/cvcuda/cuda_tools/TensorWrap.hpp",
                             "src/nvcv/core/Tensor.cpp",
                             "bench/cpp/CMakeLists.txt",
                             "bench/python/run.py",
                             "bench/config/sku_map.json",
                             "bench/_internal/update_baseline.py"}) {
        CAPTURE(path);
        CHECK(owners(path) == owners.ops);
    }
    CHECK(owners("bench/README.md") == OperatorSet{});
}

TEST_CASE("steps 6 and 7: files named for one operator") {
    RealUniverse owners;
    CHECK(owners("src/cvcuda/include/cvcuda/OpResize.h") == OperatorSet{"resize"});
    CHECK(owners("src/cvcuda/include/cvcuda/OpHQResize.hpp") == OperatorSet{"hqresize"});
    CHECK(owners("python/mod_cvcuda/operators/OpPillowResize.cpp") == OperatorSet{"pillowresize"});
    CHECK(owners("src/cvcuda/OpFlip.cpp") == OperatorSet{"flip"});
    CHECK(owners("src/cvcuda/priv/OpResizeCropConvertReformat.cu") ==
          OperatorSet{"resizecropconvertreformat"});
    CHECK(owners("src/cvcuda/priv/OpFlipPolicy.hpp") == OperatorSet{"flip"});
    CHECK(owners("src/cvcuda/priv/OpGaussianSomethingNew.cu") == OperatorSet{});
    CHECK(owners("src/cvcuda/priv/legacy/median_blur.cu") == OperatorSet{"medianblur"});
    CHECK(owners("src/cvcuda/priv/legacy/resize_var_shape.cu") == OperatorSet{"resize"});
    CHECK(owners("src/cvcuda/priv/legacy/pillow_resize.cu") == OperatorSet{"pillowresize"});
    CHECK(owners("src/cvcuda/priv/legacy/resize_experimental.cu") == OperatorSet{});
    CHECK(owners("src/cvcuda/priv/legacy/flip_or_copy.cu") == OperatorSet{});
}

TEST_CASE("step 9: tests, docs, samples and CI map to nothing") {
    RealUniverse owners;
    for (const char* path :
         {"tests/cvcuda/system/TestOpGaussian.cpp", "tests/cvcuda/python/test_opresize.py",
          "docs/sphinx/index.rst", "samples/classification/main.cpp", "ci/generate_pipeline.py",
          "python/mod_cvcuda/Main.cpp", "README.md"})
        CHECK(owners(path) == OperatorSet{});
}

TEST_CASE("PRE-6 attribution consequences (gates.md §3)") {
    RealUniverse owners;
    const auto filter = owners("src/cvcuda/priv/legacy/filter.cu");
    for (const char* op : {"gaussian", "averageblur", "laplacian"})
        CHECK(filter.count(op) == 1);
    CHECK(owners("src/cvcuda/priv/legacy/median_blur.cu").count("gaussian") == 0);
    CHECK(owners("bench/config/operators/gaussian.json") == OperatorSet{"gaussian"});
    CHECK(owners("src/nvcv/x.h").count("gaussian") == 1);
    CHECK(owners("docs/sphinx/index.rst").empty());
}

TEST_CASE("every operator legacy_belongs gives a legacy kernel is also its attribution") {
    RealUniverse owners;
    for (const char* stem : {"pillow_resize", "gaussian_noise", "resize_var_shape", "convert_to",
                             "median_blur", "histogram_eq", "warp_affine", "box_blur_var_shape",
                             "osd", "calc_hist", "filter_var_shape"}) {
        CAPTURE(stem);
        const auto attributed = owners(std::string("src/cvcuda/priv/legacy/") + stem + ".cu");
        for (const auto& op : owners.ops)
            if (legacy_belongs(stem, op, owners.ops))
                CHECK(attributed.count(op) == 1);
    }
}

namespace {

// A small CV-CUDA-shaped tree whose headers are attributed through the include graph.
void write_include_tree(const TempTree& repo) {
    const std::string priv = "src/cvcuda/priv/";
    repo.write(priv + "OpFlip.cu",
               "#include \"FlipHelpers.cuh\"\n#include \"Middle.hpp\"\n#include <Angle.hpp>\n"
               "  #  include   \"Shared.cu\" // comment\n");
    repo.write(priv + "FlipHelpers.cuh", "#include \"detail/Inner.hpp\"\n");
    repo.write(priv + "detail/Inner.hpp");
    repo.write(priv + "legacy/osd.cu", "#include \"../detail/Inner.hpp\"\n");
    repo.write(priv + "Middle.hpp", "#include \"Leaf.hpp\"\n");
    repo.write(priv + "Leaf.hpp");
    repo.write(priv + "Angle.hpp");
    repo.write(priv + "Shared.cu");
    repo.write(priv + "Types.hpp", "#include \"Deep.hpp\"\n");
    repo.write(priv + "OpResize.cu", "#include \"Types.hpp\"\n");
    repo.write(priv + "Deep.hpp");
    repo.write(priv + "Direct.hpp");
    repo.write(priv + "OpInvert.cu", "#include \"Direct.hpp\"\n#include \"Deep.hpp\"\n");
    repo.write(priv + "Orphan.hpp");
    repo.write("python/mod_cvcuda/operators/OpFlip.cpp", "#include \"CommonPy.hpp\"\n");
    repo.write("python/mod_cvcuda/operators/CommonPy.hpp");
    repo.write("tools/Outside.hpp");
    repo.write(priv + "OpRotate.cu", "#include \"../../../tools/Outside.hpp\"\n");
}

} // namespace

TEST_CASE("quoted_includes reads only quoted #include directives") {
    CHECK(quoted_includes("#include \"a.h\"\n  #  include\t\"b/c.h\" // x\n#include <d.h>\n"
                          "// #include \"e.h\"\n#includes \"f.h\"\n#include \"\"\n"
                          "#include_next \"g.h\"\n#include \"h.h") == // unterminated: none
          std::vector<std::string>{"a.h", "b/c.h"});
}

TEST_CASE("step 8: an unclaimed header belongs to its transitive includers") {
    TempTree repo;
    write_include_tree(repo);
    const Attribution owners(repo.root(), Layout::cvcuda(), real_cvcuda_operators());
    const std::string priv = "src/cvcuda/priv/";
    CHECK(owners.operators_for_path(priv + "FlipHelpers.cuh") == OperatorSet{"flip"});
    CHECK(owners.operators_for_path(priv + "detail/Inner.hpp") ==
          OperatorSet{"bndbox", "flip", "osd"});
    CHECK(owners.operators_for_path(priv + "Leaf.hpp") == OperatorSet{"flip"});
    CHECK(owners.operators_for_path(priv + "Direct.hpp") == OperatorSet{"invert"});
    // The walk does not pass through a broad file: Resize reaches Deep.hpp only via Types.hpp.
    CHECK(owners.operators_for_path(priv + "Deep.hpp") == OperatorSet{"invert"});
    CHECK(owners.operators_for_path("python/mod_cvcuda/operators/CommonPy.hpp") ==
          OperatorSet{"flip"});
    // Angle-bracket includes, sources that are not headers, unincluded headers and headers
    // outside the include roots stay unattributed.
    CHECK(owners.operators_for_path(priv + "Angle.hpp") == OperatorSet{});
    CHECK(owners.operators_for_path(priv + "Shared.cu") == OperatorSet{});
    CHECK(owners.operators_for_path(priv + "Orphan.hpp") == OperatorSet{});
    CHECK(owners.operators_for_path("tools/Outside.hpp") == OperatorSet{});
}

TEST_CASE("an Attribution scans the include graph once; the free function scans per call") {
    TempTree repo;
    write_include_tree(repo);
    const OperatorSet ops = real_cvcuda_operators();
    const Layout layout;
    const Attribution owners(repo.root(), layout, ops);
    const std::string header = "src/cvcuda/priv/FlipHelpers.cuh";
    CHECK(owners.operators_for_path(header) == OperatorSet{"flip"});
    std::filesystem::remove(repo.root() / "src/cvcuda/priv/OpFlip.cu");
    CHECK(owners.operators_for_path(header) == OperatorSet{"flip"});
    CHECK(operators_for_path(header, ops, repo.root(), layout) == OperatorSet{});
}

TEST_CASE("attribute_paths maps every normalized path of a change") {
    TempTree repo;
    write_include_tree(repo);
    const auto attributed = attribute_paths(
        {"./src/cvcuda/priv/FlipHelpers.cuh", "docs/index.rst", "src/cvcuda/priv/legacy/filter.cu"},
        real_cvcuda_operators(), repo.root(), Layout::cvcuda());
    CHECK(attributed.size() == 3);
    CHECK(attributed.at("src/cvcuda/priv/FlipHelpers.cuh") == OperatorSet{"flip"});
    CHECK(attributed.at("docs/index.rst").empty());
    CHECK(attributed.at("src/cvcuda/priv/legacy/filter.cu").size() == 3);
}

TEST_CASE("attributing a 60-operator repository's change takes well under a second") {
    TempTree repo;
    OperatorSet ops;
    std::vector<std::string> changed;
    for (int i = 0; i < 60; ++i) {
        const std::string name = "Op" + std::to_string(i) + "x";
        ops.insert("op" + std::to_string(i) + "x");
        std::string includes;
        for (int h = 0; h < 20; ++h)
            includes += "#include \"detail/Common" + std::to_string((i + h) % 40) + ".hpp\"\n";
        repo.write("src/cvcuda/priv/Op" + name + ".cu", includes);
        repo.write("src/cvcuda/include/cvcuda/Op" + name + ".h", "#include \"Operator.h\"\n");
        repo.write("python/mod_cvcuda/operators/Op" + name + ".cpp",
                   "#include \"Operators.hpp\"\n");
        changed.push_back("src/cvcuda/priv/Op" + name + ".cu");
    }
    for (int h = 0; h < 40; ++h) {
        repo.write("src/cvcuda/priv/detail/Common" + std::to_string(h) + ".hpp",
                   "#include \"Common" + std::to_string((h + 1) % 40) + ".hpp\"\n");
        changed.push_back("src/cvcuda/priv/detail/Common" + std::to_string(h) + ".hpp");
    }
    const auto start = std::chrono::steady_clock::now();
    const auto attributed = attribute_paths(changed, ops, repo.root(), Layout::cvcuda());
    const auto elapsed = std::chrono::steady_clock::now() - start;
    // Every shared header reaches every operator through the cycle of includes.
    CHECK(attributed.at("src/cvcuda/priv/detail/Common7.hpp") == ops);
    CHECK(std::chrono::duration<double>(elapsed).count() < 1.0);
}
