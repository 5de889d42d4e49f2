#pragma once
#include "odo/pixel/compare.hpp"
#include "odo/pixel/cuda_half.cuh"
#include "odo/pixel/detail/closeness.hpp"
#include "odo/pixel/detail/compare_engine.hpp"
#include "odo/pixel/detail/dispatch.hpp"
#include "odo/pixel/detail/validate.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

// The comparison on the GPU: kernels count and locate mismatches where the images are, and only
// a few counters and the handful of reported elements travel back to the host. It applies the
// same per-element rule (detail/closeness.hpp) and produces the same CompareResult as compare().
namespace odo::pixel {

// Why no comparison can run on a GPU here; empty when one can.
inline std::string no_device_reason() {
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess) {
        cudaGetLastError(); // clear the sticky error so later calls are not blamed for it
        return std::string("no CUDA device: ") + cudaGetErrorString(status);
    }
    return count == 0 ? "no CUDA device: cudaGetDeviceCount reports 0 devices" : "";
}

namespace detail {

// What a kernel needs of a view: its bytes and strides.
struct DeviceView {
    const unsigned char* data = nullptr;
    std::int64_t sn = 0, sy = 0, sx = 0, sc = 0;

    ODO_PIXEL_HD const unsigned char* at(std::int64_t n, std::int64_t y, std::int64_t x,
                                         std::int64_t c) const {
        return data + n * sn + y * sy + x * sx + c * sc;
    }
};

// The statistics the tally kernel accumulates with atomics. Errors are kept as the bits of
// non-negative doubles, which order like the values.
struct DeviceTally {
    unsigned long long mismatched = 0;
    unsigned long long nan = 0;
    unsigned long long inf = 0;
    unsigned long long histogram[distance_buckets] = {};
    unsigned long long max_abs_bits = 0;
    unsigned long long max_rel_bits = 0;
    unsigned long long without_nan = 0; // mismatches without NaN: whether max_*_bits mean anything
    long long first[4] = {INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX}; // region, n y x c
    long long last[4] = {-1, -1, -1, -1};
};

struct ChannelArrays {
    unsigned long long* mismatched;
    unsigned long long* max_abs_bits;
    unsigned long long* max_distance;
};

// Rows (n, y) are spread over blocks and a row's w * c elements over a block's threads, so
// consecutive threads read consecutive elements of an interleaved row.
struct RowGrid {
    Shape shape;
    ODO_PIXEL_HD std::int64_t rows() const { return shape.n * shape.h; }
    ODO_PIXEL_HD std::int64_t row_elements() const { return shape.w * shape.c; }
};

template <class S, class Visit>
__device__ void for_each_element(const RowGrid& grid, const DeviceView& out, const DeviceView& ref,
                                 Visit&& visit) {
    const std::int64_t rows = grid.rows(), row_elements = grid.row_elements();
    for (std::int64_t row = blockIdx.x; row < rows; row += gridDim.x) {
        const std::int64_t n = row / grid.shape.h, y = row % grid.shape.h;
        for (std::int64_t j = threadIdx.x; j < row_elements; j += blockDim.x) {
            const std::int64_t x = j / grid.shape.c, c = j % grid.shape.c;
            visit(load<S>(out.at(n, y, x, c)), load<S>(ref.at(n, y, x, c)), row * row_elements + j,
                  n, y, x, c);
        }
    }
}

template <class S>
__global__ void tally_kernel(RowGrid grid, DeviceView out, DeviceView ref, Rule rule,
                             DeviceTally* tally, ChannelArrays channels) {
    for_each_element<S>(
        grid, out, ref,
        [&](S o, S r, std::int64_t, std::int64_t n, std::int64_t y, std::int64_t x,
            std::int64_t c) {
            if (is_close<true>(o, r, rule))
                return;
            const Judgement j = judge(o, r);
            atomicAdd(&tally->mismatched, 1ull);
            atomicAdd(&channels.mismatched[c], 1ull);
            const long long coord[4] = {n, y, x, c};
            for (int axis = 0; axis < 4; ++axis) {
                atomicMin(&tally->first[axis], coord[axis]);
                atomicMax(&tally->last[axis], coord[axis]);
            }
            if (j.nan) {
                atomicAdd(&tally->nan, 1ull);
                return;
            }
            atomicAdd(&tally->without_nan, 1ull);
            atomicMax(&tally->max_abs_bits, bit_cast<unsigned long long>(j.abs_error));
            atomicMax(&tally->max_rel_bits, bit_cast<unsigned long long>(j.rel_error));
            atomicMax(&channels.max_abs_bits[c], bit_cast<unsigned long long>(j.abs_error));
            atomicMax(&channels.max_distance[c], (unsigned long long)j.distance);
            if (j.infinite)
                atomicAdd(&tally->inf, 1ull);
            else
                atomicAdd(&tally->histogram[distance_bucket(j.distance)], 1ull);
        });
}

// Which mismatch a locate pass looks for.
enum class Target : int { Any, AbsError, RelError };

// The smallest scan-order index of a matching mismatch after `after` (-1: from the start).
template <class S>
__global__ void locate_kernel(RowGrid grid, DeviceView out, DeviceView ref, Rule rule,
                              Target target, unsigned long long target_bits, long long after,
                              unsigned long long* found) {
    for_each_element<S>(
        grid, out, ref,
        [&](S o, S r, std::int64_t index, std::int64_t, std::int64_t, std::int64_t, std::int64_t) {
            if (index <= after || is_close<true>(o, r, rule))
                return;
            if (target != Target::Any) {
                const Judgement j = judge(o, r);
                const double error = target == Target::AbsError ? j.abs_error : j.rel_error;
                if (j.nan || bit_cast<unsigned long long>(error) != target_bits)
                    return;
            }
            atomicMin(found, (unsigned long long)index);
        });
}

// Owns one device allocation.
class DeviceBuffer {
public:
    DeviceBuffer() = default;
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    ~DeviceBuffer() {
        if (ptr_)
            cudaFree(ptr_);
    }
    cudaError_t allocate(std::size_t bytes) { return cudaMalloc(&ptr_, bytes); }
    unsigned char* get() const { return static_cast<unsigned char*>(ptr_); }

private:
    void* ptr_ = nullptr;
};

// Carries the first CUDA failure into the result's problem.
struct CudaStatus {
    std::string& problem;
    bool ok(cudaError_t status, const char* what) {
        if (status == cudaSuccess)
            return true;
        if (problem.empty())
            problem = std::string(what) + " failed: " + cudaGetErrorString(status);
        return false;
    }
};

// A view's data on the device: device views as they are (after checking the pointer really is
// device-accessible), host views uploaded once. `staging` keeps an upload alive.
inline std::string stage(const TensorView& view, DeviceBuffer& staging, DeviceView& staged,
                         cudaStream_t stream) {
    staged = {static_cast<const unsigned char*>(view.data), view.strides.n, view.strides.y,
              view.strides.x, view.strides.c};
    if (view.space == MemorySpace::Device) {
        cudaPointerAttributes attributes{};
        if (cudaPointerGetAttributes(&attributes, view.data) != cudaSuccess ||
            attributes.type == cudaMemoryTypeUnregistered || attributes.devicePointer == nullptr) {
            cudaGetLastError();
            return "is declared device memory, but the GPU cannot read its pointer";
        }
        return {};
    }
    const ByteSpan span = *byte_span(view);
    std::string problem;
    CudaStatus cuda{problem};
    if (cuda.ok(staging.allocate(std::size_t(span.high - span.low)), "cudaMalloc") &&
        cuda.ok(cudaMemcpyAsync(staging.get(), staged.data + span.low,
                                std::size_t(span.high - span.low), cudaMemcpyHostToDevice, stream),
                "cudaMemcpyAsync"))
        staged.data = staging.get() - span.low;
    return problem;
}

template <class S>
S fetch(const DeviceView& view, const Coord& at, CudaStatus& cuda) {
    S value{};
    cuda.ok(cudaMemcpy(&value, view.at(at.n, at.y, at.x, at.c), sizeof(S), cudaMemcpyDeviceToHost),
            "cudaMemcpy");
    return value;
}

inline Coord coord_of(unsigned long long index, const Shape& s) {
    const auto i = std::int64_t(index);
    return {i / (s.h * s.w * s.c), i / (s.w * s.c) % s.h, i / s.c % s.w, i % s.c};
}

// Drives the kernels for one element type and turns their counters into a CompareResult.
template <class S>
class DeviceComparison {
public:
    DeviceComparison(const TensorView& output, const DeviceView& out, const DeviceView& ref,
                     const Tolerance& tolerance, cudaStream_t stream, CompareResult& result)
        : output_(output), out_(out), ref_(ref), rule_(make_rule(tolerance)), stream_(stream),
          result_(result), cuda_{result.problem} {}

