// odo_baseline import of sharded runs, as a CI import job sees them: artifacts of every SKU x
// shard merged into the same bytes whatever order they are given in, an absent shard named by
// number and by its cases with --complete, nothing written; empty shards merge as empty runs; the
// artifacts' shard records must agree.
#include "artifact_builder.hpp"
#include "cli_support.hpp"
#include "temp_repo.hpp"
#include "text_helpers.hpp"

#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>
#include <odo/surface/shard.hpp>

#include <boost/json.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace {

using odo::testing::TempRepo;

const std::string invert_config = "bench/config/operators/invert.json";
const std::vector<std::string> skus{"A100_PCIE_40GB_250W_1095MHz", "H100_PCIe_350W_1095MHz"};

using odo::testing::odo_baseline;

using odo::testing::contains;

// The artifact of one run of shard `shard` of `count` on `sku`, recording its shard: the
// committed invert rows of the shard's cases, times scaled by `factor`, 0.4 % noise.
std::string shard_artifact(const TempRepo& repo, const std::string& sku, std::int64_t shard,
                           double factor, std::vector<std::string>& cases, std::int64_t count = 2) {
    const auto doc = odo::json::parse(repo.read(invert_config), invert_config);
    boost::json::object baselines;
    for (const auto& config : doc.at("configs").as_object())
        for (const auto& c : config.value().at("baselines").as_object()) {
            if (odo::surface::shard_index_of(c.key(), count) != shard)
                continue;
            cases.emplace_back(c.key());
            baselines[c.key()].emplace_object()[sku] =
                odo::testing::scaled_artifact_row(c.value().at(sku).as_object(), factor);
        }
    return odo::testing::artifact_text(
        std::move(baselines),
        {{"is_nightly", false}, {"shard", {{"sku", sku}, {"index", shard}, {"count", count}}}});
}

} // namespace

TEST_CASE("odo_baseline import: sharded runs of two SKUs merge to the same bytes in any order") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const std::string original = repo.read(invert_config);
    // Three runs of each SKU x shard, at factors whose sums depend on the order of their terms.
    std::vector<std::string> from, shard2_h100, shard2_h100_cases;
    for (const std::string& sku : skus)
        for (std::int64_t shard = 1; shard <= 2; ++shard)
            for (const double factor : {1.01, 1.03, 1.07}) {
                const std::string path = "runs/" + sku + "-" + std::to_string(shard) + "-" +
                                         std::to_string(factor) + ".json";
                std::vector<std::string> cases;
                repo.write(path, shard_artifact(repo, sku, shard, factor, cases));
                from.insert(from.end(), {"--from", path});
                if (sku == skus[1] && shard == 2) {
                    shard2_h100.push_back(path);
                    if (factor == 1.01) // the same cases in both runs
                        shard2_h100_cases.insert(shard2_h100_cases.end(), cases.begin(),
                                                 cases.end());
                }
            }
    REQUIRE_FALSE(shard2_h100_cases.empty());
    std::vector<std::string> args{"import",     "--complete", "--shards",           "2",
                                  "--operator", "invert",     "--allow-regressions"};
    std::vector<std::string> forward = args, backward = args;
    forward.insert(forward.end(), from.begin(), from.end());
    for (std::size_t i = from.size(); i >= 2; i -= 2)
        backward.insert(backward.end(), {"--from", from[i - 1]});
    const auto first = odo_baseline(repo, forward);
    INFO(first.err);
    REQUIRE(first.exit_code == 0);
    const std::string merged = repo.read(invert_config);
    CHECK(merged != original);
    repo.write(invert_config, original);
    const auto second = odo_baseline(repo, backward);
    REQUIRE(second.exit_code == 0);
    CHECK(repo.read(invert_config) == merged);

    // The H100 runner's shard 2 never uploaded: its cases are named, nothing is written.
    repo.write(invert_config, original);
    std::vector<std::string> without = args;
    for (std::size_t i = 1; i < from.size(); i += 2)
        if (std::find(shard2_h100.begin(), shard2_h100.end(), from[i]) == shard2_h100.end())
            without.insert(without.end(), {"--from", from[i]});
    const auto absent = odo_baseline(repo, without);
    CHECK(absent.exit_code == 1);
    for (const std::string& case_key : shard2_h100_cases)
        CHECK(contains(absent.err,
                       "missing from the inputs: " + skus[1] + " " + case_key + " (shard 2/2)"));
    CHECK_FALSE(contains(absent.err, "missing from the inputs: " + skus[0]));
    CHECK(contains(absent.err, "baseline import refused: " +
                                   std::to_string(shard2_h100_cases.size()) + " case/SKU row(s)"));
    CHECK(repo.read(invert_config) == original);
    // Without --complete the same inputs are a partial import, as before.
    without.erase(without.begin() + 1, without.begin() + 4);
    CHECK(odo_baseline(repo, without).exit_code == 0);

    CHECK(odo_baseline(repo, {"import", "--from", from[1], "--shards", "0x"}).exit_code == 2);
    CHECK(odo_baseline(repo, {"import", "--from", from[1], "--shards", "-2"}).exit_code == 2);
    // 0 is out of the stated range, not "not given" (#26.11).
    const auto zero = odo_baseline(repo, {"import", "--from", from[1], "--shards", "0"});
    CHECK(zero.exit_code == 2);
    CHECK(contains(zero.err, "--shards must be an integer from 1 to 10000"));
    CHECK(std::count(zero.err.begin(), zero.err.end(), '\n') == 1);
}

