#pragma once
// HOST-ONLY: --sources-base reads the change since a ref through odo::repo::Git (a child process).
// `odo_baseline import` as a library call: run artifacts (or nvbench's own output) merged, checked
// for quality, same-key regressions, shard and surface coverage, and written into the committed
// operator files atomically; or, with an artifact output, one machine's nvbench outputs written
// as a run artifact. What the command prints goes to the two streams it is given.
#include "odo/baseline/artifact.hpp"
#include "odo/baseline/command_exit.hpp"
#include "odo/baseline/completeness.hpp"
#include "odo/baseline/config_set.hpp"
#include "odo/baseline/import.hpp"
#include "odo/baseline/language.hpp"
#include "odo/baseline/loaded_repository.hpp"
#include "odo/baseline/merge.hpp"
#include "odo/baseline/nvbench_csv.hpp"
#include "odo/baseline/nvbench_json.hpp"
#include "odo/baseline/nvbench_run.hpp"
#include "odo/baseline/quality.hpp"
#include "odo/baseline/shard_coverage.hpp"
#include "odo/baseline/unexplained_move.hpp"
#include "odo/core/atomic_write.hpp"
#include "odo/core/error.hpp"
#include "odo/core/error_output.hpp"
#include "odo/core/file.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/json_write.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/core/usage_error.hpp"
#include "odo/repo/attribution.hpp"
#include "odo/repo/git.hpp"

#include <boost/json.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace odo::baseline {

// What an import reads and writes, as odo_baseline's options give it.
struct ImportCommandOptions {
    std::vector<std::string> from;    // run artifacts (.json) or folders of them
    std::vector<std::string> nvbench; // "LANG:CONFIG_KEY:PATH": nvbench's --csv or --json output
    double power_cap_w = 0;           // the machine that produced the nvbench output
    double locked_sm_clock_mhz = 0;
    std::optional<std::int64_t> cuda_major;
    bool dry_run = false;       // check and print the plan, write nothing
    bool complete = false;      // refuse unless every case of each imported operator is measured
    std::int64_t shards = 0;    // 0: as the artifacts record
    std::int64_t per_shard = 0; // artifacts each shard job wrote; 0: not known
    std::string summary;        // also write a Markdown table of the changes here
    std::string artifact_out;   // write the nvbench outputs as one run artifact, import nothing
    std::string sources_base;   // warn about rows that moved although no source changed since
    std::string copy_to;        // also write each merged operator file into this folder
    ImportOptions options;      // its operators: names; its quality is computed from the limits
    BenchmarkQuality quality_limits = default_benchmark_quality; // SKU map entries override
};

// Runs the import on `repository`: 0 imported (or nothing to import, or a dry run), 1 refused
// (quality, regression or coverage), 2 problems with the inputs, printed on `err`. Throws
// UsageError for an option the inputs make unusable and InputError for an unreadable input.
ODO_API int import_command(const ImportCommandOptions& o, const LoadedRepository& repository,
                           std::ostream& out, std::ostream& err);

