// odo_profile: profiles one benchmark case of an op's benchmark executable with the profilers on
// PATH and prints the bottleneck classification and the evidence lines for the summary; `import`
// reads the same from profiler output saved elsewhere (a CI artifact, a colleague's export).
//   odo_profile --bench EXE --case KEY [--profiler ncu|nsys|auto] [--kernel-regex R]
//               [--timeout S] [--full-set] [--bench-arg ARG]...
//   odo_profile --bench EXE --case KEY --host-roofline [--rounds N] [--record FILE]
//   odo_profile import (--ncu FILE | --nsys FILE [--nsys FILE ...] | --sanitizer FILE
//               | --host-roofline FILE) [--case KEY] [--format md|json] [--ridge-pct P]
// The benchmark contract: `EXE --case KEY [ARG...]` runs only that case, inside an NVTX push/pop
// range named KEY in the domain "odo" (odo::profile::ScopedRange, which odo's benchmark runner
// opens around each case), and exits 0. With --host-roofline no profiler runs: the benchmark
// (odo's runner) times the case against a memcpy of its declared bytes and writes the record that
// `EXE --case KEY --host-roofline FILE` names (docs/profiling.md, "Host roofline").
// Exit codes: 0 classified (import: a clean sanitizer log); 1 a profiler failed or timed out, or
// its output lacks the figures the classification reads or cannot be read (import: the sanitizer
// log reports errors); 2 bad options, an unreadable file, no profiler on PATH, or no kernel
// matched the case and kernel regex.
// A thin driver: options -> the command's body in the library (odo/profile/profile_run.hpp,
// profile_import.hpp) -> exit code.
#include "driver_main.hpp"
#include "profile_options.hpp"

#include <odo/profile/profile_import.hpp>
#include <odo/profile/profile_run.hpp>
#include <odo/surface/case_key.hpp>
#include <odo/version.hpp>

#include <iostream>

namespace {

// The case key is checked here, where the surface layer is in reach (profile/ uses core only):
// for a live run before the benchmark is looked at, for an import of ncu or nsys output before
// any file is read.
int run(const odo::driver::ProfileOptions& o) {
    if (!o.import) {
        odo::surface::parse_case_key(o.case_key);
        return odo::profile::run_profile(o, std::cout, std::cerr);
    }
    const odo::profile::ProfileImportOptions& i = *o.import;
    if (i.sanitizer.empty() && i.host_roofline.empty() && !i.case_key.empty())
        odo::surface::parse_case_key(i.case_key);
    return odo::profile::import_profile(i, o.ridge_pct, std::cout, std::cerr);
}

} // namespace

int main(int argc, char** argv) {
    return odo::driver::guarded_main("odo_profile", [&] {
        const odo::driver::ProfileOptions options =
            odo::driver::parse_profile_options({argv + 1, argv + argc});
        if (options.help) {
            odo::driver::print_profile_help(std::cout);
            return 0;
        }
        if (options.version) {
            std::cout << "odo_profile " ODO_VERSION_STRING "\n";
            return 0;
        }
        return run(options);
    });
}
