// Preflight reads the operator's config from the repository a megabyte at a time
// (committed_config_in); what PRE-2 and PRE-3 are told must be what reading its bytes whole
// tells, for a config that is missing, blank, not JSON, not a config, or one.
#include "temp_dir.hpp"

#include <odo/gates/preflight.hpp>

#include <doctest/doctest.h>

#include <filesystem>
#include <optional>
#include <string>

using namespace odo::gates;

TEST_CASE("committed_config_in tells what reading the config's bytes whole tells") {
    const std::string path = "bench/config/operators/flip.json";
    const std::optional<std::string> texts[] = {
        std::nullopt,
        std::string(" \n\t"),
        std::string("{\"benchmark\": \"flip\", \"configs\": {"),
        std::string("[1, 2]"),
        std::string(R"({"benchmark": "flip", "configs": {"a": {"tier": "basic"}, "a": {}}})"),
        std::string(R"({"benchmark": "flip", "configs": {"flip_basic": {"tier": "basic",
            "dtypes": ["uchar3"], "string_axes": {"layout": ["NHWC"]}}}})")};
    for (const auto& text : texts) {
        CAPTURE(text.value_or("(missing)"));
        TempDir repo;
        if (text)
            repo.write(path, *text);
        const CommittedConfig streamed = committed_config_in(repo.path(), path);
        const CommittedConfig whole = committed_config(path, text);
        CHECK(streamed.present == whole.present);
        CHECK(streamed.load_error == whole.load_error);
        CHECK(streamed.review.problem == whole.review.problem);
        REQUIRE((streamed.loaded() != nullptr) == (whole.loaded() != nullptr));
        if (whole.loaded())
            CHECK(streamed.loaded()->entries.size() == whole.loaded()->entries.size());
    }
}

TEST_CASE("committed_config_in refuses a config path that leads outside the repository") {
    TempDir outside, repo;
    outside.write("flip.json", "{}");
    std::filesystem::create_directories(repo.path() / "bench/config");
    std::filesystem::create_directory_symlink(outside.path(),
                                              repo.path() / "bench/config/operators");
    CHECK_THROWS_AS(committed_config_in(repo.path(), "bench/config/operators/flip.json"),
                    odo::InputError);
}
