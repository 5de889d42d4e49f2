// The GPU tests' own doctest main: odo_test_main carries the sanitizer flags of ODO_SANITIZE,
// which nvcc-built executables do not take. A run whose cases passed but some skipped for want
// of a device exits with skip_exit_code, so CTest reports the test skipped rather than passed.
#define DOCTEST_CONFIG_IMPLEMENT
#include "device_skip.hpp"

// odo::pixel's comparison, reports and evidence line, compiled once here (odo/pixel/compare.hpp).
#define ODO_PIXEL_IMPLEMENT
#include <odo/pixel/doctest.hpp>

#include <iostream>

int main(int argc, char** argv) {
    doctest::Context context(argc, argv);
    const int rc = context.run();
    if (context.shouldExit() || rc != 0 || odo::testing::skipped_device_cases == 0)
        return rc;
    std::cout << odo::testing::skipped_device_cases << " case(s) skipped without a CUDA device\n";
    return odo::testing::skip_exit_code;
}
