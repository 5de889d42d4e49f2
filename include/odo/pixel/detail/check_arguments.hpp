#pragma once
#include "odo/pixel/compare.hpp"

// What a check macro's arguments stand for, whichever test framework checks them: views (and a
// tolerance) are compared, a CompareResult is taken as it is.
namespace odo::pixel::detail {

inline const CompareResult& result_of(const CompareResult& result) {
    return result;
}

inline CompareResult result_of(const TensorView& output, const TensorView& reference) {
    return compare(output, reference);
}

inline CompareResult result_of(const TensorView& output, const TensorView& reference,
                               const Tolerance& tolerance) {
    return compare(output, reference, tolerance);
}

inline CompareResult result_of(const VarShapeView& output, const VarShapeView& reference) {
    return compare(output, reference);
}

inline CompareResult result_of(const VarShapeView& output, const VarShapeView& reference,
                               const Tolerance& tolerance) {
    return compare(output, reference, tolerance);
}

} // namespace odo::pixel::detail
