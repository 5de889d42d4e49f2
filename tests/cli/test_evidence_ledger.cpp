// optimize_op --phase evidence on a branch that carries a campaign ledger: ODO-4 is judged from its
// records and CAMPAIGN-COVERAGE from its profiles, on throw-away repositories whose ledgers are
// built the way odo_campaign writes them, then tampered with as an MR author could.
#include "cli_support.hpp"
#include "temp_dir.hpp"
#include "temp_repo.hpp"

#include <odo/campaign/campaign_surface.hpp>
#include <odo/campaign/ledger_append.hpp>
#include <odo/campaign/ledger_record.hpp>
#include <odo/core/json_read.hpp>
#include <odo/surface/bench_config.hpp>

#include <doctest/doctest.h>

#include <initializer_list>
#include <string>
#include <vector>

namespace {

using namespace odo::campaign;
using odo::testing::TempRepo;

const std::string ledger_file = "bench/campaigns/OpInvert.ledger.jsonl";
const std::string run_file = "bench/campaigns/runs/invert-before.json";
const std::string run_bytes = "{\"runs\": \"as measured\"}\n";

// The surface of the fixture's Invert config, sorted: the first is the case the campaign profiles.
std::vector<std::string> invert_surface() {
    const auto s = operator_surface(odo::surface::load_bench_config_file(
        ODO_TEST_DATA_DIR "/oprepo/bench/config/operators/invert.json"));
    return {s.cases.begin(), s.cases.end()};
}

const std::string run_sku = "H100_PCIe_350W_1095MHz";

// A run artifact of one case at `us` (C++ and Python), as a benchmark writes it.
std::string run_artifact_text(const std::string& key, double us) {
    return R"({"schema_version": 1, "run_metadata": {"gpu_name": null}, "baselines": {")" + key +
           R"(": {")" + run_sku + R"(": {"n_runs": 1, "gpu_time_us_cpp": )" + std::to_string(us) +
           R"(, "gpu_time_us_python": )" + std::to_string(us + 10) +
           R"(, "gpu_noise_us_cpp": 1.0, "gpu_noise_us_python": 1.0, "gpu_bwutil_cpp": 0.5,)"
           R"( "gpu_bwutil_python": 0.5}}}})" +
           "\n";
}

// Records as odo_campaign writes them, made at `commit`, citing the run file.
struct Recorder {
    std::string commit;
    std::string time = "2020-01-01T00:00:00Z";
    std::vector<std::string> surface = invert_surface();

