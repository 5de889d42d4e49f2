// odo_baseline: baseline maintenance for an op repository — import run artifacts, validate
// committed baselines (with the regression gate against a git ref), compare a fresh run, report
// drift. A thin driver: options -> library call -> printed report -> exit code.
// Exit codes: 0 ok; 1 validation, quality or regression failure; 2 bad input or usage.
#include "baseline_options.hpp"
#include "baseline_repository.hpp"

#include <odo/baseline/artifact.hpp>
#include <odo/baseline/compare.hpp>
#include <odo/baseline/compare_report.hpp>
#include <odo/baseline/completeness.hpp>
#include <odo/baseline/config_set.hpp>
#include <odo/baseline/drift.hpp>
#include <odo/baseline/import.hpp>
#include <odo/baseline/merge.hpp>
#include <odo/baseline/nvbench_csv.hpp>
#include <odo/baseline/nvbench_json.hpp>
#include <odo/baseline/nvbench_run.hpp>
#include <odo/baseline/regression_at_ref.hpp>
#include <odo/baseline/shard_coverage.hpp>
#include <odo/baseline/unexplained_move.hpp>
#include <odo/baseline/validation.hpp>
#include <odo/baseline/validation_report.hpp>
#include <odo/core/atomic_write.hpp>
#include <odo/core/error.hpp>
#include <odo/core/error_output.hpp>
#include <odo/core/file.hpp>
#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>
#include <odo/repo/attribution.hpp>
#include <odo/repo/git.hpp>
#include <odo/repo/layout_file.hpp>
#include <odo/surface/sku_map.hpp>
#include <odo/version.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

namespace {

namespace fs = std::filesystem;
using namespace odo::baseline;

constexpr int exit_ok = 0;
constexpr int exit_failed = 1;
constexpr int exit_bad_input = 2;

using odo::driver::UsageError;

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

// Validation issues on stderr, the first few of them.
void print_issues(const std::vector<ValidationIssue>& issues) {
    std::vector<std::string> lines;
    for (const ValidationIssue& issue : issues)
        lines.push_back(issue.text());
    odo::print_capped(std::cerr, lines, odo::max_problem_lines);
}

// ---- import ---------------------------------------------------------------------------------

struct ImportCommand : odo::driver::ImportArgs {
    NvbenchOutput nvbench_output(const std::string& spec, LanguageSet languages) const {
        const auto first = spec.find(':');
        const auto second = first == std::string::npos ? first : spec.find(':', first + 1);
        const auto language = parse_language(spec.substr(0, first));
        if (second == std::string::npos || !language)
            throw UsageError("--nvbench " + spec +
                             ": expected LANG:CONFIG_KEY:PATH, LANG cpp or python");
        if (!languages.contains(*language))
            throw UsageError("--nvbench " + spec +
                             ": the layout declares no Python binding (languages: cpp)");
        const std::string path = spec.substr(second + 1);
        const std::string text = odo::read_file(path);
        NvbenchContext context{spec.substr(first + 1, second - first - 1), *language, power_cap_w,
                               locked_sm_clock_mhz, cuda_major};
        const auto states = fs::path(path).extension() == ".csv"
                                ? read_nvbench_csv(text, path)
                                : read_nvbench_json(odo::json::parse(text, path), path);
        return {path, std::move(context), states};
    }

    std::vector<Artifact> artifacts(const ConfigSet& set, const odo::surface::SkuMap& map,
                                    LanguageSet languages) const {
        std::vector<fs::path> paths;
        for (const std::string& p : from)
            paths.emplace_back(p);
        std::vector<Artifact> out;
        if (!paths.empty())
            for (const fs::path& path : artifact_paths(paths))
                out.push_back(load_artifact(path, set, map.stems(), languages));
        if (!nvbench.empty()) {
            if (power_cap_w <= 0 || locked_sm_clock_mhz <= 0)
                throw UsageError("--nvbench needs --power-cap-w and --locked-sm-clock-mhz (and "
                                 "--cuda-major where the SKU map has one)");
            std::vector<NvbenchOutput> outputs;
            for (const std::string& spec : nvbench)
                outputs.push_back(nvbench_output(spec, languages));
            out.push_back(artifact_from_nvbench(outputs, set, map, "nvbench output"));
        }
        return out;
    }

