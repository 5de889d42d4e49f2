#pragma once
// HOST-ONLY (runs git and nvcc). The device-code proof of refactor_op --phase prove: each CUDA
// translation unit of the operator compiled on both sides of the change (the base revision, then
// the change, in one scratch path: side_tree.hpp) for each arch, its device code split per kernel
// and compared (device_code.hpp). Identical device code on every TU and arch proves the change
// left those kernels' output as it was, without a GPU; anyone with nvcc can re-run it.
#include "odo/core/blake2b.hpp"
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/process.hpp"
#include "odo/core/text.hpp"
#include "odo/devcode/compile_command.hpp"
#include "odo/devcode/compiler_sandbox.hpp"
#include "odo/devcode/cubin_module.hpp"
#include "odo/devcode/device_code.hpp"
#include "odo/devcode/device_code_diff.hpp"
#include "odo/devcode/ptx_module.hpp"
#include "odo/devcode/side_tree.hpp"
#include "odo/repo/git.hpp"
#include "odo/repo/layout.hpp"
#include "odo/repo/operator.hpp"
#include "odo/repo/source_tree.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace odo::devcode {

// What the user asked the proof for.
struct ProofRequest {
    std::vector<std::string> files; // TUs; empty: the operator's CUDA sources
    Stage stage = Stage::sass;
    std::vector<std::string> arches; // empty: the recorded command's, else sm_80 and sm_90
    std::optional<std::filesystem::path> build_dir;
    std::vector<std::string> reverts; // paths taken from the base while the change stands
    bool accept_signature_change = false;
    Isolation isolation = Isolation::automatic;
};

enum class ProofVerdict { match, changed, failed, needs_judgement };
ODO_API std::string_view to_string(ProofVerdict v) noexcept;

// One TU at one arch: the symbols that differ, or why it could not be compiled.
struct TuProof {
    std::string file;
    std::string arch;
    std::size_t symbols = 0;         // compared on the base side
    std::vector<SymbolDelta> deltas; // every one that is not identical
    std::string failure;             // "base: <compiler's last lines>"; "" when compiled
};

struct Proof {
    ProofVerdict verdict = ProofVerdict::match;
    std::string base_commit;
    std::string now; // "working tree" or the commit compared
    Stage stage = Stage::sass;
    std::vector<std::string> arches;
    std::vector<std::string> files;
    std::string flags_origin; // "compile_commands.json", "layout profile", or both
    std::string compiler;     // the nvcc run
    std::string isolation;    // how it ran (CompilerSandbox::description)
    std::string fingerprint;  // BLAKE2b-64 over the files compiled, both sides; 16 hex digits
    std::size_t fingerprinted_files = 0;
    std::vector<std::string> reverted;
    bool signature_change_accepted = false;
    std::vector<TuProof> results;
    // Files the compiles read that the change touched: their host code was compiled but not
    // compared, so a MATCH says nothing of it (a launch configuration, a host branch).
    std::vector<std::string> changed_sources;
    // Files over max_side_file_bytes left out of the side trees.
    std::vector<std::string> left_out;
    // What the side trees held: "include closure (N files, M stubs)", or "whole tree (why)".
    std::string side_trees;
};

struct ProofInput {
    const repo::Git& git;
    const repo::Layout& layout;
    const repo::OperatorPaths& op;
    std::string base_commit;
    std::string now_commit; // "": the working tree
    ProofRequest request;
};

// The operator's CUDA translation units (its private sources ending in .cu), in review order.
ODO_API std::vector<std::string> cuda_sources(const repo::OperatorPaths& op);
// Compiles and compares. InputError (exit 2) for what the user or the repository must fix: no
// nvcc, a hostile compile command, a TU out of the repository, device code that cannot be parsed.
ODO_API Proof prove(const ProofInput& in);
// 0 MATCH, 1 DEVICE-CODE-CHANGED or PROOF-FAILED, 3 NEEDS-JUDGEMENT.
ODO_API int exit_code(const Proof& p) noexcept;
// "sass sm_80,sm_90; TUs a.cu, b.cu; proof 0123456789abcdef": what VER-6 cites.
ODO_API std::string proof_citation(const Proof& p);
// What the proof says of host code: never compared, and which changed files it compiled hold some.
ODO_API std::string host_code_text(const Proof& p);
// The kernels that changed, "invertKernel<float> (sm_80: changed, 3 lines, +1 instructions)".
ODO_API std::vector<std::string> changed_symbols(const Proof& p);

