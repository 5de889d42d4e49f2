#pragma once
#include "odo/bench/detail/cuda_check.cuh"
#include "odo/bench/device.hpp"
#include "odo/bench/nvml.hpp"

#include <cuda_runtime.h>

#include <string>

namespace odo::bench {

// Why no CUDA device can be used, or "" when one can: the skip reason of GPU tests and the
// error of a CUDA benchmark run on a machine without a GPU.
inline std::string cuda_unavailable_reason() {
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess)
        return std::string("no usable CUDA device (") + cudaGetErrorName(status) + ": " +
               cudaGetErrorString(status) + ")";
    return count > 0 ? std::string() : std::string("no CUDA device");
}

namespace detail {

// Peak DRAM bandwidth: 2 (DDR) × memory clock × bus width. CUDA 13 removed
// cudaDeviceProp::memoryClockRate, but the device attributes cudaDevAttrMemoryClockRate (kHz)
// and cudaDevAttrGlobalMemoryBusWidth (bits) remain; where the clock attribute reads 0, NVML's
// maximum memory clock and bus width stand in.
inline void set_peak_bandwidth(DeviceInfo& info, int device, const NvmlFacts& nvml) {
    int clock_khz = 0, bus_bits = 0;
    cuda_check(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrMemoryClockRate, device),
               "cudaDeviceGetAttribute(MemoryClockRate)");
    cuda_check(cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, device),
               "cudaDeviceGetAttribute(GlobalMemoryBusWidth)");
    if (clock_khz > 0 && bus_bits > 0) {
        info.peak_bandwidth_bytes_per_s = 2.0 * clock_khz * 1e3 * bus_bits / 8.0;
        info.peak_bandwidth_source =
            "2 x cudaDevAttrMemoryClockRate (" + std::to_string(clock_khz) +
            " kHz) x cudaDevAttrGlobalMemoryBusWidth (" + std::to_string(bus_bits) + " bit) / 8";
    } else if (nvml.max_mem_clock_mhz && nvml.memory_bus_width_bits) {
        info.peak_bandwidth_bytes_per_s =
            2.0 * *nvml.max_mem_clock_mhz * 1e6 * *nvml.memory_bus_width_bits / 8.0;
        info.peak_bandwidth_source = "2 x NVML max memory clock x NVML memory bus width / 8";
    } else {
        info.peak_bandwidth_source = "unknown: the runtime reports no memory clock and NVML is "
                                     "unavailable (" +
                                     nvml.problem + ")";
    }
}

} // namespace detail

// What the CUDA runtime and NVML say about `device`: the SKU routing inputs and the peak
// bandwidth BWUtil is computed against.
inline DeviceInfo describe_cuda_device(int device) {
    DeviceInfo info;
    info.backend = "cuda";
    cudaDeviceProp prop{};
    detail::cuda_check(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties");
    info.name = prop.name;
    int runtime = 0;
    detail::cuda_check(cudaRuntimeGetVersion(&runtime), "cudaRuntimeGetVersion");
    info.cuda_major = runtime / 1000;
    char bus_id[32] = {};
    detail::cuda_check(cudaDeviceGetPCIBusId(bus_id, sizeof bus_id, device),
                       "cudaDeviceGetPCIBusId");
    const NvmlFacts nvml = query_nvml(bus_id);
    info.power_cap_w = nvml.power_cap_w;
    info.sm_clock_mhz = nvml.sm_clock_mhz;
    info.vbios_version = nvml.vbios_version;
    info.driver_version = nvml.driver_version;
    detail::set_peak_bandwidth(info, device, nvml);
    return info;
}

} // namespace odo::bench
