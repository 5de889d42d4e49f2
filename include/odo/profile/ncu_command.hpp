#pragma once
// The argument vector of an `ncu` run over one benchmark case, and the provenance line that
// records the settings which change its numbers. ncu locks clocks to base and flushes caches
// before each replay pass by default, so its durations are cold, base-clock figures: they are
// recorded, never silently compared with an unlocked benchmark run.
#include "odo/core/error.hpp"
#include "odo/core/text.hpp"
#include "odo/profile/nvtx_domain.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::profile {

struct NcuOptions {
    std::string nvtx_range;   // a case key: profile only inside odo@<key>/; empty: everywhere
    std::string kernel_regex; // -k regex:<R>, matched against the kernel's function name
    std::optional<std::uint64_t> launch_skip;  // -s: launches to skip before profiling
    std::optional<std::uint64_t> launch_count; // -c: launches to profile
    bool full_set = false;                     // --set full instead of the figure sections
    std::vector<std::string> sections;         // --section …; empty: the figure sections
    std::string clock_control = "base";        // base | none
    std::string cache_control = "all";         // all | none
    std::filesystem::path export_path;         // --export <file> as well; empty: no report file
};

// Sections whose metrics give every figure odo reads (ncu_figures.hpp).
inline const std::vector<std::string>& ncu_figure_sections() {
    static const std::vector<std::string> sections{"SpeedOfLight", "Occupancy", "WarpStateStats"};
    return sections;
}

// The figure metrics by name as well, so every supported ncu version exports them on the raw page
// whatever its sections contain.
inline constexpr std::string_view ncu_figure_metrics =
    "gpu__time_duration.sum,"
    "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed,"
    "sm__throughput.avg.pct_of_peak_sustained_elapsed,"
    "gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed,"
    "sm__warps_active.avg.pct_of_peak_sustained_active,"
    "regex:smsp__average_warps_issue_stalled_.*_per_issue_active\\.ratio";

namespace detail {

inline void require_choice(std::string_view option, const std::string& value,
                           std::string_view first, std::string_view second) {
    if (value != first && value != second)
        throw InputError("ncu " + std::string(option) + " '" + value + "': expected " +
                         std::string(first) + " or " + std::string(second));
}

} // namespace detail

// `ncu` arguments (without the program name) that profile `program args…` and print the raw page
// as CSV in base units. InputError for a clock or cache setting ncu does not have.
inline std::vector<std::string> ncu_arguments(const NcuOptions& o, const std::string& program,
                                              const std::vector<std::string>& program_args) {
    detail::require_choice("--clock-control", o.clock_control, "base", "none");
    detail::require_choice("--cache-control", o.cache_control, "all", "none");
    std::vector<std::string> args{
        "--csv",        "--page",          "raw",           "--print-units",
        "base",         "--clock-control", o.clock_control, "--cache-control",
        o.cache_control};
    if (!o.nvtx_range.empty())
        args.insert(args.end(), {"--nvtx", "--nvtx-include", ncu_nvtx_include(o.nvtx_range)});
    if (!o.kernel_regex.empty())
        args.insert(args.end(), {"--kernel-name", "regex:" + o.kernel_regex});
    if (o.launch_skip)
        args.insert(args.end(), {"--launch-skip", std::to_string(*o.launch_skip)});
    if (o.launch_count)
        args.insert(args.end(), {"--launch-count", std::to_string(*o.launch_count)});
    if (o.full_set) {
        args.insert(args.end(), {"--set", "full"});
    } else {
        for (const std::string& s : o.sections.empty() ? ncu_figure_sections() : o.sections)
            args.insert(args.end(), {"--section", s});
    }
    args.insert(args.end(), {"--metrics", std::string(ncu_figure_metrics)});
    if (!o.export_path.empty())
        args.insert(args.end(), {"--export", o.export_path.string(), "--force-overwrite"});
    args.push_back(program);
    args.insert(args.end(), program_args.begin(), program_args.end());
    return args;
}

// Re-exports a saved report (`--export`) as the raw page, e.g. to compare a report from before a
// change with one from after it.
inline std::vector<std::string> ncu_import_arguments(const std::filesystem::path& report) {
    return {"--import", report.string(), "--csv", "--page", "raw", "--print-units", "base"};
}

// "ncu 2023.2.0.0 (clock control base, cache control all, sections SpeedOfLight, Occupancy,
// WarpStateStats)": what a reader needs to compare these figures with others.
inline std::string ncu_provenance(const NcuOptions& o, std::string_view version) {
    const std::string metrics =
        o.full_set
            ? "set full"
            : "sections " +
                  odo::text::join(o.sections.empty() ? ncu_figure_sections() : o.sections, ", ");
    return "ncu " + (version.empty() ? std::string("(unknown version)") : std::string(version)) +
           " (clock control " + o.clock_control + ", cache control " + o.cache_control + ", " +
           metrics + ")";
}

} // namespace odo::profile