TEST_CASE("odo_baseline import: empty shards are empty runs; an absent one is named by number") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const std::string original = repo.read(invert_config);
    // More shards than cases: most are empty, and every one of them uploads an artifact.
    const std::int64_t count = 40;
    std::vector<std::string> from;
    std::int64_t empty = 0, full = 0;
    std::vector<std::string> full_cases;
    for (const std::string& sku : skus)
        for (std::int64_t shard = 1; shard <= count; ++shard) {
            const std::string path = "runs/" + sku + "-" + std::to_string(shard) + ".json";
            std::vector<std::string> cases;
            repo.write(path, shard_artifact(repo, sku, shard, 1.01, cases, count));
            from.insert(from.end(), {"--from", path});
            if (sku == skus[1] && cases.empty() && !empty)
                empty = shard;
            if (sku == skus[1] && !cases.empty() && !full) {
                full = shard;
                full_cases = cases;
            }
        }
    REQUIRE(empty > 0);
    REQUIRE(full > 0);
    std::vector<std::string> args{"import", "--complete", "--operator", "invert",
                                  "--allow-regressions"};
    const auto without = [&](std::int64_t shard) {
        std::vector<std::string> a = args;
        const std::string left_out = "runs/" + skus[1] + "-" + std::to_string(shard) + ".json";
        for (std::size_t i = 1; i < from.size(); i += 2)
            if (from[i] != left_out)
                a.insert(a.end(), {"--from", from[i]});
        return a;
    };
    std::vector<std::string> all = args;
    all.insert(all.end(), from.begin(), from.end());
    const auto merged = odo_baseline(repo, all);
    INFO(merged.err);
    CHECK(merged.exit_code == 0);
    CHECK(repo.read(invert_config) != original);

    repo.write(invert_config, original);
    const std::string empty_shard = std::to_string(empty) + "/" + std::to_string(count);
    const auto no_empty = odo_baseline(repo, without(empty));
    CHECK(no_empty.exit_code == 1);
    CHECK(contains(no_empty.err, "missing from the inputs: " + skus[1] + " shard " + empty_shard +
                                     " (no artifact of it arrived)\n"));
    CHECK(contains(no_empty.err, "refused: 0 case/SKU row(s) of the surface are missing from the "
                                 "inputs, 1 shard problem(s)"));
    const auto no_full = odo_baseline(repo, without(full));
    CHECK(no_full.exit_code == 1);
    const std::string full_shard = std::to_string(full) + "/" + std::to_string(count);
    CHECK(contains(no_full.err, "missing from the inputs: " + skus[1] + " shard " + full_shard));
    for (const std::string& case_key : full_cases)
        CHECK(contains(no_full.err, "missing from the inputs: " + skus[1] + " " + case_key +
                                        " (shard " + full_shard + ")"));
    CHECK(repo.read(invert_config) == original);

    // Only empty shards: nothing to import, said, and nothing written.
    const auto only_empty = odo_baseline(
        repo, {"import", "--from", "runs/" + skus[1] + "-" + std::to_string(empty) + ".json"});
    CHECK(only_empty.exit_code == 0);
    CHECK(contains(only_empty.err, "the inputs hold no rows"));
    CHECK(repo.read(invert_config) == original);
}

