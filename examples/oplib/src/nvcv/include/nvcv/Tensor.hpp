// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "Types.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

// The few NVCV types the operators need. Like NVCV's, a Tensor is a reference-counted handle:
// copying one shares its buffer, so bindings can return tensors by value.
namespace nvcv {

enum class DataType { U8, F32 };
enum class TensorLayout { NHWC, NCHW };
enum class MemorySpace { Host, Device };

std::size_t elementSize(DataType type);
const char* name(DataType type);
const char* name(TensorLayout layout);

// An error with the status the C API returns for it.
class Exception : public std::runtime_error {
public:
    Exception(NVCVStatus status, const std::string& message)
        : std::runtime_error(message), status_(status) {}
    NVCVStatus code() const noexcept { return status_; }

private:
    NVCVStatus status_;
};

// Called for every buffer the library allocates (allocated = true) and frees (false), so a tool
// can account for the library's memory. An empty function removes the observer.
using AllocationObserver = std::function<void(const void* data, std::size_t bytes, bool allocated)>;
void setAllocationObserver(AllocationObserver observer);

// Where every Tensor buffer comes from: host memory, or device memory in CUDA builds.
class Allocator {
public:
    static std::shared_ptr<void> allocate(std::size_t bytes, MemorySpace space);
};

struct TensorShape {
    std::int64_t n = 1, h = 1, w = 1, c = 1;
};

// Distances between neighbours along each logical axis, in elements.
struct TensorStrides {
    std::int64_t n = 0, y = 0, x = 0, c = 0;
};

class Tensor {
public:
    Tensor() = default;
    // `rowStride` (elements between rows; 0: packed) pads rows, or the rows of each plane of
    // NCHW, as pitched device allocations do.
    Tensor(TensorShape shape, DataType dtype, TensorLayout layout,
           MemorySpace space = MemorySpace::Host, std::int64_t rowStride = 0);

    const TensorShape& shape() const noexcept { return shape_; }
    DataType dtype() const noexcept { return dtype_; }
    TensorLayout layout() const noexcept { return layout_; }
    MemorySpace space() const noexcept { return space_; }
    const TensorStrides& strides() const noexcept { return strides_; }
    std::int64_t numElements() const noexcept { return shape_.n * shape_.h * shape_.w * shape_.c; }
    std::size_t bytes() const noexcept { return bytes_; }
    // True when the elements fill the buffer without gaps, in layout order.
    bool isPacked() const noexcept {
        return bytes_ == std::size_t(numElements()) * elementSize(dtype_);
    }
    bool empty() const noexcept { return !buffer_; }

    void* data() const noexcept { return buffer_.get(); }
    template <class T>
    T* data() const noexcept {
        return static_cast<T*>(buffer_.get());
    }
    std::int64_t offset(std::int64_t n, std::int64_t y, std::int64_t x, std::int64_t c) const {
        return n * strides_.n + y * strides_.y + x * strides_.x + c * strides_.c;
    }
    // One element of a host tensor.
    template <class T>
    T& at(std::int64_t n, std::int64_t y, std::int64_t x, std::int64_t c) const {
        return data<T>()[offset(n, y, x, c)];
    }

    NVCVTensorHandle handle() const noexcept {
        return reinterpret_cast<NVCVTensorHandle>(const_cast<Tensor*>(this));
    }

private:
    TensorShape shape_;
    DataType dtype_ = DataType::U8;
    TensorLayout layout_ = TensorLayout::NHWC;
    MemorySpace space_ = MemorySpace::Host;
    TensorStrides strides_;
    std::size_t bytes_ = 0;
    std::shared_ptr<void> buffer_;
};

// A batch of images of different sizes (n = 1 tensors) sharing data type, channels, layout and
// memory space.
class ImageBatchVarShape {
public:
    void pushBack(Tensor image);
    std::size_t numImages() const noexcept { return images_.size(); }
    const Tensor& operator[](std::size_t i) const { return images_.at(i); }
    const std::vector<Tensor>& images() const noexcept { return images_; }

    NVCVImageBatchHandle handle() const noexcept {
        return reinterpret_cast<NVCVImageBatchHandle>(const_cast<ImageBatchVarShape*>(this));
    }

private:
    std::vector<Tensor> images_;
};

// Copies the elements of `src` into `dst` (same shape, type and layout), across memory spaces.
void copy(const Tensor& src, const Tensor& dst);

} // namespace nvcv