    int run() {
        options.operators = comma_list(operators);
        const odo::driver::BaselineRepository repository(repo);
        repository.refuse_linked_outputs({summary, artifact_out});
        const LanguageSet languages = repository.layout().languages;
        const auto map = repository.load_sku_map();
        const ConfigSet set = repository.load_configs();
        if (!artifact_out.empty())
            return write_artifact(set, map, languages);
        std::vector<std::string> problems;
        const std::vector<Artifact> inputs = artifacts(set, map, languages);
        const ShardCoverage coverage = shard_coverage(inputs, map.stems(), shards, problems);
        if (per_shard > 0)
            for (std::string& problem : shard_surplus_problems(coverage, per_shard))
                problems.push_back(std::move(problem));
        const auto updates = merge_artifacts(inputs, problems);
        if (!problems.empty()) {
            odo::print_capped(std::cerr, problems, odo::max_problem_lines);
            return exit_bad_input;
        }
        if (complete && !surface_complete(set, updates, map.stems(), coverage))
            return exit_failed;
        options.quality = odo::baseline::quality_policy(map, limits.quality, languages);
        const ImportPlan plan = plan_import(set, updates, map.stems(), options);
        if (!sources_base.empty())
            warn_unexplained_moves(repository, set, updates);
        if (plan.changes.empty()) {
            std::cerr << "warning: the inputs hold no rows; nothing to import\n";
            return exit_ok;
        }
        if (!plan.ok()) {
            odo::print_capped(std::cerr, plan.failures, odo::max_problem_lines);
            std::cerr << "baseline import refused: " << plan.failures.size()
                      << " failure(s); nothing was written\n";
            return exit_failed;
        }
        report(set, plan);
        return exit_ok;
    }

    // --write-artifact: the nvbench outputs of one machine as a run artifact, recording the
    // machine's context the outputs lack, so the import job merges every SKU's runs in one
    // `--from` import, as it merges odo runners' artifacts.
    int write_artifact(const ConfigSet& set, const odo::surface::SkuMap& map,
                       LanguageSet languages) const {
        std::vector<Artifact> converted = artifacts(set, map, languages);
        Artifact& artifact = converted.front();
        // The import reads a row of an artifact as one run: several outputs of one config key
        // and language are several runs, each its own artifact.
        for (const ArtifactRow& row : artifact.rows)
            if (row.metrics.n_runs > artifact_row_runs)
                throw UsageError("--write-artifact: " + row.case_key + " " + row.sku +
                                 " comes from " + std::to_string(row.metrics.n_runs) +
                                 " outputs; a run artifact holds one run: write one artifact per "
                                 "output of a config key and language");
        artifact.run_metadata =
            boost::json::object{{"power_cap_w", power_cap_w},
                                {"locked_sm_clock_mhz", locked_sm_clock_mhz},
                                {"cuda_major", cuda_major ? boost::json::value(*cuda_major)
                                                          : boost::json::value(nullptr)}};
        odo::write_file_atomically(
            artifact_out, odo::json::dumps(artifact_json(artifact), {4, false, true}) + "\n");
        std::cout << "wrote " << artifact.rows.size() << " case/SKU row(s) to " << artifact_out
                  << "\n";
        return exit_ok;
    }

