#pragma once
// Command-line options of odo_baseline's commands (import, validate, compare, drift).
#include "option_checks.hpp"

#include <odo/baseline/compare.hpp>
#include <odo/baseline/compare_command.hpp>
#include <odo/baseline/drift.hpp>
#include <odo/baseline/drift_command.hpp>
#include <odo/baseline/import.hpp>
#include <odo/baseline/import_command.hpp>
#include <odo/baseline/quality.hpp>
#include <odo/baseline/regression.hpp>
#include <odo/baseline/validate_command.hpp>
#include <odo/surface/shard.hpp>

#include <boost/program_options.hpp>

#include <cstdint>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

namespace odo::driver {

// Options every command takes: where the repository, its configs, its SKU map and its layout
// profile are, and --help. An empty path means "from the layout" (tools/baseline_repository.hpp).
struct RepositoryOptions {
    std::string repo;
    std::string config_dir;
    std::string sku_map;
    std::string layout;
    bool help = false;

    void add_to(boost::program_options::options_description& d) {
        namespace po = boost::program_options;
        auto add = d.add_options();
        add("repo", po::value(&repo)->value_name("DIR"),
            "the op repository (default: git top level of the current directory)");
        add("config-dir", po::value(&config_dir)->value_name("DIR"),
            "benchmark config directory with operators/*.json, inside the repository (default: "
            "the layout's paths.bench_config_dir)");
        add("sku-map", po::value(&sku_map)->value_name("FILE"),
            "SKU map, inside the repository (default: the layout's paths.sku_map)");
        add("layout", po::value(&layout)->value_name("FILE"),
            "layout profile (default: odo-layout.json at the repository's top level, else "
            "CV-CUDA's)");
    }
};

// Percentages, fractions and sigmas beyond this are mistakes, and would overflow what they scale.
inline constexpr double max_limit_option = 1e6;
// Languages times runs of one shard job: more is a mistake.
inline constexpr std::int64_t max_artifacts_per_shard = 1000;

// The quality gate's limits (bench-harness.md §4), the reference's by default, for every SKU
// whose sku_map.json entry states none of its own.
struct QualityOptions {
    baseline::BenchmarkQuality quality = baseline::default_benchmark_quality;

    void add_to(boost::program_options::options_description& d) {
        namespace po = boost::program_options;
        auto add = d.add_options();
        add("max-noise-pct", po::value(&quality.max_noise_pct)->value_name("PCT"),
            "largest relative noise of a row's timing (default 10.0)");
        add("max-parity-pct", po::value(&quality.max_perf_diff_pct)->value_name("PCT"),
            "largest Python vs C++ difference, relative (default 10.0)");
        add("max-parity-us", po::value(&quality.max_perf_diff_us)->value_name("US"),
            "largest Python vs C++ difference, absolute (default 100.0)");
    }

    void check() const {
        require_range("--max-noise-pct", quality.max_noise_pct, 0, max_limit_option);
        require_range("--max-parity-pct", quality.max_perf_diff_pct, 0, max_limit_option);
        require_range("--max-parity-us", quality.max_perf_diff_us, 0, max_limit_option);
    }
};

// Each command's arguments are the library command's options (odo/baseline/*_command.hpp) plus
// what only the command line has: the repository's places, --help, lists given as "a,b", the
// quality limits' flags.
struct ImportArgs : baseline::ImportCommandOptions {
    static constexpr const char* usage =
        "usage: odo_baseline import (--from PATH | --nvbench LANG:CONFIG_KEY:PATH)... "
        "[options]\n\nImports run artifacts into the committed baselines: averages runs, checks "
        "quality, same-key\nregressions and full coverage, then rewrites the changed operator "
        "files atomically.";
    static constexpr const char* positional = nullptr;

    RepositoryOptions repo;
    std::vector<std::string> operators; // "a,b" and repeated: options.operators once split
    bool shards_given = false;          // shards 0: not given
    bool per_shard_given = false;       // per_shard 0: not given
    QualityOptions limits;

