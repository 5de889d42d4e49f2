#include "../repo/temp_tree.hpp"

#include <odo/review/support_probe.hpp>

#include <doctest/doctest.h>

using namespace odo::review;

namespace {

const char* const resize_header = R"(/*
 * SPDX-License-Identifier: Apache-2.0
 */
/** Resize.
 *
 * Limitations:
 *
 * Input:
 *      Data Layout:    [kNHWC, kHWC]
 *      Channels:       [1, 3, 4]
 *
 * Output:
 *      Data Layout:    [kNHWC, kHWC, kNCHW]
 *
 * Input/Output dependency
 */
CVCUDA_PUBLIC NVCVStatus cvcudaResizeCreate(NVCVOperatorHandle *handle);

CVCUDA_PUBLIC NVCVStatus cvcudaResizeSubmit(NVCVOperatorHandle handle, cudaStream_t stream,
                                            NVCVTensorHandle in, NVCVTensorHandle out,
                                            const NVCVInterpolationType interpolation);

CVCUDA_PUBLIC NVCVStatus cvcudaResizeVarShapeSubmit(NVCVOperatorHandle handle, cudaStream_t stream,
                                                    NVCVImageBatchHandle in, NVCVImageBatchHandle out,
                                                    const NVCVInterpolationType interpolation);
)";

std::vector<std::string> names(const std::vector<SubmitSignature>& sigs) {
    std::vector<std::string> out;
    for (const auto& s : sigs)
        out.push_back(s.name);
    return out;
}

} // namespace

TEST_CASE("Submit signatures: Tensor and VarShape entry points") {
    const auto sigs = parse_submit_signatures(resize_header, "Resize");
    CHECK(names(sigs) ==
          std::vector<std::string>{"cvcudaResizeSubmit", "cvcudaResizeVarShapeSubmit"});
    CHECK(sigs[0].kind == SubmitKind::Tensor);
    CHECK(sigs[0].container == Container::Tensor);
    CHECK(sigs[1].kind == SubmitKind::VarShape);
    CHECK(sigs[1].container == Container::ImageBatch);
    CHECK_FALSE(sigs[1].generic_varshape);
    const auto support = container_support(sigs);
    CHECK(support.has_tensor);
    CHECK(support.has_vs);
    CHECK_FALSE(support.generic_varshape);
}

TEST_CASE("Submit signatures match case-insensitively and across lines") {
    const auto sigs = parse_submit_signatures(
        "cvcuda_public\n  nvcvstatus\tcvcudaHqResizeTensorBatchSubmit\n(NVCVOperatorHandle h,\n"
        " NVCVTensorBatchHandle in)\n ;",
        "HQResize");
    REQUIRE(sigs.size() == 1);
    CHECK(sigs[0].name == "cvcudaHqResizeTensorBatchSubmit");
    CHECK(sigs[0].container == Container::TensorBatch);
    CHECK(sigs[0].kind == SubmitKind::Tensor);
}

TEST_CASE("Submit classification rules (review-refactor §1.6.1)") {
    auto one = [](const std::string& decl, const std::string& op = "Pad") {
        const auto sigs = parse_submit_signatures(decl, op);
        REQUIRE(sigs.size() == 1);
        return sigs.front();
    };
    // A generic Submit taking an image batch is VarShape, and generic.
    const auto generic = one("CVCUDA_PUBLIC NVCVStatus cvcudaPadSubmit(NVCVImageBatchHandle in, "
                             "NVCVTensorHandle out);");
    CHECK(generic.kind == SubmitKind::VarShape);
    CHECK(generic.generic_varshape);
    // A VarShape-named Submit is VarShape whatever it takes.
    const auto named = one("CVCUDA_PUBLIC NVCVStatus cvcudaPadVarShapeSubmit(NVCVTensorBatchHandle "
                           "in, NVCVTensorHandle out);");
    CHECK(named.kind == SubmitKind::VarShape);
    CHECK_FALSE(named.generic_varshape);
    CHECK(one("CVCUDA_PUBLIC NVCVStatus cvcudaPadImageBatchSubmit(int x);").kind ==
          SubmitKind::VarShape);
    // The first handle in the parameters is the primary container.
    CHECK(one("CVCUDA_PUBLIC NVCVStatus cvcudaPadSubmit(NVCVTensorHandle a, "
              "NVCVImageBatchHandle b);")
              .kind == SubmitKind::Tensor);
    CHECK(
        one("CVCUDA_PUBLIC NVCVStatus cvcudaPadTensorBatchSubmit(NVCVTensorBatchHandle a);").kind ==
        SubmitKind::Tensor);
    const auto none = one("CVCUDA_PUBLIC NVCVStatus cvcudaPadSubmit(int handle);");
    CHECK(none.kind == SubmitKind::Unclassified);
    CHECK(none.container == Container::None);
    // The parameters run to the first ')' followed by ';'.
    CHECK(one("CVCUDA_PUBLIC NVCVStatus cvcudaPadSubmit(void (*cb)(int), NVCVTensorHandle t);")
              .container == Container::Tensor);
}

