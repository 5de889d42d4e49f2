// --list prints exactly the case keys surface/ expands, for every real config in tests/data, and
// the selection options narrow it the way run_bench does.
#include "temp_dir.hpp"

#include <odo/bench/detail/case_run.hpp>
#include <odo/bench/runner.hpp>
#include <odo/surface/case_expansion.hpp>
#include <odo/version.hpp>

#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

using namespace odo::bench;
namespace fs = std::filesystem;

namespace {

struct Listed {
    int code;
    std::string out;
    std::string err;
};

Listed list(const fs::path& config, std::vector<std::string> args) {
    args.insert(args.begin(), "--list");
    Runner runner(args, config);
    std::ostringstream out, err;
    const int code = runner.run(out, err);
    return {code, out.str(), err.str()};
}

std::string expected_listing(const fs::path& config, bool advanced_too) {
    std::string text;
    for (const auto& entry : odo::surface::load_bench_config_file(config).entries) {
        if (!advanced_too && odo::surface::entry_tier(entry.fields) != odo::surface::Tier::Basic)
            continue;
        for (const auto& key : odo::surface::expected_case_keys(entry.key, entry.fields))
            text += key.str() + "\n";
    }
    return text;
}

std::vector<fs::path> real_configs() {
    std::vector<fs::path> configs{testing::example_config};
    for (const auto& dir : fs::directory_iterator(ODO_TEST_DATA_DIR)) {
        const fs::path operators = dir.path() / "bench" / "config" / "operators";
        if (fs::is_directory(operators))
            for (const auto& file : fs::directory_iterator(operators))
                if (file.path().extension() == ".json")
                    configs.push_back(file.path());
    }
    return configs;
}

} // namespace

TEST_CASE("--list equals the config expansion for every real config") {
    const auto configs = real_configs();
    CHECK(configs.size() >= 10);
    for (const fs::path& config : configs) {
        CAPTURE(config);
        const Listed all = list(config, {"--tier", "basic,advanced"});
        CHECK(all.code == 0);
        CHECK(all.err.empty());
        CHECK(all.out == expected_listing(config, true));
        const Listed basic = list(config, {});
        CHECK(basic.code == 0);
        CHECK(basic.out == expected_listing(config, false));
    }
}

TEST_CASE("--tier advanced lists the advanced configs only") {
    const Listed l = list(testing::example_config, {"--tier", "advanced"});
    CHECK(l.out == "example_advanced[InOutDataType=float32][shape=2x256x256][passes=1]\n"
                   "example_advanced[InOutDataType=float32][shape=2x256x256][passes=2]\n"
                   "example_advanced[InOutDataType=float32][shape=1x512x512][passes=1]\n"
                   "example_advanced[InOutDataType=float32][shape=1x512x512][passes=2]\n");
}

TEST_CASE("--config-key and --case select exact keys in the order given, whatever the tier") {
    const Listed l =
        list(testing::example_config,
             {"--case", "example_advanced[InOutDataType=float32][shape=1x512x512][passes=2]",
              "--config-key", "example_basic"});
    CHECK(l.code == 0);
    CHECK(l.out == "example_basic[InOutDataType=uint8][shape=1x256x256][passes=1]\n"
                   "example_basic[InOutDataType=float32][shape=1x256x256][passes=1]\n"
                   "example_advanced[InOutDataType=float32][shape=1x512x512][passes=2]\n");
}

TEST_CASE("a case named twice, once through its config, is listed once") {
    const Listed l = list(testing::example_config,
                          {"--config-key", "example_basic", "--case",
                           "example_basic[InOutDataType=uint8][shape=1x256x256][passes=1]"});
    CHECK(l.out == expected_listing(testing::example_config, false));
}

TEST_CASE("--filter keeps the selected cases whose key matches, after the tier selection") {
    const Listed floats = list(testing::example_config, {"--filter", "float32"});
    CHECK(floats.code == 0);
    CHECK(floats.out == "example_basic[InOutDataType=float32][shape=1x256x256][passes=1]\n");
    const Listed anchored = list(testing::example_config,
                                 {"--tier", "basic,advanced", "--filter", "^example_adv.*=2]$"});
    CHECK(anchored.code == 0);
    CHECK(anchored.out.find("example_basic") == std::string::npos);
    CHECK(anchored.out.find("[passes=2]\n") != std::string::npos);
}

TEST_CASE("--filter that keeps nothing or does not compile is a usage error") {
    const Listed none = list(testing::example_config, {"--filter", "int16"});
    CHECK(none.code == 2);
    CHECK(none.err.find("--filter 'int16': matches no selected case") != std::string::npos);
    const Listed bad = list(testing::example_config, {"--filter", "(uint8"});
    CHECK(bad.code == 2);
    CHECK(bad.err.find("--filter '(uint8': not a valid regular expression") != std::string::npos);
}

TEST_CASE("--version names odo's version") {
    Runner runner({"--version"}, testing::example_config);
    std::ostringstream out, err;
    CHECK(runner.run(out, err) == 0);
    CHECK(out.str() == "benchmark (odo " ODO_VERSION_STRING ")\n");
}

TEST_CASE("unknown keys are usage errors") {
    const Listed config_key = list(testing::example_config, {"--config-key", "example_gold"});
    CHECK(config_key.code == 2);
    CHECK(config_key.err.find("unknown config key 'example_gold'") != std::string::npos);
    const Listed undeclared =
        list(testing::example_config,
             {"--case", "example_basic[InOutDataType=int8][shape=1x256x256][passes=1]"});
    CHECK(undeclared.code == 2);
    CHECK(undeclared.err.find("is not a case of config 'example_basic'") != std::string::npos);
    const Listed malformed = list(testing::example_config, {"--case", "example_basic"});
    CHECK(malformed.code == 2);
    CHECK(malformed.err.find("expected at least one [axis=value] group") != std::string::npos);
}

TEST_CASE("a config that cannot be read is a usage error naming the file") {
    testing::TempDir dir;
    const auto config = dir.write(
        "operators/x.json", R"({"benchmark": "x", "configs": {"x_basic": {"dtypes": ["uint8"]}}})");
    const Listed l = list(config, {});
    CHECK(l.code == 2);
    CHECK(l.err.find("missing or invalid tier: ['x_basic']") != std::string::npos);
    const Listed missing = list(dir.path() / "absent.json", {});
    CHECK(missing.code == 2);
    CHECK(missing.err.find("cannot read file") != std::string::npos);
}

TEST_CASE("--config overrides the built-in config path") {
    Runner runner({"--list", "--config", testing::example_config.string()}, "/nonexistent.json");
    std::ostringstream out, err;
    CHECK(runner.run(out, err) == 0);
    CHECK(out.str() == expected_listing(testing::example_config, false));
}
