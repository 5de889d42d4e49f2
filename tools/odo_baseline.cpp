// odo_baseline: baseline maintenance for an op repository — import run artifacts, validate
// committed baselines (with the regression gate against a git ref), compare a fresh run, report
// drift. A thin driver: options -> library call -> printed report -> exit code.
// Exit codes: 0 ok; 1 validation, quality or regression failure; 2 bad input or usage.
#include <odo/baseline/artifact.hpp>
#include <odo/baseline/compare.hpp>
#include <odo/baseline/compare_report.hpp>
#include <odo/baseline/config_set.hpp>
#include <odo/baseline/drift.hpp>
#include <odo/baseline/import.hpp>
#include <odo/baseline/merge.hpp>
#include <odo/baseline/nvbench_csv.hpp>
#include <odo/baseline/nvbench_json.hpp>
#include <odo/baseline/nvbench_run.hpp>
#include <odo/baseline/regression_at_ref.hpp>
#include <odo/baseline/validation.hpp>
#include <odo/core/atomic_write.hpp>
#include <odo/core/error.hpp>
#include <odo/core/file.hpp>
#include <odo/core/json_read.hpp>
#include <odo/repo/git.hpp>
#include <odo/surface/sku_map.hpp>

#include <boost/program_options.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
namespace po = boost::program_options;
using namespace odo::baseline;

constexpr int exit_ok = 0;
constexpr int exit_failed = 1;
constexpr int exit_bad_input = 2;

// A command-line mistake: one line on stderr, exit 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Options every command takes: where the configs and the SKU map are.
struct RepositoryOptions {
    std::string config_dir = "bench/config";
    std::string sku_map;

    void add_to(po::options_description& d) {
        auto add = d.add_options();
        add("config-dir", po::value(&config_dir)->value_name("DIR"),
            "benchmark config directory with operators/*.json (default bench/config)");
        add("sku-map", po::value(&sku_map)->value_name("FILE"),
            "SKU map (default <config-dir>/sku_map.json)");
    }
    fs::path sku_map_path() const {
        return sku_map.empty() ? fs::path(config_dir) / "sku_map.json" : fs::path(sku_map);
    }
    odo::surface::SkuMap load_sku_map() const { return odo::surface::load_sku_map(sku_map_path()); }
    ConfigSet load_configs() const { return load_config_set(config_dir); }
};

// Parses a command's arguments into the variables `visible` names; --help prints `usage` and the
// options and returns false.
bool parse(const std::vector<std::string>& args, const po::options_description& visible,
           const po::positional_options_description& positional, const std::string& usage) {
    po::options_description all(visible);
    all.add_options()("help,h", "show this help and exit");
    try {
        po::variables_map vm;
        po::store(
            po::command_line_parser(args)
                .options(all)
                .positional(positional)
                .style(po::command_line_style::unix_style ^ po::command_line_style::allow_guessing)
                .run(),
            vm);
        if (vm.count("help")) {
            std::cout << usage << "\n\n" << all;
            return false;
        }
        po::notify(vm); // after --help, so that required options do not hide it
    } catch (const po::error& e) {
        throw UsageError(e.what());
    }
    return true;
}

// "a,b" and repeated options alike, as one list.
std::vector<std::string> comma_list(const std::vector<std::string>& values) {
    std::vector<std::string> out;
    for (const std::string& value : values) {
        std::size_t start = 0;
        for (std::size_t comma; (comma = value.find(',', start)) != std::string::npos;
             start = comma + 1)
            out.push_back(value.substr(start, comma - start));
        out.push_back(value.substr(start));
    }
    out.erase(std::remove(out.begin(), out.end(), ""), out.end());
    return out;
}

void require_non_negative(const char* option, double value) {
    if (!(value >= 0))
        throw UsageError(std::string("--") + option + " must be >= 0");
}

// The quality gate's limits (bench-harness.md §4), the reference's by default, for every SKU
// whose sku_map.json entry states none of its own.
struct QualityOptions {
    odo::baseline::BenchmarkQuality quality = odo::baseline::default_benchmark_quality;

