/*
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef CVCUDA_INVERT_H
#define CVCUDA_INVERT_H

#include "Operator.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Constructs an instance of the Invert operator.
 *
 * Inverts every channel of every pixel: 255 - x for 8-bit unsigned data, 1 - x for 32-bit
 * float data.
 *
 * Limitations:
 *
 * Input:
 *      Data Layout:    [kNHWC, kHWC, kNCHW, kCHW]
 *      Channels:       [1, 3, 4]
 *
 *      Data Type      | Allowed
 *      -------------- | -------------
 *      8bit  Unsigned | Yes
 *      32bit Float    | Yes
 *
 * Output:
 *      Data Layout:    [kNHWC, kHWC, kNCHW, kCHW]
 *
 * Input and output must have the same shape, data type, layout and memory space. Invalid
 * arguments return NVCV_ERROR_INVALID_ARGUMENT.
 */
CVCUDA_PUBLIC NVCVStatus cvcudaInvertCreate(NVCVOperatorHandle* handle);

/** Executes the operator on a tensor.
 */
CVCUDA_PUBLIC NVCVStatus cvcudaInvertSubmit(NVCVOperatorHandle handle, cudaStream_t stream,
                                            NVCVTensorHandle in, NVCVTensorHandle out);

/** Executes the operator on each image of a batch.
 */
CVCUDA_PUBLIC NVCVStatus cvcudaInvertVarShapeSubmit(NVCVOperatorHandle handle, cudaStream_t stream,
                                                    NVCVImageBatchHandle in,
                                                    NVCVImageBatchHandle out);

#ifdef __cplusplus
}
#endif

#endif