namespace detail {

#if ODO_DEVCODE_DEFINITIONS
// The files a make-style dependency file names, as written (escaped spaces undone).
inline std::vector<std::string> dependency_paths(const std::string& text) {
    std::vector<std::string> out;
    std::string word;
    bool after_colon = false;
    auto flush = [&] {
        if (!word.empty() && after_colon)
            out.push_back(word);
        if (word == ":" || (!word.empty() && word.back() == ':' && !after_colon))
            after_colon = true;
        word.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\\' && i + 1 < text.size() && (text[i + 1] == ' ' || text[i + 1] == '#')) {
            word += text[++i];
        } else if (c == '\\' && i + 1 < text.size() && text[i + 1] == '\n') {
            ++i;
            flush();
        } else if (c == ' ' || c == '\t' || c == '\n') {
            flush();
        } else {
            word += c;
        }
    }
    flush();
    return out;
}

struct Compiled {
    std::optional<Module> module;
    std::string failure;
    bool reached_stub = false; // the compile included a file the side tree holds as a stub
};

// The TU's command for each side, and the arches to compile.
struct TuCommand {
    CompileCommand command;
    std::vector<std::string> arches;
};

inline std::string stage_flag(Stage s) {
    return s == Stage::ptx ? "-ptx" : "-cubin";
}

class ProofCompiler {
public:
    ProofCompiler(const CompilerSandbox& sandbox, const SideTree& tree, Stage stage,
                  std::filesystem::path repo_root, std::filesystem::path build_dir)
        : sandbox_(sandbox), tree_(tree), stage_(stage), repo_root_(std::move(repo_root)),
          build_dir_(std::move(build_dir)) {}

    // One compile of the tree as it is now; the files it read go into `read`. The dependency
    // file is written by the device pass's preprocessor (-Xcompiler): nvcc's own -MD runs one
    // more preprocessor, of the host side, which a device-code compile does not otherwise run.
    Compiled compile(const CompileCommand& c, const std::string& arch,
                     std::set<std::string>& read) {
        namespace fs = std::filesystem;
        const std::string stem = std::to_string(count_++);
        const fs::path output = tree_.out() / (stem + (stage_ == Stage::ptx ? ".ptx" : ".cubin"));
        const fs::path deps = tree_.out() / (stem + ".d");
        std::vector<std::string> args = instantiate(c.flags, tree_.root());
        args.insert(args.end(),
                    {stage_flag(stage_), "-arch=" + arch, "-Xcompiler=-MD,-MF," + deps.string(),
                     "-o", output.string(), (tree_.root() / c.file).string()});
        const ProcessResult r = sandbox_.run(args, tree_.root(), std::chrono::seconds(600));
        if (!r.ok()) {
            const std::string output_text = r.err + "\n" + r.out;
            return {std::nullopt,
                    r.timed_out  ? "nvcc ran past 600 s"
                    : !r.started ? r.error
                                 : side_diagnostics(output_text, tree_.root(), 12),
                    output_text.find(side_tree_stub_marker) != std::string::npos};
        }
        std::error_code ec;
        const std::uintmax_t size = fs::file_size(output, ec);
        if (ec)
            return {std::nullopt, "nvcc exited 0 but wrote no " + output.filename().string()};
        if (size > max_device_code_bytes) // refused before it is read
            throw InputError(c.file + " (" + arch + "): the compiler's output is larger than " +
                             std::to_string(max_device_code_bytes >> 20) + " MiB; refused");
        const std::string bytes = read_file(output);
        const std::string origin = c.file + " (" + arch + ")";
        Module module =
            stage_ == Stage::ptx ? parse_ptx(bytes, origin) : parse_cubin(bytes, origin);
        const std::optional<std::string> dependencies = try_read_file(deps);
        if (!dependencies) // what the compile read is unknown: nothing can be said of it
            return {std::nullopt, "nvcc exited 0 but its preprocessor wrote no dependency file"};
        for (const std::string& path : dependency_paths(*dependencies))
            note_read(c, path, read);
        return {std::move(module), {}};
    }

private:
    // A file the compile read, by its canonical path: the side's own goes into `read`; one of the
    // build directory's or outside the repository is shared by both sides; one of the working
    // tree (a link in the build directory leading into the repository) is refused, since both
    // sides would read it and a change there would read as a MATCH.
    void note_read(const CompileCommand& c, const std::string& path,
                   std::set<std::string>& read) const {
        namespace fs = std::filesystem;
        const fs::path p = fs::path(path).lexically_normal();
        const fs::path absolute = p.is_absolute() ? p : (tree_.root() / p).lexically_normal();
        std::error_code ec;
        fs::path canonical = fs::weakly_canonical(absolute, ec);
        if (ec)
            canonical = absolute;
        if (is_within(canonical, tree_.root()))
            read.insert(canonical.lexically_relative(tree_.root()).generic_string());
        else if (!build_dir_.empty() && is_within(canonical, build_dir_))
            return;
        else if (is_within(canonical, repo_root_))
            throw InputError(c.file + ": the compile read " + canonical.string() +
                             " from the working tree, not the side's copy; refused");
    }