    void run() {
        // One allocation: the tally, the slot locate passes answer in, three per-channel arrays.
        const std::size_t channels = std::size_t(output_.shape.c);
        const std::size_t array_bytes = 3 * channels * sizeof(unsigned long long);
        const std::size_t head = sizeof(DeviceTally) + sizeof(unsigned long long);
        if (!cuda_.ok(scratch_.allocate(head + array_bytes), "cudaMalloc"))
            return;
        tally_ = reinterpret_cast<DeviceTally*>(scratch_.get());
        found_ = reinterpret_cast<unsigned long long*>(scratch_.get() + sizeof(DeviceTally));
        auto* arrays = reinterpret_cast<unsigned long long*>(scratch_.get() + head);
        const DeviceTally initial;
        if (!cuda_.ok(cudaMemsetAsync(arrays, 0, array_bytes, stream_), "cudaMemsetAsync") ||
            !cuda_.ok(
                cudaMemcpyAsync(tally_, &initial, sizeof initial, cudaMemcpyHostToDevice, stream_),
                "cudaMemcpyAsync"))
            return;
        tally_kernel<S><<<blocks(), threads, 0, stream_>>>(
            grid(), out_, ref_, rule_, tally_,
            ChannelArrays{arrays, arrays + channels, arrays + 2 * channels});
        DeviceTally tally;
        std::vector<unsigned long long> host_arrays(3 * channels);
        if (!cuda_.ok(cudaGetLastError(), "tally kernel launch") ||
            !cuda_.ok(
                cudaMemcpyAsync(&tally, tally_, sizeof tally, cudaMemcpyDeviceToHost, stream_),
                "cudaMemcpyAsync") ||
            !cuda_.ok(cudaMemcpyAsync(host_arrays.data(), arrays, host_arrays.size() * 8,
                                      cudaMemcpyDeviceToHost, stream_),
                      "cudaMemcpyAsync") ||
            !cuda_.ok(cudaStreamSynchronize(stream_), "tally kernel"))
            return;
        if (tally.mismatched > 0)
            report(tally, host_arrays);
    }

private:
    static constexpr int threads = 256;

