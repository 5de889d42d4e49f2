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
// Exit codes: 0 done; 2 bad usage, bad input, a refused record or a ledger with problems (one
// line on stderr naming the file, option or record).
#include "baseline_options.hpp"
#include "baseline_repository.hpp"
#include "driver_main.hpp"
#include "option_checks.hpp"

#include <odo/baseline/artifact.hpp>
#include <odo/campaign/bench_measurement.hpp>
#include <odo/campaign/campaign_session.hpp>
#include <odo/campaign/campaign_state.hpp>
#include <odo/campaign/campaign_surface.hpp>
#include <odo/campaign/evaluation_runs.hpp>
#include <odo/campaign/evidence_store.hpp>
#include <odo/campaign/lead_attempt.hpp>
#include <odo/campaign/lead_category.hpp>
#include <odo/campaign/lead_outcome.hpp>
#include <odo/campaign/ledger_append.hpp>
#include <odo/campaign/ledger_read.hpp>
#include <odo/campaign/ledger_record.hpp>
#include <odo/campaign/next_step.hpp>
#include <odo/campaign/surface_baseline.hpp>
#include <odo/core/atomic_write.hpp>
#include <odo/core/error.hpp>
#include <odo/core/error_output.hpp>
#include <odo/core/file.hpp>
#include <odo/core/file_lock.hpp>
#include <odo/core/fixed_point.hpp>
#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>
#include <odo/core/path_within.hpp>
#include <odo/core/text.hpp>
#include <odo/gates/evidence.hpp>
#include <odo/gates/preflight.hpp>
#include <odo/gates/summary_phase.hpp>
#include <odo/profile/bottleneck.hpp>
#include <odo/profile/ncu_figures.hpp>
#include <odo/profile/ncu_report.hpp>
#include <odo/refactor/checklist_evidence.hpp>
#include <odo/refactor/gate_line.hpp>
#include <odo/repo/git.hpp>
#include <odo/repo/operator.hpp>
#include <odo/repo/path_template.hpp>
#include <odo/repo/repo_path.hpp>
#include <odo/repo/source_tree.hpp>
#include <odo/surface/case_key.hpp>
#include <odo/version.hpp>

#include <boost/json.hpp>
#include <boost/program_options.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <initializer_list>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
namespace po = boost::program_options;
namespace campaign = odo::campaign;
using odo::InputError;
using odo::driver::UsageError;

constexpr const char* usage =
    "usage: odo_campaign <Op> <verb> [options]\n"
    "verbs: start, baseline, profile, lead, evaluate, keep, revert, review, note, status, "
    "publish\n\n"
    "Records the optimization loop in the operator's campaign ledger and says where it stands.";

const std::set<std::string> verbs{"start",  "baseline", "profile", "lead",   "evaluate", "keep",
                                  "revert", "review",   "note",    "status", "publish"};

struct Options {
    std::string op, verb;
    std::string repo, layout, artifacts;
    bool help = false, version = false;
    // profile
    std::string report, ncu, case_key;
    std::vector<std::string> represents;
    double ridge_pct = odo::profile::BottleneckThresholds{}.ridge_sol_pct;
    // lead
    std::string id, hypothesis, category;
    std::vector<std::string> targets;
    // evaluate
    std::string lead;
    std::vector<std::string> before, after;
    std::string kept, language = "cpp";
    bool dry_run = false;
    // note
    std::string text;
    // status
    std::string format = "md", preflight;
    // publish
    std::string upstream;
    // start
    std::string build_dir, bench_target, bench, sku, base, branch, profiler, test;
    campaign::CampaignSession session;
    // baseline
    bool commit = false;
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

// A file a record cites: its bytes, read once, and the path the ledger names it by.
struct ReadFile {
    std::string bytes;
    campaign::CitedFile cited;
};

// The operator's repository, surface and ledger.
class Campaign {
public:
    explicit Campaign(const Options& o)
        : repository_(repository_options(o)),
          op_(odo::repo::resolve_operator(root(), repository_.layout(), o.op)) {
        const std::string& tpl = repository_.layout().paths.campaign_ledger;
        if (tpl.empty())
            throw InputError("the layout's paths.campaign_ledger is empty: no place for a ledger");
        ledger_ = odo::repo::expand(tpl, {op_.operator_name, op_.op, op_.pyname});
        odo::repo::repo_location(root(), root() / ledger_); // inside, no link out
        odo::refuse_linked_folder(root() / ledger_, {root()});
        session_file_ = campaign::session_folder(git_dir(), op_.op) / "session.json";
        if (fs::is_regular_file(session_file_))
            session_ =
                campaign::parse_session(odo::read_file(session_file_), session_file_.string());
        if (o.artifacts.empty() && session_ && o.verb != "start") {
            fs::create_directories(session_->artifacts);
            artifacts_ = fs::canonical(session_->artifacts);
        } else if (!o.artifacts.empty()) {
            std::error_code ec;
            artifacts_ = fs::canonical(o.artifacts, ec);
            if (ec || !fs::is_directory(artifacts_))
                throw InputError("--artifacts " + o.artifacts + ": not a folder");
        }
    }

    const fs::path& root() const { return repository_.root(); }
    const std::optional<campaign::CampaignSession>& session() const { return session_; }
    const fs::path& session_file() const { return session_file_; }
    const fs::path& artifacts() const { return artifacts_; }
    fs::path session_folder() const { return session_file_.parent_path(); }

    // The session, for a verb that measures; InputError naming `start` when there is none.
    const campaign::CampaignSession& require_session(const std::string& verb) const {
        if (!session_)
            throw InputError(verb + " measures with the campaign's build: run `odo_campaign " +
                             op_.operator_name +
                             " start --build-dir DIR --artifacts DIR` first (no " +
                             session_file_.string() + ")");
        return *session_;
    }

    // The repository's git directory, where the session and the lock live: no commit can put a
    // file or a link there.
    fs::path git_dir() const {
        const auto dir = odo::repo::Git(root()).output({"rev-parse", "--absolute-git-dir"});
        if (!dir || odo::text::strip(*dir).empty())
            throw InputError(root().string() + ": git cannot name the repository's git directory");
        return fs::path(std::string(odo::text::strip(*dir)));
    }
    const std::string& name() const { return op_.operator_name; }
    const odo::repo::OperatorPaths& paths() const { return op_; }
    const odo::driver::BaselineRepository& repository() const { return repository_; }
    const std::string& ledger_path() const { return ledger_; }

    // The ledger folded; InputError (exit 2) naming the first problem of the ledger or its rules.
    campaign::CampaignState state() const {
        const Loaded& l = loaded();
        if (const std::string problem = campaign::first_problem(l.ledger, ledger_);
            !problem.empty())
            throw InputError(problem);
        return l.state;
    }

    campaign::OperatorSurface surface() const {
        const odo::baseline::ConfigSet set = repository_.load_configs();
        const fs::path file = fs::weakly_canonical(root() / op_.bench_cfg);
        for (const auto& f : set.files())
            if (fs::weakly_canonical(f.path) == file)
                return campaign::operator_surface(f.config);
        throw InputError(op_.bench_cfg + ": no benchmark config of " + op_.operator_name);
    }

