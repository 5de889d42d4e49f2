// odo_campaign: the optimization loop on record. Each verb appends one record to the operator's
// campaign ledger (the layout's paths.campaign_ledger; docs/formats.md "Campaign ledger"), with
// the time, the commit it was made at, the figures it rests on and the digest of every file it
// cites; `status` folds the ledger and prints where the campaign stands and the next step.
//
//   odo_campaign <Op> profile (--report FILE | --ncu FILE) [--case KEY] [--represents KEY]...
//                             [--ridge-pct P]
//   odo_campaign <Op> lead --id ID --hypothesis TEXT --category TEXT --target KEY...
//   odo_campaign <Op> evaluate --lead ID --before PATH... --after PATH... [--kept COMMIT]
//                              [--language cpp|python] [--dry-run]
//   odo_campaign <Op> review --report FILE
//   odo_campaign <Op> note --text TEXT
//   odo_campaign <Op> status [--format md|json] [--preflight FILE]
//   odo_campaign <Op> publish [--upstream REF]
//   odo_campaign <Op> start --build-dir DIR --artifacts DIR [--bench-target T] [--sku STEM] ...
//   odo_campaign <Op> baseline [--commit]
//   odo_campaign <Op> evaluate --lead ID            (with a session: odo measures both sides)
//   odo_campaign <Op> keep --lead ID | revert --lead ID
// `start` keeps the campaign's build, artifact folder and SKU in the git directory
// (campaign/campaign_session.hpp); with it, `baseline` measures and imports the full surface,
// `lead` snapshots the benchmark built at HEAD, `evaluate` times that snapshot against the
// working tree's build, and `keep` / `revert` commit or shelve the change and record the
// evaluation. `status` then prints commands that need no path filled in.
// Every verb takes --repo DIR, --layout FILE and --artifacts DIR (where cited files outside the
// repository lie; they are recorded relative to it). A record publishes every file it cites into
// the evidence store refs/odo/evidence (campaign/evidence_store.hpp) before it is written;
// `publish` puts there what an older ledger cites, and merges an upstream store in.
// This file is the options and the dispatch; the verbs are the library's
// (campaign/record_verbs.hpp, campaign/autopilot_verbs.hpp, gates/campaign_status.hpp), so an op
// repository's own tool can run them.
// Exit codes: 0 done; 1 a measurement the import refused five times, or tests failing at keep; 2
// bad usage, bad input, a refused record or a ledger with problems (one line on stderr naming the
// file, option or record).
#include "driver_main.hpp"
#include "option_checks.hpp"
#include "repository_root.hpp"

#include <odo/campaign/autopilot_verbs.hpp>
#include <odo/campaign/record_verbs.hpp>
#include <odo/campaign/verb_options.hpp>
#include <odo/core/error.hpp>
#include <odo/core/file_lock.hpp>
#include <odo/gates/campaign_status.hpp>
#include <odo/version.hpp>

#include <boost/program_options.hpp>

#include <chrono>
#include <iostream>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace {

namespace po = boost::program_options;
namespace campaign = odo::campaign;
using odo::driver::UsageError;

constexpr const char* usage =
    "usage: odo_campaign <Op> <verb> [options]\n"
    "verbs: start, baseline, profile, lead, evaluate, keep, revert, review, note, status, "
    "publish\n\n"
    "Records the optimization loop in the operator's campaign ledger and says where it stands.";

const std::set<std::string> verbs{"start",  "baseline", "profile", "lead",   "evaluate", "keep",
                                  "revert", "review",   "note",    "status", "publish"};

// The verbs' options (campaign/verb_options.hpp) and the driver's own.
struct Options : campaign::VerbOptions {
    bool help = false, version = false;
};