#if ODO_BASELINE_DEFINITIONS
namespace detail {

inline NvbenchOutput nvbench_output(const ImportCommandOptions& o, const std::string& spec,
                                    LanguageSet languages) {
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
    const std::string text = read_file(path);
    NvbenchContext context{spec.substr(first + 1, second - first - 1), *language, o.power_cap_w,
                           o.locked_sm_clock_mhz, o.cuda_major};
    const auto states = std::filesystem::path(path).extension() == ".csv"
                            ? read_nvbench_csv(text, path)
                            : read_nvbench_json(json::parse(text, path), path);
    return {path, std::move(context), states};
}

inline std::vector<Artifact> import_inputs(const ImportCommandOptions& o, const ConfigSet& set,
                                           const surface::SkuMap& map, LanguageSet languages) {
    std::vector<std::filesystem::path> paths;
    for (const std::string& p : o.from)
        paths.emplace_back(p);
    std::vector<Artifact> out;
    if (!paths.empty())
        for (const std::filesystem::path& path : artifact_paths(paths))
            out.push_back(load_artifact(path, set, map.stems(), languages));
    if (!o.nvbench.empty()) {
        if (o.power_cap_w <= 0 || o.locked_sm_clock_mhz <= 0)
            throw UsageError("--nvbench needs --power-cap-w and --locked-sm-clock-mhz (and "
                             "--cuda-major where the SKU map has one)");
        std::vector<NvbenchOutput> outputs;
        for (const std::string& spec : o.nvbench)
            outputs.push_back(nvbench_output(o, spec, languages));
        out.push_back(artifact_from_nvbench(outputs, set, map, "nvbench output"));
    }
    return out;
}

// The nvbench outputs of one machine as a run artifact, recording the machine's context the
// outputs lack, so the import job merges every SKU's runs in one `--from` import, as it merges
// odo runners' artifacts.
inline int write_run_artifact(const ImportCommandOptions& o, const LoadedRepository& r,
                              std::ostream& out) {
    std::vector<Artifact> converted = import_inputs(o, r.configs, r.sku_map, r.layout.languages);
    Artifact& artifact = converted.front();
    // The import reads a row of an artifact as one run: several outputs of one config key and
    // language are several runs, each its own artifact.
    for (const ArtifactRow& row : artifact.rows)
        if (row.metrics.n_runs > artifact_row_runs)
            throw UsageError("--write-artifact: " + row.case_key + " " + row.sku + " comes from " +
                             std::to_string(row.metrics.n_runs) +
                             " outputs; a run artifact holds one run: write one artifact per "
                             "output of a config key and language");
    artifact.run_metadata =
        boost::json::object{{"power_cap_w", o.power_cap_w},
                            {"locked_sm_clock_mhz", o.locked_sm_clock_mhz},
                            {"cuda_major", o.cuda_major ? boost::json::value(*o.cuda_major)
                                                        : boost::json::value(nullptr)}};
    write_file_atomically(o.artifact_out,
                          json::dumps(artifact_json(artifact), {4, false, true}) + "\n");
    out << "wrote " << artifact.rows.size() << " case/SKU row(s) to " << o.artifact_out << "\n";
    return command_ok;
}

// The operators whose sources the change since `sources_base` left alone, per the layout's
// attribution (the operators are the configs' benchmarks).
inline std::set<std::string> operators_with_unchanged_sources(const ImportCommandOptions& o,
                                                              const LoadedRepository& r) {
    const std::filesystem::path& top = r.root;
    repo::OperatorSet ops;
    for (const OperatorFile& file : r.configs.files())
        ops.insert(file.config.benchmark);
    const repo::Git git(top);
    const auto changed =
        git.changed_paths(git.user_commit("--sources-base", o.sources_base), "HEAD");
    if (!changed)
        throw InputError("--sources-base " + one_line(o.sources_base) +
                         ": git cannot diff it against HEAD");
    std::set<std::string> data; // the files the import reads, as git names them
    const auto in_repo = [&](const std::filesystem::path& p) {
        return std::filesystem::weakly_canonical(p)
            .lexically_relative(std::filesystem::weakly_canonical(top))
            .string();
    };
    for (const OperatorFile& file : r.configs.files())
        data.insert(in_repo(file.path));
    data.insert(in_repo(r.sku_map_file));
    return operators_unchanged_by(*changed, repo::Attribution(top, r.layout, ops), ops, data);
}

// Warns, without failing, about merged rows that left their committed row's noise band although
// their operator's code did not change: such figures say more about the runners than about a
// change, and a summary built on them would misattribute the difference.
inline void warn_unexplained_moves(const ImportCommandOptions& o, const LoadedRepository& r,
                                   const std::vector<BaselineUpdate>& updates, std::ostream& err) {
    const auto moves =
        unexplained_moves(r.configs, updates, operators_with_unchanged_sources(o, r));
    std::vector<std::string> lines;
    for (const UnexplainedMove& move : moves)
        lines.push_back("warning: " + unexplained_move_line(move));
    print_capped(err, lines, max_problem_lines);
    if (!moves.empty())
        err << "warning: " << moves.size()
            << " row(s) moved beyond their noise although no source of their operator changed "
               "since "
            << one_line(o.sources_base)
            << ": these runners time the same code differently from where the committed "
               "figures were measured; compare figures from one machine\n";
}

// Names the shards no artifact arrived of and the cases no input measured; false when there are
// any.
inline bool surface_complete(const ImportCommandOptions& o, const ConfigSet& set,
                             const std::vector<BaselineUpdate>& updates,
                             const std::vector<std::string>& skus, const ShardCoverage& coverage,
                             std::ostream& err) {
    const auto missing = missing_cases(set, updates, skus, o.options.operators);
    std::vector<std::string> lines = shard_gap_lines(coverage, o.per_shard);
    const std::size_t shard_gaps = lines.size();
    for (std::string& line : missing_case_lines(missing, coverage.counts))
        lines.push_back(std::move(line));
    if (lines.empty())
        return true;
    print_capped(err, lines, max_problem_lines);
    err << "baseline import refused: " << missing.size()
        << " case/SKU row(s) of the surface are missing from the inputs, " << shard_gaps
        << " shard problem(s) (an artifact of a shard or a runner did not arrive); nothing was "
           "written\n";
    return false;
}

// The plan per file and per change, then (unless a dry run) the files written.
inline void write_import(const ImportCommandOptions& o, const ConfigSet& set,
                         const ImportPlan& plan, std::ostream& out) {
    for (const PlannedFile& f : plan.files)
        out << set.files()[f.file].path.string() << ": " << f.rows << " case/SKU row(s) for "
            << python_list_repr(std::vector<std::string>(f.skus.begin(), f.skus.end()))
            << (f.changed ? "" : " (unchanged)") << "\n";
    print_capped(out, import_change_lines(plan), 80);
    if (o.dry_run) {
        out << "dry run: nothing written\n";
        return;
    }
    std::vector<std::pair<std::filesystem::path, std::string>> also_write;
    if (!o.summary.empty())
        also_write.emplace_back(o.summary, render_import_markdown(plan));
    if (!o.copy_to.empty())
        for (const PlannedFile& f : plan.files)
            also_write.emplace_back(
                std::filesystem::path(o.copy_to) / set.files()[f.file].path.filename(), f.bytes);
    const auto written = apply_import(set, plan, std::move(also_write));
    out << "wrote " << written.size() << " file(s)\n";
}

} // namespace detail