    void add_to(po::options_description& d) {
        auto add = d.add_options();
        add("max-noise-pct", po::value(&quality.max_noise_pct)->value_name("PCT"),
            "largest relative noise of a row's timing (default 10.0)");
        add("max-parity-pct", po::value(&quality.max_perf_diff_pct)->value_name("PCT"),
            "largest Python vs C++ difference, relative (default 10.0)");
        add("max-parity-us", po::value(&quality.max_perf_diff_us)->value_name("US"),
            "largest Python vs C++ difference, absolute (default 100.0)");
    }

    void check() const {
        require_non_negative("max-noise-pct", quality.max_noise_pct);
        require_non_negative("max-parity-pct", quality.max_perf_diff_pct);
        require_non_negative("max-parity-us", quality.max_perf_diff_us);
    }
};

void print_capped(std::ostream& os, const std::vector<std::string>& lines, std::size_t cap) {
    for (std::size_t i = 0; i < lines.size() && i < cap; ++i)
        os << lines[i] << "\n";
    if (lines.size() > cap)
        os << "... " << lines.size() - cap << " more\n";
}

// ---- import ---------------------------------------------------------------------------------

struct ImportCommand {
    RepositoryOptions repo;
    std::vector<std::string> from;
    std::vector<std::string> nvbench;
    double power_cap_w = 0;
    double locked_sm_clock_mhz = 0;
    std::optional<std::int64_t> cuda_major;
    std::vector<std::string> operators;
    bool dry_run = false;
    std::string summary;
    ImportOptions options;
    QualityOptions limits;

    po::options_description describe() {
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
        add("write-summary", po::value(&summary)->value_name("MD"),
            "also write a Markdown table of the changes");
        add("max-regression-pct", po::value(&options.max_regression_pct)->value_name("PCT"),
            "largest same-key slowdown accepted (default 10.0)");
        add("allow-regressions", po::bool_switch(&options.allow_regressions),
            "accept same-key slowdowns beyond the limit");
        limits.add_to(d);
        return d;
    }

    NvbenchOutput nvbench_output(const std::string& spec) const {
        const auto first = spec.find(':');
        const auto second = first == std::string::npos ? first : spec.find(':', first + 1);
        const auto language = parse_language(spec.substr(0, first));
        if (second == std::string::npos || !language)
            throw UsageError("--nvbench " + spec +
                             ": expected LANG:CONFIG_KEY:PATH, LANG cpp or python");
        const std::string path = spec.substr(second + 1);
        const std::string text = odo::read_file(path);
        NvbenchContext context{spec.substr(first + 1, second - first - 1), *language, power_cap_w,
                               locked_sm_clock_mhz, cuda_major};
        const auto states = fs::path(path).extension() == ".csv"
                                ? read_nvbench_csv(text, path)
                                : read_nvbench_json(odo::json::parse(text, path), path);
        return {path, std::move(context), states};
    }

    std::vector<Artifact> artifacts(const ConfigSet& set, const odo::surface::SkuMap& map) const {
        std::vector<fs::path> paths;
        for (const std::string& p : from)
            paths.emplace_back(p);
        std::vector<Artifact> out;
        if (!paths.empty())
            for (const fs::path& path : artifact_paths(paths))
                out.push_back(load_artifact(path, set, map.stems()));
        if (!nvbench.empty()) {
            if (power_cap_w <= 0 || locked_sm_clock_mhz <= 0)
                throw UsageError("--nvbench needs --power-cap-w and --locked-sm-clock-mhz (and "
                                 "--cuda-major where the SKU map has one)");
            std::vector<NvbenchOutput> outputs;
            for (const std::string& spec : nvbench)
                outputs.push_back(nvbench_output(spec));
            out.push_back(artifact_from_nvbench(outputs, set, map, "nvbench output"));
        }
        return out;
    }

    int run() {
        require_non_negative("max-regression-pct", options.max_regression_pct);
        limits.check();
        if (from.empty() && nvbench.empty())
            throw UsageError("nothing to import: give --from or --nvbench");
        options.operators = comma_list(operators);
        const auto map = repo.load_sku_map();
        const ConfigSet set = repo.load_configs();
        std::vector<std::string> problems;
        const auto updates = merge_artifacts(artifacts(set, map), problems);
        if (!problems.empty()) {
            print_capped(std::cerr, problems, problems.size());
            return exit_bad_input;
        }
        options.quality = odo::baseline::quality_policy(map, limits.quality);
        const ImportPlan plan = plan_import(set, updates, map.stems(), options);
        if (plan.changes.empty()) {
            std::cerr << "warning: the inputs hold no rows; nothing to import\n";
            return exit_ok;
        }
        if (!plan.ok()) {
            print_capped(std::cerr, plan.failures, 80);
            std::cerr << "baseline import refused: " << plan.failures.size()
                      << " failure(s); nothing was written\n";
            return exit_failed;
        }
        report(set, plan);
        return exit_ok;
    }

