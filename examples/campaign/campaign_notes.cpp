// The measured parts of the example campaign's MR description (scripts/demo.sh), written from
// the files the run produced, never typed: the bottleneck and profile evidence of the optimized
// case, and the human half of the summary — the checklist items, a learning and the
// memory-footprint section.
//
//   odo_campaign_notes profile --campaign DIR --operator NAME --case KEY [--ridge-pct P]
//   odo_campaign_notes lead --campaign DIR --operator NAME --case KEY --lead TEXT
//                           --before RUNS --after RUNS --config-dir DIR
//   odo_campaign_notes complete --campaign DIR --case KEY --operator NAME --description FILE
//                               [--ledger FILE]
//   odo_campaign_notes refs --campaign DIR --repo REPO
//
// With --ledger (the campaign ledger odo_campaign keeps), the stop condition and the leads are
// read from it, and the Lead exhaustion item is left to optimize_op's summary phase, which
// writes it from the same ledger. DIR is the campaign's artifact folder; the file names are the
// ones scripts/demo.sh writes (campaign_files below). `refs` checks that every `ref:` of the
// Markdown reports in DIR resolves in REPO (report_refs.hpp). Exit codes: 0 done, 1 a measurement
// says the item cannot be checked or a ref does not resolve, 2 bad usage or input (one line on
// stderr naming the file or option).
#include <odo/campaign/campaign_state.hpp>
#include <odo/campaign/ledger_read.hpp>
#include <odo/core/atomic_write.hpp>
#include <odo/core/error.hpp>
#include <odo/core/file.hpp>
#include <odo/core/fixed_point.hpp>
#include <odo/core/json_read.hpp>
#include <odo/core/text.hpp>
#include <odo/profile/bottleneck.hpp>
#include <odo/profile/memory_footprint.hpp>
#include <odo/summary/benchmark_surface.hpp>
#include <odo/summary/layout_comparison.hpp>
#include <odo/summary/optimized_cases.hpp>

#include "lead_records.hpp"
#include "report_refs.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using odo::InputError;

// The files of one campaign on one operator, relative to its artifact folder.
struct CampaignFiles {
    fs::path dir;
    std::string op; // lowercase
    // oplib_roofline's comparison of the optimized case with a same-bytes memcpy.
    fs::path roofline() const { return dir / (op + "-roofline.json"); }
    // "invert-baselines-after.json": a copy of the operator's config as committed after the
    // import, so its figures are exactly the ones the summary reads from git.
    fs::path baselines(const std::string& when) const {
        return dir / (op + "-baselines-" + when + ".json");
    }
    fs::path pixel_log() const { return dir / "pixel-tests.txt"; }
    fs::path validation_log() const { return dir / "validate.txt"; }
    fs::path footprint(const std::string& when) const {
        return dir / ("footprint-" + when + ".json");
    }
    fs::path bottleneck() const { return dir / "bottleneck.txt"; }
    fs::path profile_evidence() const { return dir / "profile-evidence.txt"; }
    fs::path lead_exhaustion() const { return dir / "lead-exhaustion.txt"; }
    // The leads measured after the last profile, one JSON line each (lead_records.hpp).
    fs::path leads() const { return dir / (op + "-leads.jsonl"); }
    // refactor_op's assess report of the change, run before the perf: commit.
    fs::path refactor_assess() const { return dir / "refactor-assess.md"; }
    fs::path optimized_cases() const { return dir / "optimized-cases.txt"; }
    // The run artifacts of each measurement, one JSON file per case, entry point and run.
    fs::path runs(const std::string& when) const { return dir / (op + "-" + when); }
    std::string config_path() const { return "bench/config/operators/" + op + ".json"; }
};

// `--name value` pairs; every option of `names` is required once, those of `optional` at most once.
std::map<std::string, std::string> parse_options(int argc, char** argv,
                                                 const std::vector<std::string>& names,
                                                 const std::vector<std::string>& optional = {}) {
    std::map<std::string, std::string> options;
    for (int i = 2; i < argc; i += 2) {
        const std::string name = argv[i];
        if (std::find(names.begin(), names.end(), name) == names.end() &&
            std::find(optional.begin(), optional.end(), name) == optional.end())
            throw InputError(name + ": unknown option");
        if (i + 1 >= argc)
            throw InputError(name + ": needs a value");
        if (!options.emplace(name, argv[i + 1]).second)
            throw InputError(name + ": given twice");
    }
    for (const std::string& name : names)
        if (!options.count(name))
            throw InputError(name + ": required");
    return options;
}

std::string percent(double fraction) {
    return odo::fixed_point(fraction * 100, 0) + "%";
}

// One language's committed metrics of `case_key` in an operator config (its only SKU).
struct CaseFigures {
    std::string sku;
    std::int64_t n_runs = 0;
    double time_us = 0;
    double bwutil = 0;
};

