#pragma once
#include "odo/pixel/detail/closeness.hpp"
#include "odo/pixel/detail/loop_nest.hpp"
#include "odo/pixel/detail/nan_bits.hpp"
#include "odo/pixel/detail/tally.hpp"
#include "odo/pixel/result.hpp"
#include "odo/pixel/view.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

// The host passes. The first answers only "is anything different?" as fast as memory allows;
// the second, run only after the first found something, builds the report.
namespace odo::pixel::detail {

// Fixed-size blocks let g++ -O2 (whose cost model vectorizes only loops without a scalar
// remainder) vectorize the test; a mismatch ends the scan at the end of its block.
constexpr std::int64_t scan_block = 256;

// A single-precision test that may only say "certainly close". Its bounds are the tolerance's,
// rounded down and shrunk by 2^-20, which covers every rounding of the float arithmetic, so an
// element it passes also passes the double-precision rule. An atol below 2^-100 (where float
// underflow would void that argument) leaves only exact equality certain. NaN, infinities and
// anything else it cannot vouch for go to the exact rule. It lets f16 and f32 blocks run at
// single-precision speed.
struct CloseFilter {
    float atol = 0.0f;
    float rtol = 0.0f;
};

inline float round_down_to_float(double v) noexcept {
    if (v >= FLT_MAX) // converting a larger double to float would be undefined behaviour
        return FLT_MAX;
    const float f = static_cast<float>(v);
    return double(f) > v ? std::nextafter(f, 0.0f) : f;
}

inline CloseFilter make_filter(const Rule& rule) noexcept {
    constexpr double shrink = 1.0 - 0x1p-20;
    const float atol = round_down_to_float(rule.atol * shrink);
    if (!(atol >= 0x1p-100f))
        return {};
    return {atol, round_down_to_float(rule.rtol * shrink)};
}

ODO_PIXEL_ALWAYS_INLINE inline float filter_value(float v) noexcept {
    return v;
}
ODO_PIXEL_ALWAYS_INLINE inline float filter_value(float16 v) noexcept {
    return to_float(v);
}

template <class S>
constexpr bool has_filter = std::is_same_v<S, float> || std::is_same_v<S, float16>;

// The cap keeps an overflowing bound from vouching for an infinite difference.
template <class S>
ODO_PIXEL_ALWAYS_INLINE inline bool certainly_close(S a_raw, S e_raw,
                                                    const CloseFilter& f) noexcept {
    const float a = filter_value(a_raw), e = filter_value(e_raw);
    const float bound = f.atol + f.rtol * std::fabs(e);
    return std::fabs(a - e) <= (bound < FLT_MAX ? bound : FLT_MAX);
}

template <class S, bool WithUlp>
bool block_differs(const unsigned char* output, const unsigned char* reference, const Rule& rule,
                   const CloseFilter& filter) noexcept {
    constexpr std::int64_t size = sizeof(S);
    if constexpr (has_filter<S>) {
        unsigned certain = 1;
        for (std::int64_t k = 0; k < scan_block; ++k)
            certain &= unsigned(
                certainly_close(load<S>(output + k * size), load<S>(reference + k * size), filter));
        if (certain)
            return false;
    }
    unsigned differs = 0;
    for (std::int64_t k = 0; k < scan_block; ++k)
        differs |= unsigned(
            !is_close<WithUlp>(load<S>(output + k * size), load<S>(reference + k * size), rule));
    return differs != 0;
}

// A run of `count` >= scan_block elements is walked in blocks; the last one overlaps its
// predecessor rather than leaving a scalar remainder.
inline std::int64_t block_start(std::int64_t block, std::int64_t count) noexcept {
    return std::min(block * scan_block, count - scan_block);
}

// Blocks are first cleared a span at a time: 16 blocks (16 KiB per f32 side) are long enough for
// memcmp to reach its pace (4 blocks measured 7 % slower) and short enough to be still cached for
// the NaN scan and, should the span not clear, the block tests.
constexpr std::int64_t span_blocks = 16;

// Asks for bytes [from, to) of both sides ahead of their use, one 64-byte cache line at a time
// (prefetches never fault and change nothing but timing; compilers without the builtin skip them).
inline void prefetch_pair(const unsigned char* output, const unsigned char* reference,
                          std::int64_t from, std::int64_t to) noexcept {
#if defined(__GNUC__) || defined(__clang__)
    for (std::int64_t at = from; at < to; at += 64) {
        __builtin_prefetch(output + at);
        __builtin_prefetch(reference + at);
    }
#else
    (void)output, (void)reference, (void)from, (void)to;
#endif
}

// Equal bits make an element close under every rule but one: a NaN is close to itself only under
// NanPolicy::MatchNan. So a span whose bits are equal (memcmp, the C library's fastest read of
// two buffers) and whose output holds no NaN is clean. Anything else, +0.0 against -0.0 and
// equal NaNs included, is left to the block tests, which decide it. While the NaN scan reads
// from cache, the next span of the run is fetched, block for block, so memory does not idle (in
// a prototype this took the spans from 0.85 to 0.94 of memcmp alone).
template <class S>
bool span_bits_clean(const unsigned char* output, const unsigned char* reference,
                     std::int64_t first_block, std::int64_t end_block,
                     std::int64_t count) noexcept {
    constexpr std::int64_t size = sizeof(S), block_bytes = scan_block * size;
    const std::int64_t begin = block_start(first_block, count) * size;
    const std::int64_t end = (block_start(end_block - 1, count) + scan_block) * size;
    if (std::memcmp(output + begin, reference + begin, std::size_t(end - begin)) != 0)
        return false;
    if constexpr (!std::is_integral_v<S>)
        for (std::int64_t b = first_block; b < end_block; ++b) {
            const std::int64_t ahead =
                std::min(end + (b - first_block) * block_bytes, count * size);
            prefetch_pair(output, reference, ahead, std::min(ahead + block_bytes, count * size));
            if (holds_nan<S, scan_block>(output + block_start(b, count) * size))
                return false;
        }
    return true;
}

// Runs shorter than a block are tested element by element, longer ones span by span.
template <class S, bool WithUlp>
bool contiguous_run_differs(const unsigned char* output, const unsigned char* reference,
                            std::int64_t count, const Rule& rule,
                            const CloseFilter& filter) noexcept {
    constexpr std::int64_t size = sizeof(S);
    if (count < scan_block) {
        for (std::int64_t i = 0; i < count; ++i)
            if (!is_close<WithUlp>(load<S>(output + i * size), load<S>(reference + i * size), rule))
                return true;
        return false;
    }
    const std::int64_t blocks = (count + scan_block - 1) / scan_block;
    for (std::int64_t first = 0; first < blocks; first += span_blocks) {
        const std::int64_t end = std::min(first + span_blocks, blocks);
        if (span_bits_clean<S>(output, reference, first, end, count))
            continue;
        for (std::int64_t b = first; b < end; ++b) {
            const std::int64_t start = block_start(b, count) * size;
            if (block_differs<S, WithUlp>(output + start, reference + start, rule, filter))
                return true;
        }
    }
    return false;
}

template <class S, bool WithUlp>
bool strided_run_differs(const unsigned char* output, const unsigned char* reference,
                         const PairAxis& run, const Rule& rule) noexcept {
    for (std::int64_t i = 0; i < run.extent; ++i)
        if (!is_close<WithUlp>(load<S>(output + i * run.output_stride),
                               load<S>(reference + i * run.reference_stride), rule))
            return true;
    return false;
}

template <class S, bool WithUlp>
bool any_mismatch(const LoopNest& nest, const unsigned char* output, const unsigned char* reference,
                  const Rule& rule, bool bit_exact) {
    const CloseFilter filter = make_filter(rule);
    return any_run(nest, output, reference,
                   [&](const unsigned char* o, const unsigned char* r, const PairAxis& run) {
                       const bool contiguous = run.output_stride == std::int64_t(sizeof(S)) &&
                                               run.reference_stride == std::int64_t(sizeof(S));
                       if (contiguous && bit_exact)
                           return std::memcmp(o, r, std::size_t(run.extent) * sizeof(S)) != 0;
                       if (contiguous)
                           return contiguous_run_differs<S, WithUlp>(o, r, run.extent, rule,
                                                                     filter);
                       return strided_run_differs<S, WithUlp>(o, r, run, rule);
                   });
}

// Fast pass: true when some element is not close. Integers compared bit-exactly use memcmp on
// every contiguous run.
template <class S>
bool host_any_mismatch(const TensorView& output, const TensorView& reference,
                       const Tolerance& tolerance) {
    const LoopNest nest = plan_loops(output, reference);
    const auto* o = static_cast<const unsigned char*>(output.data);
    const auto* r = static_cast<const unsigned char*>(reference.data);
    const Rule rule = make_rule(tolerance);
    const bool bit_exact = std::is_integral_v<S> && rule.integer_atol == 0;
    if (rule.ulp != 0)
        return any_mismatch<S, true>(nest, o, r, rule, bit_exact);
    return any_mismatch<S, false>(nest, o, r, rule, bit_exact);
}

inline const unsigned char* element_at(const TensorView& v, const Coord& at) noexcept {
    return static_cast<const unsigned char*>(v.data) + at.n * v.strides.n + at.y * v.strides.y +
           at.x * v.strides.x + at.c * v.strides.c;
}

// Every channel of one pixel, for the report's worst-error line (OpenCV prints whole pixels).
inline std::vector<ElementValue> host_pixel(const TensorView& v, Coord at) {
    std::vector<ElementValue> pixel;
    for (at.c = 0; at.c < v.shape.c; ++at.c)
        pixel.push_back(ElementValue::read(v.type, element_at(v, at)));
    return pixel;
}

// Whether row (n, y) of both views is one packed run of w * c elements, which the report pass
// can test with the fast scan before visiting its elements.
inline bool rows_are_runs(const TensorView& output, const TensorView& reference) noexcept {
    const std::int64_t size = output.type.bytes;
    for (const TensorView* v : {&output, &reference})
        if (!(v->strides.c == size && v->strides.x == size * v->shape.c))
            return false;
    return true;
}

// Report pass: visits every element in scan order (n, y, x, c) and tallies the mismatches. Rows
// that the fast scan finds clean are skipped, so a failure costs little more than a pass.
template <class S>
void host_tally(const TensorView& output, const TensorView& reference, const Tolerance& tolerance,
                CompareResult& result) {
    const Rule rule = make_rule(tolerance);
    const CloseFilter filter = make_filter(rule);
    const bool row_runs = rows_are_runs(output, reference);
    const Shape& s = output.shape;
    Coord at;
    for (at.n = 0; at.n < s.n; ++at.n)
        for (at.y = 0; at.y < s.h; ++at.y) {
            if (row_runs &&
                !contiguous_run_differs<S, true>(element_at(output, at), element_at(reference, at),
                                                 s.w * s.c, rule, filter))
                continue;
            for (at.x = 0; at.x < s.w; ++at.x)
                for (at.c = 0; at.c < s.c; ++at.c) {
                    const S o = load<S>(element_at(output, at));
                    const S r = load<S>(element_at(reference, at));
                    if (!is_close<true>(o, r, rule))
                        tally_mismatch(result, at, judge(o, r), ElementValue::of(o),
                                       ElementValue::of(r));
                }
            at.x = at.c = 0;
        }
}

} // namespace odo::pixel::detail
