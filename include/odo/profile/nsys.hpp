#pragma once
// HOST-ONLY: runs nsys as a child process (odo/core/process.hpp). Never include from a .cu file.
// Captures one benchmark case with `nsys profile` and summarizes it with `nsys stats`; every
// failure is a ProfilerStatus.
#include "odo/core/error.hpp"
#include "odo/profile/detail/tool_process.hpp"
#include "odo/profile/nsys_command.hpp"
#include "odo/profile/nsys_figures.hpp"
#include "odo/profile/nsys_stats.hpp"
#include "odo/profile/profile_target.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace odo::profile {

struct NsysRun {
    std::vector<std::string> profile_arguments, stats_arguments; // after the tool's name
    std::string version;
    ProcessResult profile, stats;
    std::filesystem::path report; // the .nsys-rep (or, before 2021.4, .qdrep) written
    NsysStats summary;
    NsysFigures figures;
    ProfilerStatus status;
};

namespace detail {

inline std::filesystem::path written_report(const std::filesystem::path& base) {
    for (const char* extension : {".nsys-rep", ".qdrep"}) {
        std::filesystem::path candidate = base;
        candidate += extension;
        std::error_code ec;
        if (std::filesystem::is_regular_file(candidate, ec))
            return candidate;
    }
    return {};
}

inline std::string nothing_captured(const NsysOptions& o) {
    return o.nvtx_range.empty()
               ? std::string("nsys captured no kernel")
               : "nsys captured no kernel in NVTX range " + nsys_nvtx_capture(o.nvtx_range) +
                     " (check the case key, and that the benchmark opens odo's NVTX range around "
                     "the case)";
}

// `nsys stats` under the current report names, then under the pre-2022 ones.
inline void summarize(NsysRun& run, const std::string& nsys, const ProfileTarget& target) {
    ProfilerStatus first;
    for (bool legacy : {false, true}) {
        run.stats_arguments = nsys_stats_arguments(run.report, legacy);
        run.stats = run_process(nsys, run.stats_arguments,
                                target_options(target.working_dir, target.timeout));
        run.status = process_status(run.stats, "nsys stats");
        if (run.status.ok() || run.status.outcome == ProfilerOutcome::TimedOut)
            return;
        if (!legacy)
            first = run.status;
    }
    run.status = {first.outcome, first.message + " (the pre-2022 report names failed too)"};
}

} // namespace detail

// Runs `nsys` (a name on PATH or a path) over `target`. The report lands at
// <options.output_base>.nsys-rep; the caller owns that folder.
inline NsysRun run_nsys(const NsysOptions& options, const ProfileTarget& target,
                        const std::string& nsys = "nsys") {
    NsysRun run;
    run.profile_arguments = nsys_profile_arguments(options, target.program, target.args);
    detail::ToolRun started = detail::run_tool(
        nsys, run.profile_arguments, detail::target_options(target.working_dir, target.timeout),
        "nsys profile");
    run.status = std::move(started.status);
    run.version = std::move(started.version);
    run.profile = std::move(started.process);
    if (!run.status.ok())
        return run;
    run.report = detail::written_report(options.output_base);
    if (run.report.empty()) {
        run.status = {ProfilerOutcome::NothingProfiled,
                      detail::nothing_captured(options) + "; no report was written"};
        return run;
    }
    detail::summarize(run, nsys, target);
    if (!run.status.ok())
        return run;
    try {
        run.summary = parse_nsys_stats(run.stats.out);
        if (run.version.empty())
            run.version = run.summary.version;
        run.figures = nsys_figures(run.summary, options.nvtx_range);
    } catch (const InputError& e) {
        run.status = {ProfilerOutcome::UnreadableOutput, e.what()};
        return run;
    }
    if (run.figures.kernel_launches == 0)
        run.status = {ProfilerOutcome::NothingProfiled, detail::nothing_captured(options)};
    return run;
}

} // namespace odo::profile