    NewRecord record(RecordKind kind, boost::json::object fields) const {
        return {kind, time, commit, "Invert", std::move(fields), {cite_bytes(run_file, run_bytes)}};
    }
    // A profile of the first surface case at `pct` against the 80 % ridge, standing for the
    // first `represented` other cases (all but the last by default: profile_last covers it).
    NewRecord profile(double pct, std::size_t represented = 1000) const {
        std::vector<std::string> others(
            surface.begin() + 1, surface.begin() + 1 + std::min(represented, surface.size() - 2));
        return profile_of(surface.front(), pct, std::move(others));
    }
    // A profile of the last surface case, standing for no other.
    NewRecord profile_last(double pct) const { return profile_of(surface.back(), pct, {}); }
    NewRecord profile_of(const std::string& key, double pct,
                         std::vector<std::string> represents) const {
        return record(
            RecordKind::Profile,
            profile_fields({"host-roofline", key, std::move(represents),
                            boost::json::object{{"bwutil_pct", pct}}, "memory-bound", pct, 80}));
    }
    NewRecord lead(const std::string& id) const {
        return record(RecordKind::Lead, lead_fields(id, "fewer loads", "memory", {surface[0]}));
    }
    // The target goes from 100 us to `after_us` over three runs a side, each run an artifact
    // written into the repository (`repo`) and cited, as odo_campaign evaluate records them.
    NewRecord evaluation(const TempRepo& repo, const std::string& id, double after_us) const {
        std::vector<RunTiming> before, after;
        EvaluationArtifacts artifacts;
        std::vector<CitedFile> files;
        for (int run = 0; run < 3; ++run)
            for (const bool is_after : {false, true}) {
                const double us = is_after ? after_us : 100;
                const std::string path = "bench/campaigns/runs/" + id +
                                         (is_after ? "-after" : "-before") + std::to_string(run) +
                                         ".json";
                const std::string text = run_artifact_text(surface[0], us);
                repo.write(path, text);
                files.push_back(cite_bytes(path, text));
                (is_after ? artifacts.after : artifacts.before).push_back(path);
                (is_after ? after : before).push_back({surface[0], run_sku, us, 1});
            }
        const LeadEvaluation e = evaluate_lead(before, after, {surface[0]});
        NewRecord r =
            record(RecordKind::Evaluation,
                   evaluation_fields(id, e, before, after, std::nullopt, "cpp", artifacts));
        r.files = std::move(files);
        return r;
    }
};

std::string ledger_of(std::initializer_list<NewRecord> records) {
    std::string bytes;
    for (const NewRecord& r : records)
        bytes = append_record(bytes, r, ledger_file);
    return bytes;
}

// A campaign branch whose first commit holds the cited run file; a Recorder at that commit.
Recorder start_campaign(TempRepo& repo) {
    repo.git({"checkout", "-q", "-b", "campaign"});
    repo.write(run_file, run_bytes);
    return Recorder{repo.commit("bench: the campaign's first runs")};
}

boost::json::value ledger_report(const TempRepo& repo, std::vector<std::string> extra = {}) {
    std::vector<std::string> args{"Invert", "--phase", "evidence", "--format", "json"};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = odo::testing::optimize_op(repo, args);
    INFO(r.err);
    REQUIRE((r.exit_code == 0 || r.exit_code == 1));
    return odo::json::parse(r.out, "stdout");
}

std::string ledger_field(const boost::json::value& report, const std::string& id,
                         const char* name) {
    return odo::testing::finding_field(report, id, name, "absent");
}

using odo::testing::contains;

} // namespace

TEST_CASE("evidence with a genuine ledger: ODO-4 passes from it, every surface case covered") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const Recorder at = start_campaign(repo);
    repo.write(ledger_file, ledger_of({at.profile(40), at.profile_last(40), at.lead("unroll"),
                                       at.evaluation(repo, "unroll", 70), at.profile(91)}));
    repo.commit("campaign: ledger");
    const auto report = ledger_report(repo);
    CHECK(ledger_field(report, "ODO-4", "status") == "PASS");
    CHECK(ledger_field(report, "ODO-4", "evidence") ==
          ledger_file +
              ": 5 records check out (7 cited files, 0 earlier versions); stop: ridge, "
              "profile seq 5 (host-roofline) of " +
              at.surface.front() + " at 91.0% >= the 80.0% ridge");
    const auto& findings = report.at("findings").as_array();
    CHECK(findings.back().at("id") == "CAMPAIGN-COVERAGE");
    CHECK(ledger_field(report, "CAMPAIGN-COVERAGE", "status") == "PASS");
    // The checklist sentence no longer decides: there is no MR description at all.
    CHECK(ledger_field(report, "ODO-3", "status") == "GAP");
}

TEST_CASE("evidence with a ledger: no stop condition, or uncovered cases named, are GAPs") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const Recorder at = start_campaign(repo);
    repo.write(ledger_file, ledger_of({at.profile(40, 1), at.lead("unroll"),
                                       at.evaluation(repo, "unroll", 100)}));
    repo.commit("campaign: ledger");
    const auto report = ledger_report(repo);
    CHECK(ledger_field(report, "ODO-4", "status") == "GAP");
    CHECK(ledger_field(report, "ODO-4", "summary") ==
          "No stop condition holds in the campaign ledger");
    CHECK(contains(ledger_field(report, "ODO-4", "evidence"),
                   "0 win(s), 1 strike(s) since the last win; profile seq 1 of " +
                       at.surface.front() + " at 40.0%, below the 80.0% ridge"));
    CHECK(ledger_field(report, "CAMPAIGN-COVERAGE", "status") == "GAP");
    const std::string uncovered = ledger_field(report, "CAMPAIGN-COVERAGE", "evidence");
    CHECK(contains(uncovered, std::to_string(at.surface.size() - 2) + " of " +
                                  std::to_string(at.surface.size()) + " uncovered: "));
    for (std::size_t i = 2; i < at.surface.size(); ++i)
        CHECK(contains(uncovered, at.surface[i]));
    CHECK_FALSE(contains(uncovered, "'" + at.surface[1] + "'"));
}

