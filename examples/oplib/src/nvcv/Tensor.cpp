// SPDX-License-Identifier: Apache-2.0
#include <nvcv/Tensor.hpp>

#include <cstring>
#include <new>
#include <utility>

#if OPLIB_CUDA
#include <cuda_runtime.h>
#endif

namespace nvcv {
namespace {

// Set before the buffers it should see are allocated; not synchronized, as tools install it
// once at start-up.
AllocationObserver& observer() {
    static AllocationObserver instance;
    return instance;
}

void notify(const void* data, std::size_t bytes, bool allocated) {
    if (observer())
        observer()(data, bytes, allocated);
}

constexpr std::align_val_t hostAlignment{64}; // a cache line: whole-line vector loads

std::shared_ptr<void> allocateHost(std::size_t bytes) {
    void* data = ::operator new(bytes, hostAlignment);
    notify(data, bytes, true);
    return {data, [bytes](void* p) {
                notify(p, bytes, false);
                ::operator delete(p, hostAlignment);
            }};
}

#if OPLIB_CUDA
void checkCuda(cudaError_t error, const char* what) {
    if (error != cudaSuccess)
        throw Exception(error == cudaErrorMemoryAllocation ? NVCV_ERROR_OUT_OF_MEMORY
                                                           : NVCV_ERROR_INTERNAL,
                        std::string(what) + ": " + cudaGetErrorString(error));
}

std::shared_ptr<void> allocateDevice(std::size_t bytes) {
    void* data = nullptr;
    checkCuda(cudaMalloc(&data, bytes), "cudaMalloc");
    notify(data, bytes, true);
    return {data, [bytes](void* p) {
                notify(p, bytes, false);
                cudaFree(p);
            }};
}

void copyBytes(void* dst, MemorySpace dstSpace, const void* src, MemorySpace srcSpace,
               std::size_t bytes) {
    const cudaMemcpyKind kind =
        srcSpace == MemorySpace::Host
            ? (dstSpace == MemorySpace::Host ? cudaMemcpyHostToHost : cudaMemcpyHostToDevice)
            : (dstSpace == MemorySpace::Host ? cudaMemcpyDeviceToHost : cudaMemcpyDeviceToDevice);
    checkCuda(cudaMemcpy(dst, src, bytes, kind), "cudaMemcpy");
}
#else
std::shared_ptr<void> allocateDevice(std::size_t) {
    throw Exception(NVCV_ERROR_NOT_COMPATIBLE, "device memory needs a build with OPLIB_CUDA=ON");
}

void copyBytes(void* dst, MemorySpace, const void* src, MemorySpace, std::size_t bytes) {
    std::memcpy(dst, src, bytes); // without CUDA every tensor is in host memory
}
#endif

TensorStrides stridesFor(const TensorShape& s, TensorLayout layout, std::int64_t rowStride) {
    if (layout == TensorLayout::NHWC)
        return {s.h * rowStride, rowStride, s.c, 1};
    return {s.c * s.h * rowStride, rowStride, 1, s.h * rowStride};
}

} // namespace

std::size_t elementSize(DataType type) {
    return type == DataType::U8 ? 1 : 4;
}

const char* name(DataType type) {
    return type == DataType::U8 ? "U8" : "F32";
}

const char* name(TensorLayout layout) {
    return layout == TensorLayout::NHWC ? "NHWC" : "NCHW";
}

void setAllocationObserver(AllocationObserver o) {
    observer() = std::move(o);
}

std::shared_ptr<void> Allocator::allocate(std::size_t bytes, MemorySpace space) {
    return space == MemorySpace::Host ? allocateHost(bytes) : allocateDevice(bytes);
}

Tensor::Tensor(TensorShape shape, DataType dtype, TensorLayout layout, MemorySpace space,
               std::int64_t rowStride)
    : shape_(shape), dtype_(dtype), layout_(layout), space_(space) {
    if (shape.n < 1 || shape.h < 1 || shape.w < 1 || shape.c < 1)
        throw Exception(NVCV_ERROR_INVALID_ARGUMENT, "tensor extents must be positive");
    const std::int64_t packedRow = layout == TensorLayout::NHWC ? shape.w * shape.c : shape.w;
    if (rowStride == 0)
        rowStride = packedRow;
    if (rowStride < packedRow)
        throw Exception(NVCV_ERROR_INVALID_ARGUMENT, "row stride is shorter than a row");
    strides_ = stridesFor(shape, layout, rowStride);
    bytes_ = std::size_t(shape.n * strides_.n) * elementSize(dtype);
    buffer_ = Allocator::allocate(bytes_, space);
}

void ImageBatchVarShape::pushBack(Tensor image) {
    if (image.shape().n != 1)
        throw Exception(NVCV_ERROR_INVALID_ARGUMENT, "a batch image must have n = 1");
    if (!images_.empty()) {
        const Tensor& first = images_.front();
        if (image.dtype() != first.dtype() || image.shape().c != first.shape().c ||
            image.layout() != first.layout() || image.space() != first.space())
            throw Exception(NVCV_ERROR_INVALID_ARGUMENT,
                            "batch images must share data type, channels, layout and memory");
    }
    images_.push_back(std::move(image));
}

void copy(const Tensor& src, const Tensor& dst) {
    const TensorShape &a = src.shape(), &b = dst.shape();
    const bool sameShape = a.n == b.n && a.h == b.h && a.w == b.w && a.c == b.c;
    if (!sameShape || src.dtype() != dst.dtype() || src.layout() != dst.layout() ||
        src.bytes() != dst.bytes())
        throw Exception(NVCV_ERROR_INVALID_ARGUMENT,
                        "copy needs tensors of one shape, type, layout and row stride");
    copyBytes(dst.data(), dst.space(), src.data(), src.space(), src.bytes());
}

} // namespace nvcv