    // --sources-base: the operators whose sources the change since that ref left alone, per the
    // layout's attribution (the operators are the configs' benchmarks).
    std::set<std::string>
    operators_with_unchanged_sources(const odo::driver::BaselineRepository& repository,
                                     const ConfigSet& set) const {
        const fs::path& top = repository.root();
        odo::repo::OperatorSet ops;
        for (const OperatorFile& file : set.files())
            ops.insert(file.config.benchmark);
        const odo::repo::Git git(top);
        const auto changed =
            git.changed_paths(git.user_commit("--sources-base", sources_base), "HEAD");
        if (!changed)
            throw odo::InputError("--sources-base " + odo::one_line(sources_base) +
                                  ": git cannot diff it against HEAD");
        std::set<std::string> data; // the files the import reads, as git names them
        const auto in_repo = [&](const fs::path& p) {
            return fs::weakly_canonical(p).lexically_relative(fs::weakly_canonical(top)).string();
        };
        for (const OperatorFile& file : set.files())
            data.insert(in_repo(file.path));
        data.insert(in_repo(repository.sku_map()));
        return operators_unchanged_by(
            *changed, odo::repo::Attribution(top, repository.layout(), ops), ops, data);
    }

    // Warns, without failing, about merged rows that left their committed row's noise band
    // although their operator's code did not change: such figures say more about the runners than
    // about a change, and a summary built on them would misattribute the difference.
    void warn_unexplained_moves(const odo::driver::BaselineRepository& repository,
                                const ConfigSet& set,
                                const std::vector<BaselineUpdate>& updates) const {
        const auto moves =
            unexplained_moves(set, updates, operators_with_unchanged_sources(repository, set));
        std::vector<std::string> lines;
        for (const UnexplainedMove& move : moves)
            lines.push_back("warning: " + unexplained_move_line(move));
        odo::print_capped(std::cerr, lines, odo::max_problem_lines);
        if (!moves.empty())
            std::cerr << "warning: " << moves.size()
                      << " row(s) moved beyond their noise although no source of their operator "
                         "changed since "
                      << odo::one_line(sources_base)
                      << ": these runners time the same code differently from where the "
                         "committed figures were measured; compare figures from one machine\n";
    }

    // --complete: names the shards no artifact arrived of and the cases no input measured;
    // false when there are any.
    bool surface_complete(const ConfigSet& set, const std::vector<BaselineUpdate>& updates,
                          const std::vector<std::string>& skus,
                          const ShardCoverage& coverage) const {
        const auto missing = missing_cases(set, updates, skus, options.operators);
        std::vector<std::string> lines = shard_gap_lines(coverage, per_shard);
        const std::size_t shard_gaps = lines.size();
        for (std::string& line : missing_case_lines(missing, coverage.counts))
            lines.push_back(std::move(line));
        if (lines.empty())
            return true;
        odo::print_capped(std::cerr, lines, odo::max_problem_lines);
        std::cerr << "baseline import refused: " << missing.size()
                  << " case/SKU row(s) of the surface are missing from the inputs, " << shard_gaps
                  << " shard problem(s) (an artifact of a shard or a runner did not arrive); "
                     "nothing was written\n";
        return false;
    }

    void report(const ConfigSet& set, const ImportPlan& plan) const {
        for (const PlannedFile& f : plan.files)
            std::cout << set.files()[f.file].path.string() << ": " << f.rows
                      << " case/SKU row(s) for "
                      << odo::python_list_repr(
                             std::vector<std::string>(f.skus.begin(), f.skus.end()))
                      << (f.changed ? "" : " (unchanged)") << "\n";
        odo::print_capped(std::cout, import_change_lines(plan), 80);
        if (dry_run) {
            std::cout << "dry run: nothing written\n";
            return;
        }
        std::vector<std::pair<fs::path, std::string>> also_write;
        if (!summary.empty())
            also_write.emplace_back(summary, render_import_markdown(plan));
        if (!copy_to.empty())
            for (const PlannedFile& f : plan.files)
                also_write.emplace_back(fs::path(copy_to) / set.files()[f.file].path.filename(),
                                        f.bytes);
        const auto written = apply_import(set, plan, std::move(also_write));
        std::cout << "wrote " << written.size() << " file(s)\n";
    }
};

// ---- validate -------------------------------------------------------------------------------

struct ValidateCommand : odo::driver::ValidateArgs {
    BaselineSelection selection(const odo::driver::BaselineRepository& repository,
                                const ConfigSet& set) const {
        BaselineSelection s;
        auto select_file = [&](const fs::path& path) {
            std::error_code ec;
            for (const OperatorFile& file : set.files())
                if (fs::equivalent(file.path, path, ec)) {
                    s.files.insert(file.path.string());
                    return;
                }
            throw odo::InputError(path.string() + ": not an operator config under " +
                                  repository.operators_dir().string());
        };
        for (const std::string& file : files)
            select_file(file);
        for (const std::string& op : comma_list(operators))
            select_file(repository.operator_file(op));
        for (const std::string& key : comma_list(config_keys)) {
            if (!set.find(key))
                throw odo::InputError("--config-key " + odo::python_str_repr(key) +
                                      ": no operator config declares it");
            s.config_keys.insert(key);
        }
        return s;
    }