CaseFigures case_figures(const fs::path& config, const std::string& case_key,
                         const std::string& language) {
    const auto doc = odo::json::parse(odo::read_file(config), config.string());
    const std::string config_key = case_key.substr(0, case_key.find('['));
    const auto* entry = doc.at("configs").as_object().if_contains(config_key);
    const auto* baselines = entry ? entry->as_object().if_contains("baselines") : nullptr;
    const auto* rows = baselines ? baselines->as_object().if_contains(case_key) : nullptr;
    if (!rows || rows->as_object().size() != 1)
        throw InputError(config.string() + ": no single-SKU baseline for " + case_key);
    const auto& [sku, metrics] = *rows->as_object().begin();
    const auto number = [&](const std::string& field) {
        const auto* v = metrics.as_object().if_contains(field);
        if (!v || !v->is_number())
            throw InputError(config.string() + ": " + case_key + " has no number " + field);
        return v->to_number<double>();
    };
    return {std::string(sku), static_cast<std::int64_t>(number("n_runs")),
            number("gpu_time_us_" + language), number("gpu_bwutil_" + language)};
}

// The case keys with a baseline in an operator config.
std::size_t committed_cases(const fs::path& config) {
    const auto doc = odo::json::parse(odo::read_file(config), config.string());
    std::size_t cases = 0;
    for (const auto& entry : doc.at("configs").as_object())
        if (const auto* b = entry.value().as_object().if_contains("baselines"))
            cases += b->as_object().size();
    return cases;
}

std::string read_line(const fs::path& path) {
    std::string text = odo::read_file(path);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
        text.pop_back();
    if (text.empty() || text.find('\n') != std::string::npos)
        throw InputError(path.string() + ": expected one line");
    return text;
}

// The Review/refactor gate evidence line refactor_op ends its report with.
std::string refactor_evidence(const fs::path& report) {
    constexpr std::string_view prefix = "Review/refactor gate evidence: ";
    const std::string text = odo::read_file(report); // the lines below are views into it
    for (std::string_view line : odo::text::lines(text))
        if (odo::text::starts_with(line, prefix))
            return std::string(line.substr(prefix.size()));
    throw InputError(report.string() + ": no \"Review/refactor gate evidence:\" line");
}

double number_field(const boost::json::value& doc, const char* field, const fs::path& source) {
    const auto* v = doc.is_object() ? doc.as_object().if_contains(field) : nullptr;
    if (!v || !v->is_number())
        throw InputError(source.string() + ": '" + field + "' must be a number");
    return v->to_number<double>();
}

// What BWUtil is measured against: this host's memcpy of the same bytes. When those bytes fit the
// host's largest cache (oplib_roofline records its size), the roofline is a cached copy, which a
// one-pass operator can beat, so a figure above 100 % is no measuring error.
std::string roofline_basis(const boost::json::value& roofline, const fs::path& path) {
    const double bytes = number_field(roofline, "bytes_moved", path);
    std::string basis = "the roofline is this host's copy speed, not a DRAM bandwidth";
    const auto* cache = roofline.as_object().if_contains("largest_cache_bytes");
    if (cache && cache->is_number() && bytes <= cache->to_number<double>())
        basis += ": the " + odo::fixed_point(bytes, 0) + " B moved per call fit the " +
                 odo::fixed_point(cache->to_number<double>(), 0) +
                 " B largest cache, so the workload is cache-resident and a single pass can beat "
                 "the copy (over 100 %)";
    return basis;
}

// The profile layer's thresholds; `--ridge-pct` moves the ridge (the guidance's 80 % by default),
// which is how the test suite drives both branches of the stop rule with real measurements.
odo::profile::BottleneckThresholds
bottleneck_thresholds(const std::map<std::string, std::string>& o) {
    odo::profile::BottleneckThresholds thresholds;
    if (const auto ridge = o.find("--ridge-pct"); ridge != o.end()) {
        const std::string& text = ridge->second;
        double pct = -1;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), pct);
        if (ec != std::errc() || end != text.data() + text.size() || !(pct >= 0 && pct <= 1000))
            throw InputError("--ridge-pct: expected a percentage in 0..1000, got " + ridge->second);
        thresholds.ridge_sol_pct = pct;
    }
    return thresholds;
}

// The limit, the figure and what follows, for a roofline below the ridge.
std::string ridge_shortfall(const odo::profile::BottleneckThresholds& t, double util_pct) {
    return "needs >= " + odo::fixed_point(t.ridge_sol_pct, 0) + "% BWUtil; this run measured " +
           odo::fixed_point(util_pct, 0) +
           "%, so leads go on until three strikes after the last win";
}

