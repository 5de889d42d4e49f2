#pragma once
#include "odo/baseline/artifact_shard.hpp"
#include "odo/baseline/config_set.hpp"
#include "odo/baseline/detail/problem_list.hpp"
#include "odo/baseline/detail/sku_stem.hpp"
#include "odo/baseline/metrics.hpp"
#include "odo/baseline/nvbench_json.hpp"
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/core/text.hpp"
#include "odo/surface/case_key.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace odo::baseline {

// One measured row of a run artifact, checked against the configs and the SKU map.
struct ArtifactRow {
    std::string config_key;
    std::string case_key;
    std::string sku;
    Metrics metrics;
};

// A run artifact (bench-harness.md §3.4): the rows of one benchmark run, with the provenance
// of the envelope form. Bare legacy artifacts have no metadata.
struct Artifact {
    std::string source;
    std::optional<boost::json::object> run_metadata;
    std::vector<ArtifactRow> rows;

    // Whether the run's metadata says it was a nightly run (drift reads only those).
    bool is_nightly() const {
        const auto* flag = run_metadata ? run_metadata->if_contains("is_nightly") : nullptr;
        return flag && flag->is_bool() && flag->get_bool();
    }

    // The shard a sharded run recorded; nullopt for an unsharded run. Reading the artifact
    // (ingest_artifact) reported a malformed record already.
    std::optional<ArtifactShard> shard() const {
        std::vector<std::string> reported;
        return run_metadata ? read_artifact_shard(*run_metadata, source, reported) : std::nullopt;
    }
};

// The unchecked content of an artifact file: `{case_key: {sku: metrics}}` and the metadata.
struct ArtifactDocument {
    std::string source;
    std::optional<boost::json::object> run_metadata;
    boost::json::object baselines;
};

inline constexpr std::int64_t artifact_schema_version = 1;

