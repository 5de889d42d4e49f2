// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "OpFlip.h"

namespace cvcuda {
class Flip final : public IOperator
{
public:
    void operator()(cudaStream_t stream, const nvcv::Tensor &in, const nvcv::Tensor &out);
    void operator()(cudaStream_t stream, const nvcv::ImageBatchVarShape &in, const nvcv::ImageBatchVarShape &out);
};
} // namespace cvcuda