    const CompilerSandbox& sandbox_;
    const SideTree& tree_;
    Stage stage_;
    std::filesystem::path repo_root_; // canonical
    std::filesystem::path build_dir_; // canonical; empty without a build directory
    std::size_t count_ = 0;
};

// "<side>\0<path>\0<bytes>\0" for each file a side's compiles read, in path order.
inline std::string side_digest_input(const std::string& side, const SideTree& tree,
                                     const std::set<std::string>& read) {
    std::string all;
    for (const std::string& path : read)
        all += side + '\0' + path + '\0' + try_read_file(tree.root() / path).value_or("-") + '\0';
    return all;
}

inline std::vector<TuCommand> tu_commands(const ProofInput& in,
                                          const std::vector<std::string>& files,
                                          const std::vector<std::string>& tracked,
                                          std::set<std::string>& origins) {
    std::optional<CompileDatabase> database;
    if (in.request.build_dir)
        database.emplace(*in.request.build_dir, in.git.root());
    std::vector<TuCommand> out;
    for (const std::string& file : files) {
        if (!repo::is_contained_path_text(file) || !repo::resolve_repo_path(in.git.root(), file))
            throw InputError("--file " + file + ": leads outside the repository; refused");
        std::optional<CompileCommand> c = database ? database->command_for(file) : std::nullopt;
        if (c && c->compiler != CompilerKind::nvcc)
            throw InputError(file + ": the build compiles it with a C++ compiler, not nvcc; the "
                                    "proof compares device code, name a CUDA source (--file)");
        if (!c)
            c = synthesized_command(in.layout, file, tracked);
        origins.insert(c->origin);
        std::vector<std::string> arches = !in.request.arches.empty() ? in.request.arches
                                          : !c->arches.empty()
                                              ? c->arches
                                              : std::vector<std::string>{"sm_80", "sm_90"};
        out.push_back({*std::move(c), std::move(arches)});
    }
    return out;
}

// The change on top of the base the tree holds: each path that differs, as the working tree or the
// commit compared holds it, then each reverted path as the base holds it. A revert of a path
// neither side has is refused: it would be reported as reverted while nothing was.
inline std::vector<std::string> write_change(SideTree& tree, const ProofInput& in,
                                             const std::vector<std::string>& reverts) {
    std::vector<std::string> changed = tree.write_change(in.git, in.base_commit, in.now_commit);
    const repo::Revision base(in.git, in.base_commit);
    for (const std::string& path : reverts) {
        std::optional<std::string> bytes = base.read(path);
        std::error_code ec;
        if (!bytes && !std::filesystem::exists(tree.root() / path, ec))
            throw InputError("--revert " + path + ": neither the base nor the change has it");
        tree.put(path, std::move(bytes));
    }
    return changed;
}

// The TUs and every repository path their flags name (an include folder, a file included by
// flag) as roots and folders of the include closure.
inline IncludeSearch include_search(const std::vector<TuCommand>& commands) {
    IncludeSearch out;
    for (const TuCommand& t : commands) {
        out.roots.push_back(t.command.file);
        for (const CommandArg& a : t.command.flags)
            if (a.repo_path) {
                out.folders.push_back(*a.repo_path);
                if (!a.repo_path->empty())
                    out.roots.push_back(*a.repo_path);
            }
    }
    return out;
}

// Both sides compiled, each TU at each arch, and what they read.
struct SideRuns {
    std::vector<Compiled> before, after;
    std::set<std::string> base_read, now_read;
    std::vector<std::string> changed;
    std::string digest_input;
    std::string why_not_closure; // set when the include closure could not serve
};

