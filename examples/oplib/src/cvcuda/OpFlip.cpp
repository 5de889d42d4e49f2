// SPDX-License-Identifier: Apache-2.0
// The C API of Flip, over the C++ operator (priv/OpFlip.cpp).
#include "CApi.hpp"

#include <cvcuda/OpFlip.hpp>

using namespace cvcuda::capi;

NVCVStatus cvcudaFlipCreate(NVCVOperatorHandle* handle) {
    return create<cvcuda::Flip>(handle);
}

NVCVStatus cvcudaFlipSubmit(NVCVOperatorHandle handle, cudaStream_t stream, NVCVTensorHandle in,
                            NVCVTensorHandle out, int flipCode) {
    return guard([&] { op<cvcuda::Flip>(handle)(stream, tensor(in), tensor(out), flipCode); });
}

NVCVStatus cvcudaFlipVarShapeSubmit(NVCVOperatorHandle handle, cudaStream_t stream,
                                    NVCVImageBatchHandle in, NVCVImageBatchHandle out,
                                    int flipCode) {
    return guard([&] { op<cvcuda::Flip>(handle)(stream, batch(in), batch(out), flipCode); });
}