    int run() {
        const odo::driver::BaselineRepository repository(repo);
        repository.refuse_linked_outputs({junit});
        const auto map = repository.load_sku_map();
        const ConfigSet set = repository.load_configs();
        BaselineSelection selected = selection(repository, set);
        selected.languages = repository.layout().languages;
        const ValidationSummary summary = validate_baselines(
            set, map.stems(), selected,
            odo::baseline::quality_policy(map, limits.quality, selected.languages));
        print_issues(summary.issues);
        if (!summary.ok()) {
            std::cerr << "JSON baseline validation failed: " << summary.issues.size()
                      << " issue(s)\n";
            write_junit(set, selected, summary, nullptr);
            return exit_failed;
        }
        std::cout << "JSON baseline validation passed (" << summary.files << " file(s), "
                  << summary.configs << " config(s), " << summary.cases << " case-keys, "
                  << summary.metric_rows << " case/SKU rows)\n";
        const odo::repo::Git git(repository.root());
        if (ref.empty() || allow_regressions) {
            const int code = ref.empty() ? exit_ok : regressions_allowed(git);
            write_junit(set, selected, summary, nullptr);
            return code;
        }
        const RegressionReport report = reject_regressions_from(git, ref, set, selected, policy);
        write_junit(set, selected, summary, &report);
        return print_regressions(report);
    }

    // --junit: the operator files validated, each with its findings.
    void write_junit(const ConfigSet& set, const BaselineSelection& selected,
                     const ValidationSummary& summary, const RegressionReport* report) const {
        if (junit.empty())
            return;
        std::vector<std::string> validated;
        for (const OperatorFile& file : set.files())
            if (selected.includes_file(file.path.string()))
                validated.push_back(file.path.string());
        odo::write_file_atomically(junit,
                                   odo::render_junit(validation_suites(validated, summary, report),
                                                     "odo_baseline validate") +
                                       "\n");
        std::cout << "JUnit report: " << junit << "\n";
    }

    int regressions_allowed(const odo::repo::Git& git) const {
        if (!git.resolve_commit(ref))
            throw odo::InputError("ref " + odo::python_str_repr(ref) +
                                  " does not resolve to a commit");
        std::cerr << "warning: --allow-regressions: same-key regressions vs " << ref
                  << " are not checked\n";
        return exit_ok;
    }

