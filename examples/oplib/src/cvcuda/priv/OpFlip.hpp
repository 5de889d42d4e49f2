// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <nvcv/Tensor.hpp>

namespace cvcuda::priv {

// The CUDA implementation (OpFlip.cu), for checked tensors in device memory.
void flipDevice(cudaStream_t stream, const nvcv::Tensor& in, const nvcv::Tensor& out, int flipCode);

} // namespace cvcuda::priv
