#pragma once
// Command-line options of odo_profile.
#include "option_checks.hpp"

#include <boost/program_options.hpp>

#include <chrono>
#include <ostream>
#include <string>
#include <vector>

namespace odo::driver {

struct ProfileOptions {
    std::string bench;
    std::string case_key;
    std::string profiler = "auto";
    std::string kernel_regex;
    double timeout_s = 600;
    bool full_set = false;
    std::vector<std::string> bench_args;
    bool help = false;
    bool version = false;

    // The profiler's time limit; parse_profile_options keeps timeout_s within what it can hold.
    std::chrono::milliseconds timeout() const {
        return std::chrono::milliseconds(static_cast<long long>(timeout_s * 1000));
    }
};

// A profiler run gets at least a millisecond and at most a day.
inline constexpr double min_profile_timeout_s = 0.001;
inline constexpr double max_profile_timeout_s = 24 * 60 * 60;

inline boost::program_options::options_description profile_option_descriptions(ProfileOptions& o) {
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
        "seconds allowed for each profiler run, 0.001 to 86400 (default 600)")(
        "full-set", po::bool_switch(&o.full_set),
        "ncu: collect --set full instead of the sections "
        "the classification reads")("bench-arg", po::value(&o.bench_args)->value_name("ARG"),
                                    "an extra argument for the benchmark, repeatable")(
        "help,h", po::bool_switch(&o.help), "show this help and exit")(
        "version", po::bool_switch(&o.version), "print the version and exit");
    return d;
}

inline void print_profile_help(std::ostream& os) {
    ProfileOptions scratch;
    os << "usage: odo_profile --bench EXE --case KEY [options]\n\n"
          "Profiles one benchmark case and prints its bottleneck classification, the summary's\n"
          "bottleneck line and profile evidence, and Lead exhaustion evidence when at ridge.\n"
          "The benchmark must run only that case for `EXE --case KEY`, inside an NVTX range\n"
          "named KEY in the domain \"odo\".\n"
          "Exit codes: 0 classified; 1 a profiler failed or its output was unreadable;\n"
          "2 bad options, no profiler on PATH, or no kernel matched.\n\n"
       << profile_option_descriptions(scratch);
}

// Parses the arguments after the program name. Positional arguments are refused: the benchmark's
// own arguments go through --bench-arg.
inline ProfileOptions parse_profile_options(const std::vector<std::string>& args) {
    namespace po = boost::program_options;
    ProfileOptions o;
    po::variables_map vm;
    store_command_line(args, profile_option_descriptions(o), {}, vm);
    notify_options(vm);
    if (o.help || o.version)
        return o;
    if (o.bench.empty() || o.case_key.empty())
        throw UsageError("--bench and --case are required");
    if (o.profiler != "ncu" && o.profiler != "nsys" && o.profiler != "auto")
        throw UsageError("--profiler '" + o.profiler + "': expected ncu, nsys or auto");
    require_range("--timeout", o.timeout_s, min_profile_timeout_s, max_profile_timeout_s);
    return o;
}

} // namespace odo::driver
