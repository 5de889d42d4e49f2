#pragma once
// HOST-ONLY: runs the benchmark and the profilers as child processes (odo/core/process.hpp).
// Never include from a .cu file.
// `odo_profile --bench EXE --case KEY` as a library call: one benchmark case profiled with the
// profilers on PATH (ncu, nsys) and its classification printed (profile_render.hpp); or, with
// the host roofline, the case timed by the benchmark itself against a memcpy of its declared
// bytes, no profiler and no GPU needed (host_roofline_render.hpp).
#include "odo/core/atomic_write.hpp"
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/core/process.hpp"
#include "odo/core/program_path.hpp"
#include "odo/core/text.hpp"
#include "odo/profile/bottleneck.hpp"
#include "odo/profile/detail/render_lines.hpp"
#include "odo/profile/host_roofline_record.hpp"
#include "odo/profile/host_roofline_render.hpp"
#include "odo/profile/ncu.hpp"
#include "odo/profile/nsys.hpp"
#include "odo/profile/profile_render.hpp"
#include "odo/profile/profile_target.hpp"
#include "odo/profile/profiler_status.hpp"

#include <chrono>
#include <filesystem>
#include <ostream>
#include <string>
#include <system_error>
#include <vector>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <unistd.h>

namespace odo::profile {

// What a live run profiles, and how.
struct ProfileRunOptions {
    std::string bench;    // the op's benchmark executable
    std::string case_key; // the case: `bench --case KEY` runs only it, inside an NVTX range KEY
    std::string profiler = "auto"; // ncu, nsys, or auto: every one of them on PATH
    std::string kernel_regex;      // ncu: profile only kernels whose function name matches
    double timeout_s = 600;        // for each profiler run
    bool full_set = false;         // ncu: --set full instead of the sections classified
    bool host_roofline = false;    // time the case against a memcpy instead of running a profiler
    int roofline_rounds = 300;
    std::string record; // host roofline: where to keep the benchmark's record
    std::string format = "md";
    double ridge_pct = 80; // the busier unit's SOL (host: BWUtil) at or above which: at ridge
    std::vector<std::string> bench_args;

    // The profiler's time limit; the caller keeps timeout_s within what it can hold.
    std::chrono::milliseconds timeout() const {
        return std::chrono::milliseconds(static_cast<long long>(timeout_s * 1000));
    }
};

namespace detail {

// A folder created for this run alone (nsys's report, the host roofline's record), removed with
// it.
class ScratchDir {
public:
    ScratchDir() : path_(make()) {}
    ~ScratchDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    const std::filesystem::path& path() const { return path_; }

private:
    static std::filesystem::path make() {
        std::string name = (std::filesystem::temp_directory_path() / "odo-profile-XXXXXX").string();
        if (!::mkdtemp(name.data()))
            throw InputError("cannot create a temporary folder " + name + ": " +
                             std::strerror(errno));
        return name;
    }

    std::filesystem::path path_;
};

inline void check_bench(const ProfileRunOptions& o) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(o.bench, ec) || ::access(o.bench.c_str(), X_OK) != 0)
        throw InputError("--bench " + o.bench + ": not an executable file");
}

// The profilers to run, in the order their figures are gathered.
inline std::vector<std::string> chosen_profilers(const ProfileRunOptions& o) {
    std::vector<std::string> found;
    for (const char* tool : {"ncu", "nsys"})
        if ((o.profiler == "auto" || o.profiler == tool) && find_on_path(tool))
            found.emplace_back(tool);
    if (found.empty())
        throw InputError(o.profiler == "auto"
                             ? "no profiler on PATH (looked for ncu and nsys); install Nsight "
                               "Compute or Nsight Systems, or add it to PATH"
                             : o.profiler + ": not found on PATH");
    return found;
}

// A failed run ends the command: exit 2 when nothing matched the case (fix the options), else 1.
inline int profiler_failure(const ProfilerStatus& status, std::ostream& err) {
    print_failure(err, status.message);
    return status.outcome == ProfilerOutcome::NothingProfiled ? 2 : 1;
}

