#pragma once
#include "odo/pixel/detail/dispatch.hpp"
#include "odo/pixel/detail/host_scan.hpp"
#include "odo/pixel/detail/validate.hpp"
#include "odo/pixel/result.hpp"
#include "odo/pixel/tolerance.hpp"
#include "odo/pixel/tolerance_text.hpp"
#include "odo/pixel/varshape.hpp"
#include "odo/pixel/view.hpp"

#include <algorithm>
#include <string>
#include <utility>

// What compare() runs on the host, and the parts device_compare() shares with it: the result's
// identity, the checks before anything is read, and folding a VarShape batch image by image.
namespace odo::pixel::detail {

inline CompareResult start_result(const TensorView& output, const TensorView& reference,
                                  const Tolerance& tolerance, bool default_tolerance) {
    CompareResult result;
    result.output_description = describe(output);
    result.reference_description = describe(reference);
    result.type = output.type;
    result.shape = output.shape;
    result.tolerance = tolerance;
    result.default_tolerance = default_tolerance;
    return result;
}

inline std::string host_memory_problem(const TensorView& output, const TensorView& reference) {
    for (const auto& [side, view] :
         {std::pair{"output", &output}, std::pair{"reference", &reference}})
        if (view->space != MemorySpace::Host)
            return std::string(side) + " is in device memory: compare it with " +
                   "odo::pixel::device_compare (odo/pixel/device_compare.cuh)";
    return {};
}

inline CompareResult compare_host(const TensorView& output, const TensorView& reference,
                                  const Tolerance& tolerance, bool default_tolerance) {
    CompareResult result = start_result(output, reference, tolerance, default_tolerance);
    result.problem = pair_problem(output, reference);
    if (result.problem.empty())
        result.problem = tolerance_problem(tolerance, output.type);
    if (result.problem.empty())
        result.problem = host_memory_problem(output, reference);
    if (!result.problem.empty())
        return result;
    result.compared = std::uint64_t(*element_count(output.shape));
    result.channels.resize(std::size_t(output.shape.c));
    if (result.compared == 0)
        return result;
    visit_scalar_type(output.type, [&](auto tag) {
        using S = typename decltype(tag)::type;
        if (host_any_mismatch<S>(output, reference, tolerance))
            host_tally<S>(output, reference, tolerance, result);
    });
    if (result.worst_abs && output.shape.c <= pixel_tuple_limit) {
        result.worst_output_pixel = host_pixel(output, result.worst_abs->at);
        result.worst_reference_pixel = host_pixel(reference, result.worst_abs->at);
    }
    return result;
}

// Folds one image's result into a VarShape batch's, as image `index` (its coordinate n).
inline void merge_image(CompareResult& batch, CompareResult image, std::int64_t index) {
    auto relocate = [index](Mismatch m) {
        m.at.n = index;
        return m;
    };
    if (image.mismatched > 0) {
        image.region.first.n = image.region.last.n = index;
        if (batch.mismatched == 0)
            batch.region = image.region;
        extend(batch.region, image.region.first);
        extend(batch.region, image.region.last);
    }
    batch.compared += image.compared;
    batch.mismatched += image.mismatched;
    batch.nan_mismatches += image.nan_mismatches;
    batch.inf_mismatches += image.inf_mismatches;
    for (std::size_t b = 0; b < batch.distance_histogram.size(); ++b)
        batch.distance_histogram[b] += image.distance_histogram[b];
    if (batch.channels.size() < image.channels.size())
        batch.channels.resize(image.channels.size());
    for (std::size_t c = 0; c < image.channels.size(); ++c) {
        batch.channels[c].mismatched += image.channels[c].mismatched;
        batch.channels[c].max_abs_error =
            std::max(batch.channels[c].max_abs_error, image.channels[c].max_abs_error);
        batch.channels[c].max_distance =
            std::max(batch.channels[c].max_distance, image.channels[c].max_distance);
    }
    for (const Mismatch& m : image.first)
        if (batch.first.size() < first_mismatch_limit)
            batch.first.push_back(relocate(m));
    if (image.worst_abs &&
        (!batch.worst_abs || image.worst_abs->abs_error > batch.worst_abs->abs_error)) {
        batch.worst_abs = relocate(*image.worst_abs);
        batch.worst_output_pixel = std::move(image.worst_output_pixel);
        batch.worst_reference_pixel = std::move(image.worst_reference_pixel);
    }
    if (image.worst_rel &&
        (!batch.worst_rel || image.worst_rel->rel_error > batch.worst_rel->rel_error))
        batch.worst_rel = relocate(*image.worst_rel);
}

inline std::string describe_batch(const VarShapeView& batch) {
    std::string text = "VarShape of " + std::to_string(batch.images.size()) + " images";
    if (!batch.images.empty())
        text += ", image 0: " + describe(batch.images.front());
    return text;
}

template <class CompareImage>
CompareResult compare_batch(const VarShapeView& output, const VarShapeView& reference,
                            const Tolerance& tolerance, bool default_tolerance,
                            CompareImage&& compare_image) {
    CompareResult batch;
    batch.var_shape = true;
    batch.output_description = describe_batch(output);
    batch.reference_description = describe_batch(reference);
    batch.tolerance = tolerance;
    batch.default_tolerance = default_tolerance;
    batch.problem = varshape_problem(output, reference);
    if (!batch.problem.empty())
        return batch;
    batch.shape = Shape{std::int64_t(output.images.size()), 0, 0, 0};
    for (std::size_t i = 0; i < output.images.size(); ++i) {
        const Shape& s = output.images[i].shape;
        batch.type = output.images[i].type;
        batch.shape = {batch.shape.n, std::max(batch.shape.h, s.h), std::max(batch.shape.w, s.w),
                       std::max(batch.shape.c, s.c)};
        CompareResult image = compare_image(output.images[i], reference.images[i]);
        if (!image.problem.empty()) {
            batch.problem = "image " + std::to_string(i) + ": " + image.problem;
            return batch;
        }
        merge_image(batch, std::move(image), std::int64_t(i));
    }
    return batch;
}

} // namespace odo::pixel::detail
