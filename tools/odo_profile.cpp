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
#include "driver_main.hpp"
#include "profile_options.hpp"

#include <odo/core/atomic_write.hpp>
#include <odo/core/error.hpp>
#include <odo/core/error_output.hpp>
#include <odo/core/file.hpp>
#include <odo/core/json_write.hpp>
#include <odo/core/process.hpp>
#include <odo/core/program_path.hpp>
#include <odo/profile/evidence_text.hpp>
#include <odo/profile/host_roofline_record.hpp>
#include <odo/profile/ncu.hpp>
#include <odo/profile/nsys.hpp>
#include <odo/profile/sanitizer_report.hpp>
#include <odo/surface/case_key.hpp>
#include <odo/version.hpp>

#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <unistd.h>

namespace {

namespace fs = std::filesystem;
namespace profile = odo::profile;

using odo::driver::ProfileImportOptions;
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

// A folder created for this run alone (nsys's report, the host roofline's record), removed with
// it.
class ScratchDir {
public:
    ScratchDir() : path_(make()) {}
    ~ScratchDir() {
        std::error_code ignored;
        fs::remove_all(path_, ignored);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    const fs::path& path() const { return path_; }

private:
    static fs::path make() {
        std::string name = (fs::temp_directory_path() / "odo-profile-XXXXXX").string();
        if (!::mkdtemp(name.data()))
            throw odo::InputError("cannot create a temporary folder " + name + ": " +
                                  std::strerror(errno));
        return name;
    }

    fs::path path_;
};

// What a live run or an import read, ready to print.
struct Profile {
    std::string case_key; // the case the evidence names
    profile::BottleneckThresholds thresholds;
    profile::ProfileFigures figures;
    std::vector<std::string> provenance;
    std::vector<std::string> unreadable; // "ncu: 2 unreadable rows (...)": never left out
};

// The lines both commands print, one value per line; a value from the profiled program or a file
// (a kernel name, a row) is kept to one line.
void line(const std::string& label, const std::string& text) {
    std::cout << label << ": " << odo::one_line(text) << "\n";
}

void print_markdown(const Profile& p) {
    const profile::Classification c = profile::classify(p.figures, p.thresholds);
    line("Case", p.case_key);
    for (const std::string& text : p.provenance)
        line("Profiler", text);
    for (const std::string& text : p.unreadable)
        line("Unreadable", text);
    line("Classification", std::string(profile::to_string(c.bottleneck)) + " (" + c.reason + ")");
    if (auto ceiling = profile::ceiling_derivation(c))
        line("Ceiling", *ceiling);
    if (auto text = profile::primary_bottleneck_line(c))
        std::cout << *text << "\n";
    if (auto text = profile::profile_evidence(p.figures, c, p.case_key))
        line("Profile evidence", *text);
    if (auto text = profile::lead_exhaustion_at_ridge(c, p.case_key))
        line("Lead exhaustion", *text);
}

boost::json::value optional_number(const std::optional<double>& v) {
    return v ? boost::json::value(*v) : boost::json::value(nullptr);
}

boost::json::value optional_text(const std::optional<std::string>& v) {
    return v ? boost::json::value(*v) : boost::json::value(nullptr);
}

boost::json::value ncu_json(const profile::NcuFigures& n) {
    return {{"launches", n.launches},
            {"kernels", n.kernels},
            {"dominant_kernel", n.dominant_kernel},
            {"total_duration_ns", optional_number(n.total_duration_ns)},
            {"mean_duration_ns", optional_number(n.mean_duration_ns)},
            {"memory_sol_pct", optional_number(n.memory_sol_pct)},
            {"compute_sol_pct", optional_number(n.compute_sol_pct)},
            {"dram_throughput_pct", optional_number(n.dram_throughput_pct)},
            {"achieved_occupancy_pct", optional_number(n.achieved_occupancy_pct)},
            {"dominant_stall", n.dominant_stall}};
}

boost::json::value nsys_json(const profile::NsysFigures& n) {
    return {{"range_ns", optional_number(n.range_ns)}, {"kernel_ns", n.kernel_ns},
            {"kernel_launches", n.kernel_launches},    {"kernels", n.kernels},
            {"dominant_kernel", n.dominant_kernel},    {"api_ns", n.api_ns},
            {"launch_api_ns", n.launch_api_ns},        {"sync_api_ns", n.sync_api_ns}};
}

void print_json(const Profile& p) {
    const profile::Classification c = profile::classify(p.figures, p.thresholds);
    boost::json::array provenance(p.provenance.begin(), p.provenance.end());
    boost::json::array unreadable(p.unreadable.begin(), p.unreadable.end());
    const boost::json::object out{
        {"case", p.case_key},
        {"profilers", std::move(provenance)},
        {"unreadable", std::move(unreadable)},
        {"ncu", p.figures.ncu ? ncu_json(*p.figures.ncu) : nullptr},
        {"nsys", p.figures.nsys ? nsys_json(*p.figures.nsys) : nullptr},
        {"classification",
         {{"bottleneck", profile::to_string(c.bottleneck)},
          {"reason", c.reason},
          {"max_sol_pct", optional_number(c.max_sol_pct)},
          {"ceiling", optional_number(c.ceiling)},
          {"ridge_pct", p.thresholds.ridge_sol_pct},
          {"at_ridge", c.at_ridge}}},
        {"ceiling", optional_text(profile::ceiling_derivation(c))},
        {"primary_bottleneck", optional_text(profile::primary_bottleneck_line(c))},
        {"profile_evidence", optional_text(profile::profile_evidence(p.figures, c, p.case_key))},
        {"lead_exhaustion", optional_text(profile::lead_exhaustion_at_ridge(c, p.case_key))}};
    std::cout << odo::json::dumps(out, {2, false, true}) << "\n";
}

profile::BottleneckThresholds thresholds_of(double ridge_pct) {
    profile::BottleneckThresholds t;
    t.ridge_sol_pct = ridge_pct;
    return t;
}

// A host roofline record read back: the same lines as a profiler's, BWUtil in the SOL's place.
void print_roofline(const profile::HostRooflineFigures& f, const std::string& source,
                    const profile::BottleneckThresholds& t, const std::string& format) {
    const profile::Classification c = profile::classify_host_roofline(f, t);
    const std::string provenance = "odo host roofline (" + std::to_string(f.rounds) +
                                   " alternating rounds of " + std::to_string(f.calls_per_round) +
                                   " calls, " + f.clock + " time; " + source + ")";
    const auto exhaustion = profile::host_roofline_lead_exhaustion(f, c);
    if (format == "json") {
        const boost::json::object out{
            {"case", f.case_key},
            {"profilers", boost::json::array{boost::json::value(provenance)}},
            {"host_roofline",
             {{"operator", f.op},
              {"bytes_moved", f.bytes_moved},
              {"rounds", f.rounds},
              {"calls_per_round", f.calls_per_round},
              {"operator_median_us", f.operator_median_us},
              {"memcpy_median_us", f.memcpy_median_us},
              {"bwutil_pct", f.bwutil_pct()},
              {"clock", f.clock},
              {"largest_cache_bytes", f.largest_cache_bytes}}},
            {"classification",
             {{"bottleneck", profile::to_string(c.bottleneck)},
              {"reason", c.reason},
              {"max_sol_pct", optional_number(c.max_sol_pct)},
              {"ceiling", optional_number(c.ceiling)},
              {"ridge_pct", t.ridge_sol_pct},
              {"at_ridge", c.at_ridge}}},
            {"ceiling", profile::host_ceiling_derivation(c)},
            {"primary_bottleneck", optional_text(profile::primary_bottleneck_line(c))},
            {"profile_evidence", profile::host_roofline_evidence(f, c)},
            {"lead_exhaustion", optional_text(exhaustion)}};
        std::cout << odo::json::dumps(out, {2, false, true}) << "\n";
        return;
    }
    line("Case", f.case_key);
    line("Profiler", provenance);
    line("Classification", std::string(profile::to_string(c.bottleneck)) + " (" + c.reason + ")");
    line("Ceiling", profile::host_ceiling_derivation(c));
    if (auto text = profile::primary_bottleneck_line(c))
        std::cout << *text << "\n";
    line("Profile evidence", profile::host_roofline_evidence(f, c));
    if (exhaustion)
        line("Lead exhaustion", *exhaustion);
}

// The benchmark times the case against a memcpy and writes its record into a folder of this run;
// a run that fails or writes no record is exit 1, with the benchmark's last words.
int run_roofline(const ProfileOptions& o) {
    const ScratchDir scratch;
    const fs::path record = scratch.path() / "host-roofline.json";
    std::vector<std::string> args{"--case",
                                  o.case_key,
                                  "--host-roofline",
                                  record.string(),
                                  "--host-roofline-rounds",
                                  std::to_string(o.roofline_rounds),
                                  "--quiet"};
    args.insert(args.end(), o.bench_args.begin(), o.bench_args.end());
    odo::ProcessOptions options;
    options.timeout = o.timeout();
    const odo::ProcessResult bench = odo::run_process(o.bench, args, options);
    std::error_code ec;
    if (!bench.ok() || !fs::is_regular_file(record, ec)) {
        const std::string why = !bench.started ? bench.error
                                : bench.timed_out
                                    ? "timed out after " + std::to_string(o.timeout_s) + " s"
                                    : "exit " + std::to_string(bench.exit_code);
        std::cerr << "odo_profile: "
                  << odo::one_line(
                         o.bench + " --host-roofline: " + why + "; " +
                         std::string(odo::text::strip(bench.err.empty() ? bench.out : bench.err)))
                  << "\n";
        return 1;
    }
    const std::string text = odo::read_file(record);
    const profile::HostRooflineFigures f = profile::parse_host_roofline(text, o.bench);
    if (f.case_key != o.case_key)
        throw odo::InputError(o.bench + ": the host roofline measured " + f.case_key + ", not " +
                              o.case_key);
    if (!o.record.empty())
        odo::write_file_atomically(o.record, text);
    print_roofline(f,
                   o.record.empty() ? "measured by " + fs::path(o.bench).filename().string()
                                    : "record " + o.record,
                   thresholds_of(o.ridge_pct), o.format);
    return 0;
}

int run(const ProfileOptions& o) {
    check_inputs(o);
    if (o.host_roofline)
        return run_roofline(o);
    const std::vector<std::string> profilers = chosen_profilers(o);
    profile::ProfileTarget target{o.bench, {"--case", o.case_key}, {}, {}};
    target.args.insert(target.args.end(), o.bench_args.begin(), o.bench_args.end());
    target.timeout = o.timeout();
    Profile result{o.case_key, thresholds_of(o.ridge_pct), {}, {}, {}};
    for (const std::string& tool : profilers) {
        if (tool == "ncu") {
            profile::NcuOptions options;
            options.nvtx_range = o.case_key;
            options.kernel_regex = o.kernel_regex;
            options.full_set = o.full_set;
            const profile::NcuRun ncu = profile::run_ncu(options, target);
            if (!ncu.status.ok())
                return failure(ncu.status);
            result.figures.ncu = ncu.figures;
            result.provenance.push_back(ncu.provenance);
            if (!ncu.report.skipped.empty())
                result.unreadable.push_back("ncu: " + profile::skipped_rows_text(ncu.report));
        } else {
            const ScratchDir scratch;
            const profile::NsysRun nsys =
                profile::run_nsys({o.case_key, scratch.path() / "case"}, target);
            if (!nsys.status.ok())
                return failure(nsys.status);
            result.figures.nsys = nsys.figures;
            result.provenance.push_back(
                "nsys " + (nsys.version.empty() ? "(unknown version)" : nsys.version));
        }
    }
    if (o.format == "json")
        print_json(result);
    else
        print_markdown(result);
    return 0;
}

// An imported file's text; InputError (exit 2) naming the option when it cannot be read.
std::string read_input(const std::string& option, const std::string& path) {
    odo::driver::require_readable_file(option, path);
    return odo::read_file(path);
}

// The failure of an import whose file was read but holds no usable figures: exit 1.
int unusable(const std::string& file, const std::string& why) {
    std::cerr << "odo_profile: " << odo::one_line(file + ": " + why) << "\n";
    return 1;
}

// Reads the ncu export into `result`; nullopt when it can be classified, else the exit code.
std::optional<int> import_ncu(const std::string& file, Profile& result) {
    const std::string text = read_input("--ncu", file);
    profile::NcuReport report;
    try {
        report = profile::parse_ncu_csv(text);
    } catch (const odo::InputError& e) {
        return unusable(file, e.what());
    }
    if (report.kernels.empty())
        return unusable(file, "the ncu export holds no kernel launch; " +
                                  std::string(report.skipped.empty()
                                                  ? "0 unreadable rows"
                                                  : profile::skipped_rows_text(report)));
    const profile::NcuFigures figures = profile::ncu_figures(report);
    if (auto missing = profile::missing_ncu_figures(report, figures))
        return unusable(file, *missing);
    result.figures.ncu = figures;
    result.provenance.push_back("ncu (version not in the export; imported " + file + ")");
    if (!report.skipped.empty())
        result.unreadable.push_back("ncu: " + profile::skipped_rows_text(report));
    return std::nullopt;
}

// Reads every nsys file into `result` as one summary; nullopt when it can be classified.
std::optional<int> import_nsys(const ProfileImportOptions& o, Profile& result) {
    profile::NsysStats stats;
    for (const std::string& file : o.nsys) {
        const std::string text = read_input("--nsys", file);
        try {
            profile::NsysStats read = profile::parse_nsys_stats(text);
            for (profile::NsysTable& table : read.tables)
                stats.tables.push_back(std::move(table));
            if (stats.version.empty())
                stats.version = read.version;
        } catch (const odo::InputError& e) {
            return unusable(file, e.what());
        }
    }
    const std::string files = odo::text::join(o.nsys, ", ");
    profile::NsysFigures figures;
    try {
        figures = profile::nsys_figures(stats, o.case_key);
    } catch (const odo::InputError& e) {
        return unusable(files, e.what());
    }
    if (figures.kernel_launches == 0)
        return unusable(files, "the nsys kernel summary lists no kernel launch");
    result.figures.nsys = figures;
    result.provenance.push_back(
        "nsys " + (stats.version.empty() ? "(version not in the output)" : stats.version) +
        " (imported " + files + ")");
    return std::nullopt;
}

std::string count_text(std::uint64_t n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// One line per run: its errors, hazards, leaks and the kinds of error it reported.
std::string run_text(const profile::SanitizerReport& r) {
    std::string text = count_text(r.errors, "error", "errors");
    if (r.hazards)
        text += ", " + count_text(*r.hazards, "hazard", "hazards");
    if (r.leaked_bytes)
        text += ", " + count_text(*r.leaked_bytes, "byte", "bytes") + " leaked";
    std::vector<std::string> kinds;
    for (const auto& [kind, count] : r.kinds)
        kinds.push_back(std::to_string(count) + "x " + kind);
    if (!kinds.empty())
        text += " (" + odo::text::join(kinds, "; ") + ")";
    return text;
}

int import_sanitizer(const ProfileImportOptions& o) {
    const std::string text = read_input("--sanitizer", o.sanitizer);
    std::vector<profile::SanitizerReport> runs;
    try {
        runs = profile::parse_sanitizer_runs(text);
    } catch (const odo::InputError& e) {
        return unusable(o.sanitizer, e.what());
    }
    bool clean = true;
    boost::json::array json_runs;
    for (const profile::SanitizerReport& run : runs) {
        clean = clean && run.clean();
        boost::json::array kinds;
        for (const auto& [kind, count] : run.kinds)
            kinds.push_back({{"headline", kind}, {"count", count}});
        json_runs.push_back(
            {{"errors", run.errors},
             {"hazards", run.hazards ? boost::json::value(*run.hazards) : nullptr},
             {"leaked_bytes", run.leaked_bytes ? boost::json::value(*run.leaked_bytes) : nullptr},
             {"kinds", std::move(kinds)}});
    }
    if (o.format == "json") {
        const boost::json::object out{
            {"sanitizer_log", o.sanitizer}, {"runs", std::move(json_runs)}, {"clean", clean}};
        std::cout << odo::json::dumps(out, {2, false, true}) << "\n";
    } else {
        std::cout << "Sanitizer log: " << odo::one_line(o.sanitizer) << "\n";
        for (std::size_t i = 0; i < runs.size(); ++i)
            std::cout << "Run " << i + 1 << ": " << odo::one_line(run_text(runs[i])) << "\n";
        std::cout << "Verdict: " << (clean ? "clean" : "errors reported") << "\n";
    }
    return clean ? 0 : 1;
}

// A record saved elsewhere; InputError (exit 2) when it is no host roofline record, or of
// another case than --case names.
int import_roofline(const ProfileImportOptions& o, double ridge_pct) {
    const profile::HostRooflineFigures f = profile::parse_host_roofline(
        read_input("--host-roofline", o.host_roofline), o.host_roofline);
    if (!o.case_key.empty() && f.case_key != o.case_key)
        throw odo::InputError(o.host_roofline + ": the record measured " + f.case_key +
                              ", not --case " + o.case_key);
    print_roofline(f, "imported " + o.host_roofline, thresholds_of(ridge_pct), o.format);
    return 0;
}

int run_import(const ProfileImportOptions& o, double ridge_pct) {
    if (!o.sanitizer.empty())
        return import_sanitizer(o);
    if (!o.host_roofline.empty())
        return import_roofline(o, ridge_pct);
    Profile result;
    result.thresholds = thresholds_of(ridge_pct);
    result.case_key = !o.case_key.empty() ? o.case_key : !o.ncu.empty() ? o.ncu : o.nsys.front();
    if (!o.case_key.empty())
        odo::surface::parse_case_key(o.case_key);
    if (!o.ncu.empty())
        if (auto failed = import_ncu(o.ncu, result))
            return *failed;
    if (!o.nsys.empty())
        if (auto failed = import_nsys(o, result))
            return *failed;
    if (o.format == "json")
        print_json(result);
    else
        print_markdown(result);
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    return odo::driver::guarded_main("odo_profile", [&] {
        const ProfileOptions options = odo::driver::parse_profile_options({argv + 1, argv + argc});
        if (options.help) {
            odo::driver::print_profile_help(std::cout);
            return 0;
        }
        if (options.version) {
            std::cout << "odo_profile " ODO_VERSION_STRING "\n";
            return 0;
        }
        return options.import ? run_import(*options.import, options.ridge_pct) : run(options);
    });
}
