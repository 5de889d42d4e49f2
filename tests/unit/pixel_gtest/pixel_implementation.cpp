// The one translation unit of unit_pixel_gtest that compiles the comparison, the report and the
// evidence line.
#define ODO_PIXEL_IMPLEMENT
#include <odo/pixel/gtest.hpp>