// Both sides in `tree`: with `closure`, each side's include closure and stubs; without, the whole
// tree. With a closure, stops as soon as a source names a header by a macro or a compile reaches
// a stub, saying why.
inline SideRuns compile_sides(SideTree& tree, ProofCompiler& compiler, const ProofInput& in,
                              const std::vector<TuCommand>& commands,
                              const std::vector<std::string>& reverts,
                              const IncludeSearch* closure) {
    SideRuns runs;
    const auto side = [&](std::vector<Compiled>& into, std::set<std::string>& read) {
        for (const TuCommand& t : commands)
            for (const std::string& arch : t.arches) {
                into.push_back(compiler.compile(t.command, arch, read));
                if (into.back().reached_stub) {
                    runs.why_not_closure = t.command.file + " includes a file the scan of its "
                                                            "include directives did not find";
                    return false;
                }
            }
        return true;
    };
    const std::string computed = "a source names a header by a macro";
    if (closure && !tree.write_closure(in.git, in.base_commit, *closure)) {
        runs.why_not_closure = computed;
        return runs;
    }
    if (!closure)
        tree.write_revision(in.git, in.base_commit);
    if (!side(runs.before, runs.base_read))
        return runs;
    runs.digest_input = side_digest_input("base", tree, runs.base_read);
    runs.changed = write_change(tree, in, reverts);
    if (closure && !tree.extend_closure(in.git, in.base_commit, *closure)) {
        runs.why_not_closure = computed;
        return runs;
    }
    if (!side(runs.after, runs.now_read))
        return runs;
    runs.digest_input += side_digest_input("now", tree, runs.now_read);
    return runs;
}

// Each TU and arch, its compiles on both sides compared: the symbols that differ, or the failure.
inline std::vector<TuProof> compared(const std::vector<TuCommand>& commands,
                                     const std::vector<Compiled>& before,
                                     const std::vector<Compiled>& after) {
    std::vector<TuProof> out;
    std::size_t i = 0;
    for (const TuCommand& t : commands)
        for (const std::string& arch : t.arches) {
            TuProof r{t.command.file, arch, 0, {}, {}};
            const Compiled& b = before[i];
            const Compiled& a = after[i++];
            if (!b.module) {
                r.failure = "base: " + b.failure;
            } else if (!a.module) {
                r.failure = "now: " + a.failure;
            } else {
                r.symbols = b.module->symbols.size();
                for (SymbolDelta& d : compare(*b.module, *a.module))
                    if (d.delta != Delta::identical)
                        r.deltas.push_back(std::move(d));
            }
            out.push_back(std::move(r));
        }
    return out;
}

inline ProofVerdict judge(const std::vector<TuProof>& results) {
    bool judgement = false;
    for (const TuProof& r : results) {
        if (!r.failure.empty())
            return ProofVerdict::failed;
        for (const SymbolDelta& d : r.deltas)
            if (d.delta == Delta::signature_only || d.delta == Delta::schedule_only)
                judgement = true;
    }
    for (const TuProof& r : results)
        for (const SymbolDelta& d : r.deltas)
            if (d.delta != Delta::identical && d.delta != Delta::signature_only &&
                d.delta != Delta::schedule_only)
                return ProofVerdict::changed;
    return judgement ? ProofVerdict::needs_judgement : ProofVerdict::match;
}
#endif // ODO_DEVCODE_DEFINITIONS

} // namespace detail

#if ODO_DEVCODE_DEFINITIONS
ODO_API std::string_view to_string(ProofVerdict v) noexcept {
    switch (v) {
    case ProofVerdict::match:
        return "MATCH";
    case ProofVerdict::changed:
        return "DEVICE-CODE-CHANGED";
    case ProofVerdict::failed:
        return "PROOF-FAILED";
    case ProofVerdict::needs_judgement:
        break;
    }
    return "NEEDS-JUDGEMENT";
}

ODO_API std::vector<std::string> cuda_sources(const repo::OperatorPaths& op) {
    std::vector<std::string> out;
    for (const std::string& path : op.priv)
        if (text::ends_with(path, ".cu"))
            out.push_back(path);
    return out;
}