// The optimized case against the same-bytes memcpy (oplib_roofline), classified with the profile
// layer's SOL thresholds: on the host, the memcpy is the memory "speed of light".
int profile(int argc, char** argv) {
    const auto o =
        parse_options(argc, argv, {"--campaign", "--operator", "--case"}, {"--ridge-pct"});
    const CampaignFiles files{o.at("--campaign"), odo::text::lower(o.at("--operator"))};
    const std::string& key = o.at("--case");
    const CaseFigures after = case_figures(files.baselines("after"), key, "cpp");
    const fs::path roofline_path = files.roofline();
    const auto roofline = odo::json::parse(odo::read_file(roofline_path), roofline_path.string());
    const auto* measured_case =
        roofline.is_object() ? roofline.as_object().if_contains("case") : nullptr;
    if (!measured_case || *measured_case != key.c_str())
        throw InputError(roofline_path.string() + ": measures another case than " + key);
    const double bwutil = number_field(roofline, "bwutil", roofline_path);
    const odo::profile::BottleneckThresholds thresholds = bottleneck_thresholds(o);
    const double util_pct = bwutil * 100;
    const bool memory_bound = util_pct >= thresholds.bound_sol_pct;
    const bool at_ridge = util_pct >= thresholds.ridge_sol_pct;
    const std::string measured =
        "oplib_roofline measured " + percent(bwutil) + " BWUtil (memory SOL: median " +
        odo::fixed_point(number_field(roofline, "operator_median_us", roofline_path), 2) +
        " us per call against " +
        odo::fixed_point(number_field(roofline, "memcpy_median_us", roofline_path), 2) +
        " us for a memcpy of the same bytes, alternating rounds, `" +
        roofline_path.filename().string() + "`; " + roofline_basis(roofline, roofline_path) +
        ") on `" + key + "`, committed at " + odo::fixed_point(after.time_us, 2) + " us over " +
        std::to_string(after.n_runs) + " runs (`" + files.config_path() + "`, copied to `" +
        files.baselines("after").filename().string() + "`)";
    const std::string bottleneck = memory_bound ? "Memory-bound" : "Compute-bound";
    odo::write_file_atomically(files.bottleneck(), bottleneck + "\n");
    odo::write_file_atomically(files.profile_evidence(), measured + ".\n");
    odo::write_file_atomically(
        files.lead_exhaustion(),
        measured + (at_ridge
                        ? ": at ridge (>= " + odo::fixed_point(thresholds.ridge_sol_pct, 0) +
                              "% BWUtil), ceiling " + odo::fixed_point(100 / util_pct, 2) + "x" +
                              (util_pct >= 100 ? " (under 1x: no headroom left against this "
                                                 "roofline).\n"
                                               : ".\n")
                        : ": below the ridge (" + ridge_shortfall(thresholds, util_pct) + ").\n"));
    std::cout << bottleneck << ", " << percent(bwutil) << " BWUtil"
              << (at_ridge ? " (at ridge)" : " (below the ridge)") << "\n";
    return 0;
}

// "speedup 1.5% (noise band -8.1% .. 10.3%)": the target's change, positive when faster.
std::string band_text(const odo::campaign::CaseChange& c) {
    return "speedup " + odo::fixed_point(c.speedup_pct(), 1) + "% (noise band " +
           odo::fixed_point(-c.band.high_pct, 1) + "% .. " + odo::fixed_point(-c.band.low_pct, 1) +
           "%)";
}

// One lead measured after the last profile: its before and after run artifacts (the build without
// and with the lead's change, interleaved case by case) decide win or strike; the outcome is
// appended to the leads file, and the third strike after the last win writes the Lead exhaustion
// evidence. Prints "win: …" or "strike: …" first.
int lead(int argc, char** argv) {
    const auto o = parse_options(
        argc, argv,
        {"--campaign", "--operator", "--case", "--lead", "--before", "--after", "--config-dir"});
    const CampaignFiles files{o.at("--campaign"), odo::text::lower(o.at("--operator"))};
    const std::string& key = o.at("--case");
    const std::string& name = o.at("--lead");
    const fs::path before = o.at("--before"), after = o.at("--after");
    const auto evaluation =
        odo::campaign::evaluate_lead(campaign::measured_runs(before, o.at("--config-dir")),
                                     campaign::measured_runs(after, o.at("--config-dir")), {key});
    std::string leads = fs::exists(files.leads()) ? odo::read_file(files.leads()) : std::string();
    leads += campaign::lead_line(name, key, before, after, evaluation) + "\n";
    odo::write_file_atomically(files.leads(), leads);

    const auto target = std::find_if(evaluation.cases.begin(), evaluation.cases.end(),
                                     [](const auto& c) { return c.targeted; });
    std::cout << to_string(evaluation.outcome) << ": " << name << ": the target "
              << band_text(*target);
    for (const std::string& reason : evaluation.reasons)
        std::cout << "; " << reason;
    const auto strikes = campaign::strikes_since_last_win(campaign::read_leads(files.leads()));
    std::cout << "\n" << strikes.size() << " strike(s) since the last win\n";
    if (strikes.size() < 3)
        return 0;
    std::string measured = read_line(files.profile_evidence());
    if (!measured.empty() && measured.back() == '.')
        measured.pop_back();
    odo::write_file_atomically(files.lead_exhaustion(),
                               measured + ", below the ridge; " +
                                   odo::profile::lead_exhaustion_strikes(strikes, key) +
                                   " Each lead is a line of `" + files.leads().filename().string() +
                                   "` naming its run artifacts.\n");
    std::cout << "leads exhausted: three strikes after the last win ("
              << files.lead_exhaustion().filename().string() << ")\n";
    return 0;
}

