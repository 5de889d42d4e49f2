// The gates at scale: generated op repositories (git fast-import) of 60 and 200 operators, 300
// and 3,000 commits, and 50, 1,000 and 10,000 cases in the target operator's config, each ending
// in a complete campaign on Invert (a perf commit, re-measured baselines, a final v1 summary).
//
// For each repository it times the whole `optimize_op Invert --phase preflight` process and the
// whole `--phase evidence --results <summary>` process against exactly the git commands that
// phase issues: the phase runs once in this process with a trace on odo::repo::Git, and the
// traced commands (arguments and standard input) are replayed as they are. Runs alternate
// odo / git, pair by pair; CPU time includes children (git under odo; the replayed git
// processes), so the ratio is what odo adds on top of git, whatever else the host runs.
//
//   build/perf/tests/perf/gate_scale_bench build/perf/tools/optimize_op [pairs] [--quick] [--size
//   O,C,K]
//                                                                [--keep]
//
// --quick: only (60, 300, 50) and (60, 300, 1,000); --size OPS,COMMITS,CASES: only that one;
// --keep: leave the repositories in the temporary directory for a profiler.
//
// Prints, per repository and phase, min/median/max of odo's and git's CPU, their per-pair CPU
// and wall ratios, odo's peak memory against the largest version of the target config, and the
// growth exponent of each factor; for evidence, two floors measured in this process and the ratio
// each alone would give: reading (the working tree's config read, both versions parsed into
// documents as odo's reader does) and parsing (the same with Boost.JSON's parser keeping
// nothing, the least any design that reads both versions does). Exits 1 when a goal is missed: CPU
// ratio (median) <= 2 and peak memory <= 3x the largest config version.
#include <odo/core/file.hpp>
#include <odo/core/json_arena.hpp>
#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>
#include <odo/core/process.hpp>
#include <odo/core/text.hpp>
#include <odo/gates/evidence.hpp>
#include <odo/gates/preflight.hpp>
#include <odo/repo/git.hpp>
#include <odo/repo/layout_file.hpp>
#include <odo/repo/operator.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <spawn.h>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <vector>

extern char** environ;

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

const std::string target_config = "bench/config/operators/invert.json";
const std::vector<std::string> skus = {"H100_PCIe_350W_1095MHz", "A100_PCIE_40GB_250W_1095MHz"};

struct Size {
    int operators;
    int commits;
    int cases;
    std::string name() const {
        return std::to_string(operators) + " ops, " + std::to_string(commits) + " commits, " +
               std::to_string(cases) + " cases";
    }
};

// ---------------------------------------------------------------------------------------------
// Generating a repository.

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

// A fast-import stream written to a file: one commit at a time, each with inline contents.
class FastImport {
public:
    explicit FastImport(const fs::path& path) : out_(path, std::ios::binary) {}

    void commit(const std::string& message, const std::map<std::string, std::string>& files) {
        ++marks_;
        out_ << "commit refs/heads/main\nmark :" << marks_ << "\ncommitter bench <b@example.com> "
             << 1700000000 + marks_ * 60 << " +0000\ndata " << message.size() << "\n"
             << message << "\n";
        if (marks_ > 1)
            out_ << "from :" << marks_ - 1 << "\n";
        for (const auto& [path, contents] : files)
            out_ << "M 100644 inline " << path << "\ndata " << contents.size() << "\n"
                 << contents << "\n";
    }

private:
    std::ofstream out_;
    int marks_ = 0;
};

boost::json::object row(double time_us) {
    return {{"n_runs", 5},
            {"gpu_time_us_cpp", time_us},
            {"gpu_time_us_python", time_us + 12.5},
            {"gpu_noise_us_cpp", std::round(time_us * 4) / 1000},
            {"gpu_noise_us_python", std::round(time_us * 5) / 1000},
            {"gpu_bwutil_cpp", 0.81},
            {"gpu_bwutil_python", 0.8},
            {"gpu_gap_stddev_us", 1.25}};
}

