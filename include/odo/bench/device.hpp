#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace odo::bench {

// What a backend knows about the machine it measures on: the SKU routing inputs and the peak
// bandwidth BWUtil is computed against. Missing facts stay empty; nothing is guessed.
struct DeviceInfo {
    std::string backend; // "host" or "cuda"
    std::string name;    // CUDA device name ("NVIDIA H100 PCIe"), or the host's name
    std::optional<double> peak_bandwidth_bytes_per_s;
    std::string peak_bandwidth_source; // where the peak came from, for the record
    std::optional<double> power_cap_w;
    std::optional<double> sm_clock_mhz;
    std::optional<std::int64_t> cuda_major;
    std::optional<std::string> vbios_version;
    std::optional<std::string> driver_version;

    bool is_gpu() const noexcept { return backend != "host"; }
};

} // namespace odo::bench