    void report(const ConfigSet& set, const ImportPlan& plan) const {
        for (const PlannedFile& f : plan.files)
            std::cout << set.files()[f.file].path.string() << ": " << f.rows
                      << " case/SKU row(s) for "
                      << odo::python_list_repr(
                             std::vector<std::string>(f.skus.begin(), f.skus.end()))
                      << (f.changed ? "" : " (unchanged)") << "\n";
        print_capped(std::cout, import_change_lines(plan), 80);
        if (dry_run) {
            std::cout << "dry run: nothing written\n";
            return;
        }
        const auto written = apply_import(set, plan);
        std::cout << "wrote " << written.size() << " file(s)\n";
        if (!summary.empty())
            odo::write_file_atomically(summary, render_import_markdown(plan));
    }
};

// ---- validate -------------------------------------------------------------------------------

struct ValidateCommand {
    RepositoryOptions repo;
    std::vector<std::string> files;
    std::vector<std::string> operators;
    std::vector<std::string> config_keys;
    std::string ref;
    RegressionPolicy policy;
    QualityOptions limits;
    bool allow_regressions = false;

    po::options_description describe() {
        po::options_description d("Options");
        repo.add_to(d);
        auto add = d.add_options();
        add("operator", po::value(&operators)->value_name("NAME[,NAME]"),
            "validate <config-dir>/operators/<NAME>.json only; repeatable");
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
        limits.add_to(d);
        return d;
    }

    BaselineSelection selection(const ConfigSet& set) const {
        BaselineSelection s;
        auto select_file = [&](const fs::path& path) {
            std::error_code ec;
            for (const OperatorFile& file : set.files())
                if (fs::equivalent(file.path, path, ec)) {
                    s.files.insert(file.path.string());
                    return;
                }
            throw odo::InputError(path.string() + ": not an operator config under " +
                                  repo.config_dir + "/operators");
        };
        for (const std::string& file : files)
            select_file(file);
        for (const std::string& op : comma_list(operators))
            select_file(fs::path(repo.config_dir) / "operators" / (op + ".json"));
        for (const std::string& key : comma_list(config_keys)) {
            if (!set.find(key))
                throw odo::InputError("--config-key " + odo::python_str_repr(key) +
                                      ": no operator config declares it");
            s.config_keys.insert(key);
        }
        return s;
    }

    int run() {
        require_non_negative("max-regression-pct", policy.max_regression_pct);
        if (allow_regressions && ref.empty())
            throw UsageError("--allow-regressions requires --reject-regressions-from");
        const auto map = repo.load_sku_map();
        const ConfigSet set = repo.load_configs();
        const BaselineSelection selected = selection(set);
        limits.check();
        const ValidationSummary summary = validate_baselines(
            set, map.stems(), selected, odo::baseline::quality_policy(map, limits.quality));
        for (const ValidationIssue& issue : summary.issues)
            std::cerr << issue.text() << "\n";
        if (!summary.ok()) {
            std::cerr << "JSON baseline validation failed: " << summary.issues.size()
                      << " issue(s)\n";
            return exit_failed;
        }
        std::cout << "JSON baseline validation passed (" << summary.files << " file(s), "
                  << summary.configs << " config(s), " << summary.cases << " case-keys, "
                  << summary.metric_rows << " case/SKU rows)\n";
        return ref.empty() ? exit_ok : regression_gate(set, selected);
    }

