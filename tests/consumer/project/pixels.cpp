// The one translation unit of the consumer that compiles odo::pixel's comparison, as an op
// repository's test executable does (odo/pixel/compare.hpp, ODO_PIXEL_IMPLEMENT).
#define ODO_PIXEL_IMPLEMENT
#include <odo/pixel/compare.hpp>
