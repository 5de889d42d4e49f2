// baseline_digests: the streamed reading PRE-6's refresh walk compares versions by. It must agree
// with the parsed map (`baselines_by_config`) both ways: the same digests as the map's values,
// equal digests exactly for equal maps, and nullopt for the same texts.
#include <odo/baseline/baseline_digest.hpp>
#include <odo/core/json_write.hpp>

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

using namespace odo::baseline;

namespace {

const odo::SipKey digest_key{0x0123456789abcdefULL, 0xfedcba9876543210ULL};

std::optional<BaselineDigests> digests_of(const std::string& text) {
    return baseline_digests(text, digest_key);
}

// The streamed digests and the parsed map's agree for `text`.
void check_agrees_with_map(const std::string& text) {
    const auto map = baselines_by_config(text);
    const auto digests = digests_of(text);
    REQUIRE(map.has_value() == digests.has_value());
    if (map)
        CHECK(*digests == baseline_digests(*map, digest_key));
}

std::string config_with(const std::string& baselines) {
    return R"({"benchmark": "invert", "configs": {"a": {"tier": "basic", "baselines": )" +
           baselines + "}}}";
}

// A random JSON value: the shapes, scalars and nesting a config's baselines can take, numbers
// drawn from a few values so that two draws are often equal.
boost::json::value random_value(std::mt19937& rng, int depth) {
    const int kind = static_cast<int>(rng() % (depth > 0 ? 9 : 7));
    static const double reals[] = {0.0, -0.0, 1.0, 1.5, 137.25, 1e300};
    static const char* const words[] = {"", "a", "H100", "b\\u00e9"};
    switch (kind) {
    case 0:
        return nullptr;
    case 1:
        return rng() % 2 == 0;
    case 2:
        return static_cast<std::int64_t>(rng() % 3) - 1;
    case 3:
        return reals[rng() % 6];
    case 4:
        return words[rng() % 4];
    case 5:
        return static_cast<std::uint64_t>(rng() % 2) + 18446744073709551614ULL;
    case 6:
        return 5;
    case 7: {
        boost::json::array a;
        for (unsigned n = rng() % 4; n > 0; --n)
            a.push_back(random_value(rng, depth - 1));
        return a;
    }
    default: {
        boost::json::object o;
        static const char* const keys[] = {"n_runs", "gpu_time_us_cpp", "H100", "x"};
        for (unsigned n = rng() % 4; n > 0; --n)
            o[keys[rng() % 4]] = random_value(rng, depth - 1);
        return o;
    }
    }
}

// The same value with every object's members in reverse order.
boost::json::value reversed(const boost::json::value& v) {
    if (v.is_array()) {
        boost::json::array a;
        for (const auto& e : v.get_array())
            a.push_back(reversed(e));
        return a;
    }
    if (!v.is_object())
        return v;
    boost::json::object o;
    const auto& in = v.get_object();
    for (auto it = in.end(); it != in.begin();) {
        --it;
        o[it->key()] = reversed(it->value());
    }
    return o;
}

// An operator document of a few configs, some with baselines, in either shape.
boost::json::value random_config(std::mt19937& rng) {
    boost::json::object configs;
    for (unsigned n = rng() % 4; n > 0; --n) {
        boost::json::object entry{{"tier", "basic"}};
        if (rng() % 5 != 0)
            entry["baselines"] = random_value(rng, 3);
        configs[std::string("cfg") + std::to_string(rng() % 5)] = std::move(entry);
    }
    if (rng() % 4 == 0)
        return configs; // the old flat shape
    return boost::json::object{{"benchmark", "invert"}, {"configs", std::move(configs)}};
}

} // namespace

TEST_CASE("baseline_digests: formatting and key order play no part, a re-measure does") {
    const std::string row = R"({"H100": {"n_runs": 5, "gpu_time_us_cpp": 137.25}})";
    const auto digests = digests_of(config_with(row));
    REQUIRE(digests);
    CHECK(digests->size() == 1);
    CHECK(digests_of(config_with(
              R"({ "H100" : { "gpu_time_us_cpp" : 137.250, "n_runs" : 5 } })")) == digests);
    CHECK(digests_of(R"({"configs": {"a": {"baselines": )" + row +
                     R"(, "tier": "advanced"}}, "benchmark": "x"})") == digests);
    CHECK(digests_of(config_with(R"({"H100": {"n_runs": 5, "gpu_time_us_cpp": 137.5}})")) !=
          digests);
    CHECK(digests_of(config_with(R"({"H100": {"n_runs": 5}})")) != digests);
    CHECK(digests_of(config_with(
              R"({"H100": {"n_runs": 5, "gpu_time_us_cpp": 137.25, "x": 1}})")) != digests);
    CHECK(digests_of(config_with(R"({"L4": {"n_runs": 5, "gpu_time_us_cpp": 137.25}})")) !=
          digests);
    check_agrees_with_map(config_with(row));
}

