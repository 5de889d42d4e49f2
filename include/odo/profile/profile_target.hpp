#pragma once
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace odo::profile {

// The program a profiler runs: for a benchmark case, the op's benchmark executable with
// `--case <key>` among its arguments.
struct ProfileTarget {
    std::string program;
    std::vector<std::string> args;
    std::chrono::milliseconds timeout{600'000}; // for each tool run; replay makes ncu slow
    std::filesystem::path working_dir;          // empty: the current directory
};

} // namespace odo::profile
