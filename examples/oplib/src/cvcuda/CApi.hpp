// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <cvcuda/Operator.h>

#include <exception>
#include <new>

// The C API's side of the C++ operators: statuses instead of exceptions.
namespace cvcuda::capi {

// Runs `f`, turning any exception into the status the C API returns.
template <class F>
NVCVStatus guard(F&& f) noexcept {
    try {
        f();
        return NVCV_SUCCESS;
    } catch (const nvcv::Exception& e) {
        return e.code();
    } catch (const std::bad_alloc&) {
        return NVCV_ERROR_OUT_OF_MEMORY;
    } catch (...) {
        return NVCV_ERROR_INTERNAL;
    }
}

template <class Op>
NVCVStatus create(NVCVOperatorHandle* handle) noexcept {
    if (!handle)
        return NVCV_ERROR_INVALID_ARGUMENT;
    return guard(
        [&] { *handle = reinterpret_cast<NVCVOperatorHandle>(static_cast<IOperator*>(new Op)); });
}

// The operator behind a handle made by create<Op>.
template <class Op>
const Op& op(NVCVOperatorHandle handle) {
    if (!handle)
        throw nvcv::Exception(NVCV_ERROR_INVALID_ARGUMENT, "null operator handle");
    return dynamic_cast<const Op&>(*reinterpret_cast<IOperator*>(handle));
}

inline const nvcv::Tensor& tensor(NVCVTensorHandle handle) {
    if (!handle)
        throw nvcv::Exception(NVCV_ERROR_INVALID_ARGUMENT, "null tensor handle");
    return *reinterpret_cast<const nvcv::Tensor*>(handle);
}

inline const nvcv::ImageBatchVarShape& batch(NVCVImageBatchHandle handle) {
    if (!handle)
        throw nvcv::Exception(NVCV_ERROR_INVALID_ARGUMENT, "null image batch handle");
    return *reinterpret_cast<const nvcv::ImageBatchVarShape*>(handle);
}

} // namespace cvcuda::capi