    RowGrid grid() const { return RowGrid{output_.shape}; }
    unsigned blocks() const {
        return unsigned(std::clamp<std::int64_t>(grid().rows(), 1, std::int64_t(1) << 20));
    }

    void report(const DeviceTally& tally, const std::vector<unsigned long long>& arrays) {
        const std::size_t channels = std::size_t(output_.shape.c);
        result_.mismatched = tally.mismatched;
        result_.nan_mismatches = tally.nan;
        result_.inf_mismatches = tally.inf;
        std::copy(std::begin(tally.histogram), std::end(tally.histogram),
                  result_.distance_histogram.begin());
        result_.region = {{tally.first[0], tally.first[1], tally.first[2], tally.first[3]},
                          {tally.last[0], tally.last[1], tally.last[2], tally.last[3]}};
        for (std::size_t c = 0; c < channels; ++c)
            result_.channels[c] = {arrays[c], bit_cast<double>(arrays[channels + c]),
                                   arrays[2 * channels + c]};
        if (tally.without_nan > 0) {
            result_.worst_abs = locate_mismatch(Target::AbsError, tally.max_abs_bits, -1);
            result_.worst_rel = locate_mismatch(Target::RelError, tally.max_rel_bits, -1);
        }
        long long after = -1;
        while (result_.first.size() <
               std::min<std::uint64_t>(first_mismatch_limit, tally.mismatched)) {
            const auto m = locate_mismatch(Target::Any, 0, after);
            if (!m)
                return;
            result_.first.push_back(*m);
            after = (long long)index_of(m->at);
        }
        if (result_.worst_abs && output_.shape.c <= pixel_tuple_limit)
            fetch_pixels(result_.worst_abs->at);
    }

    std::uint64_t index_of(const Coord& at) const {
        const Shape& s = output_.shape;
        return std::uint64_t(((at.n * s.h + at.y) * s.w + at.x) * s.c + at.c);
    }

