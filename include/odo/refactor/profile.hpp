#pragma once
// What refactor_op needs to know about a library beyond the repository layout: where its refactor
// guideline lives (the curated tunables and the citation), and the names of its shared accessors.
#include <string>
#include <vector>

namespace odo::refactor {

struct Profile {
    std::string guideline = ".agents/guidance/REFACTOR_OP_GUIDELINES.md";
    // Strided accessors; a file that uses none of them and multiplies by a stride does it by hand.
    std::vector<std::string> accessor_tokens = {"TensorWrap", "ImageBatchVarShapeWrap",
                                                "TensorDataAccess"};
    // Where a duplicated body is hoisted to ("{priv}/<Name>.cuh").
    std::string hoist_extension = ".cuh";
    // The command whose green run VER-6 asks for when no pixel evidence was given.
    std::string bitexact_command = "build-rel/bin/cvcuda_test_system --gtest_filter='Op{Name}*'";
};

} // namespace odo::refactor
