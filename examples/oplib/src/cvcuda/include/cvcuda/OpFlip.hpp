// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "OpFlip.h"

namespace cvcuda {
class Flip final : public IOperator {
public:
    // Throws nvcv::Exception (NVCV_ERROR_INVALID_ARGUMENT) on invalid arguments.
    void operator()(cudaStream_t stream, const nvcv::Tensor& in, const nvcv::Tensor& out,
                    int flipCode) const;
    void operator()(cudaStream_t stream, const nvcv::ImageBatchVarShape& in,
                    const nvcv::ImageBatchVarShape& out, int flipCode) const;
};
} // namespace cvcuda