    void require_surface_case(const std::string& option, const std::string& key,
                              const campaign::OperatorSurface& s) const {
        odo::surface::parse_case_key(key);
        if (!s.cases.count(key))
            throw InputError(option + " " + key + ": not a basic or advanced case of " +
                             op_.operator_name);
    }

    ReadFile read_cited(const std::string& option, const std::string& path) const {
        odo::driver::require_readable_file(option, path);
        const fs::path file = fs::canonical(path);
        std::string shown;
        if (odo::is_within(file, fs::canonical(root())))
            shown = file.lexically_relative(fs::canonical(root())).generic_string();
        else if (!artifacts_.empty() && odo::is_within(file, artifacts_))
            shown = file.lexically_relative(artifacts_).generic_string();
        else
            throw InputError(option + " " + path +
                             ": outside the repository; give --artifacts DIR that holds it");
        if (fs::file_size(file) > campaign::max_published_file_bytes)
            throw InputError(option + " " + path + ": " + std::to_string(fs::file_size(file)) +
                             " bytes, over the " +
                             std::to_string(campaign::max_published_file_bytes >> 20) +
                             " MiB a cited file may hold (the published evidence store takes no "
                             "larger); refused");
        std::string bytes = odo::read_file(file);
        campaign::CitedFile cited = campaign::cite_bytes(shown, bytes);
        read_bytes_[cited.blake2b] = bytes;
        return {std::move(bytes), std::move(cited)};
    }

    // The bytes of a file the ledger cites, from the working tree or the artifacts folder (by the
    // path it was cited with) when they hash to its digest; nullopt when neither holds them.
    std::optional<std::string> cited_bytes(const campaign::CitedFile& cited) const {
        for (const fs::path& base : {fs::path(root()), artifacts_}) {
            if (base.empty())
                continue;
            const auto at = odo::repo::resolve_repo_path(base, cited.path);
            std::error_code ec;
            if (!at || !fs::is_regular_file(*at, ec) ||
                fs::file_size(*at, ec) > campaign::max_published_file_bytes)
                continue;
            std::string bytes = odo::read_file(*at);
            if (campaign::ledger_digest(bytes) == cited.blake2b)
                return bytes;
        }
        return std::nullopt;
    }

    // Publishes `files` (each read by read_cited) into the evidence store; says how many were new.
    void publish(const std::vector<campaign::CitedFile>& files) const {
        std::vector<campaign::PublishedFile> published;
        for (const campaign::CitedFile& f : files)
            published.push_back({f.blake2b, read_bytes_.at(f.blake2b)});
        if (const std::size_t added = campaign::publish(odo::repo::Git(root()), published))
            std::cout << "published " << added << " cited file(s) to "
                      << campaign::evidence_store_ref << "\n";
    }

    // The ledger's records, read as they stand (the publish verb needs no fold to be clean).
    const campaign::Ledger& ledger() const { return loaded().ledger; }

    std::string head() const {
        const odo::repo::Git git(root());
        const auto commit = git.resolve_commit("HEAD");
        if (!commit)
            throw InputError(root().string() + ": no commit yet; a record names the commit it "
                                               "was made at");
        return *commit;
    }

    static std::string now() { return campaign::utc_timestamp(std::chrono::system_clock::now()); }

    void append(campaign::RecordKind kind, boost::json::object fields,
                std::vector<campaign::CitedFile> files) const {
        state();        // a ledger with problems gets no record chained after them
        publish(files); // nothing is cited that is not published
        const campaign::NewRecord record{
            kind, now(), head(), op_.operator_name, std::move(fields), std::move(files)};
        const Loaded& l = loaded();
        const std::string updated = campaign::append_record(l.bytes, l.ledger, record, ledger_);
        fs::create_directories((root() / ledger_).parent_path());
        odo::write_file_atomically(root() / ledger_, updated);
        std::cout << "recorded " << campaign::to_string(kind) << " in " << ledger_ << "\n";
    }

    // The file a verb that appends locks from before it reads the ledger until after it replaces
    // it: concurrent verbs would each append to the ledger they read, and the last rename would
    // drop the others' records. It lies in the repository's git directory, where no commit can
    // put a file or a link.
    fs::path lock_path() const { return git_dir() / "odo-campaign.lock"; }

private:
    static odo::driver::RepositoryOptions repository_options(const Options& o) {
        odo::driver::RepositoryOptions r;
        r.repo = o.repo;
        r.layout = o.layout;
        return r;
    }

    // The ledger as read, with the problems the tool adds to the parse's (records of another
    // operator, records from the future) and the fold's, and its state.
    struct Loaded {
        std::string bytes;
        campaign::Ledger ledger;
        campaign::CampaignState state;
    };

    // Read once: an appending verb holds the lock, so the ledger cannot change while it runs, and
    // a large ledger is parsed once rather than by every check.
    const Loaded& loaded() const {
        if (!loaded_)
            loaded_ = load();
        return *loaded_;
    }

    Loaded load() const {
        Loaded l;
        l.bytes = campaign::read_ledger_bytes(root() / ledger_).value_or("");
        l.ledger = campaign::parse_ledger(l.bytes, ledger_);
        for (const campaign::LedgerRecord& r : l.ledger.records)
            if (odo::text::lower(r.op) != op_.op)
                l.ledger.problems.push_back({r.seq, "a record of operator " + r.op});
        for (auto& p : campaign::records_from_the_future(l.ledger, now()))
            l.ledger.problems.push_back(std::move(p));
        l.state = campaign::fold(l.ledger);
        for (const auto& p : l.state.problems)
            l.ledger.problems.push_back(p);
        return l;
    }

