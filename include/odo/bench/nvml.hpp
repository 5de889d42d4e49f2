#pragma once
#include <dlfcn.h>

#include <optional>
#include <string>

namespace odo::bench {

// What NVML says about one GPU: the SKU routing inputs the CUDA runtime does not expose, and
// the memory clock and bus width to cross-check the peak bandwidth against.
struct NvmlFacts {
    std::optional<double> power_cap_w;       // power.max_limit, as nvidia-smi reports it
    std::optional<double> sm_clock_mhz;      // current SM clock (the locked clock when locked)
    std::optional<double> max_mem_clock_mhz; // maximum memory clock
    std::optional<int> memory_bus_width_bits;
    std::optional<std::string> vbios_version;
    std::optional<std::string> driver_version;
    std::string problem; // why NVML could not be asked; empty when it answered
};

namespace detail {

// The few NVML entry points odo calls, declared here so no NVML header or link is needed: the
// library is opened at run time and its absence is a fact to record, not a build failure.
struct NvmlApi {
    using Device = struct nvmlDevice_st*;
    using Init = int (*)();
    using Shutdown = int (*)();
    using ByPciBusId = int (*)(const char*, Device*);
    using PowerConstraints = int (*)(Device, unsigned*, unsigned*);
    using ClockInfo = int (*)(Device, int, unsigned*);
    using BusWidth = int (*)(Device, unsigned*);
    using Text = int (*)(Device, char*, unsigned);
    using SystemText = int (*)(char*, unsigned);
    static constexpr int success = 0;
    static constexpr int clock_sm = 1;
    static constexpr int clock_mem = 2;

    void* library = nullptr;
    Init init = nullptr;
    Shutdown shutdown = nullptr;
    ByPciBusId by_pci_bus_id = nullptr;
    PowerConstraints power_constraints = nullptr;
    ClockInfo clock = nullptr;
    ClockInfo max_clock = nullptr;
    BusWidth bus_width = nullptr;
    Text vbios = nullptr;
    SystemText driver = nullptr;

    template <class F>
    void bind(F& f, const char* name) {
        f = reinterpret_cast<F>(dlsym(library, name));
    }

    // Opens NVML; "" on success, otherwise why not.
    std::string open() {
        library = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!library)
            return "libnvidia-ml.so.1 cannot be loaded";
        bind(init, "nvmlInit_v2");
        bind(shutdown, "nvmlShutdown");
        bind(by_pci_bus_id, "nvmlDeviceGetHandleByPciBusId_v2");
        bind(power_constraints, "nvmlDeviceGetPowerManagementLimitConstraints");
        bind(clock, "nvmlDeviceGetClockInfo");
        bind(max_clock, "nvmlDeviceGetMaxClockInfo");
        bind(bus_width, "nvmlDeviceGetMemoryBusWidth");
        bind(vbios, "nvmlDeviceGetVbiosVersion");
        bind(driver, "nvmlSystemGetDriverVersion");
        if (!init || !shutdown || !by_pci_bus_id)
            return "libnvidia-ml.so.1 lacks nvmlInit_v2 or nvmlDeviceGetHandleByPciBusId_v2";
        if (init() != success)
            return "nvmlInit_v2 failed";
        return {};
    }

    ~NvmlApi() {
        if (library)
            dlclose(library);
    }
};

template <class F, class... Args>
std::optional<unsigned> nvml_unsigned(F f, Args... args) {
    unsigned value = 0;
    if (f && f(args..., &value) == NvmlApi::success)
        return value;
    return std::nullopt;
}

} // namespace detail

// Asks NVML about the GPU at `pci_bus_id` ("0000:3B:00.0", as cudaDeviceGetPCIBusId writes it).
// Every fact NVML cannot give stays empty; `problem` says why when NVML is unusable.
inline NvmlFacts query_nvml(const std::string& pci_bus_id) {
    NvmlFacts facts;
    detail::NvmlApi nvml;
    facts.problem = nvml.open();
    if (!facts.problem.empty())
        return facts;
    detail::NvmlApi::Device device = nullptr;
    if (nvml.by_pci_bus_id(pci_bus_id.c_str(), &device) != detail::NvmlApi::success) {
        nvml.shutdown();
        facts.problem = "NVML does not know the GPU at " + pci_bus_id;
        return facts;
    }
    unsigned min_mw = 0, max_mw = 0;
    if (nvml.power_constraints &&
        nvml.power_constraints(device, &min_mw, &max_mw) == detail::NvmlApi::success)
        facts.power_cap_w = max_mw / 1000.0;
    if (const auto mhz = detail::nvml_unsigned(nvml.clock, device, detail::NvmlApi::clock_sm))
        facts.sm_clock_mhz = *mhz;
    if (const auto mhz = detail::nvml_unsigned(nvml.max_clock, device, detail::NvmlApi::clock_mem))
        facts.max_mem_clock_mhz = *mhz;
    if (const auto bits = detail::nvml_unsigned(nvml.bus_width, device))
        facts.memory_bus_width_bits = static_cast<int>(*bits);
    char text[96] = {};
    if (nvml.vbios && nvml.vbios(device, text, sizeof text) == detail::NvmlApi::success)
        facts.vbios_version = text;
    if (nvml.driver && nvml.driver(text, sizeof text) == detail::NvmlApi::success)
        facts.driver_version = text;
    nvml.shutdown();
    return facts;
}

} // namespace odo::bench
