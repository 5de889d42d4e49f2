#pragma once
// `odo_baseline drift` as a library call: slow drift of C++ times over a series of nightly
// artifacts, reported on `out` and optionally as Markdown and JSON files (report only).
#include "odo/baseline/artifact.hpp"
#include "odo/baseline/command_exit.hpp"
#include "odo/baseline/drift.hpp"
#include "odo/baseline/loaded_repository.hpp"
#include "odo/core/atomic_write.hpp"
#include "odo/core/file.hpp"
#include "odo/core/linkage.hpp"

#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

namespace odo::baseline {

struct DriftCommandOptions {
    std::vector<std::string> from; // artifacts or folders of them, oldest first
    DriftOptions options;
    std::string markdown; // also write the Markdown report here
    std::string json_out; // also write the findings as JSON here
};

// Runs drift on `repository`: 0 reported, 1 too few artifacts to tell (said on `err`). Rows the
// configs no longer declare, or malformed ones, are skipped and counted on `err`.
ODO_API int drift_command(const DriftCommandOptions& o, const LoadedRepository& repository,
                          std::ostream& out, std::ostream& err);

#if ODO_BASELINE_DEFINITIONS
ODO_API int drift_command(const DriftCommandOptions& o, const LoadedRepository& repository,
                          std::ostream& out, std::ostream& err) {
    const std::vector<std::filesystem::path> paths(o.from.begin(), o.from.end());
    std::vector<Artifact> artifacts;
    std::vector<std::string> skipped; // rows the configs no longer declare, or malformed
    for (const std::filesystem::path& path : artifact_paths(paths))
        artifacts.push_back(ingest_artifact(parse_artifact_text(read_file(path), path.string()),
                                            repository.configs, repository.sku_map.stems(), skipped,
                                            repository.layout.languages));
    const DriftReport report = detect_drift(artifacts, o.options);
    if (!skipped.empty())
        err << "skipped " << skipped.size()
            << " artifact row(s) the configs no longer declare or that are malformed\n";
    if (report.artifacts_used < 2 * o.options.min_samples) {
        err << "drift needs at least " << 2 * o.options.min_samples << " "
            << (o.options.any_run_context ? "" : "nightly ") << "artifacts, got "
            << report.artifacts_used << "\n";
        return command_failed;
    }
    const std::string md = render_drift_markdown(report);
    out << md;
    if (!o.markdown.empty())
        write_file_atomically(o.markdown, md);
    if (!o.json_out.empty())
        write_file_atomically(o.json_out, render_drift_json(report));
    return command_ok;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