// doctest's summary line: "[doctest] test cases: 12 | 12 passed | 0 failed | 0 skipped".
std::string test_summary(const fs::path& log) {
    const std::string text = odo::read_file(log);
    std::smatch m;
    if (!std::regex_search(
            text, m, std::regex(R"(test cases:\s*(\d+)\s*\|\s*(\d+) passed\s*\|\s*(\d+) failed)")))
        throw InputError(log.string() + ": no doctest summary line");
    if (m[3] != "0" || m[1] != m[2])
        throw InputError(log.string() + ": the tests did not all pass");
    return std::string(m[2]) + "/" + std::string(m[1]) + " test cases passed";
}

// The pixel layer's own checklist lines for every test of the operator, without their prefix,
// joined: a reviewer sees each test's evidence, not one of them.
std::string pixel_evidence(const fs::path& log, const std::string& op) {
    const std::string prefix = "- [x] **Pixelwise equality to reference** \xE2\x80\x94 ";
    std::vector<std::string> quoted;
    std::istringstream lines(odo::read_file(log));
    for (std::string line; std::getline(lines, line);)
        if (line.rfind(prefix, 0) == 0 && line.find("TestOp" + op + ".") != std::string::npos)
            quoted.push_back(line.substr(prefix.size()));
    if (quoted.empty())
        throw InputError(log.string() + ": no passing pixel evidence line for TestOp" + op);
    return odo::text::join(quoted, "; ");
}

// Every input kind of the optimized cases ("Tensor", "VarShape") needs pixel evidence of its own.
void require_evidence_per_input_kind(const std::string& evidence,
                                     const std::vector<std::string>& optimized,
                                     const fs::path& log) {
    for (const std::string& key : optimized)
        if (key.find("[inputKind=VarShape]") != std::string::npos &&
            evidence.find("VarShape") == std::string::npos)
            throw InputError(log.string() + ": VarShape cases are optimized (" + key +
                             ") but no pixel test of VarShape inputs passed");
}

// Replaces the open checklist item `label` with a checked one carrying `evidence`.
void check_item(std::string& description, const std::string& label, const std::string& evidence) {
    const std::string open = "- [ ] **" + label + "** \xE2\x80\x94 ";
    const auto at = description.find(open);
    if (at == std::string::npos)
        throw InputError("the description has no open checklist item " + label);
    const auto eol = description.find('\n', at);
    description.replace(at, eol - at, "- [x] **" + label + "** \xE2\x80\x94 " + evidence);
}

void replace_once(std::string& text, const std::string& from, const std::string& to,
                  const std::string& what) {
    const auto at = text.find(from);
    if (at == std::string::npos)
        throw InputError("the description has no " + what);
    text.replace(at, from.size(), to);
}

odo::profile::FootprintChange footprint_change(const CampaignFiles& files) {
    const auto read = [&](const std::string& when) {
        const fs::path path = files.footprint(when);
        return odo::profile::parse_footprints(odo::read_file(path), path.string());
    };
    return odo::profile::compare_footprints(read("before"), read("after"));
}

// What the run artifacts of one measurement say: how they were timed, on what, and each run's
// C++ time per case (of the operator's only SKU).
struct RunFigures {
    std::set<std::string> timings; // run_metadata.timing; absent means the reference's "cold"
    std::set<std::string> clocks;  // run_metadata.clock; absent: not recorded
    std::set<std::string> devices; // run_metadata.gpu_name; null (a host run) is ""
    std::map<std::string, std::vector<double>> cpp_us;
};

std::string metadata_text(const boost::json::object& meta, const char* field,
                          const std::string& absent, const fs::path& path) {
    const auto* v = meta.if_contains(field);
    if (!v || v->is_null())
        return absent;
    if (!v->is_string())
        throw InputError(path.string() + ": run_metadata." + field + " must be a string");
    return std::string(v->get_string());
}

