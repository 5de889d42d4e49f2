// The GPU tests' own doctest main: odo_test_main carries the sanitizer flags of ODO_SANITIZE,
// which nvcc-built executables do not take.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

// odo::pixel's comparison, reports and evidence line, compiled once here (odo/pixel/compare.hpp).
#define ODO_PIXEL_IMPLEMENT
#include <odo/pixel/doctest.hpp>
