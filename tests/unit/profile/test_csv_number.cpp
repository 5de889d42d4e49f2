// The CSV splitting, number reading and unit normalization every profiler parser relies on.
#include <odo/profile/detail/csv.hpp>
#include <odo/profile/detail/number.hpp>
#include <odo/profile/detail/unit_scale.hpp>

#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

using namespace odo::profile::detail;

namespace {

std::vector<std::string> split(std::string_view line) {
    CsvRecord record;
    REQUIRE(record.parse(line));
    return {record.cells().begin(), record.cells().end()};
}

} // namespace

TEST_CASE("CSV records: quoted, unquoted, empty, doubled quotes, CR") {
    CHECK(split(R"("ID","Kernel Name","Metric Value")") ==
          std::vector<std::string>{"ID", "Kernel Name", "Metric Value"});
    CHECK(split(R"x("1","void k<a, b>(int, float)","1,234.5")x") ==
          std::vector<std::string>{"1", "void k<a, b>(int, float)", "1,234.5"});
    CHECK(split(" Time(%), Total Time (ns) ,Name") ==
          std::vector<std::string>{"Time(%)", "Total Time (ns)", "Name"});
    CHECK(split(R"(a,,"")") == std::vector<std::string>{"a", "", ""});
    CHECK(split("a,b\r") == std::vector<std::string>{"a", "b"});
    CHECK(split(R"("say ""hi""",x)") == std::vector<std::string>{R"(say "hi")", "x"});
    CHECK(split("") == std::vector<std::string>{""});
}

TEST_CASE("CSV records: an unterminated quote is rejected") {
    CsvRecord record;
    CHECK_FALSE(record.parse(R"("a,b)"));
    CHECK_FALSE(record.parse(R"(x,"y"")"));
}

TEST_CASE("CSV records: cells holding doubled quotes stay valid as more are added") {
    CsvRecord record;
    std::string line;
    for (int i = 0; i < 40; ++i)
        line += (i ? "," : "") + std::string(R"("v"")") + std::to_string(i) + "\"";
    REQUIRE(record.parse(line));
    REQUIRE(record.cells().size() == 40);
    CHECK(record.cells()[0] == "v\"0");
    CHECK(record.cells()[39] == "v\"39");
}

TEST_CASE("find_column tries names in order") {
    const std::vector<std::string_view> header{"Time (%)", "Total Time", "Num Calls", "Name"};
    CHECK(find_column(header, {"Total Time (ns)", "Total Time"}) == 1);
    CHECK(find_column(header, {"Instances", "Num Calls", "Calls"}) == 2);
    CHECK(find_column(header, {"Range"}) == -1);
}

TEST_CASE("numbers: thousands separators, signs, exponents") {
    CHECK(parse_number("42") == 42.0);
    CHECK(parse_number(" 1,234,567.25 ") == 1234567.25);
    CHECK(parse_number("-1,234") == -1234.0);
    CHECK(parse_number("+7.5") == 7.5);
    CHECK(parse_number("1.5e+03") == 1500.0);
    CHECK(parse_number("999") == 999.0);
    CHECK(parse_number("100,000,000") == 100000000.0);
}

TEST_CASE("numbers: a decimal comma and point grouping read like the English forms") {
    // ncu formats numbers by the locale: each pair is one number printed two ways.
    const std::pair<const char*, const char*> same[] = {{"1,215,000,000.00", "1.215.000.000,00"},
                                                        {"21.68", "21,68"},
                                                        {"0.74", "0,74"},
                                                        {"1,234.5", "1.234,5"},
                                                        {"-1,234.5", "-1.234,5"},
                                                        {"1.2345", "1,2345"},
                                                        {"1,234,567", "1.234.567"},
                                                        {"2.5e+03", "2,5e+03"}};
    for (const auto& [english, other] : same) {
        CAPTURE(other);
        REQUIRE(parse_number(english));
        CHECK(parse_number(other) == parse_number(english));
    }
    CHECK(parse_number("1.215.000.000,00") == 1215000000.0);
    CHECK(parse_number("21,68") == doctest::Approx(21.68));
    CHECK(parse_count("1.234.567") == 1234567u);
    CHECK(parse_count("12,345") == 12345u);
}

TEST_CASE("numbers: a lone separator before three digits") {
    CHECK(parse_number("1,500") == 1500.0); // grouping, as English output prints a count
    CHECK(parse_number("1.500") == 1.5);    // decimals, as C prints a number
    CHECK(parse_number("1,50") == 1.5);
}

TEST_CASE("numbers: text and separators that fit no locale are not numbers") {
    for (const char* text :
         {"", "n/a", "(256, 1, 1)", "CachePreferNone", ",123", "1,,234", "1,2,3", "1.2.3", "1,23.4",
          "1.234,5,6", "1,234.567,8", "12a", "1 2", "--1", "nan", "inf"})
        CHECK_MESSAGE(!parse_number(text), text);
}

TEST_CASE("counts: whole, non-negative, believable") {
    CHECK(parse_count("12,345") == 12345u);
    CHECK(parse_count("0") == 0u);
    for (const char* text : {"-1", "2.5", "1e30", "n/a", ""})
        CHECK_MESSAGE(!parse_count(text), text);
}

TEST_CASE("units: durations to nsecond, prefixes to base, rates per second") {
    CHECK(scale_unit("usecond").unit == "nsecond");
    CHECK(scale_unit("usecond").apply(13.41) == doctest::Approx(13410));
    CHECK(scale_unit("msecond").apply(1.25) == doctest::Approx(1250000));
    CHECK(scale_unit("nsecond").apply(2816) == 2816);
    CHECK(scale_unit("second").apply(2) == 2e9);
    CHECK(scale_unit("Tbyte/second").unit == "byte/second");
    CHECK(scale_unit("Tbyte/second").apply(3.52) == doctest::Approx(3.52e12));
    CHECK(scale_unit("Gbyte/second").apply(26.18) == doctest::Approx(26.18e9));
    CHECK(scale_unit("Kbyte").unit == "byte");
    CHECK(scale_unit("Kbyte").apply(4) == 4000);
    CHECK(scale_unit("cycle/nsecond").unit == "cycle/second");
    CHECK(scale_unit("cycle/nsecond").apply(1.59) == doctest::Approx(1.59e9));
    CHECK(scale_unit("cycle/usecond").apply(1215.19) == doctest::Approx(1.21519e9));
    CHECK(scale_unit("Mhz").unit == "cycle/second");
    CHECK(scale_unit("Mhz").apply(1410) == doctest::Approx(1.41e9));
}

TEST_CASE("units: percentages, counts and ratios are left alone") {
    for (const char* unit : {"%", "", "cycle", "byte", "inst/cycle", "register/thread", "warp"}) {
        CHECK(scale_unit(unit).unit == unit);
        CHECK(scale_unit(unit).apply(3.5) == 3.5);
    }
}
