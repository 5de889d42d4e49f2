/*
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef CVCUDA_INVERT_H
#define CVCUDA_INVERT_H

#include "Operator.h"

/** Constructs an instance of the Invert operator.
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
 */
CVCUDA_PUBLIC NVCVStatus cvcudaInvertCreate(NVCVOperatorHandle *handle);

CVCUDA_PUBLIC NVCVStatus cvcudaInvertSubmit(NVCVOperatorHandle handle, cudaStream_t stream, NVCVTensorHandle in,
                                            NVCVTensorHandle out);

CVCUDA_PUBLIC NVCVStatus cvcudaInvertVarShapeSubmit(NVCVOperatorHandle handle, cudaStream_t stream,
                                                    NVCVImageBatchHandle in, NVCVImageBatchHandle out);

#endif
