// odo_campaign on a scratch copy of the example op library: each verb, the ledger it writes, the
// next step `status` names at every stage of a campaign, and its refusals (one line, exit 2).
#include "cli_support.hpp"

#include <odo/campaign/ledger_read.hpp>
#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>
#include <odo/surface/case_expansion.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#if defined(ODO_CAMPAIGN) && defined(ODO_REFACTOR_OP)

namespace {

using odo::testing::TempRepo;

const std::string campaign_ledger_file = "bench/campaigns/OpInvert.ledger.jsonl";
const std::string campaign_hot_key = "invert_uchar3_basic[InOutDataType=uchar3][shape=2x160x240]"
                                     "[layout=NHWC][inputKind=Tensor]";
const std::string campaign_varshape_key =
    "invert_uchar3_basic[InOutDataType=uchar3][shape=2x160x240]"
    "[layout=NHWC][inputKind=VarShape]";

using odo::testing::campaign_ok;
using odo::testing::campaign_run;

// Runs a verb that must be refused with one line naming `part`.
void campaign_refused(const TempRepo& repo, std::vector<std::string> args,
                      const std::string& part) {
    const odo::ProcessResult r = campaign_run(repo, args);
    INFO(r.out << r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(part) != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

boost::json::object campaign_status(const TempRepo& repo, std::vector<std::string> extra = {}) {
    std::vector<std::string> args{"status", "--format", "json"};
    args.insert(args.end(), extra.begin(), extra.end());
    const std::string out = campaign_ok(repo, args);
    return odo::json::parse(out, "status").as_object();
}

std::string campaign_next_step(const boost::json::object& status) {
    return std::string(status.at("next").at("step").as_string());
}

// The example's Invert config with a committed HOST_OPLIB row for every case.
void campaign_commit_baselines(const TempRepo& repo) {
    const std::string path = "bench/config/operators/invert.json";
    boost::json::value doc = odo::json::parse(repo.read(path), path);
    for (auto& [config_key, entry] : doc.at("configs").as_object()) {
        boost::json::object rows;
        for (const auto& k : odo::surface::expected_case_keys(config_key, entry.as_object()))
            rows[k.str()] =
                boost::json::object{{"HOST_OPLIB", boost::json::object{{"n_runs", 2},
                                                                       {"gpu_time_us_cpp", 100.0},
                                                                       {"gpu_noise_us_cpp", 1.0},
                                                                       {"gpu_bwutil_cpp", 0.0}}}};
        entry.as_object()["baselines"] = std::move(rows);
    }
    repo.write(path, odo::json::dumps(doc, {4, false, true}) + "\n");
    repo.commit("bench: baselines");
}

// A host roofline record (odo/bench/host_roofline.hpp) of the hot case at `bwutil`.
std::string campaign_roofline_json(double bwutil) {
    return "{\"case\": \"" + campaign_hot_key +
           "\", \"operator_median_us\": 10.0, \"memcpy_median_us\": " +
           std::to_string(10 * bwutil) + ", \"bwutil\": " + std::to_string(bwutil) +
           ", \"bytes_moved\": 460800, \"largest_cache_bytes\": 0}\n";
}

// Three run artifacts of the hot case at `us` each, in `dir`.
void campaign_write_runs(const TempRepo& where, const std::string& dir, double us) {
    for (int run = 1; run <= 3; ++run)
        where.write(dir + "/run" + std::to_string(run) + ".json",
                    R"({"schema_version": 1, "run_metadata": {"gpu_name": null}, "baselines": {")" +
                        campaign_hot_key +
                        R"(": {"HOST_OPLIB": {"n_runs": 1, "gpu_time_us_cpp": )" +
                        std::to_string(us) +
                        R"(, "gpu_noise_us_cpp": 1.0, "gpu_bwutil_cpp": 0.0}}}})" + "\n");
}

TempRepo& campaign_baselined(TempRepo& repo) {
    campaign_commit_baselines(repo);
    return repo;
}

} // namespace

TEST_CASE("odo_campaign: the loop verb by verb, with status's next step at every stage") {
    TempRepo repo(ODO_SOURCE_DIR "/examples/oplib");
    TempRepo art; // the artifacts folder, outside the repository
    CHECK(campaign_next_step(campaign_status(repo)) == "start"); // the way into the autopilot
    repo.write("preflight.json", R"({"phase": "preflight", "exit_gap": 2})");
    const auto gap = campaign_status(repo, {"--preflight", "preflight.json"});
    CHECK(campaign_next_step(gap) == "coverage");
    CHECK(gap.at("next").at("command").is_null()); // the coverage commit is the agent's work
    // GAPs of the baselines alone are the baseline step's, not a coverage commit's.
    repo.write("preflight.json", R"({"phase": "preflight", "exit_gap": 2, "findings": [
        {"id": "PRE-2", "status": "GAP", "summary": "no baselines"},
        {"id": "PRE-3", "status": "GAP", "summary": "no committed rows"}]})");
    CHECK(campaign_next_step(campaign_status(repo, {"--preflight", "preflight.json"})) ==
          "baseline");
    repo.write("preflight.json", R"({"phase": "preflight", "exit_gap": 2, "findings": [
        {"id": "PRE-1", "status": "GAP", "summary": "no system test"},
        {"id": "PRE-3", "status": "GAP", "summary": "no committed rows"}]})");
    const auto named = campaign_status(repo, {"--preflight", "preflight.json"});
    CHECK(campaign_next_step(named) == "coverage");
    CHECK(std::string(named.at("next").at("why").as_string()).find("PRE-1 no system test") !=
          std::string::npos);
    repo.remove("preflight.json");

    campaign_commit_baselines(repo);
    auto s = campaign_status(repo);
    CHECK(campaign_next_step(s) == "start"); // without a session, until the first record
    CHECK(s.at("ledger") == campaign_ledger_file.c_str());
    CHECK(s.at("surface").at("cases").as_array().size() == 8);
    CHECK(s.at("surface").at("baselined").as_array().size() == 8);

    // profile: from the host roofline, its file cited by digest relative to --artifacts.
    art.write("roofline.json", campaign_roofline_json(0.5));
    campaign_refused(repo, {"profile", "--report", (art.root() / "roofline.json").string()},
                     "outside the repository; give --artifacts DIR");
    const std::string profiled = campaign_ok(
        repo, {"profile", "--report", (art.root() / "roofline.json").string(), "--artifacts",
               art.root().string(), "--represents", campaign_varshape_key});
    CHECK(profiled.find("50.0% against a ridge of 80.0% (below the ridge)") != std::string::npos);
    const auto ledger =
        odo::campaign::parse_ledger(repo.read(campaign_ledger_file), campaign_ledger_file);
    CHECK(ledger.problems.empty());
    REQUIRE(ledger.records.size() == 1);
    CHECK(ledger.records[0].commit == repo.head());
    REQUIRE(ledger.records[0].files.size() == 1);
    CHECK(ledger.records[0].files[0].path == "roofline.json");
    CHECK(ledger.records[0].files[0].blake2b ==
          odo::campaign::ledger_digest(art.read("roofline.json")));
    s = campaign_status(repo);
    CHECK(campaign_next_step(s) == "lead");
    CHECK(s.at("surface").at("profiled").as_array().size() == 2);

    // lead, then evaluate: a win kept at HEAD.
    campaign_ok(repo, {"lead", "--id", "L1", "--hypothesis", "one pass", "--category", "memory",
                       "--target", campaign_hot_key});
    CHECK(campaign_next_step(campaign_status(repo)) == "evaluate");
    campaign_refused(repo,
                     {"lead", "--id", "L2", "--hypothesis", "h", "--category", "memory", "--target",
                      campaign_hot_key},
                     "lead L1 is open");
    campaign_write_runs(art, "l1/before", 100);
    campaign_write_runs(art, "l1/after", 80);
    // --dry-run: the outcome printed with each target's change and band, the ledger untouched,
    // the lead still open.
    const std::string ledger_before = repo.read(campaign_ledger_file);
    const std::string dry = campaign_ok(repo, {"evaluate", "--lead", "L1", "--before",
                                               (art.root() / "l1/before").string(), "--after",
                                               (art.root() / "l1/after").string(), "--dry-run",
                                               "--artifacts", art.root().string()});
    CHECK(dry.find("L1: win\n  target " + campaign_hot_key + " on ") != std::string::npos);
    CHECK(dry.find(": time -20.0%, band -") != std::string::npos);
    CHECK(dry.find(": faster\n") != std::string::npos);
    CHECK(repo.read(campaign_ledger_file) == ledger_before);
    CHECK(campaign_next_step(campaign_status(repo)) == "evaluate");
    const std::string evaluated = campaign_ok(repo, {"evaluate", "--lead", "L1", "--before",
                                                     (art.root() / "l1/before").string(), "--after",
                                                     (art.root() / "l1/after").string(), "--kept",
                                                     "HEAD", "--artifacts", art.root().string()});
    CHECK(evaluated.find("L1: win") != std::string::npos);
    const auto evaluation =
        odo::campaign::parse_ledger(repo.read(campaign_ledger_file), campaign_ledger_file)
            .records.back();
    CHECK(evaluation.fields.at("artifacts").at("after") ==
          boost::json::array{"l1/after/run1.json", "l1/after/run2.json", "l1/after/run3.json"});
    CHECK(evaluation.files.size() == 6);
    CHECK(evaluation.files[3].blake2b ==
          odo::campaign::ledger_digest(art.read("l1/after/run1.json")));
    s = campaign_status(repo);
    CHECK(s.at("wins") == 1);
    CHECK(s.at("leads").at(0).at("state") == "win");
    CHECK(s.at("leads").at(0).at("deltas").at(0).at("delta_pct").to_number<double>() ==
          doctest::Approx(-20));
    CHECK(campaign_next_step(s) == "review");

    // review: refused when the sources changed after the report, recorded when they match.
    const auto assess = odo::testing::run_in(
        repo.root(), ODO_REFACTOR_OP,
        {"Invert", "--phase", "assess", "--format", "json", "--out", "assess.json"});
    REQUIRE(assess.exit_code != 2);
    const std::string source = repo.read("src/cvcuda/priv/OpInvert.cu");
    repo.write("src/cvcuda/priv/OpInvert.cu", source + "// changed\n");
    campaign_refused(repo, {"review", "--report", "assess.json"}, "the tree's are now");
    repo.write("src/cvcuda/priv/OpInvert.cu", source);
    campaign_ok(repo, {"review", "--report", "assess.json"});
    s = campaign_status(repo);
    CHECK(campaign_next_step(s) == "profile"); // re-profile after the win

    // At the ridge (judged against 40 %), the uncovered cases are profiled, then the summary.
    campaign_ok(repo, {"profile", "--report", (art.root() / "roofline.json").string(),
                       "--artifacts", art.root().string(), "--ridge-pct", "40"});
    s = campaign_status(repo);
    CHECK(s.at("stop") == "ridge");
    CHECK(campaign_next_step(s) == "profile");
    std::vector<std::string> cover{
        "profile",     "--report",          (art.root() / "roofline.json").string(),
        "--artifacts", art.root().string(), "--ridge-pct",
        "40"};
    for (const auto& key : s.at("surface").at("uncovered").as_array()) {
        cover.push_back("--represents");
        cover.emplace_back(key.as_string());
    }
    campaign_ok(repo, cover);
    s = campaign_status(repo);
    CHECK(s.at("surface").at("uncovered").as_array().empty());
    CHECK(campaign_next_step(s) == "summary");
    campaign_ok(repo, {"note", "--text", "stopped at the ridge"});
    const std::string md = campaign_ok(repo, {"status"});
    CHECK(md.find("- Stop: ridge") != std::string::npos);
    CHECK(md.find("Next step (summary)") != std::string::npos);
}