    odo::driver::BaselineRepository repository_;
    odo::repo::OperatorPaths op_;
    std::string ledger_;
    fs::path artifacts_;
    fs::path session_file_;
    std::optional<campaign::CampaignSession> session_;
    mutable std::optional<Loaded> loaded_;
    mutable std::map<std::string, std::string> read_bytes_; // by digest, of files read_cited read
};

// ---- profile ----------------------------------------------------------------------------------

struct ProfileRead {
    std::string source, case_key, bottleneck;
    boost::json::object figures;
    double ceiling_pct = 0;
};

double number_at(const boost::json::object& o, const char* key, const std::string& file) {
    const auto* v = o.if_contains(key);
    const auto n = v ? odo::json::as_number(*v) : std::nullopt;
    if (!n || !std::isfinite(*n))
        throw InputError(file + ": `" + key + "` must be a number");
    return *n;
}

std::string text_at(const boost::json::object& o, const char* key, const std::string& file) {
    const auto* v = o.if_contains(key);
    if (!v || !v->is_string() || v->get_string().empty())
        throw InputError(file + ": `" + key + "` must be a non-empty string");
    return std::string(v->get_string());
}

odo::profile::Classification classify_ncu(const odo::profile::NcuFigures& n, double ridge_pct) {
    odo::profile::BottleneckThresholds t;
    t.ridge_sol_pct = ridge_pct;
    return odo::profile::classify({n, std::nullopt}, t);
}

// The host roofline: the operator against a memcpy of the same bytes, the memcpy being the
// memory speed of light of a machine without a GPU.
ProfileRead host_roofline(const boost::json::object& o, const std::string& file, double ridge) {
    const double bwutil_pct = 100 * number_at(o, "bwutil", file);
    odo::profile::NcuFigures n;
    n.memory_sol_pct = bwutil_pct;
    const auto c = classify_ncu(n, ridge);
    boost::json::object figures{{"bwutil_pct", bwutil_pct}};
    for (const char* key : {"operator_median_us", "memcpy_median_us", "bytes_moved"})
        figures[key] = number_at(o, key, file);
    return {"host-roofline", text_at(o, "case", file), std::string(to_string(c.bottleneck)),
            std::move(figures), bwutil_pct};
}

// odo_profile's JSON report (`odo_profile import ... --format json`, or its host roofline mode,
// whose report carries the `host_roofline` figures instead of ncu's).
ProfileRead profile_report(const boost::json::object& o, const std::string& file) {
    const auto* cls = o.if_contains("classification");
    if (!cls || !cls->is_object())
        throw InputError(file + ": `classification` must be an object");
    const auto* max_sol = cls->get_object().if_contains("max_sol_pct");
    if (!max_sol || !odo::json::as_number(*max_sol))
        throw InputError(file + ": no SOL figure (classification.max_sol_pct) to judge against "
                                "the ridge");
    const auto* ncu = o.if_contains("ncu");
    const auto* host = o.if_contains("host_roofline");
    const char* source = ncu && ncu->is_object()     ? "ncu"
                         : host && host->is_object() ? "host-roofline"
                                                     : "nsys";
    boost::json::object figures;
    const auto copy = [&](const boost::json::value* from, std::initializer_list<const char*> keys) {
        if (from && from->is_object())
            for (const char* key : keys)
                if (const auto* v = from->get_object().if_contains(key))
                    if (const auto n = odo::json::as_number(*v))
                        figures[key] = *n;
    };
    copy(ncu,
         {"memory_sol_pct", "compute_sol_pct", "dram_throughput_pct", "achieved_occupancy_pct"});
    copy(host, {"bwutil_pct", "operator_median_us", "memcpy_median_us", "bytes_moved"});
    return {source, text_at(o, "case", file), text_at(cls->get_object(), "bottleneck", file),
            std::move(figures), *odo::json::as_number(*max_sol)};
}

ProfileRead ncu_export(const std::string& bytes, const std::string& file, double ridge) {
    odo::profile::NcuReport report;
    try {
        report = odo::profile::parse_ncu_csv(bytes);
    } catch (const InputError& e) {
        throw InputError(file + ": " + e.what());
    }
    if (report.kernels.empty())
        throw InputError(file + ": the ncu export holds no kernel launch");
    const odo::profile::NcuFigures n = odo::profile::ncu_figures(report);
    if (auto missing = odo::profile::missing_ncu_figures(report, n))
        throw InputError(file + ": " + *missing);
    const auto c = classify_ncu(n, ridge);
    if (!c.max_sol_pct)
        throw InputError(file + ": no SOL figure to judge against the ridge");
    boost::json::object figures;
    const std::pair<const char*, std::optional<double>> known[] = {
        {"memory_sol_pct", n.memory_sol_pct},
        {"compute_sol_pct", n.compute_sol_pct},
        {"dram_throughput_pct", n.dram_throughput_pct},
        {"achieved_occupancy_pct", n.achieved_occupancy_pct}};
    for (const auto& [key, value] : known)
        if (value)
            figures[key] = *value;
    return {"ncu", "", std::string(to_string(c.bottleneck)), std::move(figures), *c.max_sol_pct};
}

int record_profile(const Options& o, const Campaign& c) {
    const bool csv = !o.ncu.empty();
    const ReadFile input = c.read_cited(csv ? "--ncu" : "--report", csv ? o.ncu : o.report);
    const std::string& file = csv ? o.ncu : o.report;
    ProfileRead read;
    if (csv) {
        read = ncu_export(input.bytes, file, o.ridge_pct);
    } else {
        const auto doc = odo::json::parse(input.bytes, file);
        if (!doc.is_object())
            throw InputError(file + ": not a JSON object");
        const auto& obj = doc.get_object();
        read = obj.contains("bwutil") ? host_roofline(obj, file, o.ridge_pct)
                                      : profile_report(obj, file);
    }
    if (read.case_key.empty() && o.case_key.empty())
        throw UsageError("--case KEY: the ncu export does not name the case it profiled");
    if (!o.case_key.empty() && !read.case_key.empty() && o.case_key != read.case_key)
        throw InputError(file + ": profiles " + read.case_key + ", not --case " + o.case_key);
    const std::string key = o.case_key.empty() ? read.case_key : o.case_key;
    const campaign::OperatorSurface surface = c.surface();
    c.require_surface_case("--case", key, surface);
    for (const std::string& r : o.represents)
        c.require_surface_case("--represents", r, surface);
    const campaign::ProfileFields fields{
        read.source,      key,        o.represents, read.figures, read.bottleneck,
        read.ceiling_pct, o.ridge_pct};
    c.append(campaign::RecordKind::Profile, campaign::profile_fields(fields), {input.cited});
    std::cout << key << ": " << read.bottleneck << ", " << odo::fixed_point(read.ceiling_pct, 1)
              << "% against a ridge of " << odo::fixed_point(o.ridge_pct, 1) << "% ("
              << (read.ceiling_pct >= o.ridge_pct ? "at the ridge" : "below the ridge") << ")\n";
    return 0;
}

// ---- lead, evaluate, review, note -------------------------------------------------------------

// The working tree's changes beside the ledger.
std::vector<std::string> tree_changes(const Campaign& c) {
    return campaign::changed_paths(odo::repo::Git(c.root()), c.ledger_path());
}

fs::path lead_folder(const Campaign& c, const std::string& id) {
    return c.session_folder() / ("lead-" + id);
}

// The benchmark built at HEAD, copied where the lead's evaluation finds it: the yardstick its
// change is timed against. The tree must not hold a change yet, or the yardstick would have it.
void snapshot_lead_base(const Campaign& c, const std::string& id) {
    const campaign::CampaignSession& s = *c.session();
    if (const auto changed = tree_changes(c); !changed.empty())
        throw InputError("the working tree has changes (" + changed.front() +
                         (changed.size() > 1
                              ? " and " + std::to_string(changed.size() - 1) + " more"
                              : std::string()) +
                         "): open the lead before making its change, so its base is HEAD");
    std::cout << "building " << s.bench_target << " at HEAD: lead " << id << "'s base\n"
              << std::flush;
    campaign::build_bench(s);
    const fs::path folder = lead_folder(c, id);
    fs::remove_all(folder);
    fs::create_directories(folder);
    fs::copy_file(s.bench, folder / s.bench.filename());
}

int record_lead(const Options& o, const Campaign& c) {
    const campaign::CampaignState s = c.state();
    if (s.open_lead)
        throw InputError("lead " + *s.open_lead + " is open: evaluate it before opening another");
    for (const campaign::Lead& lead : s.leads)
        if (lead.id == o.id)
            throw InputError("--id " + o.id + ": a lead of that id was opened before");
    if (!campaign::is_lead_category(o.category))
        throw UsageError(
            "--category " + o.category + ": not one of " +
            odo::text::join({campaign::lead_categories.begin(), campaign::lead_categories.end()},
                            ", "));
    if (!o.id.empty() &&
        (o.id.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                "0123456789._-") != std::string::npos ||
         o.id.front() == '.' || o.id.front() == '-'))
        throw UsageError("--id " + o.id +
                         ": letters, digits, '.', '_' and '-' only, not first '.' "
                         "or '-' (it names a ref and a folder)");
    const campaign::OperatorSurface surface = c.surface();
    for (const std::string& key : o.targets)
        c.require_surface_case("--target", key, surface);
    if (c.session())
        snapshot_lead_base(c, o.id);
    c.append(campaign::RecordKind::Lead,
             campaign::lead_fields(o.id, o.hypothesis, o.category, o.targets), {});
    return 0;
}