void add_start_options(po::options_description_easy_init& add, Options& o) {
    campaign::CampaignSession& s = o.session;
    add("build-dir", po::value(&o.build_dir)->value_name("DIR")->required(),
        "the library's configured build folder (cmake --build DIR)");
    add("bench-target", po::value(&o.bench_target)->value_name("TARGET"),
        "the benchmark target (default: the layout's paths.bench_target, bench_<op>)");
    add("bench", po::value(&o.bench)->value_name("FILE"),
        "the executable the target writes (default DIR/TARGET)");
    add("sku", po::value(&o.sku)->value_name("STEM"),
        "the SKU map's stem the measurements are recorded for (default: the map's only one)");
    add("base", po::value(&o.base)->value_name("BRANCH"),
        "the branch the merge request goes into (default: the checked-out branch)");
    add("branch", po::value(&o.branch)->value_name("BRANCH"),
        "the campaign's branch (default campaign/<op>)");
    add("timing", po::value(&s.timing)->value_name("cold|batch"),
        "the samples a run reports (default cold)");
    add("min-time", po::value(&s.min_time_s)->value_name("S"),
        "seconds measured per case and run (default 0.25)");
    add("baseline-runs", po::value(&s.baseline_runs)->value_name("N"),
        "runs per case and entry point of a baseline (default 2)");
    add("lead-runs", po::value(&s.lead_runs)->value_name("N"),
        "runs per case and side of a lead's evaluation (default 3)");
    add("ridge-pct", po::value(&s.ridge_pct)->value_name("PCT"),
        "the ridge profiles are judged against (default 80)");
    add("test-target", po::value(&s.test_target)->value_name("TARGET"),
        "the tests a win must pass before keep commits it (built, then run)");
    add("test", po::value(&o.test)->value_name("FILE"),
        "the executable the test target writes (default DIR/TARGET)");
    add("profiler", po::value(&o.profiler)->value_name("host-roofline|ncu"),
        "what odo_profile measures (default: ncu when it is on PATH, else host-roofline)");
}

void add_verb_options(po::options_description& d, Options& o, const std::string& verb) {
    auto add = d.add_options();
    if (verb == "profile") {
        add("report", po::value(&o.report)->value_name("FILE"),
            "odo_profile's JSON report (ncu, nsys or its host roofline), or a host roofline "
            "record (odo/bench/host_roofline.hpp)");
        add("ncu", po::value(&o.ncu)->value_name("FILE"), "an ncu CSV export (--page raw)");
        add("case", po::value(&o.case_key)->value_name("KEY"), "the case key profiled");
        add("represents", po::value(&o.represents)->value_name("KEY"),
            "a surface case the profiled case stands for (repeatable)");
        add("ridge-pct", po::value(&o.ridge_pct)->value_name("PCT"),
            "the ridge the ceiling figure is judged against (default: the guidance's 80)");
    } else if (verb == "lead") {
        add("id", po::value(&o.id)->value_name("ID")->required(), "the lead's id, unique");
        add("hypothesis", po::value(&o.hypothesis)->value_name("TEXT")->required(),
            "what the change should improve and why");
        add("category", po::value(&o.category)->value_name("TEXT")->required(),
            "the kind of change (memory, compute, launch, ...)");
        add("target", po::value(&o.targets)->value_name("KEY")->required(),
            "a case key the lead targets (repeatable)");
    } else if (verb == "evaluate") {
        add("lead", po::value(&o.lead)->value_name("ID")->required(), "the open lead");
        add("before", po::value(&o.before)->value_name("PATH"),
            "run artifacts (files or folders) of the build without the change (default, with a "
            "session: odo measures the lead's base)");
        add("after", po::value(&o.after)->value_name("PATH"),
            "run artifacts of the build with the change (default, with a session: odo measures "
            "the working tree's build)");
        add("kept", po::value(&o.kept)->value_name("COMMIT"), "the commit that keeps the change");
        add("language", po::value(&o.language)->value_name("LANG"),
            "the entry point the runs were timed in (default cpp)");
        add("dry-run", po::bool_switch(&o.dry_run),
            "print the outcome odo computes from the runs and record nothing: whether to keep "
            "the change is decided from it, and the evaluation recorded after");
    } else if (verb == "review") {
        add("report", po::value(&o.report)->value_name("FILE")->required(),
            "refactor_op's report (JSON or Markdown) of the tree as it is now");
    } else if (verb == "note") {
        add("text", po::value(&o.text)->value_name("TEXT")->required(), "the note");
    } else if (verb == "publish") {
        add("upstream", po::value(&o.upstream)->value_name("REF"),
            "a fetched evidence store to merge in (e.g. refs/odo/evidence-upstream)");
    } else if (verb == "keep" || verb == "revert") {
        add("lead", po::value(&o.lead)->value_name("ID")->required(),
            "the lead whose measured evaluation is kept or reverted");
    } else if (verb == "baseline") {
        add("commit", po::bool_switch(&o.commit),
            "commit the baselines written (and the ledger) as bench(<op>): ...");
    } else if (verb == "start") {
        add_start_options(add, o);
    } else if (verb == "status") {
        add("format", po::value(&o.format)->value_name("md|json"), "output format (default md)");
        add("preflight", po::value(&o.preflight)->value_name("FILE"),
            "optimize_op's preflight JSON report; a GAP makes coverage the next step");
    }
    add("repo", po::value(&o.repo)->value_name("DIR"),
        "the op repository (default: git top level of the current directory)");
    add("layout", po::value(&o.layout)->value_name("FILE"),
        "layout profile JSON (default: <repo>/odo-layout.json if present, else CV-CUDA)");
    add("artifacts", po::value(&o.artifacts)->value_name("DIR"),
        "the folder cited files outside the repository lie in (default: the session's)");
    add("help,h", po::bool_switch(&o.help), "show this help and exit");
}