TEST_CASE("odo_campaign: three strikes after the last win stop the campaign") {
    TempRepo repo(ODO_SOURCE_DIR "/examples/oplib");
    campaign_baselined(repo);
    repo.write("runs/roofline.json", campaign_roofline_json(0.5));
    campaign_write_runs(repo, "runs/before", 100);
    campaign_write_runs(repo, "runs/after", 99.5);
    campaign_ok(repo, {"profile", "--report", "runs/roofline.json"});
    for (const std::string id : {"L1", "L2", "L3"}) {
        campaign_ok(repo, {"lead", "--id", id, "--hypothesis", "h", "--category", "memory",
                           "--target", campaign_hot_key});
        const std::string out = campaign_ok(
            repo, {"evaluate", "--lead", id, "--before", "runs/before", "--after", "runs/after"});
        CHECK(out.find(id + ": strike") != std::string::npos);
    }
    const auto s = campaign_status(repo);
    CHECK(s.at("stop") == "three-strikes");
    CHECK(s.at("strikes_since_last_win") == 3);
    CHECK(s.at("leads").at(2).at("state") == "strike");
    CHECK(campaign_next_step(s) == "profile"); // the uncovered cases first
    campaign_refused(repo,
                     {"lead", "--id", "L1", "--hypothesis", "h", "--category", "memory", "--target",
                      campaign_hot_key},
                     "--id L1: a lead of that id was opened before");
}

