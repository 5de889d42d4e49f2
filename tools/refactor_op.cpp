// refactor_op: the thin driver of the refactor layer. Options -> sources -> phase -> render ->
// exit.
//   refactor_op <Operator> [--phase assess|verify|prove|cost] [options]
//   refactor_op --all-operators | --variants NAME | --simulate-hoist A,B [options]
// Exit codes: 0 no GAP, MATCH; 1 verify found a GAP, DEVICE-CODE-CHANGED, PROOF-FAILED; 2 usage or
// input error; 3 NEEDS-JUDGEMENT.
#include "driver_main.hpp"
#include "refactor_options.hpp"
#include "repository_root.hpp"

#include <odo/core/atomic_write.hpp>
#include <odo/core/error.hpp>
#include <odo/core/error_output.hpp>
#include <odo/core/file.hpp>
#include <odo/devcode/compile_cost.hpp>
#include <odo/devcode/compiler_sandbox.hpp>
#include <odo/devcode/proof_render.hpp>
#include <odo/refactor/checklist_evidence.hpp>
#include <odo/refactor/corpus_render.hpp>
#include <odo/refactor/render.hpp>
#include <odo/refactor/settings.hpp>
#include <odo/refactor/verify.hpp>
#include <odo/repo/git.hpp>
#include <odo/repo/layout_file.hpp>
#include <odo/repo/operator.hpp>
#include <odo/repo/source_tree.hpp>

#include <filesystem>
#include <iostream>

