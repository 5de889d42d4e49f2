// SPDX-License-Identifier: Apache-2.0
// The C API of Invert, over the C++ operator (priv/OpInvert.cpp).
#include "CApi.hpp"

#include <cvcuda/OpInvert.hpp>

using namespace cvcuda::capi;

NVCVStatus cvcudaInvertCreate(NVCVOperatorHandle* handle) {
    return create<cvcuda::Invert>(handle);
}

NVCVStatus cvcudaInvertSubmit(NVCVOperatorHandle handle, cudaStream_t stream, NVCVTensorHandle in,
                              NVCVTensorHandle out) {
    return guard([&] { op<cvcuda::Invert>(handle)(stream, tensor(in), tensor(out)); });
}

NVCVStatus cvcudaInvertVarShapeSubmit(NVCVOperatorHandle handle, cudaStream_t stream,
                                      NVCVImageBatchHandle in, NVCVImageBatchHandle out) {
    return guard([&] { op<cvcuda::Invert>(handle)(stream, batch(in), batch(out)); });
}
