#include "../repo/temp_tree.hpp"

#include <odo/review/curated_data.hpp>

#include <doctest/doctest.h>

using namespace odo::review;

namespace {

const char* const curated_source = ".agents/tools/review_op_data.json";

std::string error_of(std::string_view text) {
    try {
        parse_curated_data(text, curated_source);
    } catch (const odo::InputError& e) {
        return e.what();
    }
    return "no error";
}

} // namespace

TEST_CASE("curated data: the lists, lower-cased, and basic_expected") {
    const CuratedData d = parse_curated_data(R"({
        "schema": "review-op-curated-data/v1", "spdx": {"license": "Apache-2.0"},
        "tensor_only": ["AdvCvtColor", "bndbox"], "varshape_only": ["conv2d", "PadAndStack"],
        "bench_layout_na": ["findhomography"], "bench_rgb_na": ["histogram", "label"],
        "basic_expected": {"Flip": ["flip_basic_nhwc"]}, "future_key": 7})",
                                             curated_source);
    CHECK(d.tensor_only == std::set<std::string>{"advcvtcolor", "bndbox"});
    CHECK(d.varshape_only == std::set<std::string>{"conv2d", "padandstack"});
    CHECK(d.bench_layout_na == std::set<std::string>{"findhomography"});
    CHECK(d.bench_rgb_na == std::set<std::string>{"histogram", "label"});
    CHECK(d.basic_expected.at("flip") == std::vector<std::string>{"flip_basic_nhwc"});
}

TEST_CASE("curated data: missing keys are empty") {
    const CuratedData d = parse_curated_data("{}", curated_source);
    CHECK(d.tensor_only.empty());
    CHECK(d.varshape_only.empty());
    CHECK(d.bench_layout_na.empty());
    CHECK(d.bench_rgb_na.empty());
    CHECK(d.basic_expected.empty());
}

TEST_CASE("curated data: wrong types name the file and the field") {
    CHECK(error_of("[]") == ".agents/tools/review_op_data.json: `root` must be an object");
    CHECK(error_of(R"({"varshape_only": ["conv2d", 3]})") ==
          ".agents/tools/review_op_data.json: `varshape_only[1]` must be a string");
    for (const char* field : {"tensor_only", "varshape_only", "bench_layout_na", "bench_rgb_na"}) {
        CAPTURE(field);
        CHECK(error_of(std::string("{\"") + field + "\": \"x\"}") ==
              std::string(".agents/tools/review_op_data.json: `") + field +
                  "` must be a list of strings");
        CHECK(error_of(std::string("{\"") + field + "\": [null]}") ==
              std::string(".agents/tools/review_op_data.json: `") + field +
                  "[0]` must be a string");
    }
    const std::string basic = ".agents/tools/review_op_data.json: `basic_expected` must be an "
                              "object mapping operator names to string lists";
    CHECK(error_of(R"({"basic_expected": []})") == basic);
    CHECK(error_of(R"({"basic_expected": {"flip": "a"}})") == basic);
    CHECK(error_of(R"({"basic_expected": {"flip": ["a", 1]}})") == basic);
}

TEST_CASE("curated data: invalid JSON is an error, not an empty file") {
    CHECK(error_of("{\"tensor_only\": [").find(".agents/tools/review_op_data.json: invalid JSON") ==
          0);
}

TEST_CASE("curated data: a key written twice is an error naming the file and the key") {
    CHECK(error_of(R"({"tensor_only": ["flip"], "tensor_only": []})") ==
          ".agents/tools/review_op_data.json: key 'tensor_only' appears twice in one object");
}

TEST_CASE("load_curated_data reads the layout's file; a missing file is empty") {
    TempTree repo;
    const odo::repo::Layout layout;
    CHECK(load_curated_data(repo.root(), layout).varshape_only.empty());
    repo.write(".agents/tools/review_op_data.json", R"({"varshape_only": ["Conv2D"]})");
    CHECK(load_curated_data(repo.root(), layout).varshape_only == std::set<std::string>{"conv2d"});
    repo.write(".agents/tools/review_op_data.json", R"({"varshape_only": 1})");
    CHECK_THROWS_WITH_AS(load_curated_data(repo.root(), layout),
                         ".agents/tools/review_op_data.json: `varshape_only` must be a list of "
                         "strings",
                         odo::InputError);
    odo::repo::Layout none;
    none.paths.curated_data.clear();
    CHECK(load_curated_data(repo.root(), none).varshape_only.empty());
}
