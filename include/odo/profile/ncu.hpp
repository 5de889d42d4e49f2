#pragma once
// HOST-ONLY: runs ncu as a child process (odo/core/process.hpp). Never include from a .cu file.
// Profiles one benchmark case with ncu and reads its figures; every failure is a ProfilerStatus.
#include "odo/core/error.hpp"
#include "odo/profile/detail/tool_process.hpp"
#include "odo/profile/ncu_command.hpp"
#include "odo/profile/ncu_figures.hpp"
#include "odo/profile/ncu_report.hpp"
#include "odo/profile/profile_target.hpp"

#include <string>
#include <vector>

namespace odo::profile {

struct NcuRun {
    std::vector<std::string> arguments; // after the tool's name
    std::string version;                // from ncu --version; empty when it did not say
    std::string provenance;             // ncu_provenance(): version, clock and cache control
    ProcessResult process;
    NcuReport report;
    NcuFigures figures;
    ProfilerStatus status;
};

namespace detail {

inline void read_ncu_output(NcuRun& run, const std::string& nothing_profiled) {
    if (run.process.out.find("No kernels were profiled") != std::string::npos) {
        run.status = {ProfilerOutcome::NothingProfiled, nothing_profiled};
        return;
    }
    try {
        run.report = parse_ncu_csv(run.process.out);
    } catch (const InputError& e) {
        run.status = {ProfilerOutcome::UnreadableOutput, e.what()};
        return;
    }
    if (run.report.kernels.empty()) {
        run.status = {ProfilerOutcome::NothingProfiled, nothing_profiled};
        return;
    }
    run.figures = ncu_figures(run.report);
    if (auto missing = missing_ncu_figures(run.report, run.figures))
        run.status = {ProfilerOutcome::UnreadableOutput, *missing};
}

inline std::string ncu_filter_text(const NcuOptions& o) {
    std::string text = "ncu profiled no kernel: no launch";
    if (!o.nvtx_range.empty())
        text += " inside NVTX range " + ncu_nvtx_include(o.nvtx_range);
    if (!o.kernel_regex.empty())
        text += " matched kernel regex '" + o.kernel_regex + "'";
    return text + " (check the case key, the kernel regex, and that the benchmark opens odo's "
                  "NVTX range around the case)";
}

} // namespace detail

// Runs `ncu` (a name on PATH or a path) over `target`. InputError only for invalid options
// (a clock or cache setting ncu does not have); a missing tool, a failure, a timeout, output odo
// cannot read and a filter that matched nothing come back in `status`.
inline NcuRun run_ncu(const NcuOptions& options, const ProfileTarget& target,
                      const std::string& ncu = "ncu") {
    NcuRun run;
    run.arguments = ncu_arguments(options, target.program, target.args);
    detail::ToolRun started = detail::run_tool(
        ncu, run.arguments, detail::target_options(target.working_dir, target.timeout), "ncu",
        "==ERROR==");
    run.status = std::move(started.status);
    run.version = std::move(started.version);
    run.process = std::move(started.process);
    run.provenance = ncu_provenance(options, run.version);
    if (run.status.ok())
        detail::read_ncu_output(run, detail::ncu_filter_text(options));
    return run;
}

// Re-exports a report saved with --export and reads it, e.g. the report from before a change.
inline NcuRun import_ncu_report(const std::filesystem::path& report,
                                std::chrono::milliseconds timeout, const std::string& ncu = "ncu") {
    NcuRun run;
    run.arguments = ncu_import_arguments(report);
    detail::ToolRun started = detail::run_tool(
        ncu, run.arguments, detail::target_options({}, timeout), "ncu", "==ERROR==");
    run.status = std::move(started.status);
    run.version = std::move(started.version);
    run.process = std::move(started.process);
    run.provenance = "ncu " + run.version + " (imported " + report.string() + ")";
    if (run.status.ok())
        detail::read_ncu_output(run, "ncu found no kernel in the report " + report.string());
    return run;
}

} // namespace odo::profile