TEST_CASE("baseline_digests compares numbers as parsed JSON values do") {
    const auto digest = [](const std::string& number) {
        return digests_of(config_with(R"({"H100": {"gpu_time_us_cpp": )" + number + "}}"));
    };
    CHECK(digest("1") != digest("1.0")); // an integer never equals a double
    CHECK(digest("1.0") == digest("1.00"));
    CHECK(digest("1.0") == digest("10e-1"));
    CHECK(digest("-0.0") == digest("0.0"));
    CHECK(digest("0") != digest("-1"));
    CHECK(digest("9223372036854775807") != digest("9223372036854775808"));
    // Correctly rounded from the text: the two spellings name the same double.
    CHECK(digest("0.1") == digest("0.1000000000000000055511151231257827"));
    // An integer keeps its value whatever the type holding it.
    CHECK(json_digest(boost::json::value(std::int64_t(7)), digest_key) ==
          json_digest(boost::json::value(std::uint64_t(7)), digest_key));
    CHECK(json_digest(boost::json::value(std::int64_t(-1)), digest_key) !=
          json_digest(boost::json::value(std::uint64_t(18446744073709551615ULL)), digest_key));
    for (const char* number : {"1", "1.0", "-0.0", "9223372036854775808", "1e400", "0.1"})
        check_agrees_with_map(
            config_with(R"({"H100": {"gpu_time_us_cpp": )" + std::string(number) + "}}"));
}

TEST_CASE("baseline_digests finds the configs where the parsed map does") {
    const std::string rows = R"({"H100": {"n_runs": 5}})";
    // The old flat shape: every top-level object is a config.
    const auto flat = digests_of(R"({"a": {"benchmark": "x", "baselines": )" + rows + "}}");
    REQUIRE(flat);
    CHECK(flat->count("a") == 1);
    // "configs" that is not an object: the top level is read as configs, and has none here.
    CHECK(digests_of(R"({"configs": [1], "benchmark": "x"})") == BaselineDigests{});
    // Empty baselines measure nothing; null baselines are kept, as the map keeps them.
    CHECK(digests_of(config_with("{}")) == BaselineDigests{});
    const auto null_rows = digests_of(config_with("null"));
    REQUIRE(null_rows);
    CHECK(null_rows->size() == 1);
    // Baselines deeper than a config's own fields are not a config's.
    CHECK(digests_of(R"({"configs": {"a": {"x": {"baselines": )" + rows + "}}}}") ==
          BaselineDigests{});
    // Nor are those of a top-level object other than "configs".
    const std::string beside = R"({"configs": {"a": {"baselines": )" + rows +
                               R"(}}, "zz": {"b": {"baselines": )" + rows + "}}}";
    const auto only_configs = digests_of(beside);
    REQUIRE(only_configs);
    CHECK(only_configs->size() == 1);
    CHECK(only_configs->count("a") == 1);
    check_agrees_with_map(beside);
    for (const std::string& text :
         {config_with(rows), config_with("{}"), config_with("null"), config_with("[1, {}]"),
          std::string(R"({"configs": [1], "a": {"baselines": )") + rows + "}}",
          std::string(R"({"a": {"baselines": )") + rows + R"(}, "b": 3, "c": [])" + "}",
          std::string(R"({"configs": {"a": 1, "b": {"baselines": 2}}})")})
        check_agrees_with_map(text);
}

TEST_CASE("baseline_digests refuses what the parsed map refuses") {
    for (const std::string& text :
         {std::string(""), std::string("[]"), std::string("3"), std::string("{"),
          std::string("{} {}"), std::string(R"({"a": 1, "a": 2})"),
          config_with(R"({"H100": {"n_runs": 5, "n_runs": 6}})"),
          config_with(R"({"H100": 1, "H\u0031\u0030\u0030": 2})"), std::string("{\"a\": \"\xff\"}"),
          std::string(R"({"a": 1} // note)")}) {
        CAPTURE(text);
        CHECK_FALSE(digests_of(text));
        CHECK_FALSE(baselines_by_config(text));
    }
}

TEST_CASE("baseline_digests agrees with the parsed maps on random configs, both ways") {
    std::mt19937 rng(16);
    for (int i = 0; i < 3000; ++i) {
        const boost::json::value a = random_config(rng);
        const boost::json::value b = rng() % 3 == 0 ? reversed(a) : random_config(rng);
        const std::string text_a = odo::json::dumps(a);
        const std::string text_b = odo::json::dumps(b, {2});
        CAPTURE(text_a);
        CAPTURE(text_b);
        check_agrees_with_map(text_a);
        check_agrees_with_map(text_b);
        CHECK((digests_of(text_a) == digests_of(text_b)) ==
              (baselines_by_config(text_a) == baselines_by_config(text_b)));
    }
}

TEST_CASE("BaselineDigestReader: a text handed over in pieces digests as the whole text does") {
    const std::string rows =
        R"({"H\u0031100": {"n_runs": 5, "gpu_time_us_cpp": 137.25e0, "x": [true, null, -0.0]}})";
    const std::vector<std::string> texts = {config_with(rows),
                                            config_with(rows) + " \n\t",
                                            R"({"a": {"baselines": )" + rows + "}}",
                                            config_with("{}"),
                                            "",
                                            " ",
                                            "{} {}",
                                            config_with(rows) + "x",
                                            R"({"a": 1} // note)",
                                            config_with(R"({"H100": 1, "H\u0031\u0030\u0030": 2})"),
                                            "{\"a\": \"\xff\"}",
                                            "{\"a\": 12345678901234567890123}"};
    for (const std::string& text : texts) {
        CAPTURE(text);
        const auto whole = digests_of(text);
        for (const std::size_t piece : {std::size_t(1), std::size_t(2), std::size_t(7)}) {
            CAPTURE(piece);
            BaselineDigestReader reader(digest_key);
            for (std::size_t at = 0; at < text.size(); at += piece)
                reader.feed(std::string_view(text).substr(at, piece));
            CHECK(reader.finish() == whole);
        }
    }
}
