// scale.cu with its variables renamed, its lines reflowed and more comments: the same program.
namespace {
/* adds a bias */
__global__ void offsetKernel(float* data, int n, float bias)
{
    const int index = blockIdx.x * blockDim.x
                      + threadIdx.x;
    if (index < n) data[index] += bias;   // in place
}
} // namespace

__global__ void scaleKernel(const float* in, float* out, int n, int unused, float gain)
{
    const int index = blockIdx.x * blockDim.x + threadIdx.x;
    if (index < n) { out[index] = in[index] * gain * 2.0f; }
}

void launch(const float* in, float* out, int n, float gain)
{
    scaleKernel<<<(n + 255) / 256, 256>>>(in, out, n, 0, gain);
    offsetKernel<<<(n + 255) / 256, 256>>>(out, n, gain);
}