// One side's runs, read from its artifacts (each cited, its path kept in `paths`).
std::vector<campaign::RunTiming> read_runs(const std::string& option,
                                           const std::vector<std::string>& from,
                                           odo::baseline::Language language, const Campaign& c,
                                           std::vector<campaign::CitedFile>& cited,
                                           std::vector<std::string>& paths) {
    const odo::baseline::ConfigSet set = c.repository().load_configs();
    const auto stems = c.repository().load_sku_map().stems();
    std::vector<campaign::RunTiming> runs;
    for (const fs::path& path : odo::baseline::artifact_paths({from.begin(), from.end()})) {
        ReadFile file = c.read_cited(option, path.string());
        std::vector<campaign::RunTiming> read;
        try {
            read = campaign::artifact_runs(file.bytes, path.string(), set, stems,
                                           c.repository().layout().languages, language);
        } catch (const odo::InputProblems& e) { // one line: the first row, and how many more
            const auto& all = e.problems();
            throw InputError(
                all.front() +
                (all.size() > 1 ? " (and " + std::to_string(all.size() - 1) + " more rows refused)"
                                : std::string()));
        }
        for (campaign::RunTiming& run : read)
            runs.push_back(std::move(run));
        paths.push_back(file.cited.path);
        cited.push_back(std::move(file.cited));
    }
    return runs;
}

// "-12.3%", "+0.4%": a time change as the evaluation prints it.
std::string signed_pct(double pct) {
    std::string text = odo::fixed_point(pct, 1);
    if (text == "-0.0")
        text = "0.0";
    return (text.front() == '-' || text == "0.0" ? "" : "+") + text + "%";
}

// The lead's base against the working tree's build, every case, `lead_runs` times each,
// alternating side by side so that both see the same state of a busy machine. Returns the two
// folders of run artifacts.
std::pair<fs::path, fs::path> measure_lead(const Campaign& c, const std::string& id,
                                           const std::string& language) {
    const campaign::CampaignSession& s = c.require_session("evaluate");
    const fs::path base = lead_folder(c, id) / s.bench.filename();
    if (!fs::is_regular_file(base))
        throw InputError("lead " + id + " has no base build in " + base.parent_path().string() +
                         " (it was opened without a session): give --before and --after");
    std::cout << "building " << s.bench_target << " with lead " << id << "'s change\n"
              << std::flush;
    campaign::build_bench(s);
    const fs::path dir = c.artifacts() / (c.paths().op + "-lead-" + id);
    fs::remove_all(dir);
    const std::map<std::string, fs::path> sides{{"before", base}, {"after", s.bench}};
    for (const auto& [side, bench] : sides)
        fs::create_directories(dir / side);
    const std::vector<std::string> keys = campaign::surface_cases(base);
    for (std::size_t i = 0; i < keys.size(); ++i) {
        for (int run = 1; run <= s.lead_runs; ++run)
            for (const auto& [side, bench] : sides)
                campaign::measure_case(
                    bench, keys[i], language, s, s.min_time_s,
                    dir / side /
                        ("case" + std::to_string(i + 1) + "-" + std::to_string(run) + ".json"));
        std::cout << "  [" << i + 1 << "/" << keys.size() << "] " << keys[i] << "\n" << std::flush;
    }
    return {dir / "before", dir / "after"};
}

fs::path pending_file(const Campaign& c) {
    return c.session_folder() / "pending-evaluation.json";
}

int record_evaluation(const Options& given, const Campaign& c) {
    Options o = given;
    const bool measured = o.before.empty();
    if (measured && fs::exists(pending_file(c)))
        throw InputError(pending_file(c).string() +
                         ": an evaluation waits to be kept or reverted (status says which)");
    if (measured && c.state().open_lead == o.lead) {
        const auto [before, after] = measure_lead(c, o.lead, o.language);
        o.before = {before.string()};
        o.after = {after.string()};
        o.dry_run = true; // recorded by keep or revert
    }
    const campaign::CampaignState s = c.state();
    if (!s.open_lead || *s.open_lead != o.lead)
        throw InputError("--lead " + o.lead + ": not the open lead (" +
                         (s.open_lead ? *s.open_lead : std::string("none is open")) + ")");
    const auto language = odo::baseline::parse_language(o.language);
    if (!language || !c.repository().layout().languages.contains(*language))
        throw UsageError("--language " + o.language + ": not an entry point of the layout");
    const campaign::Lead& lead = s.leads.back();
    std::vector<campaign::CitedFile> cited;
    campaign::EvaluationArtifacts artifacts;
    const auto before = read_runs("--before", o.before, *language, c, cited, artifacts.before);
    const auto after = read_runs("--after", o.after, *language, c, cited, artifacts.after);
    const campaign::LeadEvaluation e = campaign::evaluate_lead(
        before, after, std::set<std::string>(lead.targets.begin(), lead.targets.end()));
    std::optional<std::string> kept;
    if (!o.kept.empty())
        kept = odo::repo::Git(c.root()).user_commit("--kept", o.kept);
    if (!o.dry_run)
        c.append(campaign::RecordKind::Evaluation,
                 campaign::evaluation_fields(o.lead, e, before, after, kept, o.language, artifacts),
                 std::move(cited));
    std::cout << o.lead << ": " << campaign::to_string(e.outcome) << "\n";
    for (const campaign::CaseChange& change : e.cases)
        if (change.targeted)
            std::cout << "  target " << change.case_key << " on " << change.sku << ": time "
                      << signed_pct(change.band.delta_pct) << ", band "
                      << signed_pct(change.band.low_pct) << " to "
                      << signed_pct(change.band.high_pct) << ": "
                      << odo::baseline::to_string(change.verdict) << "\n";
    for (const std::string& reason : e.reasons)
        std::cout << "  " << odo::one_line(reason) << "\n";
    if (measured) {
        const campaign::PendingEvaluation pending{o.lead,
                                                  std::string(campaign::to_string(e.outcome)),
                                                  o.before.front(), o.after.front(), o.language};
        odo::write_file_atomically(pending_file(c), campaign::pending_json(pending));
        std::cout << "next: odo_campaign " << c.name() << " "
                  << (e.outcome == campaign::LeadOutcome::Win ? "keep" : "revert") << " --lead "
                  << o.lead << "\n";
    }
    return 0;
}

