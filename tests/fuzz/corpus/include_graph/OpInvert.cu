// SPDX-License-Identifier: Apache-2.0
#include "OpInvert.hpp"

namespace cvcuda::priv {
__global__ void invert_kernel(const unsigned char *in, unsigned char *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 255 - in[i];
}
} // namespace cvcuda::priv