    int regression_gate(const ConfigSet& set, const BaselineSelection& selected) const {
        const auto top = odo::repo::Git::toplevel(repo.config_dir);
        if (!top)
            throw odo::InputError(repo.config_dir + ": not inside a git repository");
        const odo::repo::Git git(*top);
        if (allow_regressions) {
            if (!git.resolve_commit(ref))
                throw odo::InputError("ref " + odo::python_str_repr(ref) +
                                      " does not resolve to a commit");
            std::cerr << "warning: --allow-regressions: same-key regressions vs " << ref
                      << " are not checked\n";
            return exit_ok;
        }
        const RegressionReport report = reject_regressions_from(git, ref, set, selected, policy);
        std::vector<std::string> cannot_tell, new_rows;
        for (const RegressionRow& row : report.rows) {
            if (row.regressed)
                std::cerr << regression_message(report, row) << "\n";
            else if (row.cannot_tell())
                cannot_tell.push_back(cannot_tell_message(report, row));
            else if (!row.base)
                new_rows.push_back(new_row_message(row));
        }
        print_capped(std::cout, cannot_tell, cannot_tell.size());
        print_capped(std::cout, new_rows, 25);
        std::cout << regression_summary(report) << "\n";
        return report.regressed() ? exit_failed : exit_ok;
    }
};

// ---- compare --------------------------------------------------------------------------------

struct CompareCommand {
    RepositoryOptions repo;
    std::string current;
    std::string sku;
    std::vector<std::string> operators;
    CompareOptions options;
    std::string junit;
    std::string markdown;

    po::options_description describe() {
        po::options_description d("Options");
        repo.add_to(d);
        auto add = d.add_options();
        add("current", po::value(&current)->value_name("JSON")->required(),
            "the fresh run artifact (required)");
        add("sku", po::value(&sku)->value_name("STEM"),
            "the SKU to compare (required when the artifact holds several)");
        add("operator", po::value(&operators)->value_name("NAME[,NAME]"),
            "compare these operators only; repeatable");
        add("regression", po::value(&options.regression)->value_name("FRACTION"),
            "slowdown that fails, as a fraction (default 0.10)");
        add("improvement", po::value(&options.improvement)->value_name("FRACTION"),
            "speed-up that fails as a stale baseline, as a fraction (default 0.10)");
        add("junit", po::value(&junit)->value_name("XML"), "also write a JUnit report");
        add("markdown", po::value(&markdown)->value_name("MD"), "also write the Markdown report");
        return d;
    }

    int run() {
        require_non_negative("regression", options.regression);
        require_non_negative("improvement", options.improvement);
        if (!sku.empty())
            options.sku = sku;
        options.operators = comma_list(operators);
        const auto map = repo.load_sku_map();
        const ConfigSet set = repo.load_configs();
        // One defect anywhere makes every comparison untrustworthy: bad input, as the reference.
        const ValidationSummary committed =
            validate_baselines(set, map.stems(), {}, odo::baseline::quality_policy(map));
        if (!committed.ok()) {
            for (const ValidationIssue& issue : committed.issues)
                std::cerr << issue.text() << "\n";
            throw odo::InputError("committed baselines are invalid (" +
                                  std::to_string(committed.issues.size()) + " issue(s))");
        }
        const CompareResult result =
            compare_to_baseline(set, load_artifact(current, set, map.stems()), options);
        std::cout << "Resolved SKU: " << result.sku << " (" << result.sku_source << ")\n"
                  << compare_counts_line(result) << "\n"
                  << render_compare_markdown(result, repo.config_dir, current,
                                             markdown.empty() ? SIZE_MAX : 25);
        if (!markdown.empty())
            odo::write_file_atomically(markdown,
                                       render_compare_markdown(result, repo.config_dir, current));
        if (!junit.empty())
            odo::write_file_atomically(junit, render_compare_junit(result));
        return result.flagged() ? exit_failed : exit_ok;
    }
};

// ---- drift ----------------------------------------------------------------------------------

struct DriftCommand {
    RepositoryOptions repo;
    std::vector<std::string> from;
    DriftOptions options;
    std::string markdown;
    std::string json_out;