    std::optional<Mismatch> locate_mismatch(Target target, unsigned long long bits,
                                            long long after) {
        const unsigned long long none = ~0ull;
        if (!cuda_.ok(cudaMemcpyAsync(found_, &none, sizeof none, cudaMemcpyHostToDevice, stream_),
                      "cudaMemcpyAsync"))
            return std::nullopt;
        locate_kernel<S><<<blocks(), threads, 0, stream_>>>(grid(), out_, ref_, rule_, target, bits,
                                                            after, found_);
        unsigned long long index = none;
        if (!cuda_.ok(cudaGetLastError(), "locate kernel launch") ||
            !cuda_.ok(
                cudaMemcpyAsync(&index, found_, sizeof index, cudaMemcpyDeviceToHost, stream_),
                "cudaMemcpyAsync") ||
            !cuda_.ok(cudaStreamSynchronize(stream_), "locate kernel") || index == none)
            return std::nullopt;
        const Coord at = coord_of(index, output_.shape);
        const S o = fetch<S>(out_, at, cuda_), r = fetch<S>(ref_, at, cuda_);
        const Judgement j = judge(o, r);
        return Mismatch{at,          ElementValue::of(o), ElementValue::of(r),
                        j.abs_error, j.rel_error,         j.distance};
    }

    void fetch_pixels(Coord at) {
        for (at.c = 0; at.c < output_.shape.c; ++at.c) {
            result_.worst_output_pixel.push_back(ElementValue::of(fetch<S>(out_, at, cuda_)));
            result_.worst_reference_pixel.push_back(ElementValue::of(fetch<S>(ref_, at, cuda_)));
        }
    }

    const TensorView& output_;
    DeviceView out_, ref_;
    Rule rule_;
    cudaStream_t stream_;
    CompareResult& result_;
    CudaStatus cuda_;
    DeviceBuffer scratch_;
    DeviceTally* tally_ = nullptr;
    unsigned long long* found_ = nullptr;
};

inline CompareResult compare_device(const TensorView& output, const TensorView& reference,
                                    const Tolerance& tolerance, bool default_tolerance,
                                    cudaStream_t stream) {
    CompareResult result = start_result(output, reference, tolerance, default_tolerance);
    result.comparator = "odo::pixel::device_compare";
    result.problem = pair_problem(output, reference);
    if (result.problem.empty())
        result.problem = tolerance_problem(tolerance, output.type);
    if (result.problem.empty())
        result.problem = no_device_reason();
    if (!result.problem.empty())
        return result;
    result.compared = std::uint64_t(*element_count(output.shape));
    result.channels.resize(std::size_t(output.shape.c));
    if (result.compared == 0)
        return result;
    DeviceBuffer output_upload, reference_upload;
    DeviceView out, ref;
    if (auto p = stage(output, output_upload, out, stream); !p.empty())
        result.problem = "output " + p;
    else if (auto q = stage(reference, reference_upload, ref, stream); !q.empty())
        result.problem = "reference " + q;
    if (!result.problem.empty())
        return result;
    visit_scalar_type(output.type, [&](auto tag) {
        using S = typename decltype(tag)::type;
        DeviceComparison<S>(output, out, ref, tolerance, stream, result).run();
    });
    return result;
}

inline CompareResult compare_device_batch(const VarShapeView& output, const VarShapeView& reference,
                                          const Tolerance& tolerance, bool default_tolerance,
                                          cudaStream_t stream) {
    CompareResult batch =
        compare_batch(output, reference, tolerance, default_tolerance,
                      [&](const TensorView& o, const TensorView& r) {
                          return compare_device(o, r, tolerance, default_tolerance, stream);
                      });
    batch.comparator = "odo::pixel::device_compare";
    return batch;
}

} // namespace detail

// compare() on the GPU, for views in device memory; a host view is uploaded once. The result is
// the same as compare()'s: the same rule, counts, worst and first mismatches, region and hints.
// Without a usable GPU, or on a CUDA error, the result fails with `problem` saying so.
inline CompareResult device_compare(const TensorView& output, const TensorView& reference,
                                    const Tolerance& tolerance, cudaStream_t stream = nullptr) {
    return detail::compare_device(output, reference, tolerance, false, stream);
}

inline CompareResult device_compare(const TensorView& output, const TensorView& reference,
                                    cudaStream_t stream = nullptr) {
    return detail::compare_device(output, reference, default_tolerance(output.type), true, stream);
}

inline CompareResult device_compare(const VarShapeView& output, const VarShapeView& reference,
                                    const Tolerance& tolerance, cudaStream_t stream = nullptr) {
    return detail::compare_device_batch(output, reference, tolerance, false, stream);
}

inline CompareResult device_compare(const VarShapeView& output, const VarShapeView& reference,
                                    cudaStream_t stream = nullptr) {
    const ElementType type = output.images.empty() ? ElementType{} : output.images.front().type;
    return detail::compare_device_batch(output, reference, default_tolerance(type), true, stream);
}

} // namespace odo::pixel