// The evaluation `evaluate` measured for `lead`, waiting in the session folder.
campaign::PendingEvaluation pending_of(const Campaign& c, const std::string& lead) {
    const fs::path file = pending_file(c);
    if (!fs::is_regular_file(file))
        throw InputError("--lead " + lead + ": no measured evaluation waits (run `odo_campaign " +
                         c.name() + " evaluate --lead " + lead + "` first)");
    campaign::PendingEvaluation p = campaign::parse_pending(odo::read_file(file), file.string());
    if (p.lead != lead)
        throw InputError("--lead " + lead + ": the measured evaluation is of lead " + p.lead);
    return p;
}

Options recording(const Options& o, const campaign::PendingEvaluation& p) {
    Options r = o;
    r.before = {p.before.string()};
    r.after = {p.after.string()};
    r.language = p.language;
    r.dry_run = false;
    return r;
}

// The library's tests on the working tree, their output kept as ART/pixel-tests.txt: a change
// whose tests fail is not kept (false, said on stderr).
bool tests_pass(const Campaign& c, const campaign::CampaignSession& s) {
    campaign::CampaignSession tests = s;
    tests.bench_target = s.test_target;
    std::cout << "building and running " << s.test_target << "\n" << std::flush;
    campaign::build_bench(tests);
    odo::ProcessOptions options;
    options.timeout = std::chrono::hours(1);
    const odo::ProcessResult r = odo::run_process(s.test.string(), {}, options);
    const fs::path log = c.artifacts() / "pixel-tests.txt";
    odo::write_file_atomically(log, r.out + r.err);
    if (!r.ok()) {
        std::cerr << "odo_campaign: " << s.test.filename().string() << " fails with the change ("
                  << log.string()
                  << "): fix the change and evaluate it again; nothing was committed\n";
        return false;
    }
    std::cout << "tests pass (" << log.string() << ")\n";
    return true;
}

// A win committed as the lead's perf commit, and its evaluation recorded with that commit.
int keep(const Options& o, const Campaign& c) {
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
    Options r = recording(o, p);
    r.kept = campaign::commit_working_tree(git, "perf(" + c.paths().op + "): " + hypothesis);
    std::cout << "committed " << r.kept.substr(0, 12) << " perf(" << c.paths().op
              << "): " << hypothesis << "\n";
    record_evaluation(r, c);
    fs::remove(pending_file(c));
    return 0;
}

// A strike's work shelved at its attempt ref, HEAD's files back, and its evaluation recorded.
int revert(const Options& o, const Campaign& c) {
    const campaign::PendingEvaluation p = pending_of(c, o.lead);
    if (p.outcome != "strike")
        throw InputError("--lead " + o.lead + ": a win is kept (`odo_campaign " + c.name() +
                         " keep --lead " + o.lead + "`), not reverted");
    const std::string ref = campaign::attempt_ref(c.paths().op, o.lead);
    const std::string commit = campaign::shelve_working_tree(
        odo::repo::Git(c.root()), ref, "odo: lead " + o.lead + " of " + c.name() + ", a strike",
        c.root() / c.ledger_path());
    std::cout << "the tree is back at HEAD; lead " << o.lead << "'s work is kept at " << ref << " ("
              << commit.substr(0, 12) << "): git checkout " << ref << " -- .\n";
    record_evaluation(recording(o, p), c);
    fs::remove(pending_file(c));
    return 0;
}

// The refactor_op gate line of a report: a JSON report's `checklist`, else the text's own line.
odo::refactor::CitedReport cited_report(const std::string& bytes, const std::string& file) {
    std::string text = bytes;
    if (const auto doc = odo::json::try_parse(bytes); doc && doc->is_object())
        if (const auto* line = doc->get_object().if_contains("checklist");
            line && line->is_string())
            text = std::string(line->get_string());
    const auto reports = odo::refactor::find_cited_reports(text);
    if (reports.size() != 1)
        throw InputError(file + ": expected one refactor_op gate evidence line, found " +
                         std::to_string(reports.size()));
    return reports.front();
}

int record_review(const Options& o, const Campaign& c) {
    const ReadFile input = c.read_cited("--report", o.report);
    const odo::refactor::CitedReport report = cited_report(input.bytes, o.report);
    if (odo::text::lower(report.operator_name) != c.paths().op)
        throw InputError(o.report + ": a report of " + report.operator_name + ", not " + c.name());
    const std::string now =
        odo::refactor::sources_fingerprint(odo::repo::WorkingTree(c.root()), c.paths());
    if (report.sources != now)
        throw InputError(o.report + ": judged sources " + report.sources + ", the tree's are now " +
                         now + " (run refactor_op again)");
    c.append(campaign::RecordKind::Review,
             campaign::review_fields(report.phase, report.verdict, report.sources), {input.cited});
    return 0;
}

// ---- start and baseline -----------------------------------------------------------------------

