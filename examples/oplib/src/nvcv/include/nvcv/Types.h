/*
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef NVCV_TYPES_H
#define NVCV_TYPES_H

/* The C types shared by the public operator headers. */

#define CVCUDA_PUBLIC __attribute__((visibility("default")))

typedef enum {
    NVCV_SUCCESS = 0,
    NVCV_ERROR_INVALID_ARGUMENT,
    NVCV_ERROR_NOT_COMPATIBLE,
    NVCV_ERROR_OUT_OF_MEMORY,
    NVCV_ERROR_INTERNAL
} NVCVStatus;

/* Borrowed handles: an NVCVTensorHandle points at an nvcv::Tensor, an NVCVImageBatchHandle at an
 * nvcv::ImageBatchVarShape (nvcv::Tensor::handle()); the caller keeps the object alive. */
typedef struct NVCVTensor* NVCVTensorHandle;
typedef struct NVCVImageBatch* NVCVImageBatchHandle;

/* The CUDA runtime's own definition, so host-only builds need no CUDA header. */
typedef struct CUstream_st* cudaStream_t;

#endif
