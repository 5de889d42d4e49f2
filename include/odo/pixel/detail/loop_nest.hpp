#pragma once
#include "odo/pixel/detail/validate.hpp"
#include "odo/pixel/view.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

namespace odo::pixel::detail {

// One axis walked in step over both views.
struct PairAxis {
    std::int64_t extent = 1;
    std::int64_t output_stride = 0;
    std::int64_t reference_stride = 0;
};

// The pair's axes from outermost to innermost in the output's memory order, merged wherever both
// views are contiguous across them: a packed pair becomes a single run, a pitched pair one run
// per row, and an NCHW / NHWC pair a strided walk.
struct LoopNest {
    std::array<PairAxis, 4> axes{};
    int count = 0;

    const PairAxis& inner() const noexcept { return axes[std::size_t(count - 1)]; }
};

inline std::int64_t magnitude(std::int64_t v) noexcept {
    return v < 0 ? -v : v;
}

inline bool merges_into(const PairAxis& outer, const PairAxis& inner) noexcept {
    return checked_multiply(inner.extent, inner.output_stride) == outer.output_stride &&
           checked_multiply(inner.extent, inner.reference_stride) == outer.reference_stride;
}

// For two views that passed pair_problem().
inline LoopNest plan_loops(const TensorView& output, const TensorView& reference) {
    const auto out = axes_of(output), ref = axes_of(reference);
    LoopNest nest;
    for (std::size_t i = 0; i < out.size(); ++i)
        if (out[i].extent != 1)
            nest.axes[std::size_t(nest.count++)] = {out[i].extent, out[i].stride, ref[i].stride};
    std::stable_sort(nest.axes.begin(), nest.axes.begin() + nest.count,
                     [](const PairAxis& a, const PairAxis& b) {
                         return magnitude(a.output_stride) > magnitude(b.output_stride);
                     });
    int merged = 0;
    for (int i = 0; i < nest.count; ++i) {
        const PairAxis inner = nest.axes[std::size_t(i)];
        if (merged > 0 && merges_into(nest.axes[std::size_t(merged - 1)], inner))
            nest.axes[std::size_t(merged - 1)] = {nest.axes[std::size_t(merged - 1)].extent *
                                                      inner.extent,
                                                  inner.output_stride, inner.reference_stride};
        else
            nest.axes[std::size_t(merged++)] = inner;
    }
    nest.count = merged;
    if (nest.count == 0) // a single element
        nest.axes[std::size_t(nest.count++)] = {1, output.type.bytes, reference.type.bytes};
    return nest;
}

// Calls run(output_start, reference_start, nest.inner()) for each innermost run in memory order
// and stops at the first run for which it returns true; returns whether one did.
template <class Run>
bool any_run(const LoopNest& nest, const unsigned char* output, const unsigned char* reference,
             Run&& run) {
    const int outer = nest.count - 1;
    std::array<std::int64_t, 3> index{};
    for (;;) {
        std::int64_t output_offset = 0, reference_offset = 0;
        for (int a = 0; a < outer; ++a) {
            output_offset += index[std::size_t(a)] * nest.axes[std::size_t(a)].output_stride;
            reference_offset += index[std::size_t(a)] * nest.axes[std::size_t(a)].reference_stride;
        }
        if (run(output + output_offset, reference + reference_offset, nest.inner()))
            return true;
        int a = outer - 1;
        for (; a >= 0; --a) {
            if (++index[std::size_t(a)] < nest.axes[std::size_t(a)].extent)
                break;
            index[std::size_t(a)] = 0;
        }
        if (a < 0)
            return false;
    }
}

} // namespace odo::pixel::detail
