#pragma once
// The text a failed comparison prints: what was compared, under which rule, how much differs,
// the worst and the first mismatches, and where they are. Declared here, compiled once (see
// odo/pixel/compare.hpp, ODO_PIXEL_IMPLEMENT).
#include "odo/pixel/result.hpp"

#include <iosfwd>
#include <string>
#include <vector>

namespace odo::pixel {

// Short readings of where the mismatches are, which usually point at the indexing bug: a single
// column or row, the tail of every row (a vectorized loop's remainder), the last rows (a pitch or
// grid bound), one channel, one image.
std::vector<std::string> pattern_hints(const CompareResult& r);

std::string format_report(const CompareResult& r);

std::ostream& operator<<(std::ostream& out, const CompareResult& r);

} // namespace odo::pixel

#ifdef ODO_PIXEL_IMPLEMENT
#include "odo/pixel/detail/implementation.hpp"
#endif