namespace detail {

#if ODO_BASELINE_DEFINITIONS
inline ArtifactDocument envelope_document(const boost::json::object& o, std::string source) {
    const auto& version = o.at("schema_version");
    if (!version.is_int64() || version.get_int64() != artifact_schema_version)
        throw InputError(source + ": schema_version must be 1 (got " + json::dumps(version) + ")");
    const auto* baselines = o.if_contains("baselines");
    if (!baselines || !baselines->is_object())
        throw InputError(source + ": baselines must be an object keyed by case key");
    ArtifactDocument doc{std::move(source), std::nullopt, baselines->get_object()};
    if (const auto* metadata = o.if_contains("run_metadata")) {
        if (!metadata->is_object())
            throw InputError(doc.source + ": run_metadata must be an object");
        doc.run_metadata = metadata->get_object();
    }
    return doc;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace detail

// Parses an artifact file's text; a key repeated within one object (a row written twice) is an
// error (json::parse) rather than silently the last one.
ODO_API ArtifactDocument parse_artifact_text(std::string_view text, std::string source);
#if ODO_BASELINE_DEFINITIONS
// The envelope `{"schema_version": 1, "run_metadata": {...}, "baselines": {...}}` or the bare
// legacy mapping `{case_key: {sku: metrics}}`, told apart by `schema_version`.
inline ArtifactDocument read_artifact_document(const boost::json::value& doc, std::string source) {
    if (!doc.is_object())
        throw InputError(source + ": an artifact must be a JSON object");
    const auto& o = doc.get_object();
    if (!o.contains("schema_version") && is_nvbench_json(doc))
        throw InputError(source + ": this is nvbench's own JSON output, not a baseline artifact "
                                  "(import it as nvbench output)");
    if (o.contains("schema_version"))
        return detail::envelope_document(o, std::move(source));
    return {std::move(source), std::nullopt, o};
}

ODO_API ArtifactDocument parse_artifact_text(std::string_view text, std::string source) {
    const boost::json::value doc = json::parse(text, source);
    return read_artifact_document(doc, std::move(source));
}
#endif // ODO_BASELINE_DEFINITIONS

namespace detail {

#if ODO_BASELINE_DEFINITIONS
inline void ingest_case(const ArtifactDocument& doc, const std::string& case_key,
                        const boost::json::value& payload, const ConfigSet& set,
                        const std::vector<std::string>& sku_stems, LanguageSet languages,
                        Artifact& out, std::vector<std::string>& problems) {
    const std::string where = doc.source + ": " + case_key;
    std::string config_key;
    try {
        config_key = surface::parse_case_key(case_key).config_key;
    } catch (const InputError& e) {
        problems.push_back(doc.source + ": " + e.what());
        return;
    }
    const IndexedConfig* config = set.find(config_key);
    if (!config) {
        problems.push_back(where + ": unknown config key " + python_str_repr(config_key) +
                           " (no operator config declares it)");
        return;
    }
    if (const std::string problem = set.case_key_problem(*config, case_key); !problem.empty()) {
        problems.push_back(doc.source + ": " + problem);
        return;
    }
    if (!payload.is_object()) {
        problems.push_back(where + ": must be an object keyed by SKU stem");
        return;
    }
    for (const auto& sku : payload.get_object()) {
        const std::string stem(sku.key());
        const std::string row = where + " " + stem + ": ";
        if (const std::string problem = sku_stem_problem(sku_stems, stem); !problem.empty()) {
            problems.push_back(row + problem);
            continue;
        }
        std::vector<std::string> metric_problems;
        auto m = read_metrics(sku.value(), MetricsSchema::Artifact, metric_problems, languages);
        if (m && m->n_runs > artifact_row_runs) {
            metric_problems.push_back(
                std::string(n_runs_field) + " must be " + std::to_string(artifact_row_runs) +
                " in a run artifact: a row is one run (got " + std::to_string(m->n_runs) + ")");
            m.reset();
        }
        if (m)
            out.rows.push_back({config_key, case_key, stem, *std::move(m)});
        for (const std::string& p : metric_problems)
            problems.push_back(row + p);
    }
}

// A sharded run's rows are its SKU's cases of its shard; any other row means the artifact
// misstates the shard that produced it.
inline void check_shard_rows(const Artifact& artifact, const ArtifactShard& s,
                             std::vector<std::string>& problems) {
    for (const ArtifactRow& row : artifact.rows)
        if (row.sku != s.sku || !surface::in_shard(row.case_key, s.shard))
            problems.push_back(artifact.source + ": " + row.case_key + " " + row.sku +
                               ": not a row of " + s.str() + " (run_metadata.shard)");
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace detail

// The envelope `{"schema_version": 1, "run_metadata": {...}, "baselines": {...}}` of `artifact`'s
// rows, sorted by case key and SKU, metrics in the canonical field order: what a CI measure job
// uploads for `import --from` when its runs came from another tool (nvbench's output).
ODO_API boost::json::value artifact_json(const Artifact& artifact);
// The artifact files named by `--from` arguments: a file must end in .json; a directory gives
// its direct *.json children, sorted. Missing paths and empty directories are errors; a file
// named twice is read once.
ODO_API std::vector<std::filesystem::path>
artifact_paths(const std::vector<std::filesystem::path>& from);
// Checks every row of an artifact (bench-harness.md §5.1): the case key's config exists in the
// set, the key is one of its cases (axes in order, values canonical and declared), SKUs are
// stems of the SKU map and the metrics follow the artifact schema, with figures of the declared
// `languages` only; a sharded run's `run_metadata.shard` names a stem, and its rows are that
// SKU's cases of that shard. Rows that fail are left out and each failure is appended to
// `problems`, naming the file, case key, SKU and field.
ODO_API Artifact ingest_artifact(const ArtifactDocument& doc, const ConfigSet& set,
                                 const std::vector<std::string>& sku_stems,
                                 std::vector<std::string>& problems, LanguageSet languages = {});
// Reads and checks an artifact file; InputError listing every problem.
ODO_API Artifact load_artifact(const std::filesystem::path& path, const ConfigSet& set,
                               const std::vector<std::string>& sku_stems,
                               LanguageSet languages = {});
#if ODO_BASELINE_DEFINITIONS
ODO_API Artifact ingest_artifact(const ArtifactDocument& doc, const ConfigSet& set,
                                 const std::vector<std::string>& sku_stems,
                                 std::vector<std::string>& problems, LanguageSet languages) {
    Artifact artifact{doc.source, doc.run_metadata, {}};
    const std::optional<ArtifactShard> shard =
        doc.run_metadata ? read_artifact_shard(*doc.run_metadata, doc.source, problems)
                         : std::nullopt;
    for (const auto& kv : doc.baselines)
        detail::ingest_case(doc, std::string(kv.key()), kv.value(), set, sku_stems, languages,
                            artifact, problems);
    if (shard) {
        if (const std::string why = detail::sku_stem_problem(sku_stems, shard->sku); !why.empty())
            problems.push_back(doc.source + ": run_metadata.shard: " + why);
        detail::check_shard_rows(artifact, *shard, problems);
    }
    return artifact;
}

ODO_API boost::json::value artifact_json(const Artifact& artifact) {
    std::vector<const ArtifactRow*> rows;
    for (const ArtifactRow& row : artifact.rows)
        rows.push_back(&row);
    std::sort(rows.begin(), rows.end(), [](const ArtifactRow* a, const ArtifactRow* b) {
        return std::tie(a->case_key, a->sku) < std::tie(b->case_key, b->sku);
    });
    boost::json::object baselines;
    for (const ArtifactRow* row : rows) {
        boost::json::value& skus = baselines[row->case_key];
        if (!skus.is_object())
            skus = boost::json::object();
        skus.get_object()[row->sku] = updated_metrics_object(nullptr, row->metrics);
    }
    return boost::json::object{
        {"schema_version", artifact_schema_version},
        {"run_metadata", artifact.run_metadata.value_or(boost::json::object())},
        {"baselines", std::move(baselines)}};
}

ODO_API Artifact load_artifact(const std::filesystem::path& path, const ConfigSet& set,
                               const std::vector<std::string>& sku_stems, LanguageSet languages) {
    std::vector<std::string> problems;
    Artifact artifact = ingest_artifact(parse_artifact_text(read_file(path), path.string()), set,
                                        sku_stems, problems, languages);
    detail::throw_if_problems(problems);
    return artifact;
}

ODO_API std::vector<std::filesystem::path>
artifact_paths(const std::vector<std::filesystem::path>& from) {
    namespace fs = std::filesystem;
    std::vector<fs::path> paths;
    auto add = [&](const fs::path& p) {
        std::error_code ec;
        const fs::path resolved = fs::weakly_canonical(p, ec);
        const bool seen = std::any_of(paths.begin(), paths.end(), [&](const fs::path& q) {
            return fs::weakly_canonical(q, ec) == resolved;
        });
        if (!seen)
            paths.push_back(p);
    };
    for (const fs::path& p : from) {
        std::error_code ec;
        if (fs::is_directory(p, ec)) {
            const auto children = surface::detail::glob_files(p, "*.json");
            if (children.empty())
                throw InputError(p.string() + ": directory has no *.json artifact");
            for (const fs::path& child : children)
                add(child);
        } else if (!fs::exists(p, ec)) {
            throw InputError(p.string() + ": no such file or directory");
        } else if (p.extension() != ".json") {
            throw InputError(p.string() + ": an artifact must be a .json file");
        } else {
            add(p);
        }
    }
    return paths;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
