#pragma once
// `odo_baseline compare` as a library call: a fresh run artifact against the committed baselines
// of one SKU, once those baselines are known to be valid; the Markdown report on `out`, and
// optionally in a file, with a JUnit report.
#include "odo/baseline/artifact.hpp"
#include "odo/baseline/command_exit.hpp"
#include "odo/baseline/compare.hpp"
#include "odo/baseline/compare_report.hpp"
#include "odo/baseline/loaded_repository.hpp"
#include "odo/baseline/quality.hpp"
#include "odo/baseline/validation.hpp"
#include "odo/baseline/validation_report.hpp"
#include "odo/core/atomic_write.hpp"
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"

#include <limits>
#include <ostream>
#include <string>

namespace odo::baseline {

struct CompareCommandOptions {
    std::string current;    // the fresh run artifact
    CompareOptions options; // its sku and operators as given; its languages are the layout's
    std::string junit;      // also write a JUnit report here
    std::string markdown;   // also write the whole Markdown report here
};

// Runs compare on `repository`: 0 nothing flagged, 1 a row flagged. InputError (bad input, as
// the reference) when a committed baseline is invalid, after its issues are printed on `err`:
// one defect anywhere makes every comparison untrustworthy.
ODO_API int compare_command(const CompareCommandOptions& o, const LoadedRepository& repository,
                            std::ostream& out, std::ostream& err);

#if ODO_BASELINE_DEFINITIONS
ODO_API int compare_command(const CompareCommandOptions& o, const LoadedRepository& repository,
                            std::ostream& out, std::ostream& err) {
    CompareOptions options = o.options;
    options.languages = repository.layout.languages;
    const ConfigSet& set = repository.configs;
    const std::vector<std::string> stems = repository.sku_map.stems();
    const ValidationSummary committed = validate_baselines(
        set, stems, {},
        quality_policy(repository.sku_map, default_benchmark_quality, options.languages));
    if (!committed.ok()) {
        print_validation_issues(err, committed.issues);
        throw InputError("committed baselines are invalid (" +
                         std::to_string(committed.issues.size()) + " issue(s))");
    }
    const CompareResult result =
        compare_to_baseline(set, load_artifact(o.current, set, stems, options.languages), options);
    const std::string baselines = repository.operators_dir.string();
    out << "Resolved SKU: " << result.sku << " (" << result.sku_source << ")\n"
        << compare_counts_line(result) << "\n"
        << render_compare_markdown(result, baselines, o.current,
                                   o.markdown.empty() ? std::numeric_limits<std::size_t>::max()
                                                      : 25);
    if (!o.markdown.empty())
        write_file_atomically(o.markdown, render_compare_markdown(result, baselines, o.current));
    if (!o.junit.empty())
        write_file_atomically(o.junit, render_compare_junit(result));
    return result.flagged() ? command_failed : command_ok;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
