#include <odo/core/error.hpp>
#include <odo/core/json_read.hpp>

#include <doctest/doctest.h>

#include <string>

namespace {

// An object of `n` distinct keys k0 … k<n-1>, each holding a small object with the same keys
// as every other: keys repeat across objects, never within one.
std::string object_of(int n, const std::string& extra = "") {
    std::string text = "{";
    for (int i = 0; i < n; ++i)
        text += (i ? ", \"k" : "\"k") + std::to_string(i) + "\": {\"n_runs\": 5, \"t\": 1.5}";
    return text + extra + "}";
}

} // namespace

TEST_CASE("json::parse accepts many distinct keys, in small and large objects alike") {
    for (const int n : {1, 16, 17, 400}) {
        const boost::json::value v = odo::json::parse(object_of(n), "doc.json");
        CHECK(v.as_object().size() == static_cast<std::size_t>(n));
        CHECK(v.at("k0").at("t").as_double() == 1.5);
    }
}

TEST_CASE("json::parse names a key repeated in a large object, and one spelled with escapes") {
    CHECK_THROWS_WITH_AS(odo::json::parse(object_of(400, ", \"k399\": 1"), "doc.json"),
                         "doc.json: key 'k399' appears twice in one object", odo::InputError);
    CHECK_THROWS_WITH_AS(odo::json::parse(object_of(3, ", \"\\u006b1\": 1"), "doc.json"),
                         "doc.json: key 'k1' appears twice in one object", odo::InputError);
    // A repetition deep inside is found too; the same key in sibling objects is not one.
    CHECK_THROWS_WITH_AS(
        odo::json::parse(R"({"a": {"x": 1}, "b": {"x": 1, "y": {"z": 1, "z": 2}}})", "doc.json"),
        "doc.json: key 'z' appears twice in one object", odo::InputError);
    CHECK(odo::json::try_parse(R"({"a": {"x": 1}, "b": {"x": 1}})"));
}
