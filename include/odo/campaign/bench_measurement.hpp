#pragma once
// HOST-ONLY: runs cmake and the operator's benchmark executable. Never include from a .cu file.
//
// What the campaign's measuring verbs run: the build of the benchmark target, the surface it
// lists, and one timed run of one case through one entry point into a run artifact. Each is an
// argument vector (never a shell) of the session's build folder and executable, which `start`
// took from the agent running the campaign, not from the repository.
#include "odo/campaign/campaign_session.hpp"
#include "odo/core/error.hpp"
#include "odo/core/process.hpp"
#include "odo/core/text.hpp"

#include <chrono>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace odo::campaign {

namespace detail {

// The last lines a failed program printed, for the one-line error that names it.
inline std::string program_failure(const ProcessResult& r, const std::string& what) {
    if (!r.started || r.timed_out)
        return what + ": " + r.error;
    std::string said = r.err.empty() ? r.out : r.err;
    std::vector<std::string> lines;
    std::istringstream in(said);
    for (std::string line; std::getline(in, line);)
        if (!text::strip(line).empty())
            lines.push_back(line);
    const std::size_t from = lines.size() > 3 ? lines.size() - 3 : 0;
    std::string tail;
    for (std::size_t i = from; i < lines.size(); ++i)
        tail += (tail.empty() ? "" : " | ") + lines[i];
    return what + " exited " + std::to_string(r.exit_code) + (tail.empty() ? "" : ": " + tail);
}

} // namespace detail

// `cmake --build <build_dir> --target <target>`: one of the session's targets (the benchmark,
// the tests) as the working tree now is.
inline void build_target(const CampaignSession& s, const std::string& target) {
    ProcessOptions options;
    options.timeout = std::chrono::hours(2);
    const ProcessResult r =
        run_process("cmake", {"--build", s.build_dir.string(), "--target", target}, options);
    if (!r.ok())
        throw InputError(detail::program_failure(r, "cmake --build " + s.build_dir.string() +
                                                        " --target " + target));
}

// The benchmark as the working tree now is.
inline void build_bench(const CampaignSession& s) {
    build_target(s, s.bench_target);
}

// The basic and advanced case keys the executable lists: the surface a baseline covers.
inline std::vector<std::string> surface_cases(const std::filesystem::path& bench) {
    const ProcessResult r = run_process(bench.string(), {"--list", "--tier", "basic,advanced"});
    if (!r.ok())
        throw InputError(detail::program_failure(r, bench.string() + " --list"));
    std::vector<std::string> keys;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);)
        if (!text::strip(line).empty())
            keys.emplace_back(text::strip(line));
    if (keys.empty())
        throw InputError(bench.string() + " --list --tier basic,advanced: lists no case");
    return keys;
}

// One timed run of `key` through `language` into the run artifact `out`; `min_time_s` may be
// longer than the session's when a case is measured again.
inline void measure_case(const std::filesystem::path& bench, const std::string& key,
                         const std::string& language, const CampaignSession& s, double min_time_s,
                         const std::filesystem::path& out) {
    ProcessOptions options;
    options.timeout = std::chrono::minutes(30);
    const ProcessResult r =
        run_process(bench.string(),
                    {"--case", key, "--language", language, "--sku", s.sku, "--timing", s.timing,
                     "--min-time", std::to_string(min_time_s), "--json", out.string()},
                    options);
    if (!r.ok())
        throw InputError(detail::program_failure(r, bench.filename().string() + " --case " + key));
}

} // namespace odo::campaign