// A folder the session names: it must exist (or be created), and lie outside the repository or
// be ignored by it, since keep commits everything else the working tree holds.
fs::path session_path(const std::string& option, const std::string& given, const Campaign& c,
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

std::string checked_out_branch(const Campaign& c) {
    const auto name = odo::repo::Git(c.root()).output({"symbolic-ref", "--short", "-q", "HEAD"});
    return name ? std::string(odo::text::strip(*name)) : std::string();
}

int start(const Options& o, const Campaign& c) {
    campaign::CampaignSession s = o.session;
    s.build_dir = session_path("--build-dir", o.build_dir, c, false);
    if (!fs::is_regular_file(s.build_dir / "CMakeCache.txt"))
        throw InputError("--build-dir " + o.build_dir +
                         ": not a configured CMake build folder (no CMakeCache.txt)");
    s.artifacts = session_path("--artifacts", o.artifacts, c, true);
    s.bench_target =
        !o.bench_target.empty()
            ? o.bench_target
            : odo::repo::expand(c.repository().layout().paths.bench_target,
                                {c.paths().operator_name, c.paths().op, c.paths().pyname});
    for (const auto& [option, target] :
         {std::pair<const char*, const std::string*>{"--bench-target", &s.bench_target},
          {"--test-target", &s.test_target}})
        if (!target->empty() && !campaign::is_target_name(*target))
            throw UsageError(std::string(option) + " " + *target +
                             ": not a CMake target name (letters, digits, _ . + -; not first -)" +
                             (option == std::string("--bench-target") && o.bench_target.empty()
                                  ? " (from the layout's paths.bench_target)"
                                  : ""));
    s.bench = o.bench.empty() ? s.build_dir / s.bench_target : fs::absolute(o.bench);
    if (!s.test_target.empty())
        s.test = o.test.empty() ? s.build_dir / s.test_target : fs::absolute(o.test);
    const std::vector<std::string> stems = c.repository().load_sku_map().stems();
    const std::string listed = odo::text::join(stems, ", ");
    if (o.sku.empty() && stems.size() != 1)
        throw UsageError("--sku STEM: the SKU map names " + std::to_string(stems.size()) +
                         " SKUs (" + listed + "); say which one this machine is");
    s.sku = o.sku.empty() ? stems.front() : o.sku;
    if (std::find(stems.begin(), stems.end(), s.sku) == stems.end())
        throw UsageError("--sku " + s.sku + ": not a stem of the SKU map (" + listed + ")");
    s.base = o.base.empty() ? checked_out_branch(c) : o.base;
    if (s.base.empty())
        throw UsageError("--base BRANCH: HEAD is detached; name the branch the merge request "
                         "goes into");
    odo::driver::require_revision("--base", s.base);
    s.branch = o.branch.empty() ? "campaign/" + c.paths().op : o.branch;
    s.profiler = !o.profiler.empty()        ? o.profiler
                 : odo::find_on_path("ncu") ? "ncu"
                                            : "host-roofline";
    odo::driver::require_range("--min-time", s.min_time_s, 0.001, 3600);
    const std::string json = campaign::session_json(s);
    campaign::parse_session(json, "--timing/--profiler/--baseline-runs/--lead-runs"); // the rules
    fs::create_directories(c.session_file().parent_path());
    odo::write_file_atomically(c.session_file(), json);
    std::cout << "campaign of " << c.name() << ": builds " << s.bench_target << " in "
              << s.build_dir.string() << ", measures on " << s.sku << " (" << s.profiler
              << " profiles), artifacts in " << s.artifacts.string() << ", base " << s.base
              << "\nsession: " << c.session_file().string() << "\nnext: odo_campaign " << c.name()
              << " status\n";
    return 0;
}

// The operator's benchmark config as the import plans it.
const odo::baseline::OperatorFile& operator_file(const odo::baseline::ConfigSet& set,
                                                 const Campaign& c) {
    const fs::path file = fs::weakly_canonical(c.root() / c.paths().bench_cfg);
    for (const auto& f : set.files())
        if (fs::weakly_canonical(f.path) == file)
            return f;
    throw InputError(c.paths().bench_cfg + ": no benchmark config of " + c.name());
}

// Commits `paths` (repository-relative) as `message` when any of them changed.
void commit_paths(const Campaign& c, std::vector<std::string> paths, const std::string& message) {
    const odo::repo::Git git(c.root());
    std::vector<std::string> add{"add", "--"};
    add.insert(add.end(), paths.begin(), paths.end());
    if (!git.run(add).ok() || git.run({"diff", "--cached", "--quiet"}).exit_code == 0) {
        std::cout << "nothing to commit\n";
        return;
    }
    const odo::ProcessResult r = git.run({"commit", "-q", "--no-verify", "-m", message});
    if (!r.ok())
        throw InputError("git commit: " + std::string(odo::text::strip(r.err)));
    std::cout << "committed " << message << "\n";
}

// The operator's host memory per surface case (the runner's allocation hook, docs/bench.md), the
// footprint file the summary's memory section and ODO-9 read. A benchmark that cannot count
// (a GPU backend: device memory is CUPTI's to count) is said, not fatal: the footprint is then
// another tool's to write.
void record_footprint(const campaign::CampaignSession& s, const fs::path& file) {
    const odo::ProcessResult r = odo::run_process(
        s.bench.string(), {"--footprint", file.string(), "--tier", "basic,advanced", "--quiet"});
    if (r.ok())
        std::cout << "footprint: " << file.string() << "\n";
    else
        std::cout << "footprint: not counted (" << s.bench.filename().string()
                  << " --footprint: " << odo::one_line(r.err.empty() ? r.error : r.err)
                  << "); ODO-9 needs the footprint file from another tool\n";
}

int measure_baseline(const Options& o, const Campaign& c) {
    const campaign::CampaignSession& s = c.require_session("baseline");
    std::cout << "building " << s.bench_target << "\n" << std::flush;
    campaign::build_bench(s);
    const std::vector<std::string> keys = campaign::surface_cases(s.bench);
    // The campaign's baseline before its first kept change, or after its latest.
    const std::string when = c.state().wins ? "after" : "before";
    const fs::path dir = c.artifacts() / (c.paths().op + "-" + when);
    fs::remove_all(dir);
    fs::create_directories(dir);
    const odo::baseline::ConfigSet set = c.repository().load_configs();
    const auto map = c.repository().load_sku_map();
    const auto languages = c.repository().layout().languages;
    odo::baseline::ImportOptions options;
    options.operators = {operator_file(set, c).config.benchmark};
    std::cout << "measuring " << keys.size() << " cases, " << s.baseline_runs
              << " runs each through every entry point, into " << dir.string() << "\n"
              << std::flush;
    const odo::baseline::ImportPlan plan = campaign::measure_until_accepted(
        s, keys, languages, dir,
        [&] { return campaign::plan_surface_import(set, map, languages, options, dir); },
        std::cout);
    if (!plan.ok()) {
        odo::print_capped(std::cerr, plan.failures, odo::max_problem_lines);
        std::cerr << "odo_campaign: the import refused the measurements "
                  << campaign::baseline_attempts
                  << " times: this machine is too busy for the SKU map's quality limits; stop "
                     "other work and run again, or start again with a longer --min-time\n";
        return 1;
    }
    odo::print_capped(std::cout, odo::baseline::import_change_lines(plan), 40);
    const auto written = odo::baseline::apply_import(set, plan);
    std::cout << "wrote " << written.size() << " baseline file(s)\n";
    record_footprint(s, c.artifacts() / ("footprint-" + when + ".json"));
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
        std::cout << "commit them: git add " << odo::text::join(paths, " ") << " && git commit -m '"
                  << message << "'\n";
    return 0;
}

// ---- status -----------------------------------------------------------------------------------

// The GAPs of optimize_op's preflight JSON report (gates.md §1), each "ID summary"; a report
// that counts GAPs without listing them gives one line saying so.
std::vector<std::string> preflight_gaps(const std::string& file) {
    if (file.empty())
        return {};
    odo::driver::require_readable_file("--preflight", file);
    const auto doc = odo::json::parse(odo::read_file(file), file);
    const auto* o = doc.if_object();
    const auto* phase = o ? o->if_contains("phase") : nullptr;
    const auto* gaps = o ? o->if_contains("exit_gap") : nullptr;
    if (!phase || *phase != "preflight" || !gaps || !gaps->is_int64())
        throw InputError("--preflight " + file +
                         ": not optimize_op's preflight JSON report (phase, exit_gap)");
    if (gaps->get_int64() == 0)
        return {};
    std::vector<std::string> out;
    if (const auto* findings = o->if_contains("findings"); findings && findings->is_array())
        for (const auto& f : findings->get_array())
            if (const auto* x = f.if_object(); x && x->if_contains("status") &&
                                               *x->if_contains("status") == "GAP" &&
                                               x->if_contains("id") && x->at("id").is_string())
                out.push_back(std::string(x->at("id").get_string()) +
                              (x->if_contains("summary") && x->at("summary").is_string()
                                   ? " " + odo::one_line(std::string(x->at("summary").get_string()))
                                   : std::string()));
    if (out.empty())
        out.push_back("the --preflight report counts a GAP");
    return out;
}

// The preflight GAPs a coverage commit fixes: with missing baselines, PRE-2's and PRE-3's GAPs
// are the baseline step's.
std::vector<std::string> coverage_gaps(std::vector<std::string> gaps,
                                       const campaign::Coverage& cov) {
    if (cov.baselined.size() < cov.surface.size())
        gaps.erase(std::remove_if(gaps.begin(), gaps.end(),
                                  [](const std::string& g) {
                                      return g.rfind("PRE-2 ", 0) == 0 || g.rfind("PRE-3 ", 0) == 0;
                                  }),
                   gaps.end());
    return gaps;
}

boost::json::array sorted_json(const std::set<std::string>& keys) {
    return boost::json::array(keys.begin(), keys.end());
}

boost::json::object lead_json(const campaign::Lead& lead) {
    boost::json::array deltas;
    if (lead.evaluation)
        deltas = campaign::case_changes_json(lead.evaluation->cases);
    return {{"id", lead.id},
            {"state", campaign::to_string(lead.state)},
            {"hypothesis", lead.hypothesis},
            {"category", lead.category},
            {"targets", boost::json::array(lead.targets.begin(), lead.targets.end())},
            {"kept_commit", lead.kept_commit ? boost::json::value(*lead.kept_commit) : nullptr},
            {"deltas", std::move(deltas)}};
}

boost::json::value profile_json(const std::optional<campaign::ProfileMark>& p) {
    if (!p)
        return nullptr;
    return boost::json::object{{"seq", p->seq},
                               {"source", p->source},
                               {"case", p->case_key},
                               {"bottleneck", p->bottleneck},
                               {"ceiling_pct", p->ceiling_pct},
                               {"ridge_pct", p->ridge_pct},
                               {"at_ridge", p->at_ridge}};
}

// The published evidence store as status reports it: how many files it holds, how many cited
// files it lacks, and why the ref is no store.
struct StoreStanding {
    std::size_t files = 0;
    std::size_t unpublished = 0;
    std::string problem;
};

StoreStanding store_standing(const Campaign& c) {
    const campaign::EvidenceStore store = campaign::EvidenceStore::open(odo::repo::Git(c.root()));
    StoreStanding out{store.size(), 0, store.problem()};
    std::set<std::string> cited;
    for (const campaign::LedgerRecord& r : c.ledger().records)
        for (const campaign::CitedFile& f : r.files)
            if (cited.insert(f.blake2b).second && !store.holds(f.blake2b))
                ++out.unpublished;
    return out;
}

boost::json::object next_json(const campaign::NextStep& next) {
    boost::json::object fill;
    for (const auto& [name, f] : next.fill)
        fill[name] = {{"what", f.what},
                      {"choices", boost::json::array(f.choices.begin(), f.choices.end())}};
    return {{"step", next.step},
            {"command", next.command ? boost::json::value(*next.command) : nullptr},
            {"why", next.why},
            {"fill", std::move(fill)}};
}

std::string status_json(const Campaign& c, const campaign::CampaignState& s,
                        const campaign::Coverage& cov, const campaign::NextStep& next,
                        const StoreStanding& store) {
    boost::json::array leads, strikes;
    for (const campaign::Lead& lead : s.leads)
        leads.push_back(lead_json(lead));
    for (const auto& strike : s.strikes)
        strikes.push_back({{"lead", strike.lead}, {"speedup_pct", strike.change_pct}});
    const boost::json::object out{
        {"ledger", c.ledger_path()},
        {"operator", c.name()},
        {"stop", s.stop ? boost::json::value(*s.stop) : nullptr},
        {"wins", s.wins},
        {"strikes_since_last_win", s.strikes_since_last_win},
        {"strikes", std::move(strikes)},
        {"open_lead", s.open_lead ? boost::json::value(*s.open_lead) : nullptr},
        {"dominant_case", s.dominant_case ? boost::json::value(*s.dominant_case) : nullptr},
        {"latest_profile", profile_json(s.profile_since_last_win)},
        {"next", next_json(next)},
        {"evidence_store",
         {{"ref", campaign::evidence_store_ref},
          {"files", store.files},
          {"unpublished", store.unpublished},
          {"problem", store.problem}}},
        {"surface",
         {{"cases", sorted_json(cov.surface)},
          {"baselined", sorted_json(cov.baselined)},
          {"profiled", sorted_json(cov.profiled)},
          {"targeted", sorted_json(cov.targeted)},
          {"uncovered", sorted_json(cov.uncovered)}}},
        {"leads", std::move(leads)}};
    return odo::json::dumps(out, {2, false, false}) + "\n";
}

std::string status_markdown(const Campaign& c, const campaign::CampaignState& s,
                            const campaign::Coverage& cov, const campaign::NextStep& next,
                            const StoreStanding& store) {
    std::string out = "# Campaign of " + c.name() + "\n\n";
    out += "- Ledger: `" + c.ledger_path() + "`\n";
    out += "- Surface: " + std::to_string(cov.surface.size()) + " cases (basic and advanced); " +
           std::to_string(cov.baselined.size()) + " baselined; " +
           std::to_string(cov.surface.size() - cov.uncovered.size()) +
           " profiled directly or through a representative; " +
           std::to_string(cov.targeted.size()) + " targeted\n";
    if (!cov.uncovered.empty())
        out += "- Not profiled: " +
               odo::text::join({cov.uncovered.begin(), cov.uncovered.end()}, ", ") + "\n";
    if (const auto& p = s.profile_since_last_win)
        out += "- Latest profile of the dominant case `" + p->case_key + "` (record " +
               std::to_string(p->seq) + ", " + p->source + "): " + p->bottleneck + ", " +
               odo::fixed_point(p->ceiling_pct, 1) + "% against a ridge of " +
               odo::fixed_point(p->ridge_pct, 1) + "%" +
               (p->at_ridge ? " (at the ridge)" : " (below the ridge)") + "\n";
    else
        out += "- No profile of the dominant case since the last win\n";
    const odo::repo::Git git(c.root());
    for (const campaign::Lead& lead : s.leads) {
        const std::string ref = campaign::attempt_ref(c.paths().op, lead.id);
        const bool shelved =
            lead.state == campaign::LeadState::Strike && git.resolve_commit(ref).has_value();
        out += "- Lead " + lead.id + " (" + lead.category +
               "): " + std::string(campaign::to_string(lead.state)) +
               (shelved ? ", its work kept at " + ref : std::string()) + "\n";
    }
    out += "- Wins: " + std::to_string(s.wins) +
           "; strikes since the last win: " + std::to_string(s.strikes_since_last_win) + "\n";
    out += "- Stop: " + (s.stop ? *s.stop : std::string("none")) + "\n";
    out += "- Evidence store: `" + std::string(campaign::evidence_store_ref) + "`, " +
           (store.problem.empty()
                ? std::to_string(store.files) + " files; " + std::to_string(store.unpublished) +
                      " cited files not published"
                : store.problem) +
           "\n";
    out += "\nNext step (" + next.step + "): " + next.why + "\n";
    if (next.command)
        out += "\n    " + *next.command + "\n";
    for (const auto& [name, fill] : next.fill)
        out += "\n- `{" + name + "}`: " + fill.what +
               (fill.choices.empty() ? std::string()
                                     : " (choices: " + odo::text::join(fill.choices, ", ") + ")");
    if (!next.fill.empty())
        out += "\n";
    return out;
}

// The preflight's GAPs at HEAD, run here as optimize_op runs it.
std::vector<std::string> preflight_gaps(const Campaign& c) {
    const odo::repo::Git git(c.root());
    const odo::Report report = odo::gates::run_preflight(odo::gates::load_preflight_context(
        c.root(), c.repository().layout(), c.paths(), c.session()->base, git));
    std::vector<std::string> gaps;
    for (const odo::Finding& f : report.findings)
        if (f.status == odo::Status::Gap)
            gaps.push_back(f.id + " " + odo::one_line(f.summary));
    return gaps;
}

// Whether a commit after the last kept change touched the operator's baselines.
bool rebaselined(const Campaign& c, const campaign::CampaignState& s) {
    for (auto lead = s.leads.rbegin(); lead != s.leads.rend(); ++lead)
        if (lead->kept_commit) {
            const auto log = odo::repo::Git(c.root()).output(
                {"log", "--format=%H", *lead->kept_commit + "..HEAD", "--", c.paths().bench_cfg});
            return log && !odo::text::strip(*log).empty();
        }
    return true;
}

// The description as the evidence step leaves it (refreshed to final), and the evidence gate on
// it at HEAD: done when it passes and the file is that description already; the agent's to
// complete while checklist items are open; else the evidence step, which writes it and runs the
// gate. A description the summary phase refuses is the agent's to fix.
void evidence_facts(const Campaign& c, campaign::LoopFacts& f) {
    const std::string on_disk = odo::read_file(f.description);
    std::string refreshed;
    try {
        odo::gates::SummaryPhaseOptions summary;
        summary.repo_root = c.root();
        summary.layout = c.repository().layout();
        summary.operator_name = c.name();
        summary.results = f.description;
        summary.state = "final";
        refreshed = odo::gates::run_summary_phase(summary);
    } catch (const InputError& e) {
        f.evidence_pass = false;
        f.description_incomplete = true;
        f.evidence_open.push_back("the summary phase refuses it: " + odo::one_line(e.what()));
        return;
    }
    const odo::repo::Git git(c.root());
    const odo::gates::EvidenceContext context = odo::gates::load_evidence_context(
        c.root(), c.repository().layout(), c.paths(), c.session()->base, refreshed, std::nullopt,
        git, c.artifacts());
    const odo::Report report = odo::gates::run_evidence(context);
    f.evidence_pass = odo::verdict(report) == odo::Verdict::Pass;
    f.evidence_current = on_disk == refreshed || on_disk == refreshed + "\n";
    for (const odo::Finding& x : report.findings)
        if (x.status == odo::Status::Gap || x.status == odo::Status::Manual)
            f.evidence_open.push_back(x.id + " " + std::string(odo::to_string(x.status)) + ": " +
                                      odo::one_line(x.summary));
    f.description_incomplete = refreshed.find("- [ ] **") != std::string::npos;
}

campaign::LoopFacts loop_facts(const Options& o, const Campaign& c,
                               const campaign::CampaignState& s, const campaign::Coverage& cov,
                               const StoreStanding& store) {
    campaign::LoopFacts f;
    f.unpublished = store.unpublished;
    f.session = c.session();
    if (!f.session) {
        f.coverage_gaps = coverage_gaps(preflight_gaps(o.preflight), cov);
        f.offer_start = o.preflight.empty() && c.ledger().records.empty();
        return f;
    }
    f.coverage_gaps = coverage_gaps(preflight_gaps(c), cov);
    f.branch = checked_out_branch(c);
    f.tree_changed = !tree_changes(c).empty();
    if (fs::is_regular_file(pending_file(c)))
        f.pending =
            campaign::parse_pending(odo::read_file(pending_file(c)), pending_file(c).string());
    f.rebaselined = rebaselined(c, s);
    f.ledger = c.ledger_path();
    f.ledger_uncommitted =
        !odo::repo::Git(c.root())
             .output({"status", "--porcelain", "--untracked-files=all", "--", c.ledger_path()})
             .value_or("")
             .empty();
    f.description = (c.artifacts() / "mr-description.md").string();
    f.described = fs::is_regular_file(f.description);
    if (s.stop && !f.ledger_uncommitted && f.unpublished == 0 && f.described &&
        cov.uncovered.empty())
        evidence_facts(c, f);
    return f;
}

int status(const Options& o, const Campaign& c) {
    const campaign::CampaignState s = c.state();
    const campaign::OperatorSurface surface = c.surface();
    const campaign::Coverage cov = campaign::coverage(s, surface.cases, surface.baselined);
    const StoreStanding store = store_standing(c);
    const campaign::NextStep next =
        campaign::next_step(c.name(), s, cov, loop_facts(o, c, s, cov, store));
    std::cout << (o.format == "json" ? status_json(c, s, cov, next, store)
                                     : status_markdown(c, s, cov, next, store));
    return 0;
}

// ---- publish ----------------------------------------------------------------------------------

// Every file the ledger cites into the evidence store (with --upstream, that store merged in): a
// file the store lacks is read from the working tree or --artifacts and must hash to its digest.
int publish(const Options& o, const Campaign& c) {
    const odo::repo::Git git(c.root());
    const campaign::EvidenceStore store = campaign::EvidenceStore::open(git);
    if (!store.problem().empty())
        throw InputError(store.problem());
    std::vector<campaign::PublishedFile> files;
    std::set<std::string> seen;
    for (const campaign::LedgerRecord& r : c.ledger().records)
        for (const campaign::CitedFile& f : r.files) {
            if (store.holds(f.blake2b) || !seen.insert(f.blake2b).second)
                continue;
            auto bytes = c.cited_bytes(f);
            if (!bytes)
                throw InputError(c.ledger_path() + ": record " + std::to_string(r.seq) + " cites " +
                                 f.path +
                                 ", which neither the working tree nor --artifacts holds with "
                                 "its digest; give --artifacts DIR");
            files.push_back({f.blake2b, *std::move(bytes)});
        }
    if (!o.upstream.empty())
        odo::driver::require_revision("--upstream", o.upstream);
    const std::size_t added =
        campaign::publish(git, files, std::string(campaign::evidence_store_ref), o.upstream);
    const campaign::EvidenceStore now = campaign::EvidenceStore::open(git);
    std::cout << "published " << added << " new file(s); " << campaign::evidence_store_ref
              << " holds " << now.size() << " (commit " << now.commit().substr(0, 12)
              << "); push it with the branch: git push origin " << campaign::evidence_store_ref
              << "\n";
    return 0;
}

int run(const Options& o) {
    const Campaign c(o);
    std::optional<odo::FileLock> lock;
    if (o.verb != "status" && !o.dry_run)
        lock.emplace(c.lock_path(), std::chrono::seconds(60));
    if (o.verb == "start")
        return start(o, c);
    if (o.verb == "baseline")
        return measure_baseline(o, c);
    if (o.verb == "keep")
        return keep(o, c);
    if (o.verb == "revert")
        return revert(o, c);
    if (o.verb == "profile")
        return record_profile(o, c);
    if (o.verb == "lead")
        return record_lead(o, c);
    if (o.verb == "evaluate")
        return record_evaluation(o, c);
    if (o.verb == "review")
        return record_review(o, c);
    if (o.verb == "note") {
        c.append(campaign::RecordKind::Note, campaign::note_fields(o.text), {});
        return 0;
    }
    if (o.verb == "publish")
        return publish(o, c);
    return status(o, c);
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
