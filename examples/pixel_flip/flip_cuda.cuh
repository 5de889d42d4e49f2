#pragma once
#include "flip.hpp"

#include <cuda_runtime.h>

namespace pixel_flip {

// The CUDA implementation (flip.cu): one thread per pixel. Both images in device memory.
template <class T>
cudaError_t flip_cuda(ConstImage<T> src, Image<T> dst, cudaStream_t stream = nullptr);

} // namespace pixel_flip