TEST_CASE("odo_baseline import: the shard records of a SKU's artifacts must agree") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    std::vector<std::string> cases;
    repo.write("runs/a-1of2.json", shard_artifact(repo, skus[0], 1, 1.0, cases));
    repo.write("runs/a-2of2.json", shard_artifact(repo, skus[0], 2, 1.0, cases));
    repo.write("runs/h-1of2.json", shard_artifact(repo, skus[1], 1, 1.0, cases));
    repo.write("runs/h-2of2.json", shard_artifact(repo, skus[1], 2, 1.0, cases));
    repo.write("other/h-3of3.json", shard_artifact(repo, skus[1], 3, 1.0, cases, 3));
    const std::string original = repo.read(invert_config);

    const auto mixed = odo_baseline(repo, {"import", "--from", "runs", "--from", "other"});
    CHECK(mixed.exit_code == 2);
    CHECK(contains(mixed.err, skus[1] +
                                  ": the artifacts record different shard counts: 2 "
                                  "(runs/h-1of2.json, runs/h-2of2.json); 3 (other/h-3of3.json)"));
    CHECK_FALSE(contains(mixed.err, skus[0] + ":"));

    const auto option = odo_baseline(repo, {"import", "--from", "runs", "--shards", "3"});
    CHECK(option.exit_code == 2);
    CHECK(contains(option.err, skus[0] + ": the artifacts record different shard counts: 2 "
                                         "(runs/a-1of2.json, runs/a-2of2.json); --shards 3"));

    // A shard measured by two jobs (its index given twice in the matrix): unequal arrivals.
    repo.write("runs/h-1of2-again.json", repo.read("runs/h-1of2.json"));
    const auto twice =
        odo_baseline(repo, {"import", "--from", "runs", "--complete", "--operator", "invert"});
    CHECK(twice.exit_code == 1);
    CHECK(contains(twice.err, skus[1] + ": the shards arrived in unequal numbers of artifacts "
                                        "(1/2: 2, 2/2: 1)"));
    CHECK(repo.read(invert_config) == original);

    // Told that each shard job writes one artifact, a shard seen twice is refused outright, even
    // without --complete and even when every shard of the SKU is doubled alike.
    repo.write("runs/h-2of2-again.json", repo.read("runs/h-2of2.json"));
    const auto doubled = odo_baseline(
        repo, {"import", "--from", "runs", "--artifacts-per-shard", "1", "--operator", "invert"});
    CHECK(doubled.exit_code == 2);
    CHECK(contains(doubled.err, skus[1] +
                                    " shard 1/2 arrived in 2 artifacts (runs/h-1of2-again.json, "
                                    "runs/h-1of2.json); each shard job writes 1"));
    CHECK(contains(doubled.err, skus[1] + " shard 2/2 arrived in 2 artifacts"));
    // Told 0, it would not check at all and merge the doubled shards: refused like --shards 0.
    const auto zero = odo_baseline(
        repo, {"import", "--from", "runs", "--artifacts-per-shard", "0", "--operator", "invert"});
    CHECK(zero.exit_code == 2);
    CHECK(contains(zero.err, "--artifacts-per-shard must be an integer from 1 to 1000"));
    CHECK(std::count(zero.err.begin(), zero.err.end(), '\n') == 1);
    CHECK(repo.read(invert_config) == original);
    CHECK(odo_baseline(repo, {"import", "--from", "runs", "--complete", "--operator", "invert"})
              .exit_code == 0); // doubled alike, the equal-arrivals rule alone cannot tell
    repo.write(invert_config, original);
    const auto fewer = odo_baseline(repo, {"import", "--from", "runs", "--complete",
                                           "--artifacts-per-shard", "3", "--operator", "invert"});
    CHECK(fewer.exit_code == 1);
    CHECK(contains(fewer.err, "missing from the inputs: " + skus[0] +
                                  " shard 1/2 (1 of 3 artifacts arrived)"));
    CHECK(repo.read(invert_config) == original);
    CHECK(
        odo_baseline(repo, {"import", "--from", "runs", "--artifacts-per-shard", "0x"}).exit_code ==
        2);
}

TEST_CASE("odo_baseline import: an artifact's row claiming more than one run is refused") {
    // One fabricated artifact of n_runs 1000 beside one measured run moved a stored time -49.95 %.
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    std::vector<std::string> cases;
    repo.write("runs/measured.json", shard_artifact(repo, skus[1], 1, 1.0, cases, 1));
    std::string forged = shard_artifact(repo, skus[1], 1, 0.5, cases, 1);
    const std::string one_run = "\"n_runs\": 1,";
    REQUIRE(contains(forged, one_run));
    for (std::size_t at; (at = forged.find(one_run)) != std::string::npos;)
        forged.replace(at, one_run.size(), "\"n_runs\": 1000,");
    repo.write("runs/forged.json", forged);
    const std::string original = repo.read(invert_config);
    const auto refused = odo_baseline(repo, {"import", "--from", "runs", "--operator", "invert"});
    CHECK(refused.exit_code == 2);
    CHECK(contains(refused.err, "runs/forged.json: " + cases.front() + " " + skus[1] +
                                    ": n_runs must be 1 in a run artifact: a row is one run (got "
                                    "1000)"));
    CHECK(repo.read(invert_config) == original);
}
