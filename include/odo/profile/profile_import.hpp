#pragma once
// `odo_profile import` as a library call: profiler output saved elsewhere (a CI artifact, a
// colleague's export) read and printed as a live run prints it: an ncu export and nsys stats
// (together or alone) classified; a compute-sanitizer log's runs and verdict; a benchmark's host
// roofline record.
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/core/json_write.hpp"
#include "odo/core/readable_file.hpp"
#include "odo/core/text.hpp"
#include "odo/core/usage_error.hpp"
#include "odo/profile/bottleneck.hpp"
#include "odo/profile/detail/render_lines.hpp"
#include "odo/profile/host_roofline_record.hpp"
#include "odo/profile/host_roofline_render.hpp"
#include "odo/profile/ncu_figures.hpp"
#include "odo/profile/ncu_report.hpp"
#include "odo/profile/nsys_figures.hpp"
#include "odo/profile/nsys_stats.hpp"
#include "odo/profile/profile_render.hpp"
#include "odo/profile/sanitizer_report.hpp"

#include <boost/json.hpp>

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace odo::profile {

// The files to read instead of running a profiler. ncu and nsys files may be given together
// (their figures combine as in a live run with both); a sanitizer log and a host roofline record
// stand alone.
struct ProfileImportOptions {
    std::string ncu;
    std::vector<std::string> nsys;
    std::string sanitizer;
    std::string host_roofline; // a benchmark's `--host-roofline` record
    std::string case_key;      // optional: names the case in the evidence text and its NVTX range
    std::string format = "md";
};

namespace detail {

// An imported file's text; InputError (exit 2) naming the option when it cannot be read.
inline std::string read_import(const std::string& option, const std::string& path) {
    require_readable_file(option, path);
    return read_file(path);
}

// The failure of an import whose file was read but holds no usable figures: exit 1.
inline int unusable(std::ostream& err, const std::string& file, const std::string& why) {
    print_failure(err, file + ": " + why);
    return 1;
}

// Reads the ncu export into `result`; nullopt when it can be classified, else the exit code.
inline std::optional<int> import_ncu(const std::string& file, ProfileResult& result,
                                     std::ostream& err) {
    const std::string text = read_import("--ncu", file);
    NcuReport report;
    try {
        report = parse_ncu_csv(text);
    } catch (const InputError& e) {
        return unusable(err, file, e.what());
    }
    if (report.kernels.empty())
        return unusable(err, file,
                        "the ncu export holds no kernel launch; " +
                            std::string(report.skipped.empty() ? "0 unreadable rows"
                                                               : skipped_rows_text(report)));
    const NcuFigures figures = ncu_figures(report);
    if (auto missing = missing_ncu_figures(report, figures))
        return unusable(err, file, *missing);
    result.figures.ncu = figures;
    result.provenance.push_back("ncu (version not in the export; imported " + file + ")");
    if (!report.skipped.empty())
        result.unreadable.push_back("ncu: " + skipped_rows_text(report));
    return std::nullopt;
}

// Reads every nsys file into `result` as one summary; nullopt when it can be classified.
inline std::optional<int> import_nsys(const ProfileImportOptions& o, ProfileResult& result,
                                      std::ostream& err) {
    NsysStats stats;
    for (const std::string& file : o.nsys) {
        const std::string text = read_import("--nsys", file);
        try {
            NsysStats read = parse_nsys_stats(text);
            for (NsysTable& table : read.tables)
                stats.tables.push_back(std::move(table));
            if (stats.version.empty())
                stats.version = read.version;
        } catch (const InputError& e) {
            return unusable(err, file, e.what());
        }
    }
    const std::string files = text::join(o.nsys, ", ");
    NsysFigures figures;
    try {
        figures = nsys_figures(stats, o.case_key);
    } catch (const InputError& e) {
        return unusable(err, files, e.what());
    }
    if (figures.kernel_launches == 0)
        return unusable(err, files, "the nsys kernel summary lists no kernel launch");
    result.figures.nsys = figures;
    result.provenance.push_back(
        "nsys " + (stats.version.empty() ? "(version not in the output)" : stats.version) +
        " (imported " + files + ")");
    return std::nullopt;
}

inline std::string count_text(std::uint64_t n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// One line per run: its errors, hazards, leaks and the kinds of error it reported.
inline std::string sanitizer_run_text(const SanitizerReport& r) {
    std::string text = count_text(r.errors, "error", "errors");
    if (r.hazards)
        text += ", " + count_text(*r.hazards, "hazard", "hazards");
    if (r.leaked_bytes)
        text += ", " + count_text(*r.leaked_bytes, "byte", "bytes") + " leaked";
    std::vector<std::string> kinds;
    for (const auto& [kind, count] : r.kinds)
        kinds.push_back(std::to_string(count) + "x " + kind);
    if (!kinds.empty())
        text += " (" + text::join(kinds, "; ") + ")";
    return text;
}

inline int import_sanitizer(const ProfileImportOptions& o, std::ostream& out, std::ostream& err) {
    const std::string text = read_import("--sanitizer", o.sanitizer);
    std::vector<SanitizerReport> runs;
    try {
        runs = parse_sanitizer_runs(text);
    } catch (const InputError& e) {
        return unusable(err, o.sanitizer, e.what());
    }
    bool clean = true;
    boost::json::array json_runs;
    for (const SanitizerReport& run : runs) {
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
        const boost::json::object doc{
            {"sanitizer_log", o.sanitizer}, {"runs", std::move(json_runs)}, {"clean", clean}};
        out << json::dumps(doc, {2, false, true}) << "\n";
    } else {
        out << "Sanitizer log: " << one_line(o.sanitizer) << "\n";
        for (std::size_t i = 0; i < runs.size(); ++i)
            out << "Run " << i + 1 << ": " << one_line(sanitizer_run_text(runs[i])) << "\n";
        out << "Verdict: " << (clean ? "clean" : "errors reported") << "\n";
    }
    return clean ? 0 : 1;
}

// A record saved elsewhere; InputError (exit 2) when it is no host roofline record, or of
// another case than the options name.
inline int import_roofline(const ProfileImportOptions& o, double ridge_pct, std::ostream& out) {
    const HostRooflineFigures f =
        parse_host_roofline(read_import("--host-roofline", o.host_roofline), o.host_roofline);
    if (!o.case_key.empty() && f.case_key != o.case_key)
        throw InputError(o.host_roofline + ": the record measured " + f.case_key + ", not --case " +
                         o.case_key);
    print_host_roofline(out, f, "imported " + o.host_roofline, ridge_thresholds(ridge_pct),
                        o.format);
    return 0;
}

} // namespace detail

// Runs the import: 0 classified (a sanitizer log: clean), 1 a file read but without the figures
// the classification needs (a sanitizer log: errors reported), said on `err`. InputError (exit 2)
// for a file that cannot be read, or a host roofline record of another case. With ncu or nsys
// files, the options' case key must already be a valid case key (the caller checks it:
// odo::surface::parse_case_key, a layer profile/ does not reach).
inline int import_profile(const ProfileImportOptions& o, double ridge_pct, std::ostream& out,
                          std::ostream& err) {
    if (!o.sanitizer.empty())
        return detail::import_sanitizer(o, out, err);
    if (!o.host_roofline.empty())
        return detail::import_roofline(o, ridge_pct, out);
    if (o.ncu.empty() && o.nsys.empty())
        throw UsageError(
            "import needs --ncu FILE, --nsys FILE, --sanitizer FILE or --host-roofline FILE");
    ProfileResult result;
    result.thresholds = ridge_thresholds(ridge_pct);
    result.case_key = !o.case_key.empty() ? o.case_key : !o.ncu.empty() ? o.ncu : o.nsys.front();
    if (!o.ncu.empty())
        if (auto failed = detail::import_ncu(o.ncu, result, err))
            return *failed;
    if (!o.nsys.empty())
        if (auto failed = detail::import_nsys(o, result, err))
            return *failed;
    print_profile(out, result, o.format);
    return 0;
}

} // namespace odo::profile