void read_run(const fs::path& path, const std::string& sku, RunFigures& r) {
    const auto doc = odo::json::parse(odo::read_file(path), path.string());
    const auto* object = doc.if_object();
    const auto* meta = object ? object->if_contains("run_metadata") : nullptr;
    const auto* baselines = object ? object->if_contains("baselines") : nullptr;
    if (!meta || !meta->is_object() || !baselines || !baselines->is_object())
        throw InputError(path.string() + ": not a run artifact (run_metadata, baselines)");
    r.timings.insert(metadata_text(meta->get_object(), "timing", "cold", path));
    r.clocks.insert(metadata_text(meta->get_object(), "clock", "", path));
    r.devices.insert(metadata_text(meta->get_object(), "gpu_name", "", path));
    for (const auto& [key, per_sku] : baselines->get_object()) {
        const auto* row = per_sku.is_object() ? per_sku.get_object().if_contains(sku) : nullptr;
        const auto* us =
            row && row->is_object() ? row->get_object().if_contains("gpu_time_us_cpp") : nullptr;
        if (us && us->is_number())
            r.cpp_us[std::string(key)].push_back(us->to_number<double>());
    }
}

RunFigures read_runs(const fs::path& dir, const std::string& sku) {
    std::vector<fs::path> paths;
    if (fs::is_directory(dir))
        for (const auto& entry : fs::directory_iterator(dir))
            if (entry.path().extension() == ".json")
                paths.push_back(entry.path());
    if (paths.empty())
        throw InputError(dir.string() + ": no run artifacts");
    std::sort(paths.begin(), paths.end());
    RunFigures r;
    for (const fs::path& path : paths)
        read_run(path, sku, r);
    return r;
}

// The one value every artifact of both measurements records, or an error naming the field.
std::string one_value(const std::set<std::string>& a, const std::set<std::string>& b,
                      const std::string& field, const CampaignFiles& files) {
    std::set<std::string> all = a;
    all.insert(b.begin(), b.end());
    if (all.size() != 1)
        throw InputError(files.runs("before").string() + ", " + files.runs("after").string() +
                         ": the run artifacts disagree on run_metadata." + field);
    return *all.begin();
}

std::string folder(const fs::path& dir) {
    return "`" + dir.filename().string() + "/`";
}

std::string reference_line(const std::string& sku, const std::string& device) {
    if (!device.empty())
        return "- Reference: `" + sku + "`, the GPU `" + device + "` every run artifact names.";
    return "- Reference: `" + sku +
           "` is this machine's CPU: every run artifact names no GPU (`gpu_name` null), so odo's "
           "host backend timed it. The example's SKU map declares it the reference SKU, so "
           "\"final\" above means final on this host, not on reference GPU hardware.";
}

std::string timing_line(const std::string& timing, const std::string& clock,
                        const CampaignFiles& files) {
    const std::string mode =
        timing == "batch"
            ? "`batch` (each sample times a batch of back-to-back calls; a figure is the mean per "
              "call)"
            : "`" + timing + "`";
    const std::string read_from =
        clock.empty() ? "clock not recorded in the artifacts" : "clock `" + clock + "`";
    return "- Timing: " + mode + ", " + read_from +
           ", as `run_metadata` of every run artifact in " + folder(files.runs("before")) +
           " and " + folder(files.runs("after")) + " records.";
}

std::string sources_line(const CampaignFiles& files) {
    return "- Impact and Layout comparison: `" + files.config_path() +
           "` at the summary's base and candidate commits (copied to `" +
           files.baselines("before").filename().string() + "` and `" +
           files.baselines("after").filename().string() +
           "`); each figure is the mean of its `n_runs` runs in " + folder(files.runs("before")) +
           " and " + folder(files.runs("after")) + ", the rows the import wrote into the config.";
}

std::string us(double value) {
    return odo::fixed_point(value, 2) + " us";
}
std::string times(double value) {
    return odo::fixed_point(value, 2) + "x";
}

// The Layout comparison rows of one pair of cases, each with its one ratio before and after: the
// v1 table prints a row as min / median / max, so such a row repeats one figure three times. The
// ratios are the summary's own (layout_rows), from the committed configs before and after.
std::string single_pair_rows(const CampaignFiles& files,
                             const odo::summary::BenchmarkSurface& candidate,
                             const odo::summary::LayoutPairing& pairing) {
    const fs::path before_path = files.baselines("before");
    // The surface points into its document, which must outlive it.
    const auto before_doc = odo::json::parse(odo::read_file(before_path), before_path.string());
    const odo::summary::BenchmarkSurface baseline =
        odo::summary::build_surface(before_doc, "baseline");
    const std::vector<odo::summary::SkuTimings> timings = odo::summary::complete_sku_timings(
        baseline, candidate, odo::summary::ImpactMetric::CppTime);
    std::vector<const odo::summary::SkuTimings*> skus;
    for (const auto& sku : timings)
        skus.push_back(&sku);
    std::vector<std::string> rows;
    for (const odo::summary::LayoutRow& row : odo::summary::layout_rows(skus, pairing))
        if (pairing.pairs(row.comparison).size() == 1)
            rows.push_back(std::string(odo::summary::to_string(row.comparison)) + " on " + row.sku +
                           ": " + odo::summary::cell_number(row.before->median) + "x before, " +
                           odo::summary::cell_number(row.after->median) + "x after");
    if (rows.empty())
        return "";
    return "\n- One pair of cases, so one ratio, which the table prints as its min, median and "
           "max alike: " +
           odo::text::join(rows, "; ") + ".";
}