ODO_API int import_command(const ImportCommandOptions& o, const LoadedRepository& repository,
                           std::ostream& out, std::ostream& err) {
    const LanguageSet languages = repository.layout.languages;
    const surface::SkuMap& map = repository.sku_map;
    const ConfigSet& set = repository.configs;
    if (!o.artifact_out.empty())
        return detail::write_run_artifact(o, repository, out);
    std::vector<std::string> problems;
    const std::vector<Artifact> inputs = detail::import_inputs(o, set, map, languages);
    const ShardCoverage coverage = shard_coverage(inputs, map.stems(), o.shards, problems);
    if (o.per_shard > 0)
        for (std::string& problem : shard_surplus_problems(coverage, o.per_shard))
            problems.push_back(std::move(problem));
    const auto updates = merge_artifacts(inputs, problems);
    if (!problems.empty()) {
        print_capped(err, problems, max_problem_lines);
        return command_bad_input;
    }
    if (o.complete && !detail::surface_complete(o, set, updates, map.stems(), coverage, err))
        return command_failed;
    ImportOptions options = o.options;
    options.quality = quality_policy(map, o.quality_limits, languages);
    const ImportPlan plan = plan_import(set, updates, map.stems(), options);
    if (!o.sources_base.empty())
        detail::warn_unexplained_moves(o, repository, updates, err);
    if (plan.changes.empty()) {
        err << "warning: the inputs hold no rows; nothing to import\n";
        return command_ok;
    }
    if (!plan.ok()) {
        print_capped(err, plan.failures, max_problem_lines);
        err << "baseline import refused: " << plan.failures.size()
            << " failure(s); nothing was written\n";
        return command_failed;
    }
    detail::write_import(o, set, plan, out);
    return command_ok;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
