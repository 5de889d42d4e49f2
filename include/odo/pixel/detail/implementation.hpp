#pragma once
// Everything the light odo/pixel headers declare, compiled in the one translation unit of an
// executable that defines ODO_PIXEL_IMPLEMENT (see odo/pixel/compare.hpp). Whichever of those
// headers that unit includes, it defines all of them, so no other unit misses a definition.
#include "odo/pixel/detail/check_implementation.hpp"
#include "odo/pixel/detail/compare_implementation.hpp"
#include "odo/pixel/detail/evidence_implementation.hpp"
#include "odo/pixel/detail/report_implementation.hpp"
#include "odo/pixel/detail/view_implementation.hpp"
