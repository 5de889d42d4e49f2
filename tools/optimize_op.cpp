// optimize_op: the thin driver. Options -> context -> phase -> render -> exit code.
//   optimize_op <Operator> --phase preflight|evidence|summary [options]
// Exit codes: 0 clean, 1 blocking findings, 2 usage or input error.
#include "driver_main.hpp"
#include "driver_options.hpp"
#include "kept_until_exit.hpp"
#include "repository_root.hpp"

#include <odo/core/atomic_write.hpp>
#include <odo/core/error.hpp>
#include <odo/core/error_output.hpp>
#include <odo/core/file.hpp>
#include <odo/core/junit.hpp>
#include <odo/core/render.hpp>
#include <odo/gates/evidence.hpp>
#include <odo/gates/preflight.hpp>
#include <odo/gates/summary_phase.hpp>
#include <odo/repo/git.hpp>
#include <odo/repo/layout_file.hpp>
#include <odo/repo/operator.hpp>

#include <filesystem>
#include <iostream>
#include <iterator>

namespace {

namespace fs = std::filesystem;
using odo::driver::Options;

// The MR description: --results FILE, or stdin for '-'; nullopt when not given, which ODO-3
// reports. A named file that cannot be read is an input error naming it, not a missing summary.
std::optional<std::string> read_results(const Options& o) {
    if (!o.results)
        return std::nullopt;
    if (*o.results == "-")
        return std::string(std::istreambuf_iterator<char>(std::cin),
                           std::istreambuf_iterator<char>());
    odo::driver::require_readable_file("--results", *o.results);
    return odo::read_file(*o.results);
}

std::string render(const odo::Report& report, const Options& o) {
    if (o.format == "junit")
        return odo::render_junit(report);
    return o.format == "json" ? odo::render_json(report) : odo::render_markdown(report);
}

// Prints the report and writes it to --out; returns the phase's exit code (2 when --out fails).
int emit(const odo::Report& report, const Options& o) {
    const std::string text = render(report, o);
    std::cout << text << "\n" << std::flush; // printed even when --out then cannot be written
    if (o.out)
        odo::write_file_atomically(*o.out, text + "\n");
    return odo::exit_code(report);
}

// The summary phase prints the description (or writes it to --out) instead of a report, and
// reports its errors as the reference does: "optimize-op summary: <message>", exit 2.
int run_summary(const Options& o, const fs::path& root, const odo::repo::Layout& layout) {
    odo::gates::SummaryPhaseOptions s;
    s.repo_root = root;
    s.layout = layout;
    s.operator_name = o.operator_name;
    s.benchmark_base = o.benchmark_base;
    s.optimized_cases_file = o.optimized_cases_file;
    s.state = o.state;
    s.bottleneck = o.bottleneck;
    s.profile_evidence = o.profile_evidence;
    s.impact_metric = o.impact_metric;
    s.secondary_operators = o.secondary_operators;
    s.results = o.results;
    if (o.out)
        s.out = fs::path(*o.out);
    try {
        if (o.optimized_cases_file)
            odo::driver::require_readable_file("--optimized-cases-file", *o.optimized_cases_file);
        const std::string description = odo::gates::run_summary_phase(s);
        if (!o.out)
            std::cout << description << "\n";
        return 0;
    } catch (const odo::InputError& e) {
        odo::print_error(std::cerr, e, "optimize-op summary: ");
        return 2;
    }
}

// `--artifacts DIR`, links resolved; InputError (exit 2) when it is not a folder.
std::optional<fs::path> artifacts_folder(const Options& o) {
    if (!o.artifacts)
        return std::nullopt;
    std::error_code ec;
    const fs::path folder = fs::canonical(*o.artifacts, ec);
    if (ec || !fs::is_directory(folder, ec))
        throw odo::InputError("--artifacts " + *o.artifacts + ": not a folder");
    return folder;
}

int run(const Options& o) {
    const fs::path root = odo::driver::repository_root(o.repo);
    if (o.out) // before any work, also when run from outside the repository
        odo::refuse_linked_folder(*o.out, {root});
    const odo::repo::Layout layout = odo::repo::layout_for_repository(
        root, o.layout ? std::optional<fs::path>(*o.layout) : std::nullopt);
    odo::repo::OperatorPaths op = odo::repo::resolve_operator(root, layout, o.operator_name);
    if (!odo::repo::operator_exists(op))
        throw odo::InputError(odo::repo::unknown_operator_message(op, layout));
    const odo::repo::Git git(root);
    // In preflight a mistyped --base would only make PRE-6 MANUAL, which does not block: refuse
    // it. The evidence phase reports it as findings (MANUAL blocks there).
    if (o.phase == "preflight" && o.base_given)
        git.user_commit("--base", o.base);

    if (o.phase == "preflight")
        return emit(odo::gates::run_preflight(
                        odo::gates::load_preflight_context(root, layout, op, o.base, git)),
                    o);
    if (o.phase == "evidence") {
        odo::gates::EvidenceContext loaded = odo::gates::load_evidence_context(
            root, layout, op, o.base, read_results(o), o.mr_iid, git, artifacts_folder(o));
        if (o.reprove_refactors)
            odo::gates::reprove_refactor_commits(loaded, git,
                                                 *odo::devcode::isolation_from(o.isolation));
        const odo::gates::EvidenceContext& context =
            odo::driver::kept_until_exit(std::move(loaded));
        return emit(odo::gates::run_evidence(context), o);
    }
    return run_summary(o, root, layout); // --phase summary (the options allow nothing else)
}

} // namespace

int main(int argc, char** argv) {
    return odo::driver::guarded_main("optimize_op", [&] {
        const Options options = odo::driver::parse_options({argv + 1, argv + argc});
        if (options.help) {
            odo::driver::print_help(std::cout);
            return 0;
        }
        if (options.version) {
            std::cout << "optimize_op " ODO_VERSION_STRING "\n";
            return 0;
        }
        return run(options);
    });
}