ODO_API Proof prove(const ProofInput& in) {
    const auto nvcc = cuda_compiler();
    if (!nvcc)
        throw InputError("no nvcc: set $ODO_NVCC or install the CUDA Toolkit in /usr/local/cuda");
    Proof p;
    p.base_commit = in.base_commit;
    p.now = in.now_commit.empty() ? "working tree" : in.now_commit;
    p.stage = in.request.stage;
    p.compiler = nvcc->string();
    p.files = in.request.files.empty() ? cuda_sources(in.op) : in.request.files;
    p.signature_change_accepted = in.request.accept_signature_change;
    for (const std::string& path : in.request.reverts) {
        if (!repo::is_contained_path_text(path))
            throw InputError("--revert " + path + ": not a path inside the repository");
        p.reverted.push_back(path);
    }
    const std::vector<std::string> tracked =
        detail::nul_separated(detail::git_or_throw(in.git, {"ls-files", "-z"}));
    std::set<std::string> origins;
    const std::vector<detail::TuCommand> commands =
        detail::tu_commands(in, p.files, tracked, origins);
    p.flags_origin = text::join(std::vector<std::string>(origins.begin(), origins.end()), " + ");
    for (const detail::TuCommand& t : commands)
        for (const std::string& arch : t.arches)
            if (std::find(p.arches.begin(), p.arches.end(), arch) == p.arches.end())
                p.arches.push_back(arch);

    SideTree tree;
    std::error_code ec;
    CompilerSandbox sandbox(in.request.isolation, *nvcc, tree.scratch());
    const std::filesystem::path build_dir =
        in.request.build_dir ? std::filesystem::weakly_canonical(
                                   std::filesystem::absolute(*in.request.build_dir), ec)
                             : std::filesystem::path();
    if (!build_dir.empty())
        sandbox.allow_read(build_dir);
    for (const detail::TuCommand& t : commands)
        for (const std::filesystem::path& folder : t.command.outside_folders)
            sandbox.allow_read(folder);
    p.isolation = sandbox.description();
    detail::ProofCompiler compiler(sandbox, tree, p.stage,
                                   std::filesystem::weakly_canonical(in.git.root(), ec), build_dir);
    const IncludeSearch search = detail::include_search(commands);
    detail::SideRuns runs =
        detail::compile_sides(tree, compiler, in, commands, p.reverted, &search);
    p.side_trees = "include closure (" + std::to_string(tree.written()) + " files, " +
                   std::to_string(tree.stubs()) + " stubs)";
    if (!runs.why_not_closure.empty()) {
        p.side_trees = "whole tree (" + runs.why_not_closure + ")";
        runs = detail::compile_sides(tree, compiler, in, commands, p.reverted, nullptr);
    }
    for (const std::string& path : runs.changed)
        if (runs.base_read.count(path) || runs.now_read.count(path))
            p.changed_sources.push_back(path);
    std::sort(p.changed_sources.begin(), p.changed_sources.end());
    p.left_out = tree.left_out();
    p.results = detail::compared(commands, runs.before, runs.after);
    p.verdict = detail::judge(p.results);
    p.fingerprinted_files = runs.base_read.size() + runs.now_read.size();
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx",
                  static_cast<unsigned long long>(blake2b_64(runs.digest_input)));
    p.fingerprint = hex;
    return p;
}

ODO_API int exit_code(const Proof& p) noexcept {
    switch (p.verdict) {
    case ProofVerdict::match:
        return 0;
    case ProofVerdict::needs_judgement:
        return 3;
    case ProofVerdict::changed:
    case ProofVerdict::failed:
        break;
    }
    return 1;
}

ODO_API std::string proof_citation(const Proof& p) {
    return std::string(to_string(p.stage)) + " " + text::join(p.arches, ",") + "; TUs " +
           (p.files.empty() ? std::string("none") : text::join(p.files, ", ")) + "; proof " +
           p.fingerprint + " (base " + p.base_commit.substr(0, 12) + ")";
}

ODO_API std::string host_code_text(const Proof& p) {
    return p.changed_sources.empty()
               ? "not compared; the change touched no file the compiles read"
               : "not compared; the change touched " + text::join(p.changed_sources, ", ") +
                     ", whose host code (launch configuration, host branches, messages) no "
                     "device-code proof covers";
}

ODO_API std::vector<std::string> changed_symbols(const Proof& p) {
    std::vector<std::string> out;
    for (const TuProof& r : p.results)
        for (const SymbolDelta& d : r.deltas) {
            std::string line = d.base_name.empty() ? d.name : d.base_name;
            line += " (" + r.arch + ": " + std::string(to_string(d.delta));
            if (d.delta == Delta::changed)
                line += ", " + std::to_string(d.changed_lines) + " lines, " +
                        (d.instruction_delta >= 0 ? "+" : "") +
                        std::to_string(d.instruction_delta) + " instructions";
            if (!d.detail.empty())
                line += ", " + d.detail;
            out.push_back(line + ")");
        }
    return out;
}
#endif // ODO_DEVCODE_DEFINITIONS

} // namespace odo::devcode
