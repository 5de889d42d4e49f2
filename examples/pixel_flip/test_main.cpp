// doctest's main, and the one translation unit that compiles odo::pixel's comparison, reports and
// evidence line for each test executable of the example.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#define ODO_PIXEL_IMPLEMENT
#include <odo/pixel/doctest.hpp>
