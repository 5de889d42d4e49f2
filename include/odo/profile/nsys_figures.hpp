#pragma once
// What the host timeline says about one case, from nsys's kernel, CUDA API and NVTX summaries:
// how much of the case's range the GPU spent in kernels, and where the host's API time went.
#include "odo/core/error.hpp"
#include "odo/profile/kernel_name.hpp"
#include "odo/profile/nsys_stats.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace odo::profile {

struct NsysFigures {
    std::optional<double> range_ns; // the case's NVTX range, summed over its instances
    double kernel_ns = 0;           // GPU time in kernels
    std::uint64_t kernel_launches = 0;
    std::size_t kernels = 0;     // distinct kernel names
    std::string dominant_kernel; // short name of the kernel with the largest total time
    double api_ns = 0;           // host time in CUDA API calls
    double launch_api_ns = 0;
    std::uint64_t launch_calls = 0;
    double sync_api_ns = 0; // calls that block the host until the GPU catches up
    std::uint64_t sync_calls = 0;
};

namespace detail {

// "cudaLaunchKernel_v7000" and "cudaMemcpyAsync_ptsz_v7000" -> the function's plain name.
inline std::string_view plain_api_name(std::string_view name) {
    while (true) {
        const std::size_t underscore = name.rfind('_');
        if (underscore == std::string_view::npos)
            return name;
        const std::string_view suffix = name.substr(underscore + 1);
        const bool version = suffix.size() > 1 && suffix[0] == 'v' &&
                             suffix.find_first_not_of("0123456789", 1) == std::string_view::npos;
        if (!version && suffix != "ptsz" && suffix != "ptds")
            return name;
        name = name.substr(0, underscore);
    }
}

inline bool is_launch_api(std::string_view name) {
    for (std::string_view f :
         {"cudaLaunchKernel", "cudaLaunchKernelExC", "cudaLaunchCooperativeKernel",
          "cudaLaunchCooperativeKernelMultiDevice", "cudaGraphLaunch", "cudaLaunch",
          "cuLaunchKernel", "cuLaunchKernelEx", "cuLaunchCooperativeKernel", "cuGraphLaunch"})
        if (name == f)
            return true;
    return false;
}

// Calls after which the host waits for the device: explicit synchronization and the
// synchronous copies.
inline bool is_sync_api(std::string_view name) {
    for (std::string_view f :
         {"cudaDeviceSynchronize", "cudaStreamSynchronize", "cudaEventSynchronize",
          "cudaThreadSynchronize", "cudaMemcpy", "cudaMemcpy2D", "cudaMemcpy3D",
          "cudaMemcpyToSymbol", "cudaMemcpyFromSymbol", "cuCtxSynchronize", "cuStreamSynchronize",
          "cuEventSynchronize", "cuMemcpy", "cuMemcpyDtoH", "cuMemcpyHtoD", "cuMemcpyDtoD"})
        if (name == f)
            return true;
    return false;
}

// nvtx_sum names a range "name", or "domain:name" in newer versions, with a leading ':' for the
// default domain.
inline bool is_range(std::string_view row_name, std::string_view range) {
    return row_name == range ||
           (odo::text::ends_with(row_name, range) && row_name.size() > range.size() &&
            row_name[row_name.size() - range.size() - 1] == ':');
}

} // namespace detail

// The figures of the case whose NVTX range is `range`. InputError when the summary has no kernel
// report at all; an empty one (nothing ran in the captured range) gives zero launches.
inline NsysFigures nsys_figures(const NsysStats& stats, std::string_view range) {
    const NsysTable* kernels = stats.find(nsys_report::kernels);
    if (!kernels)
        throw InputError("nsys stats output: no kernel summary (cuda_gpu_kern_sum or gpukernsum)");
    NsysFigures f;
    std::map<std::string, double> time_by_kernel;
    for (const NsysRow& row : kernels->rows) {
        f.kernel_ns += row.total_ns;
        f.kernel_launches += row.count;
        time_by_kernel[short_kernel_name(row.name)] += row.total_ns;
    }
    f.kernels = time_by_kernel.size();
    f.dominant_kernel = dominant_kernel(time_by_kernel);
    if (const NsysTable* api = stats.find(nsys_report::api))
        for (const NsysRow& row : api->rows) {
            const std::string_view name = detail::plain_api_name(row.name);
            f.api_ns += row.total_ns;
            if (detail::is_launch_api(name)) {
                f.launch_api_ns += row.total_ns;
                f.launch_calls += row.count;
            } else if (detail::is_sync_api(name)) {
                f.sync_api_ns += row.total_ns;
                f.sync_calls += row.count;
            }
        }
    if (const NsysTable* ranges = stats.find(nsys_report::ranges))
        for (const NsysRow& row : ranges->rows)
            if (detail::is_range(row.name, range))
                f.range_ns = f.range_ns.value_or(0) + row.total_ns;
    return f;
}

} // namespace odo::profile
