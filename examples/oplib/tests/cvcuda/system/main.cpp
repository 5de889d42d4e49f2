// SPDX-License-Identifier: Apache-2.0
// doctest's main, and the one translation unit that compiles odo::pixel's comparison, reports and
// evidence line (the other test sources include the light odo/pixel/doctest.hpp).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#define ODO_PIXEL_IMPLEMENT
#include <odo/pixel/doctest.hpp>
