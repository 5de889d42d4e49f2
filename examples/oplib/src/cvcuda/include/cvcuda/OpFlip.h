/*
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef CVCUDA_FLIP_H
#define CVCUDA_FLIP_H

#include "Operator.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Constructs an instance of the Flip operator.
 *
 * Mirrors every image: flipCode 0 flips vertically (the row order), a positive flipCode
 * horizontally (the column order) and a negative one both ways.
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
CVCUDA_PUBLIC NVCVStatus cvcudaFlipCreate(NVCVOperatorHandle* handle);

/** Executes the operator on a tensor.
 *
 * @param flipCode 0: vertical, > 0: horizontal, < 0: both.
 */
CVCUDA_PUBLIC NVCVStatus cvcudaFlipSubmit(NVCVOperatorHandle handle, cudaStream_t stream,
                                          NVCVTensorHandle in, NVCVTensorHandle out, int flipCode);

/** Executes the operator on each image of a batch.
 *
 * @param flipCode 0: vertical, > 0: horizontal, < 0: both.
 */
CVCUDA_PUBLIC NVCVStatus cvcudaFlipVarShapeSubmit(NVCVOperatorHandle handle, cudaStream_t stream,
                                                  NVCVImageBatchHandle in, NVCVImageBatchHandle out,
                                                  int flipCode);

#ifdef __cplusplus
}
#endif

#endif
