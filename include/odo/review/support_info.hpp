#pragma once
#include <set>
#include <string>

namespace odo::review {

// What the operator's public surface declares, as far as the test and bench checks need it
// (review-refactor.md §1.6, §1.7 `support_info`). Computed from the public C header, the
// planar-layout policy declaration and the curated review data.
struct SupportInfo {
    bool has_tensor = false;             // a Submit entry point takes a Tensor/TensorBatch
    bool has_vs = false;                 // a Submit entry point takes an ImageBatch (VarShape)
    bool generic_varshape = false;       // the plain cvcuda<Op>Submit itself takes an ImageBatch
    std::string header;                  // the public C header read, repo-relative, for messages
    std::set<std::string> input_layouts; // the Limitations table's input layouts (NHWC, HWC, …)
    bool planar_declared = false;        // the Limitations table lists NCHW or CHW
    bool planar_not_applicable = false;  // "Planar image layouts: Not applicable" + Reason
    bool planar = false;                 // planar_declared && !planar_not_applicable
    std::string planar_reason;           // the Reason text of a valid N-A declaration
    std::string planar_policy_error;     // non-empty when the declaration is malformed
    bool bench_layout_na = false;        // curated: the benchmark has no truthful layout axis
    bool bench_rgb_na = false;           // curated: no RGB 3-channel benchmark requirement
    bool varshape_only = false;          // curated: Tensor absence is legitimate
};

} // namespace odo::review
