// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "OpInvert.h"

namespace cvcuda {
class Invert final : public IOperator
{
public:
    void operator()(cudaStream_t stream, const nvcv::Tensor &in, const nvcv::Tensor &out);
    void operator()(cudaStream_t stream, const nvcv::ImageBatchVarShape &in, const nvcv::ImageBatchVarShape &out);
};
} // namespace cvcuda