TEST_CASE("Submit declarations that do not fit the grammar are not signatures") {
    for (const char* decl : {
             "CVCUDA_PUBLIC NVCVStatus cvcudaPadCreate(NVCVOperatorHandle *h);",
             "CVCUDA_PUBLIC NVCVStatus cvcudaPadAndStackSubmit(NVCVTensorHandle t);",
             "CVCUDA_PUBLICNVCVStatus cvcudaPadSubmit(NVCVTensorHandle t);",
             "CVCUDA_PUBLIC NVCVStatus cvcudaPadSubmit NVCVTensorHandle t);",
             "CVCUDA_PUBLIC NVCVStatus cvcudaPadSubmit(NVCVTensorHandle t)",
             "CVCUDA_PUBLIC int cvcudaPadSubmit(NVCVTensorHandle t);",
             "NVCVStatus cvcudaPadSubmit(NVCVTensorHandle t);",
         }) {
        CAPTURE(decl);
        CHECK(parse_submit_signatures(decl, "Pad").empty());
    }
}

TEST_CASE("declared input layouts come from the first Data Layout bracket of the Input part") {
    CHECK(declared_input_layouts(resize_header) == std::set<std::string>{"NHWC", "HWC"});
    CHECK(declared_input_layouts(" * Limitations:\n * Input:\n *   Data Layout: [NVCV_TENSOR_NCHW, "
                                 "kHW, kNHW, kHWCN, kNC]\n */") ==
          std::set<std::string>{"NCHW", "CHW", "HW", "NHW"}); // NVCV_TENSOR_NCHW is also prose
    // Without Limitations or Input markers the whole text is read.
    CHECK(declared_input_layouts("Data Layout:[kCHW]") == std::set<std::string>{"CHW"});
    CHECK(declared_input_layouts("no table here").empty());
    // A Data Layout label without a bracket is skipped; only the first bracket counts.
    CHECK(declared_input_layouts("Data Layout: see below\nData Layout: [kHWC]\nData Layout: "
                                 "[kNCHW]") == std::set<std::string>{"HWC"});
}

TEST_CASE("declared layouts: the table ends at */ or at the Input/Output dependency line") {
    CHECK(declared_input_layouts("/* Limitations:\n * nothing\n */\n"
                                 "/* Data Layout: [kNCHW] */")
              .empty());
    CHECK(declared_input_layouts(" * Limitations:\n * Input: text\n * Input/Output dependency\n"
                                 " * Data Layout: [kNCHW]\n")
              .empty());
    // Limitations with no end: the whole header.
    CHECK(declared_input_layouts("Data Layout: [kCHW]\n Limitations: open") ==
          std::set<std::string>{"CHW"});
}

TEST_CASE("the prose form NVCV_TENSOR_[N]CHW declares both planar layouts") {
    const auto layouts = declared_input_layouts(
        " * Limitations:\n * Input:\n *   Data Layout: [kNHWC]\n *   Also NVCV_TENSOR_[N]CHW.\n"
        " * Output:\n */");
    CHECK(layouts == std::set<std::string>{"NHWC", "NCHW", "CHW"});
    CHECK(declares_planar(layouts));
    CHECK_FALSE(declares_planar(declared_input_layouts(" * Limitations:\n * Input:\n"
                                                       " * NVCV_TENSOR_NHWC\n */")));
    CHECK_FALSE(declares_planar({"NHWC", "HWC"}));
    CHECK(declares_planar({"CHW"}));
}

