/*
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef CVCUDA_OPERATOR_H
#define CVCUDA_OPERATOR_H

#include <nvcv/Types.h>

typedef struct NVCVOperator* NVCVOperatorHandle;

#ifdef __cplusplus
extern "C" {
#endif

/** Destroys an operator made by one of the cvcuda<Op>Create functions. */
CVCUDA_PUBLIC void cvcudaOperatorDestroy(NVCVOperatorHandle handle);

#ifdef __cplusplus
}

#include <nvcv/Tensor.hpp>

namespace cvcuda {
// The base of every operator, so the C API can own and destroy any of them.
class IOperator {
public:
    virtual ~IOperator() = default;
};
} // namespace cvcuda
#endif

#endif
