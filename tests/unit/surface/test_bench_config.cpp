#include <odo/core/json_arena.hpp>
#include <odo/core/json_read.hpp>
#include <odo/surface/bench_config.hpp>

#include <doctest/doctest.h>

#include <optional>

using odo::InputError;
using namespace odo::surface;

namespace {

BenchConfig load(const char* json) {
    return load_bench_config(odo::json::parse(json, "ops/x.json"), "ops/x.json");
}

std::vector<std::string> keys_of(const BenchConfig& c) {
    std::vector<std::string> keys;
    for (const auto& e : c.entries)
        keys.push_back(e.key);
    return keys;
}

} // namespace

TEST_CASE("new shape: benchmark and configs in file order") {
    const BenchConfig c = load(R"({"benchmark": "flip", "configs": {
        "z_basic": {"tier": "basic", "dtypes": ["uchar3"]},
        "a_advanced": {"tier": "advanced"}}})");
    CHECK(c.source == "ops/x.json");
    CHECK(c.benchmark == "flip");
    CHECK_FALSE(c.old_shape);
    CHECK(keys_of(c) == std::vector<std::string>{"z_basic", "a_advanced"});
    REQUIRE(c.find("z_basic"));
    CHECK(c.find("z_basic")->fields.at("dtypes").as_array().size() == 1);
    CHECK(c.find("missing") == nullptr);
    CHECK(load(R"({"benchmark": "flip", "configs": {}})").entries.empty());
}

TEST_CASE("old flat shape: one shared benchmark, removed from the entries") {
    const BenchConfig c = load(R"({
        "b_basic": {"benchmark": "flip", "tier": "basic"},
        "a_advanced": {"benchmark": "flip", "tier": "advanced"}})");
    CHECK(c.old_shape);
    CHECK(c.benchmark == "flip");
    CHECK(keys_of(c) == std::vector<std::string>{"b_basic", "a_advanced"});
    CHECK_FALSE(c.entries[0].fields.contains("benchmark"));
}

TEST_CASE("a kept document's entries are copied into one storage of the config's own") {
    for (
        const char* text :
        {R"({"benchmark": "flip", "configs": {"a": {"tier": "basic"}, "b": {"tier": "advanced"}}})",
         R"({"a": {"benchmark": "flip", "tier": "basic"}, "b": {"benchmark": "flip"}})"}) {
        CAPTURE(text);
        std::optional<BenchConfig> c;
        {
            const boost::json::value doc =
                odo::json::parse(text, "x.json", odo::json::make_arena());
            c = load_bench_config(doc, "x.json");
            REQUIRE(c->entries.size() == 2);
            CHECK(c->entries[0].fields.storage().get() != doc.storage().get());
            CHECK(c->entries[0].fields.storage().get() != boost::json::storage_ptr().get());
            CHECK(c->entries[0].fields.storage().get() == c->entries[1].fields.storage().get());
        }
        // The document and its arena are gone; the copies still read (ASan in CI).
        CHECK(c->entries[1].key == "b");
        CHECK(c->entries[0].fields.at("tier").as_string() == "basic");
    }
}

TEST_CASE("structural errors name the file and the field") {
    CHECK_THROWS_WITH_AS(load("[]"), "ops/x.json: bench config must be a JSON object", InputError);
    CHECK_THROWS_WITH_AS(load("{}"), doctest::Contains("ops/x.json: no configs"), InputError);
    CHECK_THROWS_WITH_AS(load(R"({"configs": {}})"),
                         "ops/x.json: benchmark must be a non-empty string", InputError);
    CHECK_THROWS_WITH_AS(load(R"({"benchmark": "", "configs": {}})"),
                         "ops/x.json: benchmark must be a non-empty string", InputError);
    CHECK_THROWS_WITH_AS(load(R"({"benchmark": "f", "configs": []})"),
                         "ops/x.json: configs must be an object", InputError);
    CHECK_THROWS_WITH_AS(load(R"({"benchmark": "f", "configs": {"k": 3}})"),
                         "ops/x.json: config 'k' must be an object", InputError);
    CHECK_THROWS_WITH_AS(load(R"({"k": []})"), "ops/x.json: config 'k' must be an object",
                         InputError);
    CHECK_THROWS_WITH_AS(load(R"({"k": {"tier": "basic"}})"),
                         "ops/x.json: config 'k' benchmark must be a non-empty string", InputError);
    CHECK_THROWS_WITH_AS(load(R"({"k": {"benchmark": "b"}, "j": {"benchmark": "a"}})"),
                         "ops/x.json: configs name different benchmarks ['a', 'b']; an operator "
                         "file holds one benchmark",
                         InputError);
}