TEST_CASE("evidence with a tampered ledger: a strike relabelled a win is a GAP naming its seq") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const Recorder at = start_campaign(repo);
    std::string bytes =
        ledger_of({at.profile(40), at.lead("a"), at.evaluation(repo, "a", 100), at.lead("b"),
                   at.evaluation(repo, "b", 100), at.lead("c"), at.evaluation(repo, "c", 100)});
    repo.write(ledger_file, bytes);
    repo.commit("campaign: three strikes");
    const auto genuine = ledger_report(repo);
    INFO(ledger_field(genuine, "ODO-4", "evidence"));
    CHECK(ledger_field(genuine, "ODO-4", "status") == "PASS");
    CHECK(contains(ledger_field(genuine, "ODO-4", "evidence"),
                   "stop: three-strikes, 3 strikes since the last win: a (0.0%), b (0.0%), c "
                   "(0.0%)"));
    // The last strike relabelled and the line rechained (as append_record would): the chain
    // holds, the recomputed outcome does not.
    const std::size_t at_outcome = bytes.rfind("\"outcome\": \"strike\"");
    bytes.replace(at_outcome, 19, "\"outcome\": \"win\"");
    repo.write(ledger_file, bytes);
    repo.commit("campaign: relabel");
    const auto report = ledger_report(repo);
    CHECK(ledger_field(report, "ODO-4", "status") == "GAP");
    CHECK(ledger_field(report, "ODO-4", "summary") == "The campaign ledger does not check out");
    CHECK(contains(ledger_field(report, "ODO-4", "evidence"),
                   "seq 7: outcome says win; its runs compute strike"));
    // The earlier commit's ledger is no prefix of this one either.
    CHECK(contains(ledger_field(report, "ODO-4", "evidence"),
                   "seq 7: record 7 of the ledger at commit"));
}

TEST_CASE("evidence with a ledger rewritten since an earlier commit, or deleted, is a GAP") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const Recorder at = start_campaign(repo);
    repo.write(ledger_file,
               ledger_of({at.profile(40), at.lead("a"), at.evaluation(repo, "a", 100)}));
    const std::string struck = repo.commit("campaign: a strike");
    // Rebuilt without the strike, chain and sequence intact.
    repo.write(ledger_file, ledger_of({at.profile(40), at.lead("b"), at.evaluation(repo, "b", 70),
                                       at.profile(91)}));
    repo.commit("campaign: history rewritten");
    const auto rewritten = ledger_report(repo);
    CHECK(ledger_field(rewritten, "ODO-4", "status") == "GAP");
    CHECK(contains(ledger_field(rewritten, "ODO-4", "evidence"),
                   "seq 2: record 2 of the ledger at commit " + struck.substr(0, 8) +
                       " is edited, reordered or removed in this one"));
    repo.remove(ledger_file);
    repo.commit("campaign: no ledger");
    const auto deleted = ledger_report(repo);
    CHECK(ledger_field(deleted, "ODO-4", "status") == "GAP");
    CHECK(contains(ledger_field(deleted, "ODO-4", "evidence"), "the ledger holds no record"));
    CHECK(ledger_field(deleted, "CAMPAIGN-COVERAGE", "status") != "absent");
}

TEST_CASE("evidence with a ledger: a cited file missing is a GAP until --artifacts holds it") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const Recorder at = start_campaign(repo);
    repo.write(ledger_file, ledger_of({at.profile(40), at.lead("a"), at.evaluation(repo, "a", 70),
                                       at.profile(91)}));
    repo.remove(run_file);
    repo.commit("campaign: ledger, runs kept as CI artifacts");
    const auto missing = ledger_report(repo);
    CHECK(ledger_field(missing, "ODO-4", "status") == "GAP");
    CHECK(contains(ledger_field(missing, "ODO-4", "evidence"),
                   "seq 1: cites " + run_file +
                       ", which is neither in the repository, nor under the artifacts folder, "
                       "nor in the published evidence store"));
    const TempDir artifacts;
    artifacts.write(run_file, "{\"runs\": \"edited\"}\n");
    const auto edited = ledger_report(repo, {"--artifacts", artifacts.path().string()});
    CHECK(contains(ledger_field(edited, "ODO-4", "evidence"),
                   "seq 1: cites " + run_file + " with BLAKE2b"));
    artifacts.write(run_file, run_bytes);
    const auto kept = ledger_report(repo, {"--artifacts", artifacts.path().string()});
    CHECK(ledger_field(kept, "ODO-4", "status") == "PASS");
    const auto bad = odo::testing::optimize_op(
        repo, {"Invert", "--phase", "evidence", "--artifacts", "no/such/folder"});
    CHECK(bad.exit_code == 2);
    CHECK(contains(bad.err, "--artifacts no/such/folder: not a folder"));
}

