#pragma once
// HOST-ONLY: runs compute-sanitizer as a child process (odo/core/process.hpp). Never include
// from a .cu file.
#include "odo/core/error.hpp"
#include "odo/profile/detail/tool_process.hpp"
#include "odo/profile/profile_target.hpp"
#include "odo/profile/sanitizer_command.hpp"
#include "odo/profile/sanitizer_report.hpp"

#include <string>
#include <vector>

namespace odo::profile {

struct SanitizerRun {
    std::vector<std::string> arguments; // after the tool's name
    std::string version;
    ProcessResult process;
    SanitizerReport report;
    ProfilerStatus status; // ok once the report was read, whatever errors it lists
};

// Runs `compute-sanitizer` (a name on PATH or a path) over `target`. Its exit code is the checked
// program's, which may fail because of the very errors reported, so the run is judged by its
// ERROR SUMMARY, not by the exit code.
inline SanitizerRun run_compute_sanitizer(const SanitizerOptions& options,
                                          const ProfileTarget& target,
                                          const std::string& sanitizer = "compute-sanitizer") {
    SanitizerRun run;
    run.arguments = sanitizer_arguments(options, target.program, target.args);
    detail::ToolRun started =
        detail::run_tool(sanitizer, run.arguments,
                         detail::target_options(target.working_dir, target.timeout), sanitizer);
    run.version = std::move(started.version);
    run.process = std::move(started.process);
    run.status = std::move(started.status);
    if (!run.process.started || run.process.timed_out)
        return run;
    try {
        run.report = parse_sanitizer_output(run.process.out + "\n" + run.process.err);
        run.status = {};
    } catch (const InputError& e) {
        if (run.status.ok())
            run.status = {ProfilerOutcome::UnreadableOutput, e.what()};
    }
    return run;
}

} // namespace odo::profile
