// odo_baseline import of sharded runs, as a CI import job sees them: artifacts of every SKU x
// shard merged into the same bytes whatever order they are given in, and an absent shard's cases
// named with --complete, nothing written.
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

// The artifact of one run of shard `shard` of 2 on `sku`: the committed invert rows of the
// shard's cases, times scaled by `factor`, 0.4 % noise.
std::string shard_artifact(const TempRepo& repo, const std::string& sku, std::int64_t shard,
                           double factor, std::vector<std::string>& cases) {
    const auto doc = odo::json::parse(repo.read(invert_config), invert_config);
    boost::json::object baselines;
    for (const auto& config : doc.at("configs").as_object())
        for (const auto& c : config.value().at("baselines").as_object()) {
            if (odo::surface::shard_index_of(c.key(), 2) != shard)
                continue;
            cases.emplace_back(c.key());
            const auto& row = c.value().at(sku).as_object();
            const double cpp = row.at("gpu_time_us_cpp").as_double() * factor;
            const double python = row.at("gpu_time_us_python").as_double() * factor;
            baselines[c.key()].emplace_object()[sku] =
                boost::json::object{{"n_runs", 1},
                                    {"gpu_time_us_cpp", cpp},
                                    {"gpu_time_us_python", python},
                                    {"gpu_noise_us_cpp", cpp * 0.004},
                                    {"gpu_noise_us_python", python * 0.004},
                                    {"gpu_bwutil_cpp", 0.81},
                                    {"gpu_bwutil_python", 0.8}};
        }
    return odo::json::dumps(boost::json::object{{"schema_version", 1},
                                                {"run_metadata", {{"is_nightly", false}}},
                                                {"baselines", std::move(baselines)}},
                            {4, false, true}) +
           "\n";
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
}