TEST_CASE("odo_campaign: the ridge from an ncu export and from odo_profile's JSON reports") {
    TempRepo repo(ODO_SOURCE_DIR "/examples/oplib");
    campaign_baselined(repo);
    repo.write("runs/ncu.csv",
               odo::read_file(ODO_SOURCE_DIR "/tests/data/profile/ncu_details_rules.csv"));
    campaign_refused(repo, {"profile", "--ncu", "runs/ncu.csv"}, "--case KEY");
    repo.write("runs/bad.csv", "\"ID\",\"Kernel Name\"\n\"0\"\n");
    campaign_refused(repo, {"profile", "--ncu", "runs/bad.csv", "--case", campaign_hot_key},
                     "odo_campaign: runs/bad.csv: ");
    campaign_ok(repo, {"profile", "--ncu", "runs/ncu.csv", "--case", campaign_hot_key});
    auto s = campaign_status(repo);
    CHECK(s.at("stop") == "ridge");
    CHECK(s.at("latest_profile").at("source") == "ncu");
    CHECK(s.at("latest_profile").at("bottleneck") == "memory-bound");
    CHECK(s.at("latest_profile").at("ceiling_pct").to_number<double>() > 80);

    // odo_profile --host-roofline --format json: BWUtil is the figure judged against the ridge.
    TempRepo other(ODO_SOURCE_DIR "/examples/oplib");
    campaign_baselined(other);
    other.write("runs/profile.json",
                R"({"case": ")" + campaign_hot_key +
                    R"(", "host_roofline": {"bwutil_pct": 92.5, "operator_median_us": 20.0, )"
                    R"("memcpy_median_us": 18.5, "bytes_moved": 460800}, "classification": )"
                    R"({"bottleneck": "memory-bound", "max_sol_pct": 92.5, "at_ridge": true}})");
    campaign_ok(other, {"profile", "--report", "runs/profile.json"});
    s = campaign_status(other);
    CHECK(s.at("stop") == "ridge");
    CHECK(s.at("latest_profile").at("source") == "host-roofline");
    campaign_ok(other, {"profile", "--report", "runs/profile.json", "--ridge-pct", "95"});
    CHECK(campaign_status(other).at("stop").is_null());
    campaign_refused(other, {"profile", "--report", "runs/profile.json", "--case", "x[a=1]"},
                     "profiles " + campaign_hot_key + ", not --case x[a=1]");
}