// Invert's config with `cases` case keys: the fixture's two configs, then generated configs of
// ten shapes each. `generation` moves every measurement (a re-measure), `edit` only a
// description (a case-only edit), `speedup` divides the times (the campaign's re-measure).
std::string invert_config(const std::string& fixture, int cases, int generation, int edit,
                          double speedup) {
    boost::json::value doc = odo::json::parse(fixture, "invert.json");
    boost::json::object& configs = doc.at("configs").as_object();
    int keys = 0;
    for (auto& config : configs)
        keys += static_cast<int>(config.value().at("baselines").as_object().size());
    for (int c = 0; keys < cases; ++c) {
        const std::string name = "invert_gen" + std::to_string(c) + "_basic";
        boost::json::array shapes;
        boost::json::object baselines;
        for (int s = 0; s < 10 && keys < cases; ++s, ++keys) {
            const std::string shape =
                std::to_string(s + 1) + "x" + std::to_string(720 + c) + "x1280";
            shapes.emplace_back(shape);
            boost::json::object per_sku;
            for (std::size_t k = 0; k < skus.size(); ++k)
                per_sku[skus[k]] = row(100.0 + c * 0.25 + s + k * 80.0 + generation * 0.5);
            baselines[name + "[InOutDataType=uchar3][shape=" + shape +
                      "][layout=NHWC][inputKind=Tensor]"] = std::move(per_sku);
        }
        configs[name] = {
            {"tier", "basic"},
            {"dtypes", {"uchar3"}},
            {"string_axes",
             {{"shape", std::move(shapes)}, {"layout", {"NHWC"}}, {"inputKind", {"Tensor"}}}},
            {"metadata", {{"description", "generated " + std::to_string(c)}}},
            {"baselines", std::move(baselines)}};
    }
    for (auto& config : configs) {
        boost::json::object& entry = config.value().as_object();
        boost::json::value& metadata = entry["metadata"];
        if (!metadata.is_object())
            metadata = boost::json::object{};
        metadata.as_object()["description"] = "revision " + std::to_string(edit);
        const bool from_fixture = std::string(config.key()).rfind("invert_gen", 0) != 0;
        for (auto& per_sku : entry.at("baselines").as_object())
            for (auto& sku : per_sku.value().as_object())
                for (const char* field : {"gpu_time_us_cpp", "gpu_time_us_python"}) {
                    boost::json::value& time = sku.value().as_object()[field];
                    const double base = odo::json::as_number(time).value_or(0) +
                                        (from_fixture ? generation * 0.5 : 0.0);
                    time = std::round(base / speedup * 1000) / 1000;
                }
    }
    return odo::json::dumps(doc, {4, false, true}) + "\n";
}

std::string gen_name(int i) {
    std::ostringstream s;
    s << "gen" << std::setw(4) << std::setfill('0') << i;
    return s.str();
}

// The fixture's files, and those of `operators - 2` more operators made from Flip's.
std::map<std::string, std::string> base_tree(const fs::path& fixture, int operators) {
    std::map<std::string, std::string> files;
    for (const auto& e : fs::recursive_directory_iterator(fixture))
        if (e.is_regular_file())
            files[fs::relative(e.path(), fixture).generic_string()] = odo::read_file(e.path());
    boost::json::value manifest =
        odo::json::parse(files.at("bench/config/bench_params.json"), "bench_params.json");
    std::map<std::string, std::string> flip;
    for (const auto& [path, contents] : files)
        if (path.find("Flip") != std::string::npos || path.find("flip") != std::string::npos)
            flip[path] = contents;
    for (int i = 0; i < operators - 2; ++i) {
        const std::string op = gen_name(i);
        std::string Op = op;
        Op[0] = 'G';
        for (const auto& [path, contents] : flip)
            files[replace_all(replace_all(path, "Flip", Op), "flip", op)] = replace_all(
                replace_all(replace_all(contents, "Flip", Op), "flip", op), "FLIP", "GEN");
        manifest.at("operators").as_object()[op] = {{"config", "operators/" + op + ".json"},
                                                    {"cpp", "bench_" + op},
                                                    {"python", "bench_" + op + ".py"}};
    }
    files["bench/config/bench_params.json"] = odo::json::dumps(manifest, {4, false, true}) + "\n";
    return files;
}

