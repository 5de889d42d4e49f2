// The index of a repository's operator configs: unique keys, tiers, case-key checks.
#include "fixtures.hpp"
#include "temp_dir.hpp"

#include <odo/baseline/config_set.hpp>

#include <doctest/doctest.h>

#include <filesystem>

using namespace odo::baseline;

TEST_CASE("configs are found by key with their expected cases") {
    const ConfigSet set = fixture::set();
    const IndexedConfig* config = set.find("invert_basic");
    REQUIRE(config);
    CHECK(set.operator_of(*config) == "invert");
    CHECK(set.entry_of(*config).key == "invert_basic");
    CHECK(config->expected_cases.size() == 2);
    CHECK(set.case_key_problem(*config, fixture::nhwc).empty());
    CHECK(set.case_key_problem(*config, "invert_basic[InOutDataType=uint8][shape=8x1080x1920]"
                                        "[layout=NHWC][inputKind=Tensor]") ==
          "case key 'invert_basic[InOutDataType=uint8][shape=8x1080x1920][layout=NHWC]"
          "[inputKind=Tensor]': InOutDataType value 'uint8' not declared (allowed: ['uchar3'])");
    CHECK_FALSE(set.find("nope"));
}

TEST_CASE("a config key may live in one file only, and every config needs a tier") {
    std::vector<OperatorFile> files;
    files.push_back(fixture::file(fixture::document(), "a.json"));
    files.push_back(fixture::file(fixture::document(), "b.json"));
    CHECK_THROWS_WITH_AS(ConfigSet(std::move(files)),
                         "duplicate config key 'invert_basic' in a.json and b.json",
                         odo::InputError);
    boost::json::value no_tier = fixture::document();
    no_tier.at("configs").at("invert_basic").as_object().erase("tier");
    CHECK_THROWS_WITH_AS(fixture::set(no_tier),
                         doctest::Contains("config(s) with missing or invalid tier: "
                                           "['invert_basic']"),
                         odo::InputError);
}

TEST_CASE("malformed axes are kept as the config's problem, not a crash") {
    boost::json::value doc = fixture::document();
    doc.at("configs").at("invert_basic").as_object()["int64_axes"] = 3;
    const ConfigSet set = fixture::set(doc);
    CHECK(set.case_key_problem(*set.find("invert_basic"), fixture::nhwc) ==
          "invert_basic: int64_axes must be an object");
}

TEST_CASE("a config directory needs operators/*.json") {
    TempDir dir;
    CHECK_THROWS_WITH_AS(load_config_set(dir.path()),
                         doctest::Contains("operators: cannot read the directory"),
                         odo::InputError);
    std::filesystem::create_directories(dir.path() / "operators");
    CHECK_THROWS_WITH_AS(load_config_set(dir.path()), doctest::Contains("no operator config"),
                         odo::InputError);
    dir.write("operators/x.json", "{");
    CHECK_THROWS_WITH_AS(load_config_set(dir.path()), doctest::Contains("x.json: invalid JSON"),
                         odo::InputError);
}
