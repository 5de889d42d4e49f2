#include "real_operators.hpp"
#include "temp_tree.hpp"

#include <odo/repo/implementation.hpp>
#include <odo/repo/layout.hpp>

#include <doctest/doctest.h>

using namespace odo::repo;

namespace {

// The paths of an operator without a repository: only `op` and the binding path matter here.
OperatorPaths paths_of(const std::string& operator_name) {
    TempTree empty;
    return resolve_operator(empty.root(), Layout::cvcuda(), operator_name);
}

} // namespace

TEST_CASE("gates.md test 10: kernel attribution by longest prefix") {
    const OperatorSet ops = real_cvcuda_operators();
    const Layout layout;
    CHECK(is_op_kernel("src/cvcuda/priv/OpResize.cu", "resize", ops, layout));
    CHECK_FALSE(
        is_op_kernel("src/cvcuda/priv/OpResizeCropConvertReformat.cu", "resize", ops, layout));
    CHECK_FALSE(is_op_kernel("src/cvcuda/priv/OpHQResizeKernel.cuh", "resize", ops, layout));
    CHECK(is_op_kernel("src/cvcuda/priv/OpHQResizeKernel.cuh", "hqresize", ops, layout));
    CHECK_FALSE(is_op_kernel("bench/config/operators/resize.json", "resize", ops, layout));
}

TEST_CASE("gates.md test 14: only the operator's own binding is its implementation") {
    const OperatorSet ops = real_cvcuda_operators();
    const Layout layout;
    const auto hq = paths_of("HQResize");
    const auto resize = paths_of("Resize");
    CHECK(is_op_implementation("python/mod_cvcuda/operators/OpHQResize.cpp", hq, ops, layout));
    CHECK_FALSE(
        is_op_implementation("python/mod_cvcuda/operators/OpHQResize.cpp", resize, ops, layout));
    CHECK(is_op_implementation("src/cvcuda/priv/OpHQResizeKernel.cuh", hq, ops, layout));
    CHECK_FALSE(is_op_implementation("tests/cvcuda/system/TestOpHQResize.cpp", hq, ops, layout));
}

TEST_CASE("gates.md test 15: registered shared legacy kernels") {
    const OperatorSet ops = real_cvcuda_operators();
    const Layout layout;
    CHECK(is_op_kernel("src/cvcuda/priv/legacy/calc_hist.cu", "histogram", ops, layout));
    CHECK_FALSE(is_op_kernel("src/cvcuda/priv/legacy/calc_hist.cu", "histogrameq", ops, layout));
    CHECK(is_op_kernel("src/cvcuda/priv/legacy/warp.cu", "warpaffine", ops, layout));
    CHECK(is_op_kernel("src/cvcuda/priv/legacy/warp.cu", "warpperspective", ops, layout));
}

TEST_CASE("is_op_kernel: legacy names keep their Op-less stem; the kernel prefix is exact") {
    const OperatorSet ops = real_cvcuda_operators();
    const Layout layout;
    CHECK(is_op_kernel("src/cvcuda/priv/legacy/median_blur.cu", "medianblur", ops, layout));
    CHECK(is_op_kernel("src/cvcuda/priv/legacy/pillow_resize.cu", "pillowresize", ops, layout));
    CHECK_FALSE(is_op_kernel("src/cvcuda/priv/legacy/pillow_resize.cu", "resize", ops, layout));
    CHECK(is_op_kernel("src/cvcuda/priv/sub/OpFlip_impl.cu", "flip", ops, layout));
    // In legacy/, an "Op" prefix is part of the name, so it names no operator.
    CHECK_FALSE(is_op_kernel("src/cvcuda/priv/legacy/OpFlip.cu", "flip", ops, layout));
    CHECK_FALSE(is_op_kernel("src/cvcuda/priv/opflip.cu", "flip", ops, layout));
    CHECK_FALSE(is_op_kernel("src/cvcuda/privx/OpFlip.cu", "flip", ops, layout));
}

TEST_CASE("the operator under review owns its kernels even when the universe lacks it") {
    const Layout layout;
    CHECK(is_op_kernel("src/cvcuda/priv/OpNewOp.cu", "newop", {}, layout));
    CHECK(is_op_kernel("src/cvcuda/priv/OpNewOp.cu", "newop", {"resize"}, layout));
    CHECK_FALSE(is_op_kernel("src/cvcuda/priv/OpNewOpFast.cu", "newop", {"newopfast"}, layout));
    CHECK(is_op_test("tests/TestOpNewOp.cpp", "newop", {"resize"}, layout));
}

TEST_CASE("gates.md test 16: the operators a change set targets") {
    const OperatorSet ops = real_cvcuda_operators();
    CHECK(changed_perf_operators(
              {"bench/config/operators/resize.json", "bench/config/operators/warpaffine.json",
               "src/cvcuda/priv/OpHQResizeKernel.cuh",
               "python/mod_cvcuda/operators/OpPillowResize.cpp", "docs/sphinx/api/python.rst"},
              ops,
              Layout::cvcuda()) == OperatorSet{"resize", "warpaffine", "hqresize", "pillowresize"});
}

TEST_CASE("changed_perf_operators ignores what does not name a known operator") {
    const OperatorSet ops = real_cvcuda_operators();
    const Layout layout;
    for (const char* path :
         {"bench/config/operators/notanop.json", "bench/config/operators/Resize.json",
          "bench/config/operators/re_size.json", "bench/config/operators/sub/resize.json",
          "python/mod_cvcuda/operators/OpNotAnOp.cpp", "python/mod_cvcuda/operators/OpRe_size.cpp",
          "python/mod_cvcuda/operators/Operators.hpp", "src/cvcuda/priv/legacy/filter.cu",
          "src/cvcuda/priv/legacy/median_blur.cu", "src/cvcuda/priv/sub/OpFlip.cu",
          "src/cvcuda/priv/Types.hpp", "src/cvcuda/priv/OpCalcHist.cu",
          "tests/cvcuda/system/TestOpResize.cpp"}) {
        CAPTURE(path);
        CHECK(changed_perf_operators({path}, ops, layout).empty());
    }
    CHECK(changed_perf_operators({"src/cvcuda/priv/OpResizeCropConvertReformat.cu"}, ops, layout) ==
          OperatorSet{"resizecropconvertreformat"});
}

TEST_CASE("is_op_test: tests named for the operator, by longest prefix") {
    const OperatorSet ops = real_cvcuda_operators();
    const Layout layout;
    CHECK(is_op_test("tests/cvcuda/system/TestOpBoxBlur.cpp", "boxblur", ops, layout));
    CHECK(is_op_test("tests/cvcuda/python/test_opboxblur.py", "boxblur", ops, layout));
    CHECK(is_op_test("tests/cvcuda/python/test_boxblur_regression.py", "boxblur", ops, layout));
    CHECK(is_op_test("tests/cvcuda/system/TestOpResize.cpp", "resize", ops, layout));
    CHECK_FALSE(is_op_test("tests/cvcuda/system/TestOpResizeCropConvertReformat.cpp", "resize", ops,
                           layout));
    CHECK_FALSE(is_op_test("tests/cvcuda/system/TestUtils.cpp", "boxblur", ops, layout));
    CHECK_FALSE(is_op_test("src/TestOpBoxBlur.cpp", "boxblur", ops, layout));
}