TEST_CASE("evidence with a ledger: a record from the future or of another history") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    Recorder at = start_campaign(repo);
    at.time = "2999-01-01T00:00:00Z";
    repo.write(ledger_file, ledger_of({at.profile(91)}));
    repo.commit("campaign: ledger");
    CHECK(contains(ledger_field(ledger_report(repo), "ODO-4", "evidence"),
                   "a record from the future"));
    at.time = "2020-01-01T00:00:00Z";
    at.commit = std::string(40, 'f');
    repo.write(ledger_file, ledger_of({at.profile(91)}));
    repo.commit("campaign: ledger of elsewhere");
    CHECK(contains(ledger_field(ledger_report(repo), "ODO-4", "evidence"),
                   "seq 1: was recorded at commit ffffffff, which is not in the history under "
                   "review"));
}

TEST_CASE("evidence with a ledger: a kernel change must add records of its own") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    repo.write(run_file, run_bytes);
    Recorder at{repo.commit("bench: a former campaign's runs")};
    repo.write(ledger_file, ledger_of({at.profile(91)}));
    repo.commit("campaign: a former campaign, at the ridge");
    repo.git({"checkout", "-q", "-b", "campaign"});
    repo.write("src/cvcuda/priv/OpInvert.cu", repo.read("src/cvcuda/priv/OpInvert.cu") + "//\n");
    at.commit = repo.commit("perf(invert): faster");
    const auto stale = ledger_report(repo);
    CHECK(ledger_field(stale, "ODO-4", "status") == "GAP");
    CHECK(ledger_field(stale, "ODO-4", "summary") ==
          "The campaign ledger holds no record of this change");
    std::string bytes = repo.read(ledger_file);
    for (const NewRecord& r : {at.lead("a"), at.evaluation(repo, "a", 70), at.profile(92)})
        bytes = append_record(bytes, r, ledger_file);
    repo.write(ledger_file, bytes);
    repo.commit("campaign: a measured lead, profiled again");
    CHECK(ledger_field(ledger_report(repo), "ODO-4", "status") == "PASS");
}

namespace {

const std::string moved_ledger_file = "bench/campaigns2/OpInvert.ledger.jsonl";
const std::string kernel_file = "src/cvcuda/priv/OpInvert.cu";

// A branch off `base` that commits a layout putting the ledger at moved_ledger_file.
void move_ledger(const TempRepo& repo, const std::string& branch, const std::string& base) {
    repo.git({"checkout", "-q", "-b", branch, base});
    repo.write("odo-layout.json",
               R"({"schema": "odo-layout/v1", "paths": )"
               R"({"campaign_ledger": "bench/campaigns2/Op{Name}.ledger.jsonl"}})");
    repo.remove(ledger_file);
    repo.write(kernel_file, repo.read(kernel_file) + "//\n");
}

} // namespace

