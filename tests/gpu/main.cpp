// The GPU tests' own doctest main: odo_test_main carries the sanitizer flags of ODO_SANITIZE,
// which nvcc-built executables do not take.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