// The program's standard output; throws naming the command when it fails.
std::string run_or_throw(const fs::path& dir, const std::string& program,
                         const std::vector<std::string>& args) {
    const auto r = odo::run_process(program, args, {dir, std::chrono::seconds(600), {}, {}});
    if (!r.ok())
        throw std::runtime_error(program + " " + odo::text::join(args, " ") + ": " + r.err +
                                 r.error);
    return r.out;
}

struct Repository {
    fs::path root;
    fs::path description; // the campaign's final v1 summary
    std::size_t largest_config = 0;
};

// History: commit 0 holds the tree; then kernel, note and other operators' edits, and Invert's
// config touched 24 times — its last re-measure at the third touch, so preflight's refresh walk
// reads nearly every version. The branch `campaign` then optimizes Invert and re-measures it.
Repository generate(const Size& size, const fs::path& fixture, const std::string& optimize_op) {
    Repository repo;
    repo.root = fs::temp_directory_path() /
                ("odo-scale-" + std::to_string(size.operators) + "-" +
                 std::to_string(size.commits) + "-" + std::to_string(size.cases));
    fs::remove_all(repo.root);
    fs::create_directories(repo.root);
    const std::string invert_fixture = odo::read_file(fixture / target_config);
    std::map<std::string, std::string> tree = base_tree(fixture, size.operators);
    auto config = [&](int generation, int edit, double speedup = 1.0) {
        std::string text = invert_config(invert_fixture, size.cases, generation, edit, speedup);
        repo.largest_config = std::max(repo.largest_config, text.size());
        return text;
    };
    tree[target_config] = config(0, 0);
    const fs::path stream_path = repo.root.string() + ".fast-import";
    {
        FastImport stream(stream_path);
        stream.commit("base", tree);
        const int touches = 24, every = std::max(1, size.commits / touches);
        int generation = 0;
        for (int i = 1; i < size.commits; ++i) {
            const int touch = i / every;
            if (i % every == 0 && touch < touches) {
                if (touch == 2)
                    ++generation;
                stream.commit("bench(invert): " +
                                  std::string(touch == 2 ? "re-measure" : "edit cases"),
                              {{target_config, config(generation, touch)}});
            } else if (i % 3 == 0) {
                stream.commit("docs: note " + std::to_string(i),
                              {{"docs/notes" + std::to_string(i % 10) + ".md", std::to_string(i)}});
            } else {
                const int op = (i * 7) % (size.operators - 2);
                std::string Op = gen_name(op);
                Op[0] = 'G';
                stream.commit("perf(" + gen_name(op) + "): revision " + std::to_string(i),
                              {{"src/cvcuda/priv/Op" + Op + ".cu",
                                "// SPDX-License-Identifier: Apache-2.0\n// revision " +
                                    std::to_string(i) + "\n"}});
            }
        }
    }
    run_or_throw(repo.root, "git", {"init", "-q", "-b", "main"});
    run_or_throw(repo.root, "sh", {"-c", "git fast-import --quiet < " + stream_path.string()});
    fs::remove(stream_path);
    run_or_throw(repo.root, "git", {"checkout", "-q", "-f", "main"});
    run_or_throw(repo.root, "git", {"config", "user.email", "b@example.com"});
    run_or_throw(repo.root, "git", {"config", "user.name", "bench"});
    run_or_throw(repo.root, "git", {"checkout", "-q", "-b", "campaign"});

    // The campaign: a perf commit, every row re-measured 1.25x faster, a final summary.
    const fs::path kernel = repo.root / "src/cvcuda/priv/OpInvert.cu";
    odo::write_file_atomically(kernel, odo::read_file(kernel) + "// optimized\n");
    run_or_throw(repo.root, "git", {"commit", "-qam", "perf(invert): vectorize the inner loop"});
    odo::write_file_atomically(repo.root / target_config, config(1, 24, 1.25));
    run_or_throw(repo.root, "git", {"commit", "-qam", "bench(invert): re-measure baselines"});
    std::string cases; // the fixture's target cases: what the campaign optimized
    const boost::json::value fixture_doc = odo::json::parse(invert_fixture, "invert.json");
    for (const auto& config : fixture_doc.at("configs").as_object())
        for (const auto& kv : config.value().at("baselines").as_object())
            if (std::string(kv.key()).find("NCHW_FAKE") == std::string::npos)
                cases += std::string(kv.key()) + "\n";
    const fs::path work = repo.root.string() + ".campaign";
    fs::create_directories(work);
    odo::write_file_atomically(work / "cases.txt", cases);
    repo.description = work / "description.md";
    run_or_throw(repo.root, optimize_op,
                 {"Invert", "--phase", "summary", "--benchmark-base", "main",
                  "--optimized-cases-file", (work / "cases.txt").string(), "--state", "provisional",
                  "--bottleneck", "Memory-bound", "--profile-evidence",
                  "ncu measured 91% DRAM throughput and 88% Memory SOL on the NHWC case.",
                  "--impact-metric", "cpp_time", "--out", repo.description.string()});
    std::string text = odo::read_file(repo.description);
    const char* const checked[][2] = {
        {"Pixelwise equality to reference",
         "`EXPECT_EQ(output, InvertGold(input))` in `TestOpInvert.correct_output` against the "
         "independent host reference: 5/5 variants passed."},
        {"Memory-footprint checks", "Memory footprint section below from the odo footprint "
                                    "ledger: 0 B increase, no new allocations; ODO-9 PASS."},
        {"Baselines updated", "`bench/config/operators/invert.json` re-measured and committed "
                              "for every case key on both SKUs; ODO-2 PASS."},
        {"Baseline validation", "`odo_baseline validate --reject-regressions-from main` passed "
                                "with no regression; ODO-7 PASS."},
        {"Lead exhaustion", "ncu showed 93% Memory SOL at ridge on the NHWC case; PASS."},
        {"Review/refactor gate", "reviewed changed implementation; tools/refactor_op.py Invert "
                                 "--phase assess PASS with 0 recommendations; no refactor "
                                 "applied."}};
    for (const auto& [label, evidence] : checked) {
        const std::string open = std::string("- [ ] **") + label + "** \xE2\x80\x94 ";
        const auto at = text.find(open);
        if (at != std::string::npos)
            text.replace(at, text.find('\n', at) - at,
                         std::string("- [x] **") + label + "** \xE2\x80\x94 " + evidence);
    }
    text = replace_all(text, "- No optimization attempt has been accepted or rejected yet.",
                       "- Vectorizing the inner loop made every case 1.25x faster on both SKUs.");
    text += "\n## Memory footprint\nPeak attributable increase: 0 B\nNew runtime CUDA "
            "allocations/frees: no\nEvidence: Measured peak device memory before and after with "
            "the odo footprint ledger; no change.\n";
    odo::write_file_atomically(repo.description, text);
    run_or_throw(repo.root, optimize_op,
                 {"Invert", "--phase", "summary", "--results", repo.description.string(), "--out",
                  repo.description.string(), "--state", "final"});
    return repo;
}