TEST_CASE("odo_campaign: the ledger lies where the layout's paths.campaign_ledger says") {
    TempRepo repo(ODO_SOURCE_DIR "/examples/oplib");
    repo.write("odo-layout.json", R"({"schema": "odo-layout/v1", "paths": )"
                                  R"({"campaign_ledger": "perf/ledgers/{name}.jsonl"}})");
    repo.commit("chore: layout");
    campaign_ok(repo, {"note", "--text", "where"});
    CHECK(std::filesystem::is_regular_file(repo.root() / "perf/ledgers/invert.jsonl"));
    CHECK(campaign_status(repo).at("ledger") == "perf/ledgers/invert.jsonl");
    repo.write("other-layout.json", R"({"schema": "odo-layout/v1", "paths": )"
                                    R"({"campaign_ledger": "../{name}.jsonl"}})");
    campaign_refused(repo, {"status", "--layout", "other-layout.json"},
                     "\"paths.campaign_ledger\" must be a path inside the repository");
}

TEST_CASE("odo_campaign: bad input and hostile ledgers are one line and exit 2") {
    TempRepo repo(ODO_SOURCE_DIR "/examples/oplib");
    campaign_baselined(repo);
    CHECK(campaign_ok(repo, {"evaluate", "--help"}).find("--before PATH") != std::string::npos);
    CHECK(odo::testing::run_in(repo.root(), ODO_CAMPAIGN, {"--version"})
              .out.rfind("odo_campaign ", 0) == 0);
    campaign_refused(repo, {"wish"}, "wish: not a verb");
    campaign_refused(repo, {"note", "--text%canonical_option%", "x"}, "unrecognised option");
    campaign_refused(repo, {"note", "--text", "a", "--repo", "no\nsuch"}, "--repo no");
    campaign_refused(repo, {"lead", "--id", "L1"}, "required");
    campaign_refused(repo,
                     {"lead", "--id", "L1", "--hypothesis", "h", "--category", "memory", "--target",
                      "invert_uchar3_basic[InOutDataType=uchar3]"},
                     "not a basic or advanced case of Invert");
    campaign_refused(repo, {"evaluate", "--lead", "L9", "--before", "x", "--after", "y"},
                     "--lead L9: not the open lead");
    campaign_ok(repo, {"lead", "--id", "L1", "--hypothesis", "h", "--category", "memory",
                       "--target", campaign_hot_key});
    campaign_write_runs(repo, "runs/before", 100);
    repo.write("runs/after/bad.json",
               R"({"schema_version": 1, "baselines": {"x[a=1]": {}, "y[b=2]": {}}})");
    campaign_refused(
        repo, {"evaluate", "--lead", "L1", "--before", "runs/before", "--after", "runs/after"},
        "(and 1 more rows refused)");
    repo.remove("runs");
    repo.remove(campaign_ledger_file);
    campaign_refused(repo,
                     {"lead", "--id", "", "--hypothesis", "h", "--category", "memory", "--target",
                      campaign_hot_key},
                     "`id` must be a non-empty string");
    CHECK_FALSE(
        std::filesystem::exists(repo.root() / campaign_ledger_file)); // nothing half-written

    campaign_ok(repo, {"note", "--text", "first"});
    campaign_ok(repo, {"note", "--text", "second"});
    const std::string genuine = repo.read(campaign_ledger_file);
    repo.write(campaign_ledger_file,
               genuine.substr(genuine.find('\n') + 1)); // the first record removed
    campaign_refused(repo, {"status"},
                     campaign_ledger_file + ": record 2: line 1: seq 2 where 1 follows");
    campaign_refused(repo, {"note", "--text", "third"}, "record 2");
    CHECK(repo.read(campaign_ledger_file) ==
          genuine.substr(genuine.find('\n') + 1)); // not appended to

    repo.write(campaign_ledger_file, genuine + "\xff\n");
    campaign_refused(repo, {"status"}, campaign_ledger_file + ": not valid UTF-8");
    repo.write(campaign_ledger_file, genuine);
    std::filesystem::resize_file(repo.root() / campaign_ledger_file, std::uintmax_t{1} << 30);
    campaign_refused(repo, {"status"}, "over the ledger limit");
    const std::string future = [&] {
        std::string text = genuine;
        const std::string year = "\"time\": \"20";
        text.replace(text.rfind(year) + year.size(), 2, "99"); // the second record's year 2099
        return text;
    }();
    repo.write(campaign_ledger_file, future);
    campaign_refused(repo, {"status"}, "a record from the future");

    // A ledger, or its folder, that is a link is never read or written through.
    TempRepo outside;
    outside.write("ledger.jsonl", genuine);
    repo.remove(campaign_ledger_file);
    std::filesystem::create_symlink(outside.root() / "ledger.jsonl",
                                    repo.root() / campaign_ledger_file);
    campaign_refused(repo, {"status"}, campaign_ledger_file);
    repo.remove("bench/campaigns");
    std::filesystem::create_symlink(outside.root(), repo.root() / "bench/campaigns");
    campaign_refused(repo, {"note", "--text", "x"}, "bench/campaigns");
    CHECK(outside.read("ledger.jsonl") == genuine);
}