// The benchmark times the case against a memcpy and writes its record into a folder of this run;
// a run that fails or writes no record is exit 1, with the benchmark's last words.
inline int run_host_roofline(const ProfileRunOptions& o, std::ostream& out, std::ostream& err) {
    const ScratchDir scratch;
    const std::filesystem::path record = scratch.path() / "host-roofline.json";
    std::vector<std::string> args{"--case",
                                  o.case_key,
                                  "--host-roofline",
                                  record.string(),
                                  "--host-roofline-rounds",
                                  std::to_string(o.roofline_rounds),
                                  "--quiet"};
    args.insert(args.end(), o.bench_args.begin(), o.bench_args.end());
    ProcessOptions options;
    options.timeout = o.timeout();
    const ProcessResult bench = run_process(o.bench, args, options);
    std::error_code ec;
    if (!bench.ok() || !std::filesystem::is_regular_file(record, ec)) {
        const std::string why = !bench.started ? bench.error
                                : bench.timed_out
                                    ? "timed out after " + std::to_string(o.timeout_s) + " s"
                                    : "exit " + std::to_string(bench.exit_code);
        print_failure(err, o.bench + " --host-roofline: " + why + "; " +
                               std::string(text::strip(bench.err.empty() ? bench.out : bench.err)));
        return 1;
    }
    const std::string text = read_file(record);
    const HostRooflineFigures f = parse_host_roofline(text, o.bench);
    if (f.case_key != o.case_key)
        throw InputError(o.bench + ": the host roofline measured " + f.case_key + ", not " +
                         o.case_key);
    if (!o.record.empty())
        write_file_atomically(o.record, text);
    print_host_roofline(out, f,
                        o.record.empty()
                            ? "measured by " + std::filesystem::path(o.bench).filename().string()
                            : "record " + o.record,
                        ridge_thresholds(o.ridge_pct), o.format);
    return 0;
}

} // namespace detail

// Runs the profile: 0 classified; 1 a profiler or the benchmark failed or timed out, or its
// output lacks the figures the classification reads; 2 nothing matched the case and kernel regex
// (said on `err`). InputError (exit 2) for a bench that is no executable file or no profiler on
// PATH. The case key must already be a valid one (the caller checks it:
// odo::surface::parse_case_key, a layer profile/ does not reach).
inline int run_profile(const ProfileRunOptions& o, std::ostream& out, std::ostream& err) {
    detail::check_bench(o);
    if (o.host_roofline)
        return detail::run_host_roofline(o, out, err);
    const std::vector<std::string> profilers = detail::chosen_profilers(o);
    ProfileTarget target{o.bench, {"--case", o.case_key}, {}, {}};
    target.args.insert(target.args.end(), o.bench_args.begin(), o.bench_args.end());
    target.timeout = o.timeout();
    ProfileResult result{o.case_key, ridge_thresholds(o.ridge_pct), {}, {}, {}};
    for (const std::string& tool : profilers) {
        if (tool == "ncu") {
            NcuOptions options;
            options.nvtx_range = o.case_key;
            options.kernel_regex = o.kernel_regex;
            options.full_set = o.full_set;
            const NcuRun ncu = run_ncu(options, target);
            if (!ncu.status.ok())
                return detail::profiler_failure(ncu.status, err);
            result.figures.ncu = ncu.figures;
            result.provenance.push_back(ncu.provenance);
            if (!ncu.report.skipped.empty())
                result.unreadable.push_back("ncu: " + skipped_rows_text(ncu.report));
        } else {
            const detail::ScratchDir scratch;
            const NsysRun nsys = run_nsys({o.case_key, scratch.path() / "case"}, target);
            if (!nsys.status.ok())
                return detail::profiler_failure(nsys.status, err);
            result.figures.nsys = nsys.figures;
            result.provenance.push_back(
                "nsys " + (nsys.version.empty() ? "(unknown version)" : nsys.version));
        }
    }
    print_profile(out, result, o.format);
    return 0;
}

} // namespace odo::profile
