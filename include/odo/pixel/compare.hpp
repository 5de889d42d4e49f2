#pragma once
// compare() on the host. This header only declares it, so that every unit test can include it
// cheaply: the comparison (its instantiations for every element type), the report, the evidence
// line, the check macros' entry, the text of shapes and views (describe, with_row_pitch) and the
// constructors and destructors of views, results and the evidence log (which hold strings and
// vectors) are compiled in exactly one translation unit of the executable, the one that defines
// ODO_PIXEL_IMPLEMENT before including an odo/pixel header — the model of doctest's
// DOCTEST_CONFIG_IMPLEMENT. A single-file program defines it too:
//
//   #define ODO_PIXEL_IMPLEMENT
//   #include <odo/pixel/compare.hpp>
#include "odo/pixel/report.hpp" // what a failed comparison prints
#include "odo/pixel/result.hpp"
#include "odo/pixel/tolerance.hpp"
#include "odo/pixel/varshape.hpp"
#include "odo/pixel/view.hpp"

namespace odo::pixel {

// Compares every element of `output` with the element at the same logical coordinate of
// `reference`; layouts and strides may differ. Inputs that cannot be compared (shapes, element
// types, null data, device memory, a tolerance that does not apply) give a failed result whose
// `problem` says why. Statistics are computed only when something differs.
CompareResult compare(const TensorView& output, const TensorView& reference,
                      const Tolerance& tolerance);

// With the element type's default tolerance (default_tolerance() in tolerance.hpp).
CompareResult compare(const TensorView& output, const TensorView& reference);

// Image by image; coordinate n of a mismatch is the image's index in the batch.
CompareResult compare(const VarShapeView& output, const VarShapeView& reference,
                      const Tolerance& tolerance);

CompareResult compare(const VarShapeView& output, const VarShapeView& reference);

} // namespace odo::pixel

#ifdef ODO_PIXEL_IMPLEMENT
#include "odo/pixel/detail/implementation.hpp"
#endif