// How many case pairs each layout row compares, and what moved a FakePlanar / Planar ratio: the
// FakePlanar case is the layout-conversion reference, never a target, so its ratio to Planar
// grows by the Planar speedup.
std::string layout_lines(const CampaignFiles& files, const std::vector<std::string>& optimized) {
    const fs::path after_path = files.baselines("after");
    const auto after_doc = odo::json::parse(odo::read_file(after_path), after_path.string());
    const odo::summary::BenchmarkSurface surface =
        odo::summary::build_surface(after_doc, "candidate");
    const odo::summary::LayoutPairing pairing = odo::summary::layout_pairing(surface);
    const auto count = [](std::size_t n) {
        return std::to_string(n) + (n == 1 ? " pair of cases" : " pairs of cases");
    };
    std::string text = "- Layout comparison rows: Interleaved / Planar compares " +
                       count(pairing.interleaved.size()) + ", FakePlanar / Planar " +
                       count(pairing.fake_planar.size()) + "." +
                       single_pair_rows(files, surface, pairing);
    for (const auto& [fake, planar] : pairing.fake_planar) {
        const std::string fake_key(surface.cases[fake].key);
        const std::string planar_key(surface.cases[planar].key);
        const auto time = [&](const std::string& when, const std::string& key) {
            return case_figures(files.baselines(when), key, "cpp").time_us;
        };
        const double fb = time("before", fake_key), fa = time("after", fake_key);
        const double pb = time("before", planar_key), pa = time("after", planar_key);
        const bool target =
            std::find(optimized.begin(), optimized.end(), fake_key) != optimized.end();
        text += "\n- `" + fake_key + "` / `" + planar_key + "`: " + us(fb) + " / " + us(pb) +
                " = " + times(fb / pb) + " before, " + us(fa) + " / " + us(pa) + " = " +
                times(fa / pa) + " after. The FakePlanar case went " + times(fb / fa) +
                " faster, the Planar case " + times(pb / pa) +
                (target ? "."
                        : "; the FakePlanar case is the layout-conversion reference, not an "
                          "optimization target, so the ratio moves by the quotient of the two "
                          "speedups (" +
                              times((pb / pa) / (fb / fa)) + ").");
    }
    return text;
}

std::string runs_cell(const std::vector<double>& runs) {
    std::vector<std::string> cells;
    for (double v : runs)
        cells.push_back(odo::fixed_point(v, 2));
    return odo::text::join(cells, " / ") + " us";
}

// Each case's run-to-run spread: the C++ time of every run before and after, and the speedup
// range those runs allow (slowest before over fastest after, and the other way round).
std::string spread_table(const RunFigures& before, const RunFigures& after) {
    std::string table =
        "Run-to-run spread of the C++ timings, each run from its artifact; the speedup range "
        "pairs the fastest and slowest runs, so a figure of the Impact table can move within it "
        "from one campaign to the next:\n\n"
        "| Case | Before, per run | After, per run | Speedup across runs |\n"
        "|---|---:|---:|---:|\n";
    for (const auto& [key, after_runs] : after.cpp_us) {
        const auto found = before.cpp_us.find(key);
        if (found == before.cpp_us.end())
            continue;
        const auto [b_min, b_max] = std::minmax_element(found->second.begin(), found->second.end());
        const auto [a_min, a_max] = std::minmax_element(after_runs.begin(), after_runs.end());
        table += "| `" + key + "` | " + runs_cell(found->second) + " | " + runs_cell(after_runs) +
                 " | " + times(*b_min / *a_max) + " \xE2\x80\xA6 " + times(*b_max / *a_min) +
                 " |\n";
    }
    return table;
}

// The section after the summary block that says how its figures were measured and where each
// comes from: the block's own layout is fixed by the v1 contract.
std::string measurement_section(const CampaignFiles& files, const std::string& sku,
                                const std::vector<std::string>& optimized) {
    const RunFigures before = read_runs(files.runs("before"), sku);
    const RunFigures after = read_runs(files.runs("after"), sku);
    const std::string device = one_value(before.devices, after.devices, "gpu_name", files);
    const std::string timing = one_value(before.timings, after.timings, "timing", files);
    const std::string clock = one_value(before.clocks, after.clocks, "clock", files);
    return "## How the figures were measured\n\n" + reference_line(sku, device) + "\n" +
           timing_line(timing, clock, files) + "\n" + sources_line(files) + "\n" +
           layout_lines(files, optimized) + "\n\n" + spread_table(before, after);
}

