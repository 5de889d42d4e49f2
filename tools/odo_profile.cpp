// odo_profile: profiles one benchmark case of an op's benchmark executable with the profilers on
// PATH and prints the bottleneck classification and the evidence lines for the summary.
//   odo_profile --bench EXE --case KEY [--profiler ncu|nsys|auto] [--kernel-regex R]
//               [--timeout S] [--full-set] [--bench-arg ARG]...
// The benchmark contract: `EXE --case KEY [ARG...]` runs only that case, inside an NVTX push/pop
// range named KEY in the domain "odo" (odo::profile::ScopedRange, which odo's benchmark runner
// opens around each case), and exits 0.
// Exit codes: 0 classified; 1 a profiler failed, timed out or printed output odo cannot read;
// 2 bad options, no profiler on PATH, or no kernel matched the case and kernel regex.
#include <odo/core/error.hpp>
#include <odo/core/program_path.hpp>
#include <odo/profile/evidence_text.hpp>
#include <odo/profile/ncu.hpp>
#include <odo/profile/nsys.hpp>
#include <odo/surface/case_key.hpp>

#include <boost/program_options.hpp>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

namespace fs = std::filesystem;
namespace profile = odo::profile;

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct Options {
    std::string bench;
    std::string case_key;
    std::string profiler = "auto";
    std::string kernel_regex;
    double timeout_s = 600;
    bool full_set = false;
    std::vector<std::string> bench_args;
    bool help = false;
};

boost::program_options::options_description option_descriptions(Options& o) {
    namespace po = boost::program_options;
    po::options_description d("Options");
    d.add_options()("bench", po::value(&o.bench)->value_name("EXE"),
                    "the op's benchmark executable (required)")(
        "case", po::value(&o.case_key)->value_name("KEY"), "the case key to profile (required)")(
        "profiler", po::value(&o.profiler)->value_name("NAME"),
        "ncu, nsys, or auto (default: every one of them on PATH)")(
        "kernel-regex", po::value(&o.kernel_regex)->value_name("R"),
        "ncu: profile only kernels whose function name matches R")(
        "timeout", po::value(&o.timeout_s)->value_name("S"),
        "seconds allowed for each profiler run (default 600)")(
        "full-set", po::bool_switch(&o.full_set),
        "ncu: collect --set full instead of the sections "
        "the classification reads")("bench-arg", po::value(&o.bench_args)->value_name("ARG"),
                                    "an extra argument for the benchmark, repeatable")(
        "help,h", po::bool_switch(&o.help), "show this help and exit");
    return d;
}

void print_help(std::ostream& os) {
    Options scratch;
    os << "usage: odo_profile --bench EXE --case KEY [options]\n\n"
          "Profiles one benchmark case and prints its bottleneck classification, the summary's\n"
          "bottleneck line and profile evidence, and Lead exhaustion evidence when at ridge.\n"
          "The benchmark must run only that case for `EXE --case KEY`, inside an NVTX range\n"
          "named KEY in the domain \"odo\".\n"
          "Exit codes: 0 classified; 1 a profiler failed or its output was unreadable;\n"
          "2 bad options, no profiler on PATH, or no kernel matched.\n\n"
       << option_descriptions(scratch);
}

Options parse_options(int argc, const char* const* argv) {
    namespace po = boost::program_options;
    Options o;
    po::variables_map vm;
    try {
        po::store(
            po::command_line_parser(argc, argv)
                .options(option_descriptions(o))
                .style(po::command_line_style::unix_style ^ po::command_line_style::allow_guessing)
                .run(),
            vm);
        po::notify(vm);
    } catch (const po::error& e) {
        throw UsageError(e.what());
    }
    if (o.help)
        return o;
    if (o.bench.empty() || o.case_key.empty())
        throw UsageError("--bench and --case are required");
    if (o.profiler != "ncu" && o.profiler != "nsys" && o.profiler != "auto")
        throw UsageError("--profiler '" + o.profiler + "': expected ncu, nsys or auto");
    if (!(o.timeout_s > 0))
        throw UsageError("--timeout must be a positive number of seconds");
    return o;
}

void check_inputs(const Options& o) {
    odo::surface::parse_case_key(o.case_key);
    std::error_code ec;
    if (!fs::is_regular_file(o.bench, ec) || ::access(o.bench.c_str(), X_OK) != 0)
        throw odo::InputError("--bench " + o.bench + ": not an executable file");
}

// The profilers to run, in the order their figures are gathered.
std::vector<std::string> chosen_profilers(const Options& o) {
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
    std::cerr << "odo_profile: " << status.message << "\n";
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

void print_result(const Options& o, const profile::ProfileFigures& figures,
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

int run(const Options& o) {
    check_inputs(o);
    const std::vector<std::string> profilers = chosen_profilers(o);
    profile::ProfileTarget target{o.bench, {"--case", o.case_key}, {}, {}};
    target.args.insert(target.args.end(), o.bench_args.begin(), o.bench_args.end());
    target.timeout = std::chrono::milliseconds(static_cast<long long>(o.timeout_s * 1000));
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
        const Options options = parse_options(argc, argv);
        if (options.help) {
            print_help(std::cout);
            return 0;
        }
        return run(options);
    } catch (const UsageError& e) {
        std::cerr << "odo_profile: error: " << e.what() << " (see --help)\n";
    } catch (const odo::InputError& e) {
        std::cerr << "odo_profile: " << e.what() << "\n";
    } catch (const std::exception& e) {
        std::cerr << "odo_profile: internal error: " << e.what() << "\n";
    }
    return 2;
}
