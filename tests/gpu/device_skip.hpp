#pragma once
// How a GPU test case skips where there is no device, and how its executable tells CTest. A
// skipping case prints its reason and is counted; the GPU tests' main then exits with
// skip_exit_code, which the tests' SKIP_RETURN_CODE makes CTest count as skipped, not passed.
#include <doctest/doctest.h>

#include <atomic>
#include <string>

namespace odo::testing {

inline constexpr int skip_exit_code = 77;
inline std::atomic<int> skipped_device_cases{0};

// Whether the case must skip: `reason` (why there is no device) is not empty. It is printed and
// the case counted.
inline bool skip_for(const std::string& reason) {
    if (reason.empty())
        return false;
    MESSAGE("SKIPPED: " << reason);
    ++skipped_device_cases;
    return true;
}

} // namespace odo::testing
