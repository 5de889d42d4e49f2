#pragma once
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace odo::bench::detail {

// A failed CUDA call ends the case with the call and the runtime's message; the runner records
// it as the case's failure.
inline void cuda_check(cudaError_t status, const char* call) {
    if (status != cudaSuccess)
        throw std::runtime_error(std::string(call) + ": " + cudaGetErrorName(status) + ": " +
                                 cudaGetErrorString(status));
}

} // namespace odo::bench::detail
