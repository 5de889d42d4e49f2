// --shard I/N: every selected case lands in exactly one shard, by its key alone, and the runner's
// --list shows each shard's part of the selection in selection order.
#include "runner_fixture.hpp"
#include "text_helpers.hpp"

#include <odo/baseline/artifact.hpp>
#include <odo/baseline/config_set.hpp>
#include <odo/baseline/operator_file.hpp>
#include <odo/bench/case_selection.hpp>
#include <odo/bench/runner.hpp>
#include <odo/surface/shard.hpp>
#include <odo/surface/sku_map.hpp>

#include <doctest/doctest.h>

#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace odo::bench;

namespace {

struct ShardListing {
    int code;
    std::string out;
    std::string err;
};

ShardListing list(std::vector<std::string> args) {
    args.insert(args.begin(), {"--list", "--tier", "basic,advanced"});
    Runner runner(args, testing::example_config);
    std::ostringstream out, err;
    const int code = runner.run(out, err);
    return {code, out.str(), err.str()};
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

} // namespace

TEST_CASE("shard: I/N parses; anything else names the option and the rule") {
    const odo::surface::Shard s = odo::surface::parse_shard("--shard", "2/3");
    CHECK(s.index == 2);
    CHECK(s.count == 3);
    CHECK(s.str() == "2/3");
    for (const char* bad : {"", "2", "0/3", "4/3", "1/0", "-1/3", "1/-3", "a/3", "1/3x", "1//3",
                            " 1/3", "1/10001", "99999999999999999999/1"}) {
        INFO(bad);
        CHECK_THROWS_WITH_AS(odo::surface::parse_shard("--shard", bad),
                             doctest::Contains("--shard: expected I/N with 1 <= I <= N <= 10000"),
                             odo::InputError);
    }
}

TEST_CASE("shard: the assignment is the key's alone and fixed by definition") {
    // FNV-1a 64 of "a" is 0xAF63DC4C8601EC8C; the shard is that modulo N, plus one.
    CHECK(odo::surface::shard_index_of("a", 1) == 1);
    CHECK(odo::surface::shard_index_of("a", 1000) == 0xAF63DC4C8601EC8Cull % 1000 + 1);
    CHECK(odo::surface::shard_index_of("", 7) == 14695981039346656037ull % 7 + 1);
}

TEST_CASE("shard: the shards of a selection partition it, each in selection order") {
    const std::vector<std::string> all = lines(list({}).out);
    REQUIRE(all.size() > 4);
    for (const int n : {1, 2, 3}) {
        std::multiset<std::string> seen;
        for (int i = 1; i <= n; ++i) {
            const ShardListing shard =
                list({"--shard", std::to_string(i) + "/" + std::to_string(n)});
            INFO(shard.err);
            REQUIRE(shard.code == 0);
            const std::vector<std::string> part = lines(shard.out);
            CHECK_FALSE(part.empty());
            std::vector<std::string> in_order; // `all` restricted to this shard
            for (const std::string& key : all)
                if (odo::surface::shard_index_of(key, n) == i)
                    in_order.push_back(key);
            CHECK(part == in_order);
            seen.insert(part.begin(), part.end());
        }
        CHECK(seen == std::multiset<std::string>(all.begin(), all.end()));
    }
}

namespace {

// The first shard of `count` that holds none of `keys`.
std::int64_t empty_shard(const std::vector<std::string>& keys, std::int64_t count) {
    std::set<std::int64_t> used;
    for (const std::string& key : keys)
        used.insert(odo::surface::shard_index_of(key, count));
    std::int64_t empty = 1;
    while (used.count(empty))
        ++empty;
    return empty;
}

// The run artifact at `path`, checked by the baseline layer's reader against the example config.
odo::baseline::Artifact sharded_artifact(const std::filesystem::path& path) {
    odo::baseline::ConfigSet set({odo::baseline::load_operator_file(testing::example_config)});
    return odo::baseline::load_artifact(
        path, set, odo::surface::load_sku_map(testing::example_sku_map).stems());
}

} // namespace

TEST_CASE("shard: a shard that holds no selected case is an empty run, said on stderr") {
    const std::vector<std::string> all = lines(list({}).out);
    const std::string shard = std::to_string(empty_shard(all, odo::surface::max_shard_count)) +
                              "/" + std::to_string(odo::surface::max_shard_count);
    const ShardListing none = list({"--shard", shard});
    CHECK(none.code == 0);
    CHECK(none.out.empty());
    CHECK(odo::testing::contains(
        none.err, "--shard " + shard + " holds none of the selected cases: an empty run\n"));
    CHECK(list({"--shard", "3/2"}).code == 2);
    CHECK(list({"--shard", "1/2", "--shard", "2/2"}).code == 2); // given twice
}

TEST_CASE("shard: the artifact records the shard; an empty shard's has no rows and imports") {
    TempDir dir;
    const std::vector<std::string> all = lines(
        testing::run_example(testing::example_config, {"--list", "--tier", "basic,advanced"}).out);
    const auto run = [&](const std::string& shard, const std::string& name) {
        const auto path = dir.path() / name;
        const testing::RunOutput r = testing::run_example(
            testing::example_config, {"--quiet", "--tier", "basic,advanced", "--sku",
                                      "HOST_EXAMPLE", "--shard", shard, "--json", path.string()});
        INFO(r.err);
        CHECK(r.code == 0);
        return std::make_pair(path, r.err);
    };
    const auto [first, first_err] = run("1/2", "first.json");
    const odo::baseline::Artifact a = sharded_artifact(first);
    REQUIRE(a.shard());
    CHECK(a.shard()->str() == "HOST_EXAMPLE shard 1/2");
    CHECK_FALSE(a.rows.empty());
    for (const auto& row : a.rows)
        CHECK(odo::surface::shard_index_of(row.case_key, 2) == 1);
    CHECK(odo::testing::contains(odo::read_file(first),
                                 "\"shard\": {\n            \"sku\": \"HOST_EXAMPLE\",\n"
                                 "            \"index\": 1,\n            \"count\": 2\n"));

    const std::int64_t empty = empty_shard(all, 100);
    const auto [none, none_err] = run(std::to_string(empty) + "/100", "empty.json");
    CHECK(odo::testing::contains(none_err, "an empty run, its artifact without rows"));
    const odo::baseline::Artifact e = sharded_artifact(none);
    CHECK(e.rows.empty());
    REQUIRE(e.shard());
    CHECK(e.shard()->shard.index == empty);
    CHECK(odo::testing::contains(odo::read_file(none), "\"baselines\": {}"));
}

TEST_CASE("shard: an artifact whose rows are not of its recorded shard, or a bad record, is "
          "bad input naming the file and field") {
    TempDir dir;
    const auto path = dir.path() / "run.json";
    REQUIRE(testing::run_example(testing::example_config,
                                 {"--quiet", "--tier", "basic,advanced", "--sku", "HOST_EXAMPLE",
                                  "--shard", "1/2", "--json", path.string()})
                .code == 0);
    const std::string text = odo::read_file(path);
    const auto problem = [&](const std::string& from, const std::string& to) {
        dir.write("edited.json", odo::testing::replaced(text, from, to));
        try {
            sharded_artifact(dir.path() / "edited.json");
        } catch (const odo::InputError& e) {
            return std::string(e.what());
        }
        return std::string("no problem");
    };
    CHECK(odo::testing::contains(problem("\"index\": 1", "\"index\": 2"),
                                 ": not a row of HOST_EXAMPLE shard 2/2 (run_metadata.shard)"));
    for (const std::string bad : {"\"index\": 3", "\"index\": 0", "\"index\": \"1\""})
        CHECK(odo::testing::contains(problem("\"index\": 1", bad),
                                     "edited.json: run_metadata.shard must be {\"sku\": stem"));
    CHECK(odo::testing::contains(problem("\"sku\": \"HOST_EXAMPLE\"", "\"sku\": \"HOST_OTHER\""),
                                 "edited.json: run_metadata.shard: unknown SKU stem"));
}
