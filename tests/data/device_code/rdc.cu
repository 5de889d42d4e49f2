// Separate compilation (-rdc=true): a relocatable cubin, device data typed STT_CUDA_OBJECT and an
// internal kernel named with its file's prefix (__nv_static_<n>__<file>_...).
__device__ int initialised = 0x1234567;
__device__ int uninitialised;

namespace {
__global__ void sumKernel(int* out) {
    out[threadIdx.x] = initialised + uninitialised;
}
} // namespace

void launch(int* out) {
    sumKernel<<<1, 32>>>(out);
}
