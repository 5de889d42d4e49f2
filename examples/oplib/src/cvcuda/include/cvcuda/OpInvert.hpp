// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "OpInvert.h"

namespace cvcuda {
class Invert final : public IOperator {
public:
    // Throws nvcv::Exception (NVCV_ERROR_INVALID_ARGUMENT) on invalid arguments.
    void operator()(cudaStream_t stream, const nvcv::Tensor& in, const nvcv::Tensor& out) const;
    void operator()(cudaStream_t stream, const nvcv::ImageBatchVarShape& in,
                    const nvcv::ImageBatchVarShape& out) const;
};
} // namespace cvcuda