TEST_CASE("tiers: exact basic or advanced; invalid ones listed in file order") {
    const BenchConfig c = load(R"({"benchmark": "f", "configs": {
        "ok_basic": {"tier": "basic"}, "no_tier": {}, "ok_adv": {"tier": "advanced"},
        "upper": {"tier": "Basic"}, "number": {"tier": 1}}})");
    CHECK(entry_tier(c.entries[0].fields) == Tier::Basic);
    CHECK(entry_tier(c.entries[2].fields) == Tier::Advanced);
    CHECK_FALSE(entry_tier(c.entries[1].fields));
    CHECK(configs_with_invalid_tier(c) == std::vector<std::string>{"no_tier", "upper", "number"});
    CHECK_THROWS_WITH_AS(require_valid_tiers(c),
                         "ops/x.json: config(s) with missing or invalid tier: ['no_tier', "
                         "'upper', 'number']",
                         InputError);
    CHECK_NOTHROW(require_valid_tiers(load(R"({"benchmark": "f", "configs": {
        "a": {"tier": "basic"}}})")));
    CHECK(to_string(Tier::Basic) == "basic");
    CHECK(to_string(Tier::Advanced) == "advanced");
}

TEST_CASE("raw_tier_text keeps what was written") {
    const BenchConfig c = load(R"({"benchmark": "f", "configs": {
        "a": {"tier": "basic "}, "b": {}, "c": {"tier": null}, "d": {"tier": 2}}})");
    CHECK(raw_tier_text(c.entries[0].fields) == "basic ");
    CHECK(raw_tier_text(c.entries[1].fields).empty());
    CHECK(raw_tier_text(c.entries[2].fields).empty());
    CHECK(raw_tier_text(c.entries[3].fields) == "2");
}

TEST_CASE("warmup_iterations: optional JSON integer") {
    const BenchConfig c = load(R"({"benchmark": "f", "configs": {
        "a": {"warmup_iterations": 200}, "b": {}, "c": {"warmup_iterations": true},
        "d": {"warmup_iterations": 1.5}}})");
    CHECK(warmup_iterations(c.entries[0].fields, "a") == 200);
    CHECK_FALSE(warmup_iterations(c.entries[1].fields, "b"));
    CHECK_THROWS_WITH_AS(warmup_iterations(c.entries[2].fields, "c"),
                         "c: warmup_iterations must be an integer", InputError);
    CHECK_THROWS_AS(warmup_iterations(c.entries[3].fields, "d"), InputError);
}

TEST_CASE("baselines: absent or null is empty, non-object is an error") {
    const BenchConfig c = load(R"({"benchmark": "f", "configs": {
        "a": {"baselines": {"k[x=1]": {}}}, "b": {}, "c": {"baselines": null},
        "d": {"baselines": []}}})");
    CHECK(entry_baselines(c.entries[0].fields, "a").size() == 1);
    CHECK(entry_baselines(c.entries[1].fields, "b").empty());
    CHECK(entry_baselines(c.entries[2].fields, "c").empty());
    CHECK_THROWS_WITH_AS(entry_baselines(c.entries[3].fields, "d"),
                         "d: baselines must be an object keyed by case-key", InputError);
}

TEST_CASE("a config key or field written twice is an error naming the file and the key") {
    CHECK_THROWS_WITH_AS(load(R"({"benchmark": "x", "configs": {"a": {"tier": "basic"},
                                  "a": {"tier": "advanced"}}})"),
                         "ops/x.json: key 'a' appears twice in one object", InputError);
    CHECK_THROWS_WITH_AS(load(R"({"benchmark": "x", "configs": {"a": {"tier": "basic",
                                  "baselines": {"k": {"H100": {"n_runs": 1, "n_runs": 5}}}}}})"),
                         "ops/x.json: key 'n_runs' appears twice in one object", InputError);
}

TEST_CASE("load_bench_config_file reads, parses and names the path") {
    const std::string dir = ODO_TEST_DATA_DIR "/cvcuda/bench/config/operators/";
    const BenchConfig c = load_bench_config_file(dir + "minarearect.json");
    CHECK(c.benchmark == "minarearect");
    CHECK(c.source == dir + "minarearect.json");
    CHECK(c.entries.size() == 3);
    CHECK_THROWS_WITH_AS(load_bench_config_file(dir + "nope.json"),
                         doctest::Contains("nope.json: cannot read file"), InputError);
}
