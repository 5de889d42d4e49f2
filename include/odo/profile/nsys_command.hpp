#pragma once
// The argument vectors of an `nsys profile` run that captures one benchmark case (its NVTX range
// in odo's domain) and of the `nsys stats` run that summarizes it.
#include "odo/core/text.hpp"
#include "odo/profile/nsys_stats.hpp"
#include "odo/profile/nvtx_domain.hpp"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace odo::profile {

struct NsysOptions {
    std::string nvtx_range;            // a case key: capture only its range; empty: the whole run
    std::filesystem::path output_base; // the report is written to <base>.nsys-rep
};

inline std::vector<std::string> nsys_profile_arguments(const NsysOptions& o,
                                                       const std::string& program,
                                                       const std::vector<std::string>& args) {
    std::vector<std::string> out{
        "profile",           "--trace", "cuda,nvtx", "--output", o.output_base.string(),
        "--force-overwrite", "true"};
    if (!o.nvtx_range.empty())
        out.insert(out.end(), {"--capture-range", "nvtx", "--nvtx-capture",
                               nsys_nvtx_capture(o.nvtx_range), "--capture-range-end", "stop"});
    out.push_back(program);
    out.insert(out.end(), args.begin(), args.end());
    return out;
}

// The reports odo reads, under their current names, or under the names nsys used before 2022
// (`legacy`), printed as CSV on stdout.
inline std::vector<std::string> nsys_stats_arguments(const std::filesystem::path& report,
                                                     bool legacy = false) {
    std::vector<std::string> reports;
    for (const NsysReportName& r : {nsys_report::kernels, nsys_report::api, nsys_report::ranges})
        reports.emplace_back(legacy ? r.legacy : r.current);
    return {"stats",    "--report",     odo::text::join(reports, ","),
            "--format", "csv",          "--force-export",
            "true",     report.string()};
}

} // namespace odo::profile