// ---------------------------------------------------------------------------------------------
// Tracing a phase's git commands and timing processes.

struct GitCommand {
    std::vector<std::string> args;
    std::string input;
};

// The phase as optimize_op runs it, in this process, with every git command traced. The driver
// itself issues one command before its odo::repo::Git exists: `rev-parse --show-toplevel`.
std::vector<GitCommand> trace_phase(const Repository& repo, const std::string& phase) {
    std::vector<GitCommand> commands{{{"rev-parse", "--show-toplevel"}, {}}};
    const odo::repo::Git git(repo.root, std::chrono::seconds(60),
                             [&](const std::vector<std::string>& args, const std::string& input) {
                                 commands.push_back({args, input});
                             });
    const odo::repo::Layout layout = odo::repo::layout_for_repository(repo.root, std::nullopt);
    const odo::repo::OperatorPaths op = odo::repo::resolve_operator(repo.root, layout, "Invert");
    if (phase == "preflight")
        odo::gates::run_preflight(
            odo::gates::load_preflight_context(repo.root, layout, op, "main", git));
    else
        odo::gates::run_evidence(odo::gates::load_evidence_context(
            repo.root, layout, op, "main", odo::read_file(repo.description), std::nullopt, git));
    return commands;
}

struct Usage {
    double cpu = 0;  // user + system seconds, children included
    double wall = 0; // seconds
    long peak_kib = 0;
};