    boost::program_options::options_description describe() {
        namespace po = boost::program_options;
        po::options_description d("Options");
        repo.add_to(d);
        auto add = d.add_options();
        add("from", po::value(&from)->value_name("PATH"),
            "run artifact (.json, envelope or bare) or a directory of them; repeatable");
        add("nvbench", po::value(&nvbench)->value_name("LANG:CONFIG_KEY:PATH"),
            "nvbench's own --csv or --json output of one config key and language (cpp or "
            "python); repeatable");
        add("power-cap-w", po::value(&power_cap_w)->value_name("W"),
            "power cap of the machine that produced the --nvbench output");
        add("locked-sm-clock-mhz", po::value(&locked_sm_clock_mhz)->value_name("MHZ"),
            "locked SM clock of that machine");
        add("cuda-major",
            po::value<std::int64_t>()->value_name("N")->notifier(
                [this](std::int64_t n) { cuda_major = n; }),
            "CUDA major version of that run");
        add("operator", po::value(&operators)->value_name("NAME[,NAME]"),
            "import only these operators; repeatable");
        add("dry-run", po::bool_switch(&dry_run), "check and print the plan, write nothing");
        add("complete", po::bool_switch(&complete),
            "refuse unless the inputs measure every case of each imported operator on every SKU "
            "of the SKU map and every shard of a sharded run arrived, naming the missing ones");
        add("shards", po::value(&shards)->value_name("N")->notifier([this](std::int64_t) {
            shards_given = true;
        }),
            "the runs were sharded N ways, also for a SKU none of whose artifacts arrived; must "
            "agree with the shard count the artifacts record");
        add("artifacts-per-shard",
            po::value(&per_shard)->value_name("K")->notifier([this](std::int64_t) {
                per_shard_given = true;
            }),
            "each shard job wrote K artifacts (one per language and run): a shard with more is "
            "refused (seen twice), one with fewer is missing under --complete");
        add("write-summary", po::value(&summary)->value_name("MD"),
            "also write a Markdown table of the changes");
        add("copy-to", po::value(&copy_to)->value_name("DIR"),
            "also write each merged operator file into DIR, under its own name (what CI "
            "publishes beside the summary it refreshed)");
        add("write-artifact", po::value(&artifact_out)->value_name("JSON"),
            "with --nvbench and no --from: write the outputs as one run artifact (what a CI "
            "measure job uploads for the import job's --from) and import nothing");
        add("max-regression-pct", po::value(&options.max_regression_pct)->value_name("PCT"),
            "largest same-key slowdown accepted (default 10.0)");
        add("sources-base", po::value(&sources_base)->value_name("REF"),
            "warn about merged rows that move beyond their noise although no source of their "
            "operator changed between REF and HEAD (the layout's attribution)");
        add("allow-regressions", po::bool_switch(&options.allow_regressions),
            "accept same-key slowdowns beyond the limit");
        limits.add_to(d);
        return d;
    }

    void check() const {
        require_range("--max-regression-pct", options.max_regression_pct, 0, max_limit_option);
        limits.check();
        require_range("--power-cap-w", power_cap_w, 0, max_limit_option);
        require_range("--locked-sm-clock-mhz", locked_sm_clock_mhz, 0, max_limit_option);
        if (cuda_major)
            require_range("--cuda-major", *cuda_major, 1, 999);
        if (from.empty() && nvbench.empty())
            throw UsageError("nothing to import: give --from or --nvbench");
        if (shards_given) // --shards 0 is out of range, not "not given"
            require_range("--shards", shards, 1, surface::max_shard_count);
        // --artifacts-per-shard 0 would switch the seen-twice check off, not leave it unknown
        if (per_shard_given)
            require_range("--artifacts-per-shard", per_shard, 1, max_artifacts_per_shard);
        if (!sources_base.empty())
            require_revision("--sources-base", sources_base);
        if (!artifact_out.empty() && (nvbench.empty() || !from.empty()))
            throw UsageError("--write-artifact converts --nvbench outputs and takes no --from");
    }
};

struct ValidateArgs : baseline::ValidateCommandOptions {
    static constexpr const char* usage =
        "usage: odo_baseline validate [FILE...] [options]\n\nValidates committed baselines: "
        "schema, quality, parity and coverage of every case x SKU;\nwith "
        "--reject-regressions-from REF also the same-key regression gate.";
    static constexpr const char* positional = "files";

