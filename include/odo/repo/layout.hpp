#pragma once
#include "odo/core/linkage.hpp"
#include "odo/repo/language.hpp"
#include "odo/repo/path_template.hpp"
#include "odo/repo/tooling.hpp"

#include <map>
#include <string>
#include <vector>

namespace odo::repo {

// Everything library-specific the gates need to know about an operator repository: where each
// per-operator file lives, which files attribute to which operators, and the grammars of its
// commits and summaries. Default-constructed, it is the CV-CUDA profile; another library
// overrides fields from a layout file (layout_file.hpp, docs/layout.md).
struct Layout {
    // Per-operator files as path templates (path_template.hpp), and the fixed repository files.
    struct Paths {
        // The public C header. Its file name, with {Name} as a wildcard, is how operators are
        // discovered: every matching file in its directory is one operator.
        std::string c_api = "src/cvcuda/include/cvcuda/Op{Name}.h";
        // File names that match the c_api pattern without naming an operator.
        std::vector<std::string> c_api_excluded = {"Operator.h"};
        std::string cpp_api = "src/cvcuda/include/cvcuda/Op{Name}.hpp";
        std::string binding = "python/mod_cvcuda/operators/Op{Name}.cpp";
        std::string priv_dir = "src/cvcuda/priv";
        // The operator's own private sources, listed when they exist.
        std::vector<std::string> priv_sources = {"src/cvcuda/priv/Op{Name}.cu",
                                                 "src/cvcuda/priv/Op{Name}.cpp"};
        // Kernels shared by name: a file here belongs to the operator whose name is the longest
        // prefix of its stem (legacy_belongs). Empty when the library has none.
        std::string legacy_dir = "src/cvcuda/priv/legacy";
        std::string legacy_glob = "*.c*";
        std::string tests_dir = "tests";
        std::string test_cpp = "tests/cvcuda/system/TestOp{Name}.cpp";
        std::string test_py = "tests/cvcuda/python/test_op{name}.py";
        // Used when test_py is missing and this one exists (legacy names such as test_opnms.py).
        std::string test_py_fallback = "tests/cvcuda/python/test_op{py}.py";
        std::string bench_cpp = "bench/cpp/ops/Bench{Name}.cpp";
        std::string bench_py = "bench/python/ops/bench_{name}.py";
        std::string bench_config_dir = "bench/config/operators";
        std::string bench_config_file = "{name}.json";
        std::string manifest = "bench/config/bench_params.json";
        std::string sku_map = "bench/config/sku_map.json";
        std::string curated_data = ".agents/tools/review_op_data.json";
        // A JSON policy file allow-listing secondary operator scopes; absent means deny all.
        std::string secondary_scope_policy = "ci/optimization_secondary_scope_policy.json";
        // The refactor guideline: refactor_op's curated tunables and the base of its citations.
        std::string refactor_guideline = ".agents/guidance/REFACTOR_OP_GUIDELINES.md";
        // The operator's campaign ledger (odo_campaign, docs/formats.md "Campaign ledger").
        std::string campaign_ledger = "bench/campaigns/Op{Name}.ledger.jsonl";
        // The CMake target that builds the operator's benchmark executable (odo_campaign's
        // measuring verbs: `cmake --build <build> --target <bench_target>`).
        std::string bench_target = "bench_{name}";
    };

