#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>

#include <doctest/doctest.h>

TEST_CASE("json::parse converts every float from its own text") {
    const auto v = odo::json::parse(R"({"x": 1537.3356158016, "y": 0.1, "z": 2.5e-5})", "t");
    CHECK(v.at("x").get_double() == 1537.3356158016);
    CHECK(v.at("y").get_double() == 0.1);
    CHECK(odo::python_float_repr(v.at("z").get_double()) == "2.5e-05");
}

TEST_CASE("json::parse errors name the source and the place") {
    try {
        odo::json::parse("{\n  \"a\": [1,\n}", "bench/config/x.json");
        FAIL("no error");
    } catch (const odo::InputError& e) {
        const std::string msg = e.what();
        CHECK(msg.find("bench/config/x.json: invalid JSON") == 0);
        CHECK(msg.find("line 3") != std::string::npos);
    }
    CHECK_THROWS_AS(odo::json::parse("{} {}", "t"), odo::InputError);
    CHECK_THROWS_AS(odo::json::parse("", "t"), odo::InputError);
    CHECK_FALSE(odo::json::try_parse("[1,"));
}

TEST_CASE("json::parse refuses a key repeated within one object, at any depth") {
    auto error_of = [](std::string_view text) {
        try {
            odo::json::parse(text, "cfg.json");
        } catch (const odo::InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(error_of(R"({"a": 1, "a": 2})") == "cfg.json: key 'a' appears twice in one object");
    CHECK(error_of(R"({"x": [{"k": 1}, {"k": 2, "k\u0000": 3, "k": 4}]})") ==
          "cfg.json: key 'k' appears twice in one object");
    CHECK(error_of(R"({"a": {"b": 1}, "b": {"a": 1}})") == "no error"); // per object, not global
    CHECK_FALSE(odo::json::try_parse(R"({"a": 1, "a": 1})"));
}

TEST_CASE("json::dumps reproduces Python's json.dumps") {
    const auto v = odo::json::parse(
        R"({"b": [1, 2.0, "\u2014"], "a": {}, "c": [], "d": {"x": null, "y": true}})", "t");
    CHECK(odo::json::dumps(v) ==
          R"({"b": [1, 2.0, "\u2014"], "a": {}, "c": [], "d": {"x": null, "y": true}})");
    CHECK(odo::json::dumps(v, {2, true, true}) ==
          "{\n  \"a\": {},\n  \"b\": [\n    1,\n    2.0,\n"
          "    \"\\u2014\"\n  ],\n  \"c\": [],\n  \"d\": {\n"
          "    \"x\": null,\n    \"y\": true\n  }\n}");
    CHECK(odo::json::dumps(boost::json::value("\xC2\xB5\xF0\x9F\x94\x8D\n\x01")) ==
          "\"\\u00b5\\ud83d\\udd0d\\n\\u0001\"");
    CHECK(odo::json::dumps(boost::json::value("\xC2\xB5"), {-1, false, false}) == "\"\xC2\xB5\"");
}
