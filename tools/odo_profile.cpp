// odo_profile: profiles one benchmark case of an op's benchmark executable with the profilers on
// PATH and prints the bottleneck classification and the evidence lines for the summary.
//   odo_profile --bench EXE --case KEY [--profiler ncu|nsys|auto] [--kernel-regex R]
//               [--timeout S] [--full-set] [--bench-arg ARG]...
// The benchmark contract: `EXE --case KEY [ARG...]` runs only that case, inside an NVTX push/pop
// range named KEY in the domain "odo" (odo::profile::ScopedRange, which odo's benchmark runner
// opens around each case), and exits 0.
// Exit codes: 0 classified; 1 a profiler failed, timed out or printed output odo cannot read;
// 2 bad options, no profiler on PATH, or no kernel matched the case and kernel regex.
#include "profile_options.hpp"

#include <odo/core/error.hpp>
#include <odo/core/error_output.hpp>
#include <odo/core/program_path.hpp>
#include <odo/profile/evidence_text.hpp>
#include <odo/profile/ncu.hpp>
#include <odo/profile/nsys.hpp>
#include <odo/surface/case_key.hpp>
#include <odo/version.hpp>

#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

namespace fs = std::filesystem;
namespace profile = odo::profile;

using odo::driver::ProfileOptions;

void check_inputs(const ProfileOptions& o) {
    odo::surface::parse_case_key(o.case_key);
    std::error_code ec;
    if (!fs::is_regular_file(o.bench, ec) || ::access(o.bench.c_str(), X_OK) != 0)
        throw odo::InputError("--bench " + o.bench + ": not an executable file");
}

// The profilers to run, in the order their figures are gathered.
std::vector<std::string> chosen_profilers(const ProfileOptions& o) {
    std::vector<std::string> found;
    for (const char* tool : {"ncu", "nsys"})
        if ((o.profiler == "auto" || o.profiler == tool) && odo::find_on_path(tool))
            found.emplace_back(tool);
    if (found.empty())
        throw odo::InputError(o.profiler == "auto"
                                  ? "no profiler on PATH (looked for ncu and nsys); install Nsight "
                                    "Compute or Nsight Systems, or add it to PATH"
                                  : o.profiler + ": not found on PATH");
    return found;
}

// A failed run ends the program: exit 2 when nothing matched the case (fix the options), else 1.
int failure(const profile::ProfilerStatus& status) {
    std::cerr << "odo_profile: " << odo::one_line(status.message) << "\n";
    return status.outcome == profile::ProfilerOutcome::NothingProfiled ? 2 : 1;
}

// A folder for nsys's report, removed with it.
class ScratchDir {
public:
    ScratchDir()
        : path_(fs::temp_directory_path() / ("odo-profile-" + std::to_string(::getpid()))) {
        fs::create_directories(path_);
    }
    ~ScratchDir() {
        std::error_code ignored;
        fs::remove_all(path_, ignored);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    const fs::path& path() const { return path_; }

private:
    fs::path path_;
};

void print_result(const ProfileOptions& o, const profile::ProfileFigures& figures,
                  const std::vector<std::string>& provenance) {
    const profile::Classification c = profile::classify(figures);
    std::cout << "Case: " << o.case_key << "\n";
    for (const std::string& p : provenance)
        std::cout << "Profiler: " << p << "\n";
    std::cout << "Classification: " << profile::to_string(c.bottleneck) << " (" << c.reason
              << ")\n";
    if (auto ceiling = profile::ceiling_derivation(c))
        std::cout << "Ceiling: " << *ceiling << "\n";
    if (auto line = profile::primary_bottleneck_line(c))
        std::cout << *line << "\n";
    if (auto text = profile::profile_evidence(figures, c, o.case_key))
        std::cout << "Profile evidence: " << *text << "\n";
    if (auto text = profile::lead_exhaustion_at_ridge(c, o.case_key))
        std::cout << "Lead exhaustion: " << *text << "\n";
}

int run(const ProfileOptions& o) {
    check_inputs(o);
    const std::vector<std::string> profilers = chosen_profilers(o);
    profile::ProfileTarget target{o.bench, {"--case", o.case_key}, {}, {}};
    target.args.insert(target.args.end(), o.bench_args.begin(), o.bench_args.end());
    target.timeout = o.timeout();
    profile::ProfileFigures figures;
    std::vector<std::string> provenance;
    for (const std::string& tool : profilers) {
        if (tool == "ncu") {
            profile::NcuOptions options;
            options.nvtx_range = o.case_key;
            options.kernel_regex = o.kernel_regex;
            options.full_set = o.full_set;
            const profile::NcuRun ncu = profile::run_ncu(options, target);
            if (!ncu.status.ok())
                return failure(ncu.status);
            figures.ncu = ncu.figures;
            provenance.push_back(ncu.provenance);
        } else {
            const ScratchDir scratch;
            const profile::NsysRun nsys =
                profile::run_nsys({o.case_key, scratch.path() / "case"}, target);
            if (!nsys.status.ok())
                return failure(nsys.status);
            figures.nsys = nsys.figures;
            provenance.push_back("nsys " +
                                 (nsys.version.empty() ? "(unknown version)" : nsys.version));
        }
    }
    print_result(o, figures, provenance);
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    try {
        const ProfileOptions options = odo::driver::parse_profile_options({argv + 1, argv + argc});
        if (options.help) {
            odo::driver::print_profile_help(std::cout);
            return 0;
        }
        if (options.version) {
            std::cout << "odo_profile " ODO_VERSION_STRING "\n";
            return 0;
        }
        return run(options);
    } catch (const odo::driver::UsageError& e) {
        odo::print_error(std::cerr, e, "odo_profile: error: ", " (see --help)");
    } catch (const odo::InputError& e) {
        odo::print_error(std::cerr, e, "odo_profile: ");
    } catch (const std::exception& e) {
        odo::print_error(std::cerr, e, "odo_profile: internal error: ");
    }
    return 2;
}
