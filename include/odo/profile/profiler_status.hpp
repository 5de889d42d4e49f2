#pragma once
#include <string>
#include <string_view>

namespace odo::profile {

// How a profiler run ended. Every failure is a value with a message that says what to do, never
// an exception or a crash: the driver maps outcomes to exit codes, a gate maps them to findings.
enum class ProfilerOutcome {
    Ok,
    Missing,          // the tool is not on PATH (or the path given does not exist)
    Failed,           // it ran and exited non-zero, or could not start
    TimedOut,         // killed after the timeout
    UnreadableOutput, // it finished, but its output is not in a format odo reads
    NothingProfiled   // it finished, but no kernel matched the case's range and kernel filter
};

constexpr std::string_view to_string(ProfilerOutcome o) noexcept {
    switch (o) {
    case ProfilerOutcome::Ok:
        return "ok";
    case ProfilerOutcome::Missing:
        return "missing";
    case ProfilerOutcome::Failed:
        return "failed";
    case ProfilerOutcome::TimedOut:
        return "timed out";
    case ProfilerOutcome::UnreadableOutput:
        return "unreadable output";
    case ProfilerOutcome::NothingProfiled:
        return "nothing profiled";
    }
    return "?";
}

struct ProfilerStatus {
    ProfilerOutcome outcome = ProfilerOutcome::Ok;
    std::string message; // empty when ok

    bool ok() const noexcept { return outcome == ProfilerOutcome::Ok; }
};

} // namespace odo::profile