// A learning bullet for the leads measured after the profile, each with its outcome; empty
// without any.
std::string leads_learning(const CampaignFiles& files) {
    const auto leads = campaign::read_leads(files.leads());
    if (leads.empty())
        return {};
    std::vector<std::string> measured;
    for (const auto& lead : leads)
        measured.push_back(lead.name + " (" + lead.outcome + ", speedup " +
                           odo::fixed_point(lead.speedup_pct, 1) + "%)");
    return "\n- Below the ridge, the leads measured after it: " + odo::text::join(measured, "; ") +
           " (`" + files.leads().filename().string() + "`).";
}

// The leads a campaign ledger closed after the first, each with its target's measured change.
std::string ledger_leads_learning(const odo::campaign::CampaignState& state,
                                  const fs::path& ledger) {
    std::vector<std::string> measured;
    for (const auto& lead : state.leads) {
        if (&lead == &state.leads.front() || !lead.evaluation)
            continue;
        const auto& cases = lead.evaluation->cases;
        const auto target =
            std::find_if(cases.begin(), cases.end(), [](const auto& c) { return c.targeted; });
        std::string line = lead.hypothesis + " (" + std::string(to_string(lead.state));
        if (target != cases.end())
            line += ", speedup " + odo::fixed_point(target->speedup_pct(), 1) + "%";
        measured.push_back(line + ")");
    }
    if (measured.empty())
        return {};
    return "\n- Below the ridge, the leads measured after it: " + odo::text::join(measured, "; ") +
           " (`" + ledger.filename().string() + "`).";
}

// Where a reviewer finds every file the ledger cites: the published evidence store, by digest.
std::string store_line(const fs::path& ledger_path) {
    const auto bytes = odo::campaign::read_ledger_bytes(ledger_path);
    std::set<std::string> digests;
    for (const auto& r : odo::campaign::parse_ledger(bytes.value_or(""), "").records)
        for (const auto& f : r.files)
            digests.insert(f.blake2b);
    return "Every file the campaign ledger `" + ledger_path.generic_string() + "` cites (" +
           std::to_string(digests.size()) +
           " files: run artifacts, profiles, reports) is published by its BLAKE2b-256 digest "
           "under `refs/odo/evidence`: `git fetch origin "
           "'+refs/odo/evidence:refs/odo/evidence'`, then `git cat-file blob "
           "refs/odo/evidence:<blake2b>` with the digest a record's `files` name.";
}

// A campaign ledger read as the summary reads it: one with any problem is refused.
odo::campaign::CampaignState ledger_state(const fs::path& path) {
    const auto bytes = odo::campaign::read_ledger_bytes(path);
    if (!bytes)
        throw InputError(path.string() + ": no campaign ledger");
    const odo::campaign::Ledger ledger = odo::campaign::parse_ledger(*bytes, path.string());
    odo::campaign::CampaignState state = odo::campaign::fold(ledger);
    if (!ledger.problems.empty() || !state.problems.empty())
        throw InputError(path.string() +
                         ": the ledger has problems (odo_campaign status names them)");
    return state;
}