    static int print_regressions(const RegressionReport& report) {
        std::vector<std::string> regressed, cannot_tell, new_rows;
        for (const RegressionRow& row : report.rows) {
            if (row.regressed)
                regressed.push_back(regression_message(report, row));
            else if (row.cannot_tell())
                cannot_tell.push_back(cannot_tell_message(report, row));
            else if (!row.base)
                new_rows.push_back(new_row_message(row));
        }
        odo::print_capped(std::cerr, regressed, odo::max_problem_lines);
        odo::print_capped(std::cout, cannot_tell, cannot_tell.size());
        odo::print_capped(std::cout, new_rows, 25);
        std::cout << regression_summary(report) << "\n";
        return report.regressed() ? exit_failed : exit_ok;
    }
};

// ---- compare --------------------------------------------------------------------------------

struct CompareCommand : odo::driver::CompareArgs {
    int run() {
        if (!sku.empty())
            options.sku = sku;
        options.operators = comma_list(operators);
        const odo::driver::BaselineRepository repository(repo);
        repository.refuse_linked_outputs({markdown, junit});
        options.languages = repository.layout().languages;
        const auto map = repository.load_sku_map();
        const ConfigSet set = repository.load_configs();
        // One defect anywhere makes every comparison untrustworthy: bad input, as the reference.
        const ValidationSummary committed = validate_baselines(
            set, map.stems(), {},
            odo::baseline::quality_policy(map, default_benchmark_quality, options.languages));
        if (!committed.ok()) {
            print_issues(committed.issues);
            throw odo::InputError("committed baselines are invalid (" +
                                  std::to_string(committed.issues.size()) + " issue(s))");
        }
        const CompareResult result = compare_to_baseline(
            set, load_artifact(current, set, map.stems(), options.languages), options);
        std::cout << "Resolved SKU: " << result.sku << " (" << result.sku_source << ")\n"
                  << compare_counts_line(result) << "\n"
                  << render_compare_markdown(result, repository.operators_dir().string(), current,
                                             markdown.empty() ? SIZE_MAX : 25);
        if (!markdown.empty())
            odo::write_file_atomically(
                markdown,
                render_compare_markdown(result, repository.operators_dir().string(), current));
        if (!junit.empty())
            odo::write_file_atomically(junit, render_compare_junit(result));
        return result.flagged() ? exit_failed : exit_ok;
    }
};

// ---- drift ----------------------------------------------------------------------------------

struct DriftCommand : odo::driver::DriftArgs {
    int run() {
        const odo::driver::BaselineRepository repository(repo);
        repository.refuse_linked_outputs({markdown, json_out});
        const LanguageSet languages = repository.layout().languages;
        const auto map = repository.load_sku_map();
        const ConfigSet set = repository.load_configs();
        std::vector<fs::path> paths(from.begin(), from.end());
        std::vector<Artifact> artifacts;
        std::vector<std::string> skipped; // rows the configs no longer declare, or malformed
        for (const fs::path& path : artifact_paths(paths))
            artifacts.push_back(
                ingest_artifact(parse_artifact_text(odo::read_file(path), path.string()), set,
                                map.stems(), skipped, languages));
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
    "Run 'odo_baseline <command> --help' for a command's options; --version prints the "
    "version.\n";

// Runs a parsed command, or prints its help.
struct Runner {
    template <class Args>
    int operator()(Args args) const {
        if (args.repo.help) {
            std::cout << odo::driver::command_help<Args>();
            return exit_ok;
        }
        return command_for(std::move(args)).run();
    }
    static ImportCommand command_for(odo::driver::ImportArgs a) { return {std::move(a)}; }
    static ValidateCommand command_for(odo::driver::ValidateArgs a) { return {std::move(a)}; }
    static CompareCommand command_for(odo::driver::CompareArgs a) { return {std::move(a)}; }
    static DriftCommand command_for(odo::driver::DriftArgs a) { return {std::move(a)}; }
};

} // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "-h" || args[0] == "--help") {
        std::cout << overview;
        return args.empty() ? exit_bad_input : exit_ok;
    }
    if (args[0] == "--version") {
        std::cout << "odo_baseline " ODO_VERSION_STRING "\n";
        return exit_ok;
    }
    try {
        return std::visit(Runner{}, odo::driver::parse_baseline_command(args));
    } catch (const UsageError& e) {
        odo::print_error(std::cerr, e, "odo_baseline " + odo::one_line(args[0]) + ": error: ");
    } catch (const odo::InputError& e) {
        odo::print_error(std::cerr, e);
    }
    return exit_bad_input;
}
