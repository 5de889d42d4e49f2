#pragma once
// compare()'s definitions, compiled in the one translation unit that defines ODO_PIXEL_IMPLEMENT
// (see odo/pixel/compare.hpp). Deliberately not inline: a second implementing translation unit
// is a link error, not a silent duplicate.
#include "odo/pixel/compare.hpp"
#include "odo/pixel/detail/compare_engine.hpp"

namespace odo::pixel {

CompareResult::CompareResult() = default;
CompareResult::CompareResult(const CompareResult& other) = default;
CompareResult::CompareResult(CompareResult&& other) noexcept = default;
CompareResult& CompareResult::operator=(const CompareResult& other) = default;
CompareResult& CompareResult::operator=(CompareResult&& other) noexcept = default;
CompareResult::~CompareResult() = default;

CompareResult compare(const TensorView& output, const TensorView& reference,
                      const Tolerance& tolerance) {
    return detail::compare_host(output, reference, tolerance, false);
}

CompareResult compare(const TensorView& output, const TensorView& reference) {
    return detail::compare_host(output, reference, default_tolerance(output.type), true);
}

CompareResult compare(const VarShapeView& output, const VarShapeView& reference,
                      const Tolerance& tolerance) {
    return detail::compare_batch(output, reference, tolerance, false,
                                 [&](const TensorView& o, const TensorView& r) {
                                     return detail::compare_host(o, r, tolerance, false);
                                 });
}

CompareResult compare(const VarShapeView& output, const VarShapeView& reference) {
    const ElementType type = output.images.empty() ? ElementType{} : output.images.front().type;
    const Tolerance tolerance = default_tolerance(type);
    return detail::compare_batch(output, reference, tolerance, true,
                                 [&](const TensorView& o, const TensorView& r) {
                                     return detail::compare_host(o, r, tolerance, true);
                                 });
}

} // namespace odo::pixel