TEST_CASE("odo_campaign: concurrent appends take turns, so every exit 0 is a record") {
    TempRepo repo(ODO_SOURCE_DIR "/examples/oplib");
    std::atomic<int> recorded{0};
    std::vector<std::thread> writers;
    for (int w = 0; w < 3; ++w)
        writers.emplace_back([&, w] {
            for (int i = 0; i < 12; ++i)
                recorded += campaign_run(repo, {"note", "--text",
                                                std::to_string(w) + "." + std::to_string(i)})
                                .exit_code == 0;
        });
    for (std::thread& t : writers)
        t.join();
    CHECK(recorded == 36);
    const std::string ledger = repo.read(campaign_ledger_file);
    CHECK(std::count(ledger.begin(), ledger.end(), '\n') == 36);
    campaign_ok(repo, {"status"}); // the chain holds
    // The lock file lies in the git directory; a link planted there is refused, not followed.
    const auto lock = repo.root() / ".git/odo-campaign.lock";
    CHECK(std::filesystem::is_regular_file(lock));
    TempRepo outside;
    std::filesystem::remove(lock);
    std::filesystem::create_symlink(outside.root() / "planted", lock);
    campaign_refused(repo, {"note", "--text", "x"}, "odo-campaign.lock: cannot open the lock file");
    CHECK_FALSE(std::filesystem::exists(outside.root() / "planted"));
}

TEST_CASE("odo_campaign: a line with a byte-order mark or a repeated key says which") {
    TempRepo repo(ODO_SOURCE_DIR "/examples/oplib");
    campaign_ok(repo, {"note", "--text", "first"});
    const std::string genuine = repo.read(campaign_ledger_file);
    repo.write(campaign_ledger_file, "\xEF\xBB\xBF" + genuine);
    campaign_refused(repo, {"status"},
                     campaign_ledger_file +
                         ": record 1: line 1: not a JSON object: it starts with a byte-order mark");
    std::string twice = genuine;
    twice.replace(twice.find("\"text\""), 0, "\"text\": \"hidden\", ");
    repo.write(campaign_ledger_file, twice);
    campaign_refused(repo, {"note", "--text", "x"},
                     campaign_ledger_file +
                         ": record 1: line 1: not a JSON object: key 'text' appears twice in one "
                         "object");
    CHECK(repo.read(campaign_ledger_file) == twice);
}

#endif
