#pragma once
// HOST-ONLY: runs git, cmake, the benchmark and the library's tests. Never include from a .cu
// file.
//
// The verbs that drive the loop for the agent (docs/campaign.md, "On autopilot"): start writes
// the session; baseline measures, imports and commits the full surface; keep runs the tests and
// commits a win as its perf commit; revert shelves a strike's work at its attempt ref. Each takes
// the verb's options and the campaign, prints what it did, and returns the exit code.
#include "odo/baseline/import.hpp"
#include "odo/campaign/record_verbs.hpp"
#include "odo/campaign/surface_baseline.hpp"
#include "odo/core/error_output.hpp"
#include "odo/core/process.hpp"
#include "odo/core/program_path.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

namespace odo::campaign {

namespace fs = std::filesystem;

// The evaluation `evaluate` measured for `lead`, waiting in the session folder.
inline campaign::PendingEvaluation pending_of(const Campaign& c, const std::string& lead) {
    const fs::path file = pending_file(c);
    if (!fs::is_regular_file(file))
        throw InputError("--lead " + lead + ": no measured evaluation waits (run `odo_campaign " +
                         c.name() + " evaluate --lead " + lead + "` first)");
    campaign::PendingEvaluation p = campaign::parse_pending(odo::read_file(file), file.string());
    if (p.lead != lead)
        throw InputError("--lead " + lead + ": the measured evaluation is of lead " + p.lead);
    return p;
}

inline VerbOptions recording(const VerbOptions& o, const campaign::PendingEvaluation& p) {
    VerbOptions r = o;
    r.before = {p.before.string()};
    r.after = {p.after.string()};
    r.language = p.language;
    r.dry_run = false;
    return r;
}

// The library's tests on the working tree, their output kept as ART/pixel-tests.txt: a change
// whose tests fail is not kept (false, said on stderr).
inline bool tests_pass(const Campaign& c, const campaign::CampaignSession& s) {
    c.out() << "building and running " << s.test_target << "\n" << std::flush;
    campaign::build_target(s, s.test_target);
    odo::ProcessOptions options;
    options.timeout = std::chrono::hours(1);
    const odo::ProcessResult r = odo::run_process(s.test.string(), {}, options);
    const fs::path log = c.artifacts() / "pixel-tests.txt";
    odo::write_file_atomically(log, r.out + r.err);
    if (!r.ok()) {
        c.err() << "odo_campaign: " << s.test.filename().string() << " fails with the change ("
                << log.string()
                << "): fix the change and evaluate it again; nothing was committed\n";
        return false;
    }
    c.out() << "tests pass (" << log.string() << ")\n";
    return true;
}

// A win committed as the lead's perf commit, and its evaluation recorded with that commit.
inline int keep(const VerbOptions& o, const Campaign& c) {
    const campaign::PendingEvaluation p = pending_of(c, o.lead);
    if (p.outcome != "win")
        throw InputError("--lead " + o.lead + ": a " + p.outcome + " is not kept; `odo_campaign " +
                         c.name() + " revert --lead " + o.lead + "` puts the tree back");
    if (tree_changes(c).empty())
        throw InputError("--lead " + o.lead + ": the working tree holds no change to keep");
    const std::string hypothesis = c.state().leads.back().hypothesis;
    if (const auto& s = *c.session(); !s.test_target.empty() && !tests_pass(c, s)) {
        fs::remove(pending_file(c)); // the change is to be fixed and evaluated again
        return 1;
    }
    const odo::repo::Git git(c.root());
    VerbOptions r = recording(o, p);
    r.kept = campaign::commit_working_tree(git, "perf(" + c.paths().op + "): " + hypothesis);
    c.out() << "committed " << r.kept.substr(0, 12) << " perf(" << c.paths().op
            << "): " << hypothesis << "\n";
    record_evaluation(r, c);
    fs::remove(pending_file(c));
    return 0;
}

// A strike's work shelved at its attempt ref, HEAD's files back, and its evaluation recorded.
inline int revert(const VerbOptions& o, const Campaign& c) {
    const campaign::PendingEvaluation p = pending_of(c, o.lead);
    if (p.outcome != "strike")
        throw InputError("--lead " + o.lead + ": a win is kept (`odo_campaign " + c.name() +
                         " keep --lead " + o.lead + "`), not reverted");
    const std::string ref = campaign::attempt_ref(c.paths().op, o.lead);
    const std::string commit = campaign::shelve_working_tree(
        odo::repo::Git(c.root()), ref, "odo: lead " + o.lead + " of " + c.name() + ", a strike",
        c.root() / c.ledger_path());
    c.out() << "the tree is back at HEAD; lead " << o.lead << "'s work is kept at " << ref << " ("
            << commit.substr(0, 12) << "): git checkout " << ref << " -- .\n";
    record_evaluation(recording(o, p), c);
    fs::remove(pending_file(c));
    return 0;
}

// A folder the session names: it must exist (or be created), and lie outside the repository or
// be ignored by it, since keep commits everything else the working tree holds.
inline fs::path session_path(const std::string& option, const std::string& given, const Campaign& c,
                             bool create) {
    std::error_code ec;
    if (create)
        fs::create_directories(given, ec);
    const fs::path path = fs::canonical(given, ec);
    if (ec || !fs::is_directory(path))
        throw InputError(option + " " + given + ": not a folder");
    const fs::path top = fs::canonical(c.root());
    if (odo::is_within(path, top) &&
        odo::repo::Git(top)
                .run({"check-ignore", "-q", path.lexically_relative(top).string()})
                .exit_code != 0)
        throw InputError(option + " " + given +
                         ": inside the repository and not ignored by git; keep would commit it");
    return path;
}

inline std::string checked_out_branch(const Campaign& c) {
    const auto name = odo::repo::Git(c.root()).output({"symbolic-ref", "--short", "-q", "HEAD"});
    return name ? std::string(odo::text::strip(*name)) : std::string();
}

inline int start(const VerbOptions& o, const Campaign& c) {
    campaign::CampaignSession s = o.session;
    s.build_dir = session_path("--build-dir", o.build_dir, c, false);
    if (!fs::is_regular_file(s.build_dir / "CMakeCache.txt"))
        throw InputError("--build-dir " + o.build_dir +
                         ": not a configured CMake build folder (no CMakeCache.txt)");
    s.artifacts = session_path("--artifacts", o.artifacts, c, true);
    s.bench_target =
        !o.bench_target.empty()
            ? o.bench_target
            : odo::repo::expand(c.layout().paths.bench_target,
                                {c.paths().operator_name, c.paths().op, c.paths().pyname});
    for (const auto& [option, target] :
         {std::pair<const char*, const std::string*>{"--bench-target", &s.bench_target},
          {"--test-target", &s.test_target}})
        if (!target->empty() && !campaign::is_target_name(*target))
            throw InputError(std::string(option) + " " + *target +
                             ": not a CMake target name (letters, digits, _ . + -; not first -)" +
                             (option == std::string("--bench-target") && o.bench_target.empty()
                                  ? " (from the layout's paths.bench_target)"
                                  : ""));
    s.bench = o.bench.empty() ? s.build_dir / s.bench_target : fs::absolute(o.bench);
    if (!s.test_target.empty())
        s.test = o.test.empty() ? s.build_dir / s.test_target : fs::absolute(o.test);
    const std::vector<std::string> stems = c.load_sku_map().stems();
    const std::string listed = odo::text::join(stems, ", ");
    if (o.sku.empty() && stems.size() != 1)
        throw InputError("--sku STEM: the SKU map names " + std::to_string(stems.size()) +
                         " SKUs (" + listed + "); say which one this machine is");
    s.sku = o.sku.empty() ? stems.front() : o.sku;
    if (std::find(stems.begin(), stems.end(), s.sku) == stems.end())
        throw InputError("--sku " + s.sku + ": not a stem of the SKU map (" + listed + ")");
    s.base = o.base.empty() ? checked_out_branch(c) : o.base;
    if (s.base.empty())
        throw InputError("--base BRANCH: HEAD is detached; name the branch the merge request "
                         "goes into");
    require_revision_name("--base", s.base);
    s.branch = o.branch.empty() ? "campaign/" + c.paths().op : o.branch;
    s.profiler = !o.profiler.empty()        ? o.profiler
                 : odo::find_on_path("ncu") ? "ncu"
                                            : "host-roofline";
    if (!(s.min_time_s >= 0.001 && s.min_time_s <= 3600))
        throw InputError("--min-time must be a number from 0.001 to 3600");
    const std::string json = campaign::session_json(s);
    campaign::parse_session(json, "--timing/--profiler/--baseline-runs/--lead-runs"); // the rules
    fs::create_directories(c.session_file().parent_path());
    odo::write_file_atomically(c.session_file(), json);
    c.out() << "campaign of " << c.name() << ": builds " << s.bench_target << " in "
            << s.build_dir.string() << ", measures on " << s.sku << " (" << s.profiler
            << " profiles), artifacts in " << s.artifacts.string() << ", base " << s.base
            << "\nsession: " << c.session_file().string() << "\nnext: odo_campaign " << c.name()
            << " status\n";
    return 0;
}

// The operator's benchmark config as the import plans it.
inline const odo::baseline::OperatorFile& operator_file(const odo::baseline::ConfigSet& set,
                                                        const Campaign& c) {
    const fs::path file = fs::weakly_canonical(c.root() / c.paths().bench_cfg);
    for (const auto& f : set.files())
        if (fs::weakly_canonical(f.path) == file)
            return f;
    throw InputError(c.paths().bench_cfg + ": no benchmark config of " + c.name());
}

// Commits `paths` (repository-relative) as `message` when any of them changed.
inline void commit_paths(const Campaign& c, std::vector<std::string> paths,
                         const std::string& message) {
    const odo::repo::Git git(c.root());
    std::vector<std::string> add{"add", "--"};
    add.insert(add.end(), paths.begin(), paths.end());
    if (!git.run(add).ok() || git.run({"diff", "--cached", "--quiet"}).exit_code == 0) {
        c.out() << "nothing to commit\n";
        return;
    }
    const odo::ProcessResult r = git.run({"commit", "-q", "--no-verify", "-m", message});
    if (!r.ok())
        throw InputError("git commit: " + std::string(odo::text::strip(r.err)));
    c.out() << "committed " << message << "\n";
}

// The operator's host memory per surface case (the runner's allocation hook, docs/bench.md), the
// footprint file the summary's memory section and ODO-9 read. A benchmark that cannot count
// (a GPU backend: device memory is CUPTI's to count) is said, not fatal: the footprint is then
// another tool's to write.
inline void record_footprint(const Campaign& c, const campaign::CampaignSession& s,
                             const fs::path& file) {
    const odo::ProcessResult r = odo::run_process(
        s.bench.string(), {"--footprint", file.string(), "--tier", "basic,advanced", "--quiet"});
    if (r.ok())
        c.out() << "footprint: " << file.string() << "\n";
    else
        c.out() << "footprint: not counted (" << s.bench.filename().string()
                << " --footprint: " << odo::one_line(r.err.empty() ? r.error : r.err)
                << "); ODO-9 needs the footprint file from another tool\n";
}

inline int measure_baseline(const VerbOptions& o, const Campaign& c) {
    const campaign::CampaignSession& s = c.require_session("baseline");
    c.out() << "building " << s.bench_target << "\n" << std::flush;
    campaign::build_bench(s);
    const std::vector<std::string> keys = campaign::surface_cases(s.bench);
    // The campaign's baseline before its first kept change, or after its latest.
    const std::string when = c.state().wins ? "after" : "before";
    const fs::path dir = c.artifacts() / (c.paths().op + "-" + when);
    fs::remove_all(dir);
    fs::create_directories(dir);
    const odo::baseline::ConfigSet set = c.load_configs();
    const auto map = c.load_sku_map();
    const auto languages = c.layout().languages;
    odo::baseline::ImportOptions options;
    options.operators = {operator_file(set, c).config.benchmark};
    c.out() << "measuring " << keys.size() << " cases, " << s.baseline_runs
            << " runs each through every entry point, into " << dir.string() << "\n"
            << std::flush;
    const odo::baseline::ImportPlan plan = campaign::measure_until_accepted(
        s, keys, languages, dir,
        [&] { return campaign::plan_surface_import(set, map, languages, options, dir); }, c.out());
    if (!plan.ok()) {
        odo::print_capped(c.err(), plan.failures, odo::max_problem_lines);
        c.err() << "odo_campaign: the import refused the measurements "
                << campaign::baseline_attempts
                << " times: this machine is too busy for the SKU map's quality limits; stop "
                   "other work and run again, or start again with a longer --min-time\n";
        return 1;
    }
    odo::print_capped(c.out(), odo::baseline::import_change_lines(plan), 40);
    const auto written = odo::baseline::apply_import(set, plan);
    c.out() << "wrote " << written.size() << " baseline file(s)\n";
    record_footprint(c, s, c.artifacts() / ("footprint-" + when + ".json"));
    // The config as committed, beside the runs it was imported from: what the description's
    // figures are checked against.
    const fs::path copy = c.artifacts() / (c.paths().op + "-baselines-" + when + ".json");
    odo::write_file_atomically(copy, odo::read_file(c.root() / c.paths().bench_cfg));
    std::vector<std::string> paths{c.paths().bench_cfg};
    if (fs::exists(c.root() / c.ledger_path()))
        paths.push_back(c.ledger_path());
    const std::string message = "bench(" + c.paths().op + "): baselines measured on " + s.sku;
    if (o.commit)
        commit_paths(c, paths, message);
    else
        c.out() << "commit them: git add " << odo::text::join(paths, " ") << " && git commit -m '"
                << message << "'\n";
    return 0;
}

} // namespace odo::campaign