double seconds(const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
}

// Runs a program to completion with stdout and stderr to /dev/null; its CPU from wait4, which
// counts the descendants it waited for. Not its peak memory: a child spawned from this process
// starts as its copy (posix_spawn shares the address space until exec), and the kernel keeps
// that peak; see peak_kib().
Usage run_measured(const std::string& program, const std::vector<std::string>& args,
                   const fs::path& dir) {
    std::vector<std::string> argv{program};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<char*> c_argv;
    for (std::string& a : argv)
        c_argv.push_back(a.data());
    c_argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
    pid_t pid = -1;
    const auto start = Clock::now();
    if (posix_spawn(&pid, program.c_str(), &actions, nullptr, c_argv.data(), environ) != 0)
        throw std::runtime_error("cannot start " + program);
    posix_spawn_file_actions_destroy(&actions);
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    const double wall = std::chrono::duration<double>(Clock::now() - start).count();
    if (!WIFEXITED(status) || WEXITSTATUS(status) == 2)
        throw std::runtime_error(program + " " + odo::text::join(args, " ") + " failed");
    return {seconds(usage.ru_utime) + seconds(usage.ru_stime), wall, 0};
}

// The program's own peak resident memory, told by GNU time, whose small fresh process forks it.
long peak_kib(const std::string& program, const std::vector<std::string>& args,
              const fs::path& dir) {
    const fs::path report = dir.string() + ".peak";
    std::vector<std::string> timed{"-f", "%M", "-o", report.string(), program};
    timed.insert(timed.end(), args.begin(), args.end());
    run_measured("/usr/bin/time", timed, dir);
    // The last line: GNU time writes "Command exited with non-zero status N" before it.
    const std::string text(odo::text::strip(odo::read_file(report)));
    const long kib = std::atol(text.c_str() + (text.rfind('\n') + 1));
    fs::remove(report);
    return kib;
}

// The traced commands replayed with git's pinned configuration and environment, as odo runs
// them; CPU from this process's waited-for children.
Usage replay(const std::vector<GitCommand>& commands, const fs::path& root) {
    rusage before{}, after{};
    getrusage(RUSAGE_CHILDREN, &before);
    const auto start = Clock::now();
    for (const GitCommand& c : commands) {
        std::vector<std::string> argv = odo::repo::pinned_git_config();
        argv.insert(argv.end(), c.args.begin(), c.args.end());
        odo::run_process("git", argv,
                         {root, std::chrono::seconds(60), c.input,
                          odo::repo::pinned_git_environment(), [](std::string& out) {
                              out.clear();
                              return true;
                          }});
    }
    const double wall = std::chrono::duration<double>(Clock::now() - start).count();
    getrusage(RUSAGE_CHILDREN, &after);
    return {seconds(after.ru_utime) - seconds(before.ru_utime) + seconds(after.ru_stime) -
                seconds(before.ru_stime),
            wall, 0};
}

// ---------------------------------------------------------------------------------------------
// Figures.

struct Spread {
    double min, median, max;
};

Spread spread(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return {v.front(), v[v.size() / 2], v.back()};
}

std::string ms(const Spread& s) {
    std::ostringstream o;
    o << std::fixed << std::setprecision(1) << s.min * 1e3 << " / " << s.median * 1e3 << " / "
      << s.max * 1e3;
    return o.str();
}

std::string ratio(const Spread& s) {
    std::ostringstream o;
    o << std::fixed << std::setprecision(2) << s.min << " / " << s.median << " / " << s.max;
    return o.str();
}