    RepositoryOptions repo;
    std::vector<std::string> operators; // "a,b" and repeated: their files join `files`
    QualityOptions limits;

    boost::program_options::options_description describe() {
        namespace po = boost::program_options;
        po::options_description d("Options");
        repo.add_to(d);
        auto add = d.add_options();
        add("operator", po::value(&operators)->value_name("NAME[,NAME]"),
            "validate NAME's operator config only; repeatable");
        add("config-key", po::value(&config_keys)->value_name("KEY[,KEY]"),
            "validate these configs only; repeatable");
        add("reject-regressions-from", po::value(&ref)->value_name("REF"),
            "also fail any same-key slowdown beyond the limit vs the files at REF");
        add("max-regression-pct", po::value(&policy.max_regression_pct)->value_name("PCT"),
            "regression limit (default 10.0)");
        add("allow-regressions", po::bool_switch(&allow_regressions),
            "with --reject-regressions-from: only check that REF resolves");
        add("files", po::value(&files)->value_name("FILE"),
            "operator config files (also as positional arguments)");
        add("junit", po::value(&junit)->value_name("XML"),
            "also write a JUnit report: each file's validity, each regression-gate row");
        limits.add_to(d);
        return d;
    }

    void check() const {
        require_range("--max-regression-pct", policy.max_regression_pct, 0, max_limit_option);
        limits.check();
        if (!ref.empty())
            require_revision("--reject-regressions-from", ref);
        if (allow_regressions && ref.empty())
            throw UsageError("--allow-regressions requires --reject-regressions-from");
    }
};

struct CompareArgs : baseline::CompareCommandOptions {
    static constexpr const char* usage =
        "usage: odo_baseline compare --current JSON [options]\n\nCompares a fresh run artifact "
        "with the committed baselines of one SKU.";
    static constexpr const char* positional = nullptr;

    RepositoryOptions repo;
    std::string sku;
    std::vector<std::string> operators; // "a,b" and repeated: options.operators once split
    double regression_pct = baseline::default_compare_regression * 100;
    double improvement_pct = baseline::default_compare_improvement * 100;

    boost::program_options::options_description describe() {
        namespace po = boost::program_options;
        po::options_description d("Options");
        repo.add_to(d);
        auto add = d.add_options();
        add("current", po::value(&current)->value_name("JSON")->required(),
            "the fresh run artifact (required)");
        add("sku", po::value(&sku)->value_name("STEM"),
            "the SKU to compare (required when the artifact holds several)");
        add("operator", po::value(&operators)->value_name("NAME[,NAME]"),
            "compare these operators only; repeatable");
        add("max-regression-pct", po::value(&regression_pct)->value_name("PCT"),
            "slowdown that fails, in percent (default 10)");
        add("max-improvement-pct", po::value(&improvement_pct)->value_name("PCT"),
            "speed-up that fails as a stale baseline, in percent (default 10)");
        add("junit", po::value(&junit)->value_name("XML"), "also write a JUnit report");
        add("markdown", po::value(&markdown)->value_name("MD"), "also write the Markdown report");
        return d;
    }

    // Limits are percents on the command line, as in every other odo command; the comparison and
    // its report keep the reference's fractions.
    void check() {
        require_range("--max-regression-pct", regression_pct, 0, max_limit_option);
        require_range("--max-improvement-pct", improvement_pct, 0, max_limit_option);
        options.regression = regression_pct / 100;
        options.improvement = improvement_pct / 100;
    }
};

// Drift needs twice --min-samples artifacts; more than this many is a mistake.
inline constexpr std::int64_t max_drift_min_samples = 1'000'000;

struct DriftArgs : baseline::DriftCommandOptions {
    static constexpr const char* usage =
        "usage: odo_baseline drift --from PATH... [options]\n\nReports slow drift of C++ times "
        "over a series of nightly artifacts (report only).";
    static constexpr const char* positional = nullptr;

