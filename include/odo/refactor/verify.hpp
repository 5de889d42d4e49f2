#pragma once
// HOST-ONLY. refactor_op's verify phase (review-refactor.md §2.8): an applied refactor must change
// nothing observable. VER-4 feature matrix, VER-1 frozen tests, VER-5 test coverage, VER-2 frozen
// benchmarks, VER-3 public API, VER-6 bit-exact results, VER-7 redundancy not increased, and the
// refactor summary. The working tree is compared with the base, so what is about to be committed
// counts, untracked files included; the evidence gate verifies a committed tree the same way.
#include "odo/core/linkage.hpp"
#include "odo/devcode/device_proof.hpp"
#include "odo/refactor/assess_phase.hpp"
#include "odo/refactor/checklist_evidence.hpp"
#include "odo/refactor/coverage_signature.hpp"
#include "odo/refactor/pixel_evidence.hpp"
#include "odo/repo/layout.hpp"
#include "odo/repo/path_template.hpp"
#include "odo/repo/path_text.hpp"
#include "odo/review/binding_snapshot.hpp"
#include "odo/review/header_diff.hpp"

#include <initializer_list>
#include <set>
#include <string>
#include <vector>

namespace odo::refactor {

struct VerifyInput {
    const repo::Git& git;
    const repo::Layout& layout;
    const repo::OperatorPaths& op;
    const repo::SourceTree& now;               // the working tree, or the commit `now_commit`
    const repo::Revision& base;                // the resolved base commit
    std::string base_ref;                      // as the user wrote it, for evidence
    std::optional<std::string> pixel_evidence; // a test run's output (VER-6)
    std::string pixel_evidence_name;           // where it came from
    AssessSettings settings;
    std::string now_commit; // "": `now` is the working tree; else the commit it reads (ODO-8)
    // Given (verify's --build-dir, or the gate asked to re-prove): VER-6 runs the device-code
    // proof when nvcc is there.
    std::optional<devcode::ProofRequest> proof;
};

namespace detail {

#if ODO_REFACTOR_DEFINITIONS
inline Finding verify_finding(const AssessSettings& s, std::string id, Status status,
                              std::string summary, std::string evidence = {},
                              std::string fix = {}) {
    return finding(s, "verify", std::move(id), status, std::move(summary), std::move(evidence),
                   std::move(fix));
}

// The paths whose contents differ between the base and now (a path on one side only differs).
inline std::vector<std::string> changed_files(const VerifyInput& in,
                                              const std::vector<std::string>& paths) {
    in.base.prefetch(paths);
    std::vector<std::string> out;
    for (const std::string& path : paths)
        if (!path.empty() && in.base.read(path) != in.now.read(path))
            out.push_back(path);
    return out;
}

// `git diff <options> <base> [<now commit>] --`: the working tree against the base, or the commit
// `now` reads.
inline std::vector<std::string> diff_args(const VerifyInput& in,
                                          std::initializer_list<const char*> options) {
    std::vector<std::string> args{"diff"};
    args.insert(args.end(), options.begin(), options.end());
    args.push_back(in.base.commit());
    if (!in.now_commit.empty())
        args.push_back(in.now_commit);
    args.push_back("--");
    return args;
}

inline std::vector<std::string> test_paths(const VerifyInput& in) {
    std::vector<std::string> paths{in.op.test_cpp};
    if (in.layout.languages.has_python())
        paths.push_back(in.op.test_py);
    return paths;
}

// The benchmark trees: the top directory of every benchmark path of the layout ("bench/").
inline std::vector<std::string> bench_roots(const repo::Layout& layout) {
    std::set<std::string> roots;
    for (const std::string& path :
         {layout.paths.bench_cpp, layout.paths.bench_py, layout.paths.bench_config_dir,
          layout.paths.manifest, layout.paths.sku_map}) {
        const auto slash = path.find('/');
        if (!path.empty() && slash != std::string::npos && path.find('{') > slash)
            roots.insert(path.substr(0, slash));
    }
    return {roots.begin(), roots.end()};
}

inline std::vector<std::string> lines_of(const std::optional<std::string>& out) {
    std::vector<std::string> lines;
    if (out)
        for (std::string_view line : text::lines(*out))
            if (!text::strip(line).empty())
                lines.emplace_back(text::strip(line));
    return lines;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace detail

#if ODO_REFACTOR_DEFINITIONS
inline Finding check_ver4(const VerifyInput& in) {
    const FeatureMatrix before = parse_feature_matrix(in.base.read(in.op.header).value_or(""));
    const FeatureMatrix now = parse_feature_matrix(in.now.read(in.op.header).value_or(""));
    if (before == now)
        return detail::verify_finding(in.settings, "VER-4", Status::Pass,
                                      "Declared feature matrix unchanged", describe(now));
    return detail::verify_finding(
        in.settings, "VER-4", Status::Gap, "Declared feature matrix changed",
        "base=" + describe(before) + " now=" + describe(now),
        "Restore the header's Limitations table: a change of what the operator supports is "
        "feature work, not a refactor.");
}

inline Finding check_ver1(const VerifyInput& in, const std::vector<std::string>& changed_tests) {
    if (changed_tests.empty())
        return detail::verify_finding(in.settings, "VER-1", Status::Pass,
                                      "Operator tests unchanged (frozen)",
                                      text::join(detail::test_paths(in), ", "));
    return detail::verify_finding(
        in.settings, "VER-1", Status::Gap,
        "Operator tests changed: a refactor must pass the tests as they were",
        text::join(changed_tests, ", "),
        "Revert the test changes; land test work in its own commit.");
}

inline Finding check_ver5(const VerifyInput& in, const std::vector<std::string>& changed_tests) {
    if (changed_tests.empty())
        return detail::verify_finding(in.settings, "VER-5", Status::Pass,
                                      "Test coverage unchanged (tests untouched)");
    // Each test file read in its own language: the C++ suites and value rows, and where the layout
    // declares Python, the test functions pytest collects.
    auto signature = [&](const repo::SourceTree& tree) {
        auto out = coverage_signature(tree.read(in.op.test_cpp).value_or(""));
        if (in.layout.languages.has_python())
            for (std::string& entry : python_test_signature(tree.read(in.op.test_py).value_or("")))
                out.push_back(std::move(entry));
        return out;
    };
    const auto before = signature(in.base);
    const auto now = signature(in.now);
    if (before == now)
        return detail::verify_finding(in.settings, "VER-5", Status::Pass,
                                      "Test coverage signature unchanged",
                                      std::to_string(now.size()) + " signature entries");
    return detail::verify_finding(
        in.settings, "VER-5", Status::Gap, "Test coverage signature changed",
        "base=[" + text::join(before, ", ") + "] now=[" + text::join(now, ", ") + "]",
        "Keep every test suite, test function and value row the base had.");
}

inline Finding check_ver2(const VerifyInput& in) {
    std::vector<std::string> args = detail::diff_args(in, {"--name-only", "--no-renames"});
    std::vector<std::string> untracked{"ls-files", "--others", "--exclude-standard", "--"};
    const auto roots = detail::bench_roots(in.layout);
    for (const std::string& root : roots) {
        args.push_back(root + "/");
        untracked.push_back(root + "/");
    }
    std::vector<std::string> changed;
    if (!roots.empty()) {
        const auto diff = in.git.output(args);
        if (!diff)
            return detail::verify_finding(in.settings, "VER-2", Status::Manual,
                                          "Benchmark tree could not be compared with the base",
                                          "git " + text::join(args, " ") + " failed");
        changed = detail::lines_of(diff);
        if (in.now_commit.empty()) // a commit has no untracked files
            for (auto& path : detail::lines_of(in.git.output(untracked)))
                changed.push_back(path);
    }
    if (changed.empty())
        return detail::verify_finding(in.settings, "VER-2", Status::Pass,
                                      "Benchmarks unchanged (frozen)",
                                      text::join(roots, "/, ") + (roots.empty() ? "" : "/"));
    return detail::verify_finding(in.settings, "VER-2", Status::Gap,
                                  "Benchmark files changed: a refactor is measured with the "
                                  "benchmarks as they were",
                                  text::join(changed, ", "),
                                  "Revert the benchmark changes; land them in their own commit.");
}

inline Finding check_ver3(const VerifyInput& in) {
    std::vector<std::string> headers;
    for (const std::string& path : {in.op.header, in.op.hpp})
        if (!path.empty())
            headers.push_back(path);
    const auto changed_headers = detail::changed_files(in, headers);
    if (!changed_headers.empty()) {
        std::vector<std::string> args =
            detail::diff_args(in, {"--no-renames", "--no-ext-diff", "-U0"});
        args.insert(args.end(), headers.begin(), headers.end());
        const auto patch = in.git.output(args);
        const auto lines = patch ? review::changed_lines(*patch) : std::nullopt;
        if (lines) {
            const auto signatures =
                review::signature_lines(*lines, in.layout.grammar.public_signature_tokens);
            if (!signatures.empty()) {
                std::vector<std::string> shown;
                for (std::size_t i = 0; i < signatures.size() && i < 3; ++i)
                    shown.push_back(std::string(1, signatures[i].sign) +
                                    std::string(review::first_characters(signatures[i].text, 80)));
                return detail::verify_finding(in.settings, "VER-3", Status::Gap,
                                              "Public signature changed", text::join(shown, " | "),
                                              "Restore the public declarations.");
            }
        }
        return detail::verify_finding(
            in.settings, "VER-3", Status::Manual,
            "Public header changed without a signature line; prove the "
            "API/ABI unchanged",
            text::join(changed_headers, ", "),
            "Read the header diff; revert it unless it is comments only.");
    }
    if (!in.layout.languages.has_python() || in.op.pybind.empty() ||
        detail::changed_files(in, {in.op.pybind}).empty())
        return detail::verify_finding(in.settings, "VER-3", Status::Pass,
                                      "Public API/ABI surface unchanged");
    const auto grammar = review::binding_grammar(in.layout, in.op.operator_name);
    const auto before =
        review::binding_api_snapshot(in.base.read(in.op.pybind).value_or(""), grammar);
    const auto now = review::binding_api_snapshot(in.now.read(in.op.pybind).value_or(""), grammar);
    if (!before.snapshot || !now.snapshot)
        return detail::verify_finding(
            in.settings, "VER-3", Status::Manual,
            "Python binding changed and its API cannot be compared",
            std::string("baseline parsed=") + (before.snapshot ? "yes" : "no: " + before.problem) +
                "; candidate parsed=" + (now.snapshot ? "yes" : "no: " + now.problem),
            "Read the binding diff and confirm the Python API is unchanged.");
    if (*before.snapshot == *now.snapshot)
        return detail::verify_finding(
            in.settings, "VER-3", Status::Pass,
            "Public API/ABI surface unchanged (binding implementation only)");
    return detail::verify_finding(
        in.settings, "VER-3", Status::Gap,
        "Python binding API changed: feature work, not a refactor",
        text::join(review::snapshot_differences(*before.snapshot, *now.snapshot), "; "),
        "Restore the binding's registrations and bound signatures.");
}
#endif // ODO_REFACTOR_DEFINITIONS

// VER-6 judges a test run's output, which only whoever ran the tests holds.
constexpr const char* bit_exact_id = "VER-6";

ODO_API std::vector<Finding> verify_findings(const VerifyInput& in, RefactorSummary& summary);
#if ODO_REFACTOR_DEFINITIONS
namespace detail {

// VER-6 from the device-code proof; nullopt when none was asked for or no nvcc is there, and when
// the device code changed, which only a test run can judge.
inline std::optional<Finding> ver6_from_proof(const VerifyInput& in, std::string& changed) {
    // An operator without CUDA sources has no device code to prove: a MATCH would say nothing.
    if (!in.proof || (in.proof->files.empty() && devcode::cuda_sources(in.op).empty()) ||
        !devcode::cuda_compiler())
        return std::nullopt;
    devcode::Proof p;
    try {
        p = devcode::prove({in.git, in.layout, in.op, in.base.commit(), in.now_commit, *in.proof});
    } catch (const InputError& e) {
        return verify_finding(in.settings, bit_exact_id, Status::Manual,
                              "The device-code proof could not run", e.what(),
                              "Fix what it names, or give pixel evidence of the frozen tests.");
    }
    const std::string citation = "device-code proof " + devcode::proof_citation(p);
    switch (p.verdict) {
    case devcode::ProofVerdict::match:
        // The proof compares device code only: the PASS claims that and says what it left out.
        return verify_finding(in.settings, bit_exact_id, Status::Pass,
                              "Device code identical on every TU compiled; host code not compared",
                              citation + "; host code: " + devcode::host_code_text(p));
    case devcode::ProofVerdict::failed: {
        std::string failure;
        for (const devcode::TuProof& r : p.results)
            if (!r.failure.empty() && failure.empty())
                failure = r.file + " (" + r.arch + ") " + r.failure;
        std::replace(failure.begin(), failure.end(), '\n', ' ');
        return verify_finding(in.settings, bit_exact_id, Status::Manual,
                              "The device-code proof failed to compile", failure,
                              "Fix the compile, or give pixel evidence of the frozen tests.");
    }
    case devcode::ProofVerdict::needs_judgement:
        return verify_finding(in.settings, bit_exact_id, Status::Manual,
                              "The device-code proof needs a person's judgement",
                              text::join(devcode::changed_symbols(p), "; ") + "; " + citation,
                              "Name the cause of the signature or schedule change (refactor_op "
                              "--phase prove), or give pixel evidence of the frozen tests.");
    case devcode::ProofVerdict::changed:
        break;
    }
    changed = text::join(devcode::changed_symbols(p), "; ");
    return std::nullopt;
}

} // namespace detail

inline Finding check_ver6(const VerifyInput& in) {
    std::string changed;
    if (auto proven = detail::ver6_from_proof(in, changed))
        return *proven;
    const std::string because =
        changed.empty() ? std::string() : "the device code changed (" + changed + "); ";
    const std::string stem(repo::file_stem(in.op.test_cpp));
    const std::string command = repo::expand(in.settings.profile.bitexact_command,
                                             {in.op.operator_name, in.op.op, in.op.pyname});
    const std::string sources = sources_fingerprint(in.now, in.op);
    if (!in.pixel_evidence)
        return detail::verify_finding(
            in.settings, bit_exact_id, Status::Manual,
            changed.empty() ? "Bit-exact results not shown"
                            : "Device code changed: bit-exactness needs pixel evidence",
            because + "run: ODO_SOURCES_FINGERPRINT=" + sources + " " + command +
                " and give its output with --pixel-evidence FILE",
            "Prove the device code unchanged (--build-dir with nvcc), or run the frozen tests and "
            "pass their output (the pixel evidence lines) to verify.");
    const auto all_lines = pixel_evidence_lines(*in.pixel_evidence, stem);
    std::vector<PixelEvidenceLine> lines;
    for (const PixelEvidenceLine& e : all_lines)
        if (e.sources == sources)
            lines.push_back(e);
    if (lines.empty())
        return detail::verify_finding(
            in.settings, bit_exact_id, Status::Manual,
            all_lines.empty() ? "No pixel evidence line of " + stem + " tests"
                              : "No pixel evidence line names the sources verified",
            because + in.pixel_evidence_name +
                " holds no \"Pixelwise equality to reference\" line naming `" + stem +
                ".<test>` and \"; sources " + sources + "\"",
            "Run the operator's tests with odo's pixel evidence and ODO_SOURCES_FINGERPRINT=" +
                sources + " and pass their output.");
    std::vector<std::string> red;
    std::size_t variants = 0;
    for (const auto& e : lines) {
        variants += e.total;
        if (!is_green(e))
            red.push_back(e.test + " " + std::to_string(e.passed) + "/" + std::to_string(e.total));
    }
    if (!red.empty())
        return detail::verify_finding(
            in.settings, bit_exact_id, Status::Gap, "Pixel comparisons failed after the refactor",
            because + text::join(red, ", ") + " in " + in.pixel_evidence_name,
            "The refactor changed results: fix it or drop it.");
    return detail::verify_finding(
        in.settings, bit_exact_id, Status::Pass,
        "Bit-exact: every pixel comparison of the operator's tests passed",
        because + std::to_string(lines.size()) + " test(s), " + std::to_string(variants) +
            " variant(s) green in " + in.pixel_evidence_name + " on sources " + sources);
}

// Assess at the base and now over every domain, and what moved between them.
inline RefactorSummary redundancy_summary(const VerifyInput& in) {
    AssessSettings all = in.settings;
    all.domains = {"impl", "api", "xcut"};
    const auto before = open_counts(assess_findings({in.op, in.base}, all));
    const auto now = open_counts(assess_findings({in.op, in.now}, all));
    RefactorSummary s;
    for (const auto& [id, n] : before)
        if (!now.count(id))
            s.resolved.push_back(id);
    for (const auto& [id, n] : now) {
        s.open_now.push_back(id);
        const auto was = before.find(id);
        if (was == before.end())
            s.introduced.push_back(id);
        else if (n < was->second)
            s.reduced[id] = {was->second, n};
        else if (n > was->second)
            s.grown[id] = {was->second, n};
    }
    return s;
}

inline Finding check_ver7(const VerifyInput& in, const RefactorSummary& s) {
    std::vector<std::string> base_sources = in.op.priv;
    base_sources.push_back(in.op.pybind);
    in.base.prefetch(base_sources);
    const bool base_has_sources =
        std::any_of(base_sources.begin(), base_sources.end(),
                    [&](const std::string& p) { return in.base.read(p).has_value(); });
    if (!base_has_sources)
        return detail::verify_finding(in.settings, "VER-7", Status::Manual,
                                      "No operator sources at the base to assess against",
                                      "base " + in.base_ref + " holds none of " +
                                          text::join(base_sources, ", "),
                                      "Verify against a base that has the operator.");
    std::vector<std::string> worse = s.introduced;
    for (const auto& [id, counts] : s.grown)
        worse.push_back(id + " " + std::to_string(counts.first) + "->" +
                        std::to_string(counts.second));
    if (!worse.empty())
        return detail::verify_finding(
            in.settings, "VER-7", Status::Gap,
            "The refactor adds redundancy assess did not report at the base",
            text::join(worse, ", "), "Run assess and resolve what the refactor introduced.");
    std::vector<std::string> resolved = s.resolved;
    for (const auto& [id, counts] : s.reduced)
        resolved.push_back(id + " " + std::to_string(counts.first) + "->" +
                           std::to_string(counts.second));
    return detail::verify_finding(
        in.settings, "VER-7", Status::Pass, "No redundancy introduced (assess at the base and now)",
        "resolved: " + id_list_text(resolved) + "; still open: " + id_list_text(s.open_now));
}

inline void add_line_counts(const VerifyInput& in, RefactorSummary& s) {
    std::vector<std::string> args = detail::diff_args(in, {"--numstat", "--no-renames"});
    args.insert(args.end(), in.op.priv.begin(), in.op.priv.end());
    if (!in.op.pybind.empty())
        args.push_back(in.op.pybind);
    const std::string numstat = in.git.output(args).value_or("");
    for (std::string_view line : text::lines(numstat)) {
        const auto tab = line.find('\t');
        const auto tab2 = line.find('\t', tab + 1);
        if (tab == std::string_view::npos || tab2 == std::string_view::npos || line[0] == '-')
            continue;
        s.loc_insertions += std::stol(std::string(line.substr(0, tab)));
        s.loc_deletions += std::stol(std::string(line.substr(tab + 1, tab2 - tab - 1)));
    }
}

ODO_API std::vector<Finding> verify_findings(const VerifyInput& in, RefactorSummary& summary) {
    const auto changed_tests = detail::changed_files(in, detail::test_paths(in));
    summary = redundancy_summary(in);
    add_line_counts(in, summary);
    return {check_ver4(in),
            check_ver1(in, changed_tests),
            check_ver5(in, changed_tests),
            check_ver2(in),
            check_ver3(in),
            check_ver6(in),
            check_ver7(in, summary)};
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