Options parse_options(const std::vector<std::string>& args) {
    Options o;
    if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
        o.help = true;
        return o;
    }
    if (args.size() == 1 && args[0] == "--version") {
        o.version = true;
        return o;
    }
    if (args.size() < 2 || args[0].rfind("-", 0) == 0)
        throw UsageError("expected odo_campaign <Op> <verb>");
    o.op = args[0];
    o.verb = args[1];
    if (!verbs.count(o.verb))
        throw UsageError(o.verb +
                         ": not a verb (profile, lead, evaluate, review, note, status, publish)");
    po::options_description d;
    add_verb_options(d, o, o.verb);
    po::variables_map vm;
    odo::driver::store_command_line({args.begin() + 2, args.end()}, d, {}, vm);
    if (vm.count("help") && vm["help"].as<bool>()) { // before notify: required options wait
        o.help = true;
        std::cout << usage << "\n\n" << o.verb << " options:\n" << d << "\n";
        return o;
    }
    odo::driver::notify_options(vm);
    odo::driver::require_range("--ridge-pct", o.ridge_pct, 0, 1000);
    if (!o.kept.empty())
        odo::driver::require_revision("--kept", o.kept);
    if (o.format != "md" && o.format != "json")
        throw UsageError("--format must be md or json");
    if (o.verb == "start" && o.artifacts.empty())
        throw UsageError("start needs --artifacts DIR: where run artifacts and reports go");
    if (o.before.empty() != o.after.empty())
        throw UsageError("--before and --after go together");
    if (o.verb == "profile" && o.report.empty() == o.ncu.empty())
        throw UsageError("profile needs one of --report FILE and --ncu FILE");
    return o;
}

int run(const Options& o) {
    const campaign::Campaign c(
        odo::driver::repository_root(o.repo.empty() ? std::nullopt : std::optional(o.repo)), o);
    std::optional<odo::FileLock> lock;
    if (o.verb != "status" && !o.dry_run)
        lock.emplace(c.lock_path(), std::chrono::seconds(60));
    if (o.verb == "start")
        return campaign::start(o, c);
    if (o.verb == "baseline")
        return campaign::measure_baseline(o, c);
    if (o.verb == "keep")
        return campaign::keep(o, c);
    if (o.verb == "revert")
        return campaign::revert(o, c);
    if (o.verb == "profile")
        return campaign::record_profile(o, c);
    if (o.verb == "lead")
        return campaign::record_lead(o, c);
    if (o.verb == "evaluate")
        return campaign::record_evaluation(o, c);
    if (o.verb == "review")
        return campaign::record_review(o, c);
    if (o.verb == "note") {
        c.append(campaign::RecordKind::Note, campaign::note_fields(o.text), {});
        return 0;
    }
    if (o.verb == "publish")
        return campaign::publish(o, c);
    return odo::gates::campaign_status(o, c);
}

} // namespace

int main(int argc, char** argv) {
    return odo::driver::guarded_main("odo_campaign", [&] {
        const Options options = parse_options({argv + 1, argv + argc});
        if (options.version) {
            std::cout << "odo_campaign " ODO_VERSION_STRING "\n";
            return 0;
        }
        if (options.help) {
            if (options.verb.empty())
                std::cout << usage << "\n";
            return 0;
        }
        return run(options);
    });
}
