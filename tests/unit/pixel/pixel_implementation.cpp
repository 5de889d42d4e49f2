// The one translation unit of unit_pixel that compiles the comparison, the report and the
// evidence line, as a test executable's doctest main may do.
#define ODO_PIXEL_IMPLEMENT
#include <odo/pixel/compare.hpp>