    RepositoryOptions repo;
    std::int64_t min_samples = static_cast<std::int64_t>(baseline::DriftOptions{}.min_samples);

    boost::program_options::options_description describe() {
        namespace po = boost::program_options;
        po::options_description d("Options");
        repo.add_to(d);
        auto add = d.add_options();
        add("from", po::value(&from)->value_name("PATH")->required(),
            "artifact or directory of artifacts, oldest first; repeatable (required)");
        add("recent-fraction", po::value(&options.recent_fraction)->value_name("F"),
            "newest part of each series, in (0, 1) (default 0.3)");
        add("min-samples", po::value(&min_samples)->value_name("N"),
            "points needed in each part, 1 to 1000000 (default 8)");
        add("sigma", po::value(&options.sigma)->value_name("S"),
            "robust sigmas a shift must reach (default 4.0)");
        add("min-shift-pct", po::value(&options.min_shift_pct)->value_name("PCT"),
            "smallest shift reported (default 2.0)");
        add("any-run-context", po::bool_switch(&options.any_run_context),
            "read every artifact, not only nightly runs");
        add("markdown", po::value(&markdown)->value_name("MD"), "also write the Markdown report");
        add("json-out", po::value(&json_out)->value_name("FILE"),
            "also write the findings as JSON");
        return d;
    }

    // Also stores --min-samples once it is known not to wrap.
    void check() {
        if (!(options.recent_fraction > 0 && options.recent_fraction < 1))
            throw UsageError("--recent-fraction must be in (0, 1)");
        require_range("--min-samples", min_samples, 1, max_drift_min_samples);
        if (!(options.sigma > 0) || !(options.min_shift_pct > 0))
            throw UsageError("--sigma and --min-shift-pct must be > 0");
        require_range("--sigma", options.sigma, 0, max_limit_option);
        require_range("--min-shift-pct", options.min_shift_pct, 0, max_limit_option);
        options.min_samples = static_cast<std::size_t>(min_samples);
    }
};

using BaselineCommand = std::variant<ImportArgs, ValidateArgs, CompareArgs, DriftArgs>;

// A command's options plus --help.
template <class Args>
boost::program_options::options_description options_with_help(Args& a) {
    boost::program_options::options_description all = a.describe();
    all.add_options()("help,h", boost::program_options::bool_switch(&a.repo.help),
                      "show this help and exit");
    return all;
}

// The command's help: its usage line and its options.
template <class Args>
std::string command_help() {
    Args scratch;
    std::ostringstream os;
    os << Args::usage << "\n\n" << options_with_help(scratch);
    return os.str();
}

// Parses one command's arguments; with --help the rest is not checked.
template <class Args>
Args parse_command(const std::vector<std::string>& args) {
    namespace po = boost::program_options;
    Args a;
    const po::options_description all = options_with_help(a);
    po::positional_options_description positional;
    if (Args::positional)
        positional.add(Args::positional, -1);
    po::variables_map vm;
    store_command_line(args, all, positional, vm);
    if (vm["help"].as<bool>()) { // before notify, so that required options do not hide it
        a.repo.help = true;
        return a;
    }
    notify_options(vm);
    a.check();
    return a;
}

// Parses `odo_baseline <command> [options]` from the arguments after the program name.
inline BaselineCommand parse_baseline_command(const std::vector<std::string>& args) {
    const std::string name = args.empty() ? "" : args.front();
    const std::vector<std::string> rest(args.begin() + (args.empty() ? 0 : 1), args.end());
    if (name == "import")
        return parse_command<ImportArgs>(rest);
    if (name == "validate")
        return parse_command<ValidateArgs>(rest);
    if (name == "compare")
        return parse_command<CompareArgs>(rest);
    if (name == "drift")
        return parse_command<DriftArgs>(rest);
    throw UsageError("unknown command '" + name +
                     "' (choose from import, validate, compare, drift)");
}

} // namespace odo::driver
