#pragma once
// Command-line options of odo_profile: a live run (profile one case) or `import` (read profiler
// output saved elsewhere).
#include "option_checks.hpp"

#include <odo/profile/profile_import.hpp>
#include <odo/profile/profile_run.hpp>

#include <boost/program_options.hpp>

#include <chrono>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace odo::driver {

// `odo_profile import`: the files to read instead of running a profiler (the library's).
using profile::ProfileImportOptions;

// A live run's options (the library's; parse_profile_options keeps timeout_s within what
// timeout() can hold), or `import` and its files; and --help, --version. The ridge of an import is
// the live run's ridge_pct.
struct ProfileOptions : profile::ProfileRunOptions {
    bool help = false;
    bool version = false;
    std::optional<ProfileImportOptions> import;
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
        "the classification reads")(
        "host-roofline", po::bool_switch(&o.host_roofline),
        "no profiler: run `EXE --case KEY --host-roofline FILE`, which times the case against "
        "a memcpy of its declared bytes, and classify its BWUtil")(
        "rounds", po::value(&o.roofline_rounds)->value_name("N"),
        "--host-roofline: alternating rounds of each, at least 10 (default 300)")(
        "record", po::value(&o.record)->value_name("FILE"),
        "--host-roofline: keep the benchmark's record in FILE (what a ledger cites)")(
        "ridge-pct", po::value(&o.ridge_pct)->value_name("P"),
        "the ridge: max SOL % (host: BWUtil %) at or above which a case is at ridge, 0 to 1000 "
        "(default 80)")("format", po::value(&o.format)->value_name("md|json"),
                        "output format (default md)")(
        "bench-arg", po::value(&o.bench_args)->value_name("ARG"),
        "an extra argument for the benchmark, repeatable")("help,h", po::bool_switch(&o.help),
                                                           "show this help and exit")(
        "version", po::bool_switch(&o.version), "print the version and exit");
    return d;
}

inline boost::program_options::options_description
profile_import_descriptions(ProfileImportOptions& o, ProfileOptions& flags) {
    namespace po = boost::program_options;
    po::options_description d("Options of import");
    d.add_options()("ncu", po::value(&o.ncu)->value_name("FILE"),
                    "an ncu --csv export (--page details or raw)")(
        "nsys", po::value(&o.nsys)->value_name("FILE"),
        "nsys stats --format csv output, or one report's CSV file; repeatable")(
        "sanitizer", po::value(&o.sanitizer)->value_name("FILE"), "a compute-sanitizer log")(
        "host-roofline", po::value(&o.host_roofline)->value_name("FILE"),
        "a benchmark's --host-roofline record")("ridge-pct",
                                                po::value(&flags.ridge_pct)->value_name("P"),
                                                "the ridge, as for a live run (default 80)")(
        "case", po::value(&o.case_key)->value_name("KEY"),
        "the case the profile is of (names it in the evidence; nsys: its NVTX range)")(
        "format", po::value(&o.format)->value_name("md|json"), "output format (default md)")(
        "help,h", po::bool_switch(&flags.help), "show this help and exit")(
        "version", po::bool_switch(&flags.version), "print the version and exit");
    return d;
}

inline void print_profile_help(std::ostream& os) {
    ProfileOptions scratch;
    ProfileImportOptions import_scratch;
    os << "usage: odo_profile --bench EXE --case KEY [options]\n"
          "       odo_profile --bench EXE --case KEY --host-roofline [--rounds N] [--record "
          "FILE]\n"
          "       odo_profile import (--ncu FILE | --nsys FILE [--nsys FILE ...] | --sanitizer "
          "FILE\n"
          "                          | --host-roofline FILE)\n"
          "                          [--case KEY] [--format md|json]\n\n"
          "Profiles one benchmark case and prints its bottleneck classification, the summary's\n"
          "bottleneck line and profile evidence, and Lead exhaustion evidence when at ridge.\n"
          "The benchmark must run only that case for `EXE --case KEY`, inside an NVTX range\n"
          "named KEY in the domain \"odo\".\n"
          "--host-roofline needs no GPU and no profiler: the benchmark times the case against\n"
          "a memcpy of the bytes it declares (odo's runner: --host-roofline FILE), and BWUtil\n"
          "stands for the Memory SOL against the ridge.\n"
          "import reads profiler output saved elsewhere and prints the same figures,\n"
          "classification and evidence; for a sanitizer log, each run's errors.\n"
          "Exit codes: 0 classified (import: a clean sanitizer log); 1 a profiler failed, or\n"
          "its output lacks the figures the classification needs or cannot be read (import:\n"
          "the sanitizer log reports errors); 2 bad options, an unreadable file, no profiler\n"
          "on PATH, or no kernel matched.\n\n"
       << profile_option_descriptions(scratch) << "\n"
       << profile_import_descriptions(import_scratch, scratch);
}

// The arguments after `import`.
inline ProfileOptions parse_profile_import(const std::vector<std::string>& args) {
    ProfileOptions o;
    ProfileImportOptions& i = o.import.emplace();
    boost::program_options::variables_map vm;
    store_command_line(args, profile_import_descriptions(i, o), {}, vm);
    notify_options(vm);
    if (o.help || o.version)
        return o;
    const bool profile = !i.ncu.empty() || !i.nsys.empty();
    if (!profile && i.sanitizer.empty() && i.host_roofline.empty())
        throw UsageError(
            "import needs --ncu FILE, --nsys FILE, --sanitizer FILE or --host-roofline FILE");
    if (profile && !i.sanitizer.empty())
        throw UsageError("--sanitizer reads a log on its own; give it without --ncu and --nsys");
    if (!i.host_roofline.empty() && (profile || !i.sanitizer.empty()))
        throw UsageError("--host-roofline reads a record on its own; give it without --ncu, "
                         "--nsys and --sanitizer");
    require_range("--ridge-pct", o.ridge_pct, 0.0, 1000.0);
    for (const std::string& file : i.nsys)
        if (file.empty())
            throw UsageError("--nsys needs a file name");
    if (!i.sanitizer.empty() && !i.case_key.empty())
        throw UsageError("--case names a profiled case; a sanitizer log has none");
    if (i.format != "md" && i.format != "json")
        throw UsageError("--format '" + i.format + "': expected md or json");
    return o;
}

// Parses the arguments after the program name: `import` and its options, or a live run's.
// Positional arguments are refused: the benchmark's own arguments go through --bench-arg.
inline ProfileOptions parse_profile_options(const std::vector<std::string>& args) {
    namespace po = boost::program_options;
    if (!args.empty() && args.front() == "import")
        return parse_profile_import({args.begin() + 1, args.end()});
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
    require_range("--ridge-pct", o.ridge_pct, 0.0, 1000.0);
    if (o.format != "md" && o.format != "json")
        throw UsageError("--format '" + o.format + "': expected md or json");
    const bool roofline_only = vm.count("rounds") || !o.record.empty();
    if (roofline_only && !o.host_roofline)
        throw UsageError("--rounds and --record belong to --host-roofline");
    if (o.host_roofline && (vm.count("profiler") || !o.kernel_regex.empty() || o.full_set))
        throw UsageError("--host-roofline runs no profiler; drop --profiler, --kernel-regex and "
                         "--full-set");
    if (o.roofline_rounds < 10)
        throw UsageError("--rounds: at least 10");
    return o;
}

} // namespace odo::driver