    po::options_description describe() {
        po::options_description d("Options");
        repo.add_to(d);
        auto add = d.add_options();
        add("from", po::value(&from)->value_name("PATH")->required(),
            "artifact or directory of artifacts, oldest first; repeatable (required)");
        add("recent-fraction", po::value(&options.recent_fraction)->value_name("F"),
            "newest part of each series, in (0, 1) (default 0.3)");
        add("min-samples", po::value(&options.min_samples)->value_name("N"),
            "points needed in each part (default 8)");
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

    void check_options() const {
        if (!(options.recent_fraction > 0 && options.recent_fraction < 1))
            throw UsageError("--recent-fraction must be in (0, 1)");
        if (options.min_samples < 1)
            throw UsageError("--min-samples must be >= 1");
        if (!(options.sigma > 0) || !(options.min_shift_pct > 0))
            throw UsageError("--sigma and --min-shift-pct must be > 0");
    }

    int run() {
        check_options();
        const auto map = repo.load_sku_map();
        const ConfigSet set = repo.load_configs();
        std::vector<fs::path> paths(from.begin(), from.end());
        std::vector<Artifact> artifacts;
        std::vector<std::string> skipped; // rows the configs no longer declare, or malformed
        for (const fs::path& path : artifact_paths(paths))
            artifacts.push_back(
                ingest_artifact(parse_artifact_text(odo::read_file(path), path.string()), set,
                                map.stems(), skipped));
        const DriftReport report = detect_drift(artifacts, options);
        if (!skipped.empty())
            std::cerr << "skipped " << skipped.size()
                      << " artifact row(s) the configs no longer declare or that are malformed\n";
        if (report.artifacts_used < 2 * options.min_samples) {
            std::cerr << "drift needs at least " << 2 * options.min_samples << " "
                      << (options.any_run_context ? "" : "nightly ") << "artifacts, got "
                      << report.artifacts_used << "\n";
            return exit_failed;
        }
        const std::string md = render_drift_markdown(report);
        std::cout << md;
        if (!markdown.empty())
            odo::write_file_atomically(markdown, md);
        if (!json_out.empty())
            odo::write_file_atomically(json_out, render_drift_json(report));
        return exit_ok;
    }
};

// ---- dispatch -------------------------------------------------------------------------------

const char* const overview =
    "usage: odo_baseline <command> [options]\n\n"
    "Maintains the committed benchmark baselines of an op repository.\n\n"
    "Commands:\n"
    "  import    import run artifacts (or nvbench output) into the committed baselines\n"
    "  validate  validate committed baselines; --reject-regressions-from REF adds the regression "
    "gate\n"
    "  compare   compare a fresh run artifact with the committed baselines\n"
    "  drift     report slow drift over a series of nightly artifacts\n\n"
    "Exit codes: 0 ok; 1 validation, quality or regression failure; 2 bad input or usage.\n"
    "Run 'odo_baseline <command> --help' for a command's options.\n";

template <class Command>
int run_command(const std::vector<std::string>& args, const std::string& usage,
                const char* positional_name = nullptr) {
    Command command;
    po::positional_options_description positional;
    if (positional_name)
        positional.add(positional_name, -1);
    if (!parse(args, command.describe(), positional, usage))
        return exit_ok;
    return command.run();
}

int dispatch(const std::string& name, const std::vector<std::string>& args) {
    if (name == "import")
        return run_command<ImportCommand>(
            args, "usage: odo_baseline import (--from PATH | --nvbench LANG:CONFIG_KEY:PATH)... "
                  "[options]\n\nImports run artifacts into the committed baselines: averages "
                  "runs, checks quality, same-key\nregressions and full coverage, then rewrites "
                  "the changed operator files atomically.");
    if (name == "validate")
        return run_command<ValidateCommand>(
            args,
            "usage: odo_baseline validate [FILE...] [options]\n\nValidates committed "
            "baselines: schema, quality, parity and coverage of every case x SKU;\nwith "
            "--reject-regressions-from REF also the same-key regression gate.",
            "files");
    if (name == "compare")
        return run_command<CompareCommand>(
            args, "usage: odo_baseline compare --current JSON [options]\n\nCompares a fresh "
                  "run artifact with the committed baselines of one SKU.");
    if (name == "drift")
        return run_command<DriftCommand>(
            args, "usage: odo_baseline drift --from PATH... [options]\n\nReports slow drift "
                  "of C++ times over a series of nightly artifacts (report only).");
    throw UsageError("unknown command '" + name +
                     "' (choose from import, validate, compare, drift)");
}

} // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "-h" || args[0] == "--help") {
        std::cout << overview;
        return args.empty() ? exit_bad_input : exit_ok;
    }
    try {
        return dispatch(args[0], {args.begin() + 1, args.end()});
    } catch (const UsageError& e) {
        std::cerr << "odo_baseline " << args[0] << ": error: " << e.what() << "\n";
    } catch (const odo::InputError& e) {
        std::cerr << e.what() << "\n";
    }
    return exit_bad_input;
}
