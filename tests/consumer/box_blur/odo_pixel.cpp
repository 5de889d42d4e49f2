// The one source of the test executable that compiles odo's pixel comparison.
#define ODO_PIXEL_IMPLEMENT
#include <odo/pixel/gtest.hpp>