TEST_CASE("planar policy: absent, valid, malformed") {
    CHECK(parse_planar_policy(resize_header).error.empty());
    CHECK_FALSE(parse_planar_policy(resize_header).not_applicable);

    const auto valid = parse_planar_policy(
        "/**\n * Planar image layouts: Not applicable\n *\n * Reason: points, not images.\n */");
    CHECK(valid.not_applicable);
    CHECK(valid.reason == "points, not images.");
    CHECK(valid.line == 2);
    CHECK(valid.error.empty());

    const auto opener = parse_planar_policy("/** Planar image layouts:  Not applicable \n"
                                            "    Reason: coordinate lists");
    CHECK(opener.not_applicable);
    CHECK(opener.reason == "coordinate lists");
    CHECK(opener.line == 1);

    CHECK(parse_planar_policy(" * Planar image layouts: Not applicable\n * Reason: a\n"
                              " * Planar image layouts: Not applicable\n * Reason: b")
              .error == "declare 'Planar image layouts' exactly once");
    const auto wrong = parse_planar_policy(" * Planar image layouts: Supported\n * Reason: x");
    CHECK(wrong.error == "'Planar image layouts' accepts only 'Not applicable', not 'Supported'");
    CHECK_FALSE(wrong.not_applicable);
    for (const char* missing : {" * Planar image layouts: Not applicable\n */",
                                " * Planar image layouts: Not applicable\n * Reason:   \n",
                                " * Planar image layouts: Not applicable\n * Why: x\n * Reason: y",
                                " * Planar image layouts: Not applicable"}) {
        CAPTURE(missing);
        const auto p = parse_planar_policy(missing);
        CHECK(p.error == "a planar inapplicability declaration requires a Reason");
        CHECK_FALSE(p.not_applicable);
    }
    // Two spaces after the decoration: the declaration is not at the start of the line.
    CHECK(parse_planar_policy(" *  Planar image layouts: Supported").error.empty());
}

TEST_CASE("compute_support_info combines the header and the curated data") {
    CuratedData curated;
    curated.bench_layout_na = {"findhomography"};
    curated.bench_rgb_na = {"findhomography"};
    curated.varshape_only = {"conv2d"};

    const SupportInfo resize = compute_support_info(resize_header, "Resize", curated);
    CHECK(resize.has_tensor);
    CHECK(resize.has_vs);
    CHECK_FALSE(resize.generic_varshape);
    CHECK_FALSE(resize.planar_declared);
    CHECK_FALSE(resize.planar);
    CHECK_FALSE(resize.bench_layout_na);
    CHECK_FALSE(resize.varshape_only);

    const std::string planar_header =
        " * Limitations:\n * Input:\n *  Data Layout: [kNHWC, kNCHW]\n * Output:\n */\n"
        "CVCUDA_PUBLIC NVCVStatus cvcudaConv2DVarShapeSubmit(NVCVImageBatchHandle in);\n";
    const SupportInfo conv = compute_support_info(planar_header, "Conv2D", curated);
    CHECK(conv.planar_declared);
    CHECK(conv.planar);
    CHECK(conv.has_vs);
    CHECK_FALSE(conv.has_tensor);
    CHECK(conv.varshape_only);

    const SupportInfo both = compute_support_info(
        planar_header + " * Planar image layouts: Not applicable\n * Reason: points\n",
        "FindHomography", curated);
    CHECK(both.planar_declared);
    CHECK(both.planar_not_applicable);
    CHECK_FALSE(both.planar);
    CHECK(both.planar_reason == "points");
    CHECK(both.bench_layout_na);
    CHECK(both.bench_rgb_na);

    const SupportInfo malformed =
        compute_support_info(planar_header + " * Planar image layouts: maybe\n", "X", curated);
    CHECK(malformed.planar);
    CHECK_FALSE(malformed.planar_policy_error.empty());
}

TEST_CASE("probe_support reads the operator's public header") {
    TempTree repo;
    repo.write("src/cvcuda/include/cvcuda/OpResize.h", resize_header);
    const odo::repo::Layout layout;
    const auto paths = odo::repo::resolve_operator(repo.root(), layout, "resize");
    const SupportInfo info = probe_support(repo.root(), paths, {});
    CHECK(info.has_tensor);
    CHECK(info.has_vs);
    const auto unknown = odo::repo::resolve_operator(repo.root(), layout, "nothing");
    CHECK_FALSE(probe_support(repo.root(), unknown, {}).has_tensor);
}