TEST_CASE("evidence with a ledger the layout moved: the merge base's records follow it, MANUAL") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    repo.write(run_file, run_bytes);
    Recorder at{repo.commit("bench: a former campaign's runs")};
    const std::string former = ledger_of({at.profile(49)});
    repo.write(ledger_file, former);
    const std::string base = repo.commit("campaign: a former campaign, below the ridge");

    // A fresh ledger at the new path, the old one deleted: the base's record is named as lost.
    move_ledger(repo, "fresh", base);
    repo.write(moved_ledger_file, ledger_of({at.profile(95)}));
    repo.commit("perf(invert): faster");
    const auto fresh = ledger_report(repo);
    CHECK(ledger_field(fresh, "ODO-4", "status") == "GAP");
    CHECK(contains(ledger_field(fresh, "ODO-4", "evidence"),
                   moved_ledger_file + ": seq 1: record 1 of the ledger at commit " +
                       base.substr(0, 8) + " (" + ledger_file +
                       ") is edited, reordered or removed in this one"));

    // The ledger moved whole and grown: it checks out, and the move is a reviewer's to accept.
    move_ledger(repo, "moved", base);
    std::string bytes = former;
    for (const NewRecord& r : {at.lead("a"), at.evaluation(repo, "a", 70), at.profile(95)})
        bytes = append_record(bytes, r, moved_ledger_file);
    repo.write(moved_ledger_file, bytes);
    repo.commit("perf(invert): faster, its campaign recorded");
    const auto moved = ledger_report(repo);
    CHECK(ledger_field(moved, "ODO-4", "status") == "MANUAL");
    CHECK(ledger_field(moved, "ODO-4", "summary") == "The campaign ledger moved");
    CHECK(ledger_field(moved, "ODO-4", "evidence") ==
          moved_ledger_file + ": the ledger at " + ledger_file + " at commit " + base.substr(0, 8) +
              " (where that commit's layout put it) is a prefix of this one, which the layout now "
              "puts here; the layout is the change's to write");

    // A layout no reader can parse at an earlier commit hides where its ledger lay.
    repo.git({"checkout", "-q", "-b", "broken", base});
    repo.write("odo-layout.json", "{\n");
    const std::string broken = repo.commit("chore: a layout");
    repo.remove("odo-layout.json");
    bytes = former;
    for (const NewRecord& r : {at.lead("a"), at.evaluation(repo, "a", 70), at.profile(95)})
        bytes = append_record(bytes, r, ledger_file);
    repo.write(ledger_file, bytes);
    repo.commit("campaign: recorded");
    const auto unread = ledger_report(repo);
    CHECK(ledger_field(unread, "ODO-4", "status") == "MANUAL");
    CHECK(contains(ledger_field(unread, "ODO-4", "evidence"),
                   ledger_file + ": " + broken + ":odo-layout.json: invalid JSON"));
}

TEST_CASE(
    "evidence with a lone hand-written profile at the ridge standing for every case: MANUAL") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const Recorder at = start_campaign(repo);
    const std::vector<std::string> others(at.surface.begin() + 1, at.surface.end());
    repo.write(ledger_file, ledger_of({at.profile_of(at.surface.front(), 95, others)}));
    repo.commit("campaign: at the ridge");
    const auto report = ledger_report(repo);
    CHECK(ledger_field(report, "ODO-4", "status") == "MANUAL");
    CHECK(ledger_field(report, "ODO-4", "summary") == "The ridge stop rests on a profile alone");
    CHECK(contains(ledger_field(report, "ODO-4", "evidence"),
                   "; the ledger holds no evaluated lead"));
    CHECK(ledger_field(report, "CAMPAIGN-COVERAGE", "status") == "MANUAL");
    CHECK(ledger_field(report, "CAMPAIGN-COVERAGE", "evidence") ==
          "profile seq 1 of " + at.surface.front() + " represents the other " +
              std::to_string(others.size()) +
              " surface cases: that one case stands for all is the author's claim");
}

#if defined(ODO_CAMPAIGN)
namespace {

// optimize_op's evidence JSON report, run in `dir` (a clone, no TempRepo).
boost::json::value store_report(const std::filesystem::path& dir) {
    const auto r = odo::testing::run_in(dir, "/usr/bin/env",
                                        {"PATH=/usr/bin:/bin", ODO_OPTIMIZE_OP, "Invert", "--phase",
                                         "evidence", "--base", "origin/main", "--format", "json"});
    INFO(r.err);
    REQUIRE((r.exit_code == 0 || r.exit_code == 1));
    return odo::json::parse(r.out, "stdout");
}

std::string store_git(const std::filesystem::path& dir, const std::vector<std::string>& args) {
    const auto r = odo::testing::run_in(dir, "git", args);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return std::string(odo::text::strip(r.out));
}

} // namespace

