#include <odo/surface/case_key.hpp>

#include <doctest/doctest.h>

using odo::InputError;
using odo::surface::CaseKey;
using odo::surface::parse_case_key;

TEST_CASE("case keys format as config key then [axis=value] groups, no escaping") {
    const CaseKey key{"flip_uchar3_basic", {{"InOutDataType", "uchar3"}, {"layout", "NHWC"}}};
    CHECK(key.str() == "flip_uchar3_basic[InOutDataType=uchar3][layout=NHWC]");
    CHECK(odo::surface::format_case_key("k", {{"a", "x=y"}, {"b", ""}}) == "k[a=x=y][b=]");
    REQUIRE(key.find("layout"));
    CHECK(*key.find("layout") == "NHWC");
    CHECK(key.find("inputKind") == nullptr);
}

TEST_CASE("parse_case_key reads back what str() writes, values may hold '='") {
    const std::string text =
        "resize_basic[InOutDataType=uint8][shape=1x1080x1920][mode=a=b][sigma=1.2]";
    const CaseKey key = parse_case_key(text);
    CHECK(key.config_key == "resize_basic");
    REQUIRE(key.axes.size() == 4);
    CHECK(key.axes[2] == std::pair<std::string, std::string>{"mode", "a=b"});
    CHECK(key.str() == text);
    CHECK(key == CaseKey{"resize_basic", key.axes});
    CHECK(key != CaseKey{"resize_other", key.axes});
    // The config key may contain '=' and spaces; a value may be empty.
    CHECK(parse_case_key("a=b c[x=]").axes.front().second.empty());
}

TEST_CASE("parse_case_key names the key and the rule it breaks") {
    CHECK_THROWS_WITH_AS(parse_case_key("flip_basic"),
                         "case key 'flip_basic': expected at least one [axis=value] group",
                         InputError);
    CHECK_THROWS_WITH_AS(parse_case_key("[a=b]"),
                         "case key '[a=b]': config key must be one or more characters other "
                         "than '[', ']'",
                         InputError);
    CHECK_THROWS_WITH_AS(parse_case_key("k]x[a=b]"), doctest::Contains("config key must be"),
                         InputError);
    CHECK_THROWS_WITH_AS(parse_case_key("k[a=b]tail"),
                         "case key 'k[a=b]tail': text after a group does not re-serialize: "
                         "'tail'",
                         InputError);
    CHECK_THROWS_WITH_AS(parse_case_key("k[a=b]][c=d]"),
                         doctest::Contains("does not re-serialize: '][c=d]'"), InputError);
    CHECK_THROWS_WITH_AS(parse_case_key("k[a=b"),
                         "case key 'k[a=b': unterminated group at offset 1", InputError);
    CHECK_THROWS_WITH_AS(parse_case_key("k[ab]"),
                         "case key 'k[ab]': group '[ab]' is not [name=value] (name without '[', "
                         "']', '='; value without '[', ']')",
                         InputError);
    CHECK_THROWS_WITH_AS(parse_case_key("k[=v]"), doctest::Contains("group '[=v]' is not"),
                         InputError);
    CHECK_THROWS_WITH_AS(parse_case_key("k[a[b=c]"), doctest::Contains("group '[a[b=c]' is not"),
                         InputError);
    CHECK_THROWS_WITH_AS(parse_case_key("k[a=[c]"), doctest::Contains("group '[a=[c]' is not"),
                         InputError);
}

TEST_CASE("case-key part predicates follow the grammar") {
    using namespace odo::surface;
    CHECK(is_case_key_config_key("a=b c"));
    CHECK_FALSE(is_case_key_config_key(""));
    CHECK_FALSE(is_case_key_config_key("a]"));
    CHECK(is_case_key_axis_name("shape"));
    CHECK_FALSE(is_case_key_axis_name("a=b"));
    CHECK_FALSE(is_case_key_axis_name(""));
    CHECK(is_case_key_axis_value(""));
    CHECK(is_case_key_axis_value("a=b"));
    CHECK_FALSE(is_case_key_axis_value("[x"));
}