// ---------------------------------------------------------------------------------------------
// The reading floor of the evidence phase: every check it runs judges the working tree's config
// against the merge base's, so no evidence built on odo's reader does less than read the one
// file and parse both versions (git's cat-file of the base is on git's side of the ratio).

double process_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

struct EvidenceVersions {
    fs::path working_tree;
    std::string merge_base_text;
};

EvidenceVersions evidence_versions(const Repository& repo) {
    const std::string merge_base(
        odo::text::strip(run_or_throw(repo.root, "git", {"merge-base", "HEAD", "main"})));
    return {repo.root / target_config,
            run_or_throw(repo.root, "git", {"cat-file", "blob", merge_base + ":" + target_config})};
}

// CPU seconds of reading the working tree's config and parsing both versions into arenas, as
// the evidence phase does, then freeing them.
double reading_floor(const EvidenceVersions& v) {
    const double start = process_cpu_seconds();
    {
        const std::string text = odo::read_file(v.working_tree);
        const auto now = odo::json::parse(text, "working tree", odo::json::make_arena());
        const auto base =
            odo::json::parse(v.merge_base_text, "merge base", odo::json::make_arena());
        if (!now.is_object() || !base.is_object())
            throw std::runtime_error("the operator's config is not an object");
    }
    return process_cpu_seconds() - start;
}

// A Boost.JSON handler that accepts every event and keeps nothing: what parsing costs before any
// reader builds or judges a value.
struct NothingKept {
    static constexpr std::size_t max_object_size = std::size_t(-1);
    static constexpr std::size_t max_array_size = std::size_t(-1);
    static constexpr std::size_t max_key_size = std::size_t(-1);
    static constexpr std::size_t max_string_size = std::size_t(-1);
    using ec = boost::json::error_code;
    using sv = boost::json::string_view;
    bool on_document_begin(ec&) { return true; }
    bool on_document_end(ec&) { return true; }
    bool on_object_begin(ec&) { return true; }
    bool on_object_end(std::size_t, ec&) { return true; }
    bool on_array_begin(ec&) { return true; }
    bool on_array_end(std::size_t, ec&) { return true; }
    bool on_key_part(sv, std::size_t, ec&) { return true; }
    bool on_key(sv, std::size_t, ec&) { return true; }
    bool on_string_part(sv, std::size_t, ec&) { return true; }
    bool on_string(sv, std::size_t, ec&) { return true; }
    bool on_number_part(sv, ec&) { return true; }
    bool on_int64(std::int64_t, sv, ec&) { return true; }
    bool on_uint64(std::uint64_t, sv, ec&) { return true; }
    bool on_double(double, sv, ec&) { return true; }
    bool on_bool(bool, ec&) { return true; }
    bool on_null(ec&) { return true; }
    bool on_comment_part(sv, ec&) { return true; }
    bool on_comment(sv, ec&) { return true; }
};

// CPU seconds of reading the working tree's config and running Boost.JSON's parser over both
// versions with nothing kept: the floor of any evidence phase, however it is designed, that
// reads both versions with Boost.JSON.
double parsing_floor(const EvidenceVersions& v) {
    const double start = process_cpu_seconds();
    const std::string text = odo::read_file(v.working_tree);
    for (const std::string* version : {&text, &v.merge_base_text}) {
        boost::json::basic_parser<NothingKept> parser{boost::json::parse_options{}};
        boost::json::error_code ec;
        parser.write_some(false, version->data(), version->size(), ec);
        if (ec)
            throw std::runtime_error("the operator's config is not JSON");
    }
    return process_cpu_seconds() - start;
}

struct PhaseFigures {
    // own_cpu: odo's CPU less its pair's git CPU, what odo adds; it shows a change that drops a
    // git command, which lowers both sides and can raise the ratio while odo does less.
    Spread odo_cpu, git_cpu, own_cpu, cpu_ratio, wall_ratio;
    // Evidence only: the reading floor, and (git + floor) / git, pair by pair: the lowest ratio
    // any evidence phase that reads both versions with odo's reader can reach.
    std::optional<Spread> floor_cpu, floor_ratio;
    // And the same for the parsing floor (Boost.JSON's parser keeping nothing).
    std::optional<Spread> parse_floor_cpu, parse_floor_ratio;
    long peak_kib = 0;
    std::size_t commands = 0;
};