TEST_CASE("evidence from the published store: a mirror with nothing beside it re-checks it") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const Recorder at = start_campaign(repo);
    repo.write(ledger_file, ledger_of({at.profile(40), at.profile_last(40), at.lead("a"),
                                       at.evaluation(repo, "a", 70), at.profile(91)}));
    repo.remove(run_file);
    repo.commit("campaign: ledger, runs kept outside the repository");
    const TempDir artifacts;
    artifacts.write(run_file, run_bytes);
    // A file the store lacks, found nowhere, is refused naming the record.
    const auto nowhere = odo::testing::run_in(repo.root(), ODO_CAMPAIGN, {"Invert", "publish"});
    CHECK(nowhere.exit_code == 2);
    CHECK(contains(nowhere.err, "record 1 cites " + run_file));
    const auto published = odo::testing::run_in(
        repo.root(), ODO_CAMPAIGN, {"Invert", "publish", "--artifacts", artifacts.path().string()});
    INFO(published.err);
    INFO(published.out);
    REQUIRE(published.exit_code == 0);
    // Every cited file, the repository's own too: a reviewer's clone may be of another commit.
    CHECK(contains(published.out, "published 3 new file(s); refs/odo/evidence holds 3"));

    // A mirror of everything git holds, cloned, then the documented fetch: nothing beside it.
    const TempDir elsewhere;
    const auto mirror = elsewhere.path() / "mirror.git", work = elsewhere.path() / "work";
    store_git(elsewhere.path(), {"clone", "-q", "--mirror", repo.root().string(), mirror.string()});
    store_git(elsewhere.path(), {"clone", "-q", "-b", "campaign", mirror.string(), work.string()});
    const auto unfetched = store_report(work);
    CHECK(ledger_field(unfetched, "ODO-4", "status") == "GAP");
    CHECK(contains(ledger_field(unfetched, "ODO-4", "evidence"),
                   "nor in the published evidence store"));
    store_git(work, {"fetch", "-q", "origin", "+refs/odo/evidence:refs/odo/evidence"});
    const auto rechecked = store_report(work);
    CHECK(ledger_field(rechecked, "ODO-4", "status") == "PASS");
    CHECK(ledger_field(rechecked, "CAMPAIGN-COVERAGE", "status") == "PASS");

    SUBCASE("a blob replaced under its digest's name is a GAP naming the record") {
        const std::string digest = ledger_digest(run_bytes);
        const std::string forged = store_git(work, {"hash-object", "-w", "--stdin"}); // empty
        std::string listing = store_git(work, {"ls-tree", "refs/odo/evidence"}) + "\n";
        const std::string real = store_git(work, {"rev-parse", "refs/odo/evidence:" + digest});
        listing.replace(listing.find(real), real.size(), forged);
        const auto tree =
            odo::run_process("git", {"mktree"}, {work, std::chrono::seconds(30), listing, {}});
        const std::string commit =
            store_git(work, {"commit-tree", std::string(odo::text::strip(tree.out)), "-m", "x"});
        store_git(work, {"update-ref", "refs/odo/evidence", commit});
        const auto report = store_report(work);
        CHECK(ledger_field(report, "ODO-4", "status") == "GAP");
        CHECK(contains(ledger_field(report, "ODO-4", "evidence"),
                       "seq 1: cites " + run_file + ": refs/odo/evidence: the bytes published as " +
                           digest + " do not hash to it (the store was tampered with)"));
    }
    SUBCASE("a store without the file is a GAP naming the record") {
        const std::string empty_tree = store_git(work, {"mktree"});
        store_git(work, {"update-ref", "refs/odo/evidence",
                         store_git(work, {"commit-tree", empty_tree, "-m", "empty"})});
        CHECK(contains(ledger_field(store_report(work), "ODO-4", "evidence"),
                       "seq 1: cites " + run_file + ", which is neither in the repository"));
    }
    SUBCASE("a store ref rewritten to the branch's commit is no store: a GAP") {
        store_git(work, {"update-ref", "refs/odo/evidence", "HEAD"});
        const auto report = store_report(work);
        CHECK(ledger_field(report, "ODO-4", "status") == "GAP");
        CHECK(contains(ledger_field(report, "ODO-4", "evidence"),
                       "seq 1: cites " + run_file +
                           ": refs/odo/evidence is not an odo evidence store: its tree holds"));
    }
}
#endif