    // Which operators a path belongs to (attribution.hpp, implementation.hpp). Paths are
    // repository-relative; a key ending in '/' covers a directory, and '*'/'?' are wildcards.
    struct Attribution {
        // Files that belong to no operator.
        std::vector<std::string> unowned_sources = {
            "src/cvcuda/Operator.cpp",
            "src/cvcuda/include/cvcuda/Operator.h",
            "python/mod_cvcuda/operators/Operators.hpp",
            "src/cvcuda/priv/legacy/CvCudaLegacy.h",
        };
        // Files shared by a known set of operators (compositions, shared legacy kernels).
        std::map<std::string, std::vector<std::string>> multi_op_sources = {
            {"src/cvcuda/priv/OpReformat.cu", {"bndbox", "histogram", "osd", "reformat"}},
            {"src/cvcuda/priv/OpEraseRegion.cu", {"erase"}},
            {"src/cvcuda/priv/OpStackKernels.*", {"stack"}},
            {"src/cvcuda/priv/OpHQResize2D.cu", {"hqresize"}},
            {"src/cvcuda/priv/OpHQResize3D.cu", {"hqresize"}},
            {"src/cvcuda/priv/OpHQResizeBatchWrap.cuh", {"hqresize"}},
            {"src/cvcuda/priv/OpHQResizeDispatch.hpp", {"hqresize"}},
            {"src/cvcuda/priv/OpHQResizeFilter.cuh", {"hqresize"}},
            {"src/cvcuda/priv/OpHQResizeKernel.cuh", {"hqresize"}},
            {"src/cvcuda/priv/OpHQResizePlanar.cuh", {"hqresize"}},
            {"src/cvcuda/priv/legacy/osd.cu", {"bndbox", "osd"}},
            {"src/cvcuda/priv/legacy/calc_hist.cu", {"histogram"}},
            {"src/cvcuda/priv/legacy/filter.cu", {"averageblur", "gaussian", "laplacian"}},
            {"src/cvcuda/priv/legacy/filter_utils.cu",
             {"adaptivethreshold", "averageblur", "conv2d", "gaussian", "laplacian"}},
            {"src/cvcuda/priv/legacy/filter_var_shape.cu",
             {"averageblur", "conv2d", "gaussian", "laplacian"}},
            {"src/cvcuda/priv/legacy/warp*.cu", {"warpaffine", "warpperspective"}},
            {"src/cvcuda/priv/legacy/CvCudaOSD.hpp", {"bndbox", "boxblur", "osd"}},
            {"src/cvcuda/priv/legacy/textbackend/", {"bndbox", "boxblur", "osd"}},
        };
        // Extra implementation files of an operator beyond its own sources (exact paths). They
        // count as the operator's kernels and join its private sources.
        std::map<std::string, std::vector<std::string>> shared_kernel_sources = {
            {"adjusthue", {"src/cvcuda/priv/ChannelAxisCommon.cuh"}},
            {"adjustsaturation", {"src/cvcuda/priv/ChannelAxisCommon.cuh"}},
            {"jpegcompressiondistortion", {"src/cvcuda/priv/ChannelAxisCommon.cuh"}},
            {"invert",
             {"src/cvcuda/priv/SameShapeCommon.cuh", "src/cvcuda/priv/PhotometricBound.cuh"}},
            {"solarize",
             {"src/cvcuda/priv/SameShapeCommon.cuh", "src/cvcuda/priv/PhotometricBound.cuh"}},
            {"posterize", {"src/cvcuda/priv/SameShapeCommon.cuh"}},
            {"adjustsharpness", {"src/cvcuda/priv/SameShapeCommon.cuh"}},
            {"conv2d", {"src/cvcuda/priv/legacy/filter_var_shape.cu"}},
            {"gaussian",
             {"src/cvcuda/priv/legacy/filter.cu", "src/cvcuda/priv/legacy/filter_var_shape.cu"}},
            {"averageblur",
             {"src/cvcuda/priv/legacy/filter.cu", "src/cvcuda/priv/legacy/filter_var_shape.cu"}},
            {"laplacian",
             {"src/cvcuda/priv/legacy/filter.cu", "src/cvcuda/priv/legacy/filter_var_shape.cu"}},
            {"histogram", {"src/cvcuda/priv/legacy/calc_hist.cu"}},
            {"warpaffine",
             {"src/cvcuda/priv/legacy/warp.cu", "src/cvcuda/priv/legacy/warp_var_shape.cu"}},
            {"warpperspective",
             {"src/cvcuda/priv/legacy/warp.cu", "src/cvcuda/priv/legacy/warp_var_shape.cu"}},
            {"hqresize",
             {"src/cvcuda/priv/OpHQResize2D.cu", "src/cvcuda/priv/OpHQResize3D.cu",
              "src/cvcuda/priv/OpHQResizeBatchWrap.cuh", "src/cvcuda/priv/OpHQResizeDispatch.hpp",
              "src/cvcuda/priv/OpHQResizeFilter.cuh", "src/cvcuda/priv/OpHQResizeKernel.cuh",
              "src/cvcuda/priv/OpHQResizePlanar.cuh"}},
            {"stack", {"src/cvcuda/priv/OpStackKernels.cu", "src/cvcuda/priv/OpStackKernels.hpp"}},
        };
        // Files and directories whose change can move every operator's benchmark.
        std::vector<std::string> broad_sources = {
            "src/cvcuda/priv/Assert.h",
            "src/cvcuda/priv/CudaDeviceUtils.hpp",
            "src/cvcuda/priv/IOperator.*",
            "src/cvcuda/priv/Nvtx.hpp",
            "src/cvcuda/priv/PerDeviceResource.hpp",
            "src/cvcuda/priv/PlanarTensorView.hpp",
            "src/cvcuda/priv/SafeSize.hpp",
            "src/cvcuda/priv/SymbolVersioning.hpp",
            "src/cvcuda/priv/Types.hpp",
            "src/cvcuda/priv/Version.hpp",
            "src/cvcuda/priv/Workspace*.hpp",
            "src/cvcuda/priv/legacy/CvCudaLegacyHelpers.*",
            "src/cvcuda/priv/legacy/CvCudaUtils.cuh",
            "src/cvcuda/include/cvcuda/Workspace.hpp",
            "bench/run_bench.py",
            "bench/compare_to_baseline.py",
        };
        std::vector<std::string> broad_prefixes = {"src/cvcuda/include/cvcuda/cuda_tools/",
                                                   "src/nvcv/",
                                                   "bench/cpp/",
                                                   "bench/python/",
                                                   "bench/config/",
                                                   "bench/_internal/"};
        // Name endings stripped (only the longest one that fits) to find a file's operator:
        // "resize_var_shape" -> resize.
        std::vector<std::string> name_suffixes = {"_var_shape", "CopyPolicy", "_common", "_planar",
                                                  "Policy",     "_utils",     "_util"};
        // Path prefixes (directory plus file-name prefix) of files named for their operator.
        std::vector<std::string> op_prefixed_roots = {"src/cvcuda/include/cvcuda/Op",
                                                      "python/mod_cvcuda/operators/Op",
                                                      "src/cvcuda/Op", "src/cvcuda/priv/Op"};
        // File-name prefix of an operator's own kernel files in priv_dir ("OpResize.cu").
        std::string kernel_prefix = "Op";
        // Flattened test-file-name prefixes stripped before matching (the first that fits).
        std::vector<std::string> test_name_prefixes = {"testop", "test"};
        // The #include graph that attributes a shared header to the operators including it.
        std::vector<std::string> include_roots = {"src/cvcuda", "python/mod_cvcuda"};
        std::vector<std::string> include_extensions = {".cu", ".cuh", ".hpp", ".cpp", ".h"};
        std::vector<std::string> header_extensions = {".cuh", ".hpp", ".h"};
    };

