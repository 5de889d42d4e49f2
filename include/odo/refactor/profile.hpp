#pragma once
// What refactor_op cites and names in its findings: the refactor guideline (from the layout's
// paths.refactor_guideline), the strided accessors (grammar.strided_accessors), where a hoisted
// body goes and the command whose green run VER-6 asks for.
#include <string>
#include <vector>

namespace odo::refactor {

struct Profile {
    std::string guideline;
    // Strided accessors; a file that uses none of them and multiplies by a stride does it by hand.
    std::vector<std::string> accessor_tokens;
    // Where a duplicated body is hoisted to ("{priv}/<Name>.cuh").
    std::string hoist_extension = ".cuh";
    // The command whose green run VER-6 asks for when no pixel evidence was given.
    std::string bitexact_command = "build-rel/bin/cvcuda_test_system --gtest_filter='Op{Name}*'";
};

} // namespace odo::refactor
