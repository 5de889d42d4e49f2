#include "real_operators.hpp"

#include <odo/repo/layout.hpp>
#include <odo/repo/ownership.hpp>

#include <doctest/doctest.h>

using namespace odo::repo;

TEST_CASE("the real manifest lists the operators the attribution catalogue needs") {
    const OperatorSet ops = real_cvcuda_operators();
    CHECK(ops.size() == 61);
    for (const char* op : {"resize", "hqresize", "resizecropconvertreformat", "pillowresize",
                           "warpaffine", "warpperspective", "histogram", "histogrameq", "gaussian",
                           "averageblur", "laplacian", "medianblur", "boxblur"})
        CHECK(ops.count(op) == 1);
}

TEST_CASE("legacy_belongs: longest prefix after removing underscores (review-refactor §4.1)") {
    const OperatorSet ops = real_cvcuda_operators();
    CHECK(legacy_belongs("pillow_resize", "pillowresize", ops));
    CHECK_FALSE(legacy_belongs("pillow_resize", "resize", ops));
    CHECK(legacy_belongs("gaussian_noise", "gaussiannoise", ops));
    CHECK_FALSE(legacy_belongs("gaussian_noise", "gaussian", ops));
    CHECK(legacy_belongs("resize_var_shape", "resize", ops));
    CHECK(legacy_belongs("convert_to", "convertto", ops));
    CHECK(legacy_belongs("Median_Blur", "medianblur", ops));
    CHECK_FALSE(legacy_belongs("filter", "gaussian", ops));
    // Only underscores are removed: other punctuation keeps the name from matching.
    CHECK_FALSE(legacy_belongs("convert-to", "convertto", ops));
}

TEST_CASE("longest_prefix_operator picks the longest operator name starting a key") {
    const OperatorSet ops = real_cvcuda_operators();
    CHECK(longest_prefix_operator("resizecropconvertreformat", ops) == "resizecropconvertreformat");
    CHECK(longest_prefix_operator("resizekernel", ops) == "resize");
    CHECK(longest_prefix_operator("hqresizekernel", ops) == "hqresize");
    CHECK_FALSE(longest_prefix_operator("calchist", ops));
}

TEST_CASE("exact_owner: the name itself, or after one name suffix (review-refactor §4.3)") {
    const OperatorSet ops = real_cvcuda_operators();
    const auto suffixes = Layout::cvcuda().attribution.name_suffixes;
    CHECK(exact_owner("median_blur", ops, suffixes) == "medianblur");
    CHECK(exact_owner("HQResize", ops, suffixes) == "hqresize");
    CHECK(exact_owner("resize_var_shape", ops, suffixes) == "resize");
    CHECK(exact_owner("ResizeCopyPolicy", ops, suffixes) == "resize");
    CHECK(exact_owner("ResizePolicy", ops, suffixes) == "resize");
    CHECK(exact_owner("osd_utils", ops, suffixes) == "osd");
    CHECK(exact_owner("osd_util", ops, suffixes) == "osd");
    CHECK(exact_owner("flip_planar", ops, suffixes) == "flip");
    CHECK(exact_owner("flip_common", ops, suffixes) == "flip");
    // No prefix search.
    CHECK_FALSE(exact_owner("GaussianSomethingNew", ops, suffixes));
    CHECK_FALSE(exact_owner("resize_experimental", ops, suffixes));
    CHECK_FALSE(exact_owner("flip_or_copy", ops, suffixes));
    // Only the first (longest) fitting suffix is tried.
    CHECK_FALSE(exact_owner("flip_var_shape_utils_var_shape", ops, suffixes));
    CHECK_FALSE(exact_owner("flip_utils_var_shape", ops, suffixes));
    // Suffix lists from a layout file are tried longest first whatever their order.
    CHECK(exact_owner("ResizeCopyPolicy", ops, {"Policy", "CopyPolicy"}) == "resize");
    CHECK(exact_owner("ResizeCopyPolicy", {"resizecopy"}, {"Policy", "CopyPolicy"}) ==
          std::nullopt);
}