    struct Grammar {
        // Token of the optimization summary block markers.
        std::string summary_marker = "cvcuda-optimize-summary:v1";
        // A changed public-header line holding one of these changes a signature.
        std::vector<std::string> public_signature_tokens = {"CVCUDA_PUBLIC", "operator()",
                                                            "Submit("};
        // A binding registers a Python function as <binding_def_call>"name", ...
        std::string binding_def_call = "m.def(";
        std::string binding_into_suffix = "_into";
        // A C++ system test's suites are named <prefix><Name>[Tensor…] (TST-2): CV-CUDA's
        // "OpResize"; "" for a library whose suites start with the operator's name.
        std::string test_suite_prefix = "Op";
        // Shared utilities a local helper must not shadow (RED-10); the refactor guideline adds.
        std::vector<std::string> shared_utils = {"SaturateCast", "StaticCast", "ConvertBaseTypeTo",
                                                 "TensorWrap", "CreateSameShapeImageBatch"};
        // Strided accessors: stride arithmetic in a file that uses none is by hand (RED-5).
        std::vector<std::string> strided_accessors = {"TensorWrap", "ImageBatchVarShapeWrap",
                                                      "TensorDataAccess"};
    };

    // Commit subjects: "<perf>: ..." or "<perf>(scope): ..." for optimizations, and an
    // adjacent "<test>(<op>): ..." then "<fix>(<op>): ..." pair for a fix.
    struct Commits {
        std::string perf_type = "perf";
        std::string fix_type = "fix";
        std::string test_type = "test";
    };

    // Citation strings placed in findings; gates append their anchors ("#profiling").
    struct Guidelines {
        std::string optimization = ".agents/guidance/OPTIMIZATION_GUIDELINES.md";
        std::string review_test = ".agents/guidance/REVIEW_OP_GUIDELINES.md#test / "
                                  "make_operator.rst / .agents/guidance/OPTIMIZATION_GUIDELINES.md";
        std::string review_bench =
            ".agents/guidance/REVIEW_OP_GUIDELINES.md#bench / bench/README.md";
    };

    // The library's entry points. Without Python, the profile names no Python files (binding,
    // Python test and benchmark), and no gate requires, compares or accepts a Python figure.
    LanguageSet languages;
    // Whose tools the fix texts name for capturing baselines. The built-in profile is CV-CUDA's
    // own; a layout file describes another library and defaults to odo's (layout_file.hpp).
    Tooling tooling = Tooling::Cvcuda;
    Paths paths;
    Attribution attribution;
    Grammar grammar;
    Commits commits;
    Guidelines guidelines;

    static Layout cvcuda() { return {}; }
};

// Files named for exactly one operator's benchmark; a change to one moves only that operator.
ODO_API std::vector<std::string> per_operator_bench_templates(const Layout& layout);
#if ODO_REPO_DEFINITIONS
// The bench config template, "bench/config/operators/{name}.json".
inline std::string bench_config_template(const Layout& layout) {
    return std::string(trim_trailing_slashes(layout.paths.bench_config_dir)) + "/" +
           layout.paths.bench_config_file;
}

ODO_API std::vector<std::string> per_operator_bench_templates(const Layout& layout) {
    return {bench_config_template(layout), layout.paths.bench_py, layout.paths.bench_cpp};
}
#endif // ODO_REPO_DEFINITIONS

} // namespace odo::repo
