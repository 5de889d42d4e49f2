#pragma once
// HOST-ONLY: runs profilers as child processes (odo/core/process.hpp). Never include from a .cu
// file.
#include "odo/core/process.hpp"
#include "odo/core/program_path.hpp"
#include "odo/core/text.hpp"
#include "odo/profile/profiler_status.hpp"
#include "odo/profile/tool_version.hpp"

#include <chrono>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace odo::profile::detail {

// Whether `tool` (a name looked up on PATH, or a path) can be run; the Missing status otherwise.
inline ProfilerStatus locate_tool(const std::string& tool) {
    if (tool.find('/') == std::string::npos ? find_on_path(tool).has_value()
                                            : std::filesystem::is_regular_file(tool))
        return {};
    return {ProfilerOutcome::Missing,
            tool + ": not found" + (tool.find('/') == std::string::npos ? " on PATH" : "")};
}

inline std::string tool_version_of(const std::string& tool) {
    ProcessOptions options;
    options.timeout = std::chrono::seconds(30);
    return tool_version(run_process(tool, {"--version"}, options).out);
}

// The lines that say why a tool failed: its own error lines when it marks them (ncu's
// "==ERROR=="), else the last few lines of stderr, else of stdout.
inline std::string failure_lines(const ProcessResult& r, std::string_view error_marker) {
    std::vector<std::string> marked, tail;
    for (const std::string* stream : {&r.out, &r.err})
        for (std::string_view line : odo::text::lines(*stream))
            if (!error_marker.empty() && odo::text::starts_with(line, error_marker))
                marked.emplace_back(odo::text::strip(line));
    if (!marked.empty())
        return odo::text::join(marked, " | ");
    for (const std::string* stream : {&r.err, &r.out}) {
        for (std::string_view line : odo::text::lines(*stream))
            if (!odo::text::strip(line).empty())
                tail.emplace_back(odo::text::strip(line));
        if (!tail.empty())
            break;
    }
    if (tail.size() > 3)
        tail.erase(tail.begin(), tail.end() - 3);
    return tail.empty() ? "no output" : odo::text::join(tail, " | ");
}

// Ok, or why the run did not produce output worth reading.
inline ProfilerStatus process_status(const ProcessResult& r, const std::string& tool,
                                     std::string_view error_marker = {}) {
    if (!r.started)
        return {ProfilerOutcome::Failed, r.error};
    if (r.timed_out)
        return {ProfilerOutcome::TimedOut,
                r.error + " (raise the timeout, or profile fewer launches)"};
    if (r.exit_code != 0)
        return {ProfilerOutcome::Failed, tool + " exited with code " + std::to_string(r.exit_code) +
                                             ": " + failure_lines(r, error_marker)};
    return {};
}

inline ProcessOptions target_options(const std::filesystem::path& working_dir,
                                     std::chrono::milliseconds timeout) {
    ProcessOptions options;
    options.working_dir = working_dir;
    options.timeout = timeout;
    return options;
}

// What starting a tool gave: Missing without running anything, else the run and its status.
struct ToolRun {
    ProfilerStatus status;
    std::string version; // from --version; empty when it did not say
    ProcessResult process;
};

// The start every driver shares: find `tool`, ask its version, run it with `args`. `name` is how
// messages call it ("nsys profile"); `error_marker` prefixes the tool's own error lines.
inline ToolRun run_tool(const std::string& tool, const std::vector<std::string>& args,
                        const ProcessOptions& options, const std::string& name,
                        std::string_view error_marker = {}) {
    ToolRun run{locate_tool(tool), {}, {}};
    if (!run.status.ok())
        return run;
    run.version = tool_version_of(tool);
    run.process = run_process(tool, args, options);
    run.status = process_status(run.process, name, error_marker);
    return run;
}

} // namespace odo::profile::detail