namespace {

namespace fs = std::filesystem;
using odo::refactor_driver::Options;

// The guideline's curated tunables, the command line's floor over them.
odo::refactor::AssessSettings settings(const Options& o, const fs::path& root,
                                       const odo::repo::Layout& layout) {
    odo::refactor::AssessSettings s = odo::refactor::repository_settings(root, layout);
    s.domains = o.domains;
    if (o.min_block_lines)
        s.tunables.min_block_lines = *o.min_block_lines;
    return s;
}

// Printed, and written to --out when given.
int emit(const std::string& text, const Options& o, int code) {
    std::cout << text << "\n" << std::flush;
    if (o.out)
        odo::write_file_atomically(*o.out, text + "\n");
    return code;
}

bool any_file_exists(const fs::path& root, const odo::repo::OperatorPaths& p) {
    if (!p.priv.empty())
        return true;
    for (const std::string& path :
         {p.header, p.hpp, p.pybind, p.test_cpp, p.test_py, p.bench_cpp, p.bench_py, p.bench_cfg})
        if (!path.empty() && odo::repo::try_read_repo_file(root, path))
            return true;
    return false;
}

odo::devcode::ProofRequest proof_request(const Options& o) {
    odo::devcode::ProofRequest r;
    r.files = o.files;
    r.stage = o.stage == "ptx" ? odo::devcode::Stage::ptx : odo::devcode::Stage::sass;
    r.arches = o.arches;
    if (o.build_dir)
        r.build_dir = fs::path(*o.build_dir);
    r.reverts = o.reverts;
    r.accept_signature_change = o.accept_signature_change;
    r.isolation = *odo::devcode::isolation_from(o.isolation);
    return r;
}

int run_prove(const Options& o, const odo::repo::Layout& layout, const odo::repo::OperatorPaths& op,
              const odo::repo::Git& git) {
    const odo::devcode::Proof proof = odo::devcode::prove(
        {git, layout, op, git.user_commit("--base", o.base), "", proof_request(o)});
    const std::string text = o.format == "json"
                                 ? odo::devcode::render_proof_json(op.operator_name, proof)
                                 : odo::devcode::render_proof_markdown(op.operator_name, proof);
    return emit(text, o, odo::devcode::exit_code(proof));
}

int run_cost(const Options& o, const odo::repo::OperatorPaths& op, const odo::repo::Git& git) {
    const odo::devcode::CostReport report = odo::devcode::measure_cost(
        {git, op, fs::path(*o.build_dir), o.base_given ? git.user_commit("--base", o.base) : "",
         static_cast<int>(o.repeat), *odo::devcode::isolation_from(o.isolation)});
    return emit(o.format == "json" ? odo::devcode::render_cost_json(op.operator_name, report)
                                   : odo::devcode::render_cost_markdown(op.operator_name, report),
                o, odo::devcode::any_compile_failed(report) ? 1 : 0);
}

// Verify's simplification evidence: what each TU costs to compile at the base and now.
std::vector<std::string> cost_evidence(const Options& o, const odo::repo::OperatorPaths& op,
                                       const odo::repo::Git& git, const std::string& base) {
    try {
        return odo::devcode::cost_deltas(
            odo::devcode::measure_cost({git, op, fs::path(*o.build_dir), base, 1,
                                        *odo::devcode::isolation_from(o.isolation)}));
    } catch (const odo::InputError& e) {
        return {std::string("not measured: ") + e.what()};
    }
}

int run_operator(const Options& o, const fs::path& root, const odo::repo::Layout& layout,
                 const odo::refactor::AssessSettings& s) {
    const odo::repo::OperatorPaths op = odo::repo::resolve_operator(root, layout, o.operator_name);
    if (!odo::repo::operator_exists(op) && !any_file_exists(root, op))
        throw odo::refactor_driver::UsageError("operator '" + o.operator_name +
                                               "' could not be resolved to the library's files");
    if (o.phase == "prove" || o.phase == "cost") {
        const odo::repo::Git git(root);
        return o.phase == "prove" ? run_prove(o, layout, op, git) : run_cost(o, op, git);
    }
    const odo::repo::WorkingTree now(root);
    odo::refactor::Report report;
    report.operator_name = op.operator_name;
    report.op = op.op;
    if (o.phase == "assess") {
        report.domains = s.domains;
        report.findings = odo::refactor::assess_findings({op, now}, s);
    } else {
        const odo::repo::Git git(root);
        const std::string base = git.user_commit("--base", o.base);
        const odo::repo::Revision before(git, base);
        std::optional<std::string> pixels;
        if (o.pixel_evidence) {
            odo::driver::require_readable_file("--pixel-evidence", *o.pixel_evidence);
            pixels = odo::read_file(*o.pixel_evidence);
        }
        std::optional<odo::devcode::ProofRequest> proof;
        if (o.build_dir)
            proof = proof_request(o);
        const odo::refactor::VerifyInput in{git,    layout, op,     now,
                                            before, o.base, pixels, o.pixel_evidence.value_or(""),
                                            s,      "",     proof};
        report.phase = odo::refactor::Phase::Verify;
        report.base_commit = base;
        report.domains = {"verify"};
        odo::refactor::RefactorSummary summary;
        report.findings = odo::refactor::verify_findings(in, summary);
        if (o.build_dir)
            summary.cost = cost_evidence(o, op, git, base);
        report.summary = std::move(summary);
    }
    report.checklist =
        odo::refactor::checklist_evidence(report, odo::refactor::sources_fingerprint(now, op));
    const std::string text = o.format == "json" ? odo::refactor::render_json(report)
                                                : odo::refactor::render_markdown(report);
    return emit(text, o, odo::refactor::exit_code(report));
}

int run_corpus(const Options& o, const fs::path& root, const odo::repo::Layout& layout,
               odo::refactor::AssessSettings s) {
    const odo::repo::WorkingTree tree(root);
    const bool json = o.format == "json";
    if (o.all_operators) {
        const auto rows =
            odo::refactor::all_operators(odo::refactor::every_operator(root, layout), tree, s);
        return emit(json ? odo::refactor::all_operators_json(rows, s.domains)
                         : odo::refactor::all_operators_markdown(rows),
                    o, 0);
    }
    if (o.variants) {
        if (!o.min_block_lines)
            s.tunables.min_block_lines = 1; // every body of that name, one-line twins included
        const auto variants = odo::refactor::variants_of(*o.variants, tree, s);
        return emit(json ? odo::refactor::variants_json(*o.variants, variants)
                         : odo::refactor::variants_markdown(*o.variants, variants),
                    o, 0);
    }
    const auto sim = odo::refactor::simulate_hoist(
        o.simulate_hoist, odo::refactor::every_operator(root, layout), tree, s);
    return emit(json ? odo::refactor::hoist_json(sim) : odo::refactor::hoist_markdown(sim), o, 0);
}

int run(const Options& o) {
    const fs::path root = odo::driver::repository_root(o.repo);
    if (o.out) // before any work, also when run from outside the repository
        odo::refuse_linked_folder(*o.out, {root});
    const odo::repo::Layout layout = odo::repo::layout_for_repository(
        root, o.layout ? std::optional<fs::path>(*o.layout) : std::nullopt);
    const auto s = settings(o, root, layout);
    if (o.operator_name.empty())
        return run_corpus(o, root, layout, s);
    return run_operator(o, root, layout, s);
}

} // namespace

int main(int argc, char** argv) {
    return odo::driver::guarded_main("refactor_op", [&] {
        const Options options = odo::refactor_driver::parse_options({argv + 1, argv + argc});
        if (options.help) {
            odo::refactor_driver::print_help(std::cout);
            return 0;
        }
        if (options.version) {
            std::cout << "refactor_op " ODO_VERSION_STRING "\n";
            return 0;
        }
        return run(options);
    });
}
