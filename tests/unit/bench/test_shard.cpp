// --shard I/N: every selected case lands in exactly one shard, by its key alone, and the runner's
// --list shows each shard's part of the selection in selection order.
#include "temp_dir.hpp"

#include <odo/bench/case_selection.hpp>
#include <odo/bench/runner.hpp>
#include <odo/surface/shard.hpp>

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

TEST_CASE("shard: a shard that holds no selected case is an error, not an empty clean run") {
    const std::vector<std::string> all = lines(list({}).out);
    const std::int64_t count = odo::surface::max_shard_count;
    std::set<std::int64_t> used;
    for (const std::string& key : all)
        used.insert(odo::surface::shard_index_of(key, count));
    std::int64_t empty = 1;
    while (used.count(empty))
        ++empty;
    const ShardListing none =
        list({"--shard", std::to_string(empty) + "/" + std::to_string(count)});
    CHECK(none.code == 2);
    CHECK(none.err.find("--shard " + std::to_string(empty) + "/10000: holds none of the " +
                        std::to_string(all.size()) + " selected case(s); use fewer shards") !=
          std::string::npos);
    CHECK(list({"--shard", "3/2"}).code == 2);
    CHECK(list({"--shard", "1/2", "--shard", "2/2"}).code == 2); // given twice
}