int complete(int argc, char** argv) {
    const auto o = parse_options(
        argc, argv, {"--campaign", "--case", "--operator", "--description"}, {"--ledger"});
    const std::string& op = o.at("--operator");
    const CampaignFiles files{o.at("--campaign"), odo::text::lower(op)};
    const std::string& key = o.at("--case");
    const fs::path description_path = o.at("--description");
    std::string description = odo::read_file(description_path);

    const CaseFigures before = case_figures(files.baselines("before"), key, "cpp");
    const CaseFigures after = case_figures(files.baselines("after"), key, "cpp");
    std::optional<odo::campaign::CampaignState> ledger;
    if (o.count("--ledger")) {
        ledger = ledger_state(o.at("--ledger"));
        if (!ledger->stop) {
            std::cerr << "odo_campaign_notes: the campaign has not stopped (no ridge, fewer than "
                         "three strikes since the last win): `odo_campaign "
                      << op << " status` says the next step\n";
            return 1;
        }
    }
    const std::string lead = ledger ? std::string() : read_line(files.lead_exhaustion());
    if (!ledger && lead.find("at ridge") == std::string::npos &&
        lead.find("three failed leads") == std::string::npos) {
        std::cerr << "odo_campaign_notes: Lead exhaustion cannot be checked: " << lead
                  << " Measure leads (odo_campaign_notes lead) until three strikes after the last "
                     "win, or profile again at the ridge.\n";
        return 1;
    }
    const std::string tests = test_summary(files.pixel_log());
    const std::string pixels = pixel_evidence(files.pixel_log(), op);
    const fs::path cases_path = files.optimized_cases();
    const std::vector<std::string> optimized =
        odo::summary::parse_optimized_cases(odo::read_file(cases_path), cases_path.string());
    require_evidence_per_input_kind(pixels, optimized, files.pixel_log());
    check_item(description, "Pixelwise equality to reference",
               pixels + "; " + tests + " in `pixel-tests.txt`.");
    const odo::profile::FootprintChange footprint = footprint_change(files);
    const bool footprint_kept = footprint.increase_bytes == 0 && !footprint.new_allocations;
    check_item(description, "Memory-footprint checks",
               "Memory footprint section below, measured with odo's allocation ledger in "
               "`footprint-before.json` and `footprint-after.json`: " +
                   std::to_string(footprint.increase_bytes) + " B peak increase, " +
                   (footprint.new_allocations ? "new" : "no new") +
                   " allocations in the operator call" +
                   (footprint_kept ? ": no regression." : "; ODO-9 decides."));
    check_item(description, "Baselines updated",
               "`bench/config/operators/" + files.op + ".json` re-measured on " + after.sku + " (" +
                   std::to_string(after.n_runs) +
                   " runs through each entry point) and imported with `odo_baseline import` for " +
                   std::to_string(committed_cases(files.baselines("after"))) + " case keys (`" +
                   files.baselines("after").filename().string() + "`).");
    check_item(description, "Baseline validation",
               "`odo_baseline validate --reject-regressions-from main` passed with no regression "
               "(`validate.txt`).");
    if (!ledger)
        check_item(description, "Lead exhaustion", lead);
    check_item(description, "Review/refactor gate",
               "assessed before the perf commit (`refactor-assess.md`): " +
                   refactor_evidence(files.refactor_assess()) + "; no refactor applied.");
    replace_once(
        description, "- No optimization attempt has been accepted or rejected yet.",
        "- Reading every element through the generic strided accessor kept the loop "
        "scalar; one flat pass over packed data took `" +
            key + "` from " + odo::fixed_point(before.time_us, 1) + " us to " +
            odo::fixed_point(after.time_us, 1) + " us (" +
            odo::fixed_point(before.time_us / after.time_us, 2) + "x)." +
            (ledger ? ledger_leads_learning(*ledger, o.at("--ledger")) : leads_learning(files)),
        "learnings placeholder");
    description += "\n" + odo::profile::memory_footprint_section(footprint) + "\n" +
                   measurement_section(files, after.sku, optimized) +
                   (ledger ? "\n\n" + store_line(o.at("--ledger")) + "\n" : std::string());
    odo::write_file_atomically(description_path, description);
    return 0;
}

// Every ref of the Markdown reports directly in the campaign folder, checked in the repository;
// a folder whose reports cite nothing is an error, so a changed report format cannot pass unseen.
int refs(int argc, char** argv) {
    const auto o = parse_options(argc, argv, {"--campaign", "--repo"});
    const fs::path dir = o.at("--campaign");
    const fs::path repo = o.at("--repo");
    if (!fs::is_directory(dir) || !fs::is_directory(repo))
        throw InputError("--campaign and --repo must be folders");
    std::vector<fs::path> reports;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.is_regular_file() && entry.path().extension() == ".md")
            reports.push_back(entry.path());
    std::sort(reports.begin(), reports.end());
    std::size_t checked = 0;
    std::vector<std::string> problems;
    for (const fs::path& report : reports)
        for (const std::string& ref : campaign::report_refs(odo::read_file(report))) {
            ++checked;
            for (const std::string& problem : campaign::unresolved_ref(repo, ref))
                problems.push_back(report.filename().string() + ": " + problem);
        }
    for (const std::string& problem : problems)
        std::cerr << "odo_campaign_notes refs: " << problem << "\n";
    if (checked == 0)
        std::cerr << "odo_campaign_notes refs: no ref: line in the reports of " << dir.string()
                  << "\n";
    if (checked == 0 || !problems.empty())
        return 1;
    std::cout << checked << " ref(s) of " << reports.size() << " report(s) resolve in "
              << repo.string() << "\n";
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    const std::string command = argc > 1 ? argv[1] : "";
    try {
        if (command == "profile")
            return profile(argc, argv);
        if (command == "complete")
            return complete(argc, argv);
        if (command == "lead")
            return lead(argc, argv);
        if (command == "refs")
            return refs(argc, argv);
        std::cerr << "usage: odo_campaign_notes profile|lead|complete|refs --option value ...\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "odo_campaign_notes " << command << ": error: " << e.what() << "\n";
        return 2;
    }
}