PhaseFigures measure(const Repository& repo, const std::string& optimize_op,
                     const std::string& phase, int pairs) {
    const std::vector<GitCommand> commands = trace_phase(repo, phase);
    std::vector<std::string> args{"Invert", "--phase", phase, "--format", "json"};
    if (phase == "evidence")
        args.insert(args.end(), {"--base", "main", "--results", repo.description.string()});
    std::vector<double> odo_cpu, git_cpu, own_cpu, cpu_ratio, wall_ratio, floor_cpu, floor_ratio,
        parse_floor_cpu, parse_floor_ratio;
    PhaseFigures f;
    f.commands = commands.size();
    std::optional<EvidenceVersions> versions;
    if (phase == "evidence")
        versions = evidence_versions(repo);
    for (int i = 0; i < pairs; ++i) {
        const Usage o = run_measured(optimize_op, args, repo.root);
        const Usage g = replay(commands, repo.root);
        odo_cpu.push_back(o.cpu);
        git_cpu.push_back(g.cpu);
        own_cpu.push_back(o.cpu - g.cpu);
        cpu_ratio.push_back(o.cpu / std::max(g.cpu, 1e-4));
        wall_ratio.push_back(o.wall / g.wall);
        if (versions) {
            floor_cpu.push_back(reading_floor(*versions));
            floor_ratio.push_back((g.cpu + floor_cpu.back()) / std::max(g.cpu, 1e-4));
            parse_floor_cpu.push_back(parsing_floor(*versions));
            parse_floor_ratio.push_back((g.cpu + parse_floor_cpu.back()) / std::max(g.cpu, 1e-4));
        }
    }
    if (versions) {
        f.floor_cpu = spread(floor_cpu);
        f.floor_ratio = spread(floor_ratio);
        f.parse_floor_cpu = spread(parse_floor_cpu);
        f.parse_floor_ratio = spread(parse_floor_ratio);
    }
    f.peak_kib = peak_kib(optimize_op, args, repo.root);
    f.odo_cpu = spread(odo_cpu);
    f.git_cpu = spread(git_cpu);
    f.own_cpu = spread(own_cpu);
    f.cpu_ratio = spread(cpu_ratio);
    f.wall_ratio = spread(wall_ratio);
    return f;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr
            << "usage: gate_scale_bench <optimize_op> [pairs] [--quick] [--size O,C,K] [--keep]\n";
        return 2;
    }
    const std::string optimize_op = fs::absolute(argv[1]).string();
    int pairs = 10;
    bool quick = false, keep = false;
    std::vector<Size> chosen;
    for (int i = 2; i < argc; ++i) {
        if (std::string(argv[i]) == "--quick")
            quick = true;
        else if (std::string(argv[i]) == "--keep")
            keep = true;
        else if (std::string(argv[i]) == "--size" && i + 1 < argc) {
            Size only{};
            if (std::sscanf(argv[++i], "%d,%d,%d", &only.operators, &only.commits, &only.cases) !=
                3)
                return 2;
            chosen.push_back(only);
        } else
            pairs = std::max(1, std::atoi(argv[i]));
    }
    // One factor at a time from (60, 300, 1,000), and the largest repository of all.
    std::vector<Size> sizes = {{60, 300, 1000}, {200, 300, 1000}, {60, 3000, 1000},
                               {60, 300, 50},   {60, 300, 10000}, {200, 3000, 10000}};
    if (quick)
        sizes = {{60, 300, 50}, {60, 300, 1000}};
    if (!chosen.empty())
        sizes = chosen;
    const fs::path fixture = fs::path(ODO_TEST_DATA_DIR) / "oprepo";
    std::map<std::string, std::map<std::string, PhaseFigures>> figures; // size -> phase -> figures
    std::map<std::string, std::size_t> largest;
    bool met = true;
    const long idle_kib = peak_kib(optimize_op, {"--version"}, fs::temp_directory_path());
    std::cout << "| repository | phase | git cmds | odo CPU ms (min/med/max) | git CPU ms | odo - "
                 "git CPU ms | CPU "
                 "ratio | wall ratio | peak MiB | peak / config | (peak - idle) / config "
                 "| reading floor ms | floor ratio | parsing floor ms | floor ratio "
                 "|\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";
    for (const Size& size : sizes) {
        const Repository repo = generate(size, fixture, optimize_op);
        largest[size.name()] = repo.largest_config;
        for (const std::string phase : {"preflight", "evidence"}) {
            const PhaseFigures f = measure(repo, optimize_op, phase, pairs);
            figures[size.name()][phase] = f;
            const double peak_mib = static_cast<double>(f.peak_kib) / 1024;
            const double config = static_cast<double>(repo.largest_config);
            const double memory_ratio = static_cast<double>(f.peak_kib) * 1024 / config;
            const double above_idle = static_cast<double>(f.peak_kib - idle_kib) * 1024 / config;
            met = met && f.cpu_ratio.median <= 2.0 && memory_ratio <= 3.0;
            std::cout << "| " << size.name() << " (config " << std::fixed << std::setprecision(1)
                      << static_cast<double>(repo.largest_config) / 1e6 << " MB) | " << phase
                      << " | " << f.commands << " | " << ms(f.odo_cpu) << " | " << ms(f.git_cpu)
                      << " | " << ms(f.own_cpu) << " | " << ratio(f.cpu_ratio) << " | "
                      << ratio(f.wall_ratio) << " | " << std::setprecision(0) << peak_mib << " | "
                      << std::setprecision(2) << memory_ratio << " | " << above_idle << " | "
                      << (f.floor_cpu ? ms(*f.floor_cpu) : "-") << " | "
                      << (f.floor_ratio ? ratio(*f.floor_ratio) : "-") << " | "
                      << (f.parse_floor_cpu ? ms(*f.parse_floor_cpu) : "-") << " | "
                      << (f.parse_floor_ratio ? ratio(*f.parse_floor_ratio) : "-") << " |\n"
                      << std::flush;
        }
        std::error_code ignored;
        if (!keep) {
            fs::remove_all(repo.root, ignored);
            fs::remove_all(repo.root.string() + ".campaign", ignored);
        }
    }
    // Growth exponents: log(t2/t1) / log(n2/n1) of median CPU, one factor at a time.
    struct Factor {
        const char* name;
        Size from, to;
        double n1, n2;
    };
    const std::vector<Factor> factors = {
        {"operators 60 -> 200", {60, 300, 1000}, {200, 300, 1000}, 60, 200},
        {"commits 300 -> 3,000", {60, 300, 1000}, {60, 3000, 1000}, 300, 3000},
        {"cases 50 -> 1,000", {60, 300, 50}, {60, 300, 1000}, 50, 1000},
        {"cases 1,000 -> 10,000", {60, 300, 1000}, {60, 300, 10000}, 1000, 10000}};
    std::cout << "\n| factor | phase | odo CPU exponent | git CPU exponent |\n|---|---|---|---|\n";
    for (const Factor& factor : factors) {
        if (!figures.count(factor.from.name()) || !figures.count(factor.to.name()))
            continue;
        for (const std::string phase : {"preflight", "evidence"}) {
            const PhaseFigures& a = figures[factor.from.name()][phase];
            const PhaseFigures& b = figures[factor.to.name()][phase];
            const double scale = std::log(factor.n2 / factor.n1);
            std::cout << "| " << factor.name << " | " << phase << " | " << std::fixed
                      << std::setprecision(2)
                      << std::log(b.odo_cpu.median / a.odo_cpu.median) / scale << " | "
                      << std::log(b.git_cpu.median / a.git_cpu.median) / scale << " |\n";
        }
    }
    std::cout << "\ngoals (median CPU ratio <= 2, peak <= 3x the largest config version): "
              << (met ? "met" : "NOT met") << "\n";
    return met ? 0 : 1;
}
