#include <odo/core/decimal.hpp>

#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <random>
#include <string>

using odo::Decimal;

namespace {

Decimal dec(const std::string& text) {
    const auto d = Decimal::parse(text);
    REQUIRE_MESSAGE(d, text);
    return *d;
}

// Schoolbook long division on digit strings: the slow, obviously correct reference for the
// limb division.
std::string slow_quotient(const std::string& u, const std::string& v, std::string& remainder) {
    std::string q, r = "0";
    for (char digit : u) {
        r = odo::detail::strip_leading_zeros(r + digit);
        int count = 0;
        while (odo::detail::compare_digit_strings(r, v) >= 0) {
            r = odo::detail::subtract_digit_strings(r, v);
            ++count;
        }
        q += static_cast<char>('0' + count);
    }
    remainder = r;
    return odo::detail::strip_leading_zeros(q);
}

} // namespace

TEST_CASE("Decimal parses Python's Decimal syntax for finite values") {
    CHECK(dec("1911.56216680572").str() == "1911.56216680572");
    CHECK(dec("+.5e-3").str() == "0.0005");
    CHECK(dec("5.").str() == "5");
    CHECK(dec("-0").str() == "-0");
    CHECK(dec("1E+2").str() == "1E+2");
    CHECK(dec("1e-7").str() == "1E-7");
    CHECK(dec("0.000001").str() == "0.000001");
    for (const char* bad : {"", ".", "e5", "1e", "1.2.3", " 1", "1 ", "NaN", "Infinity", "inf",
                            "0x10", "1_0", "1e1000000", "1e-1000000"})
        CHECK_MESSAGE(!Decimal::parse(bad), bad);
}

TEST_CASE("Decimal from a double starts from its shortest round-trip text") {
    CHECK(Decimal::from_double(2.675)->str() == "2.675");
    CHECK(Decimal::from_double(0.1)->str() == "0.1");
    CHECK(Decimal::from_double(20.0)->str() == "20.0");
    CHECK(Decimal::from_double(1e-5)->str() == "0.00001");
    CHECK_FALSE(Decimal::from_double(1.0 / 0.0));
}

TEST_CASE("Decimal from a double is Decimal(repr(x)) for CPython's table of values") {
    std::ifstream in(ODO_TEST_DATA_DIR "/python_float_repr.tsv");
    REQUIRE(in);
    std::string line;
    int checked = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        const auto tab = line.find('\t');
        const double value = std::strtod(line.substr(0, tab).c_str(), nullptr); // hex float
        const std::string repr = line.substr(tab + 1);
        if (repr == "inf" || repr == "-inf" || repr == "nan")
            continue;
        INFO(line);
        CHECK(Decimal::from_double(value)->str() == dec(repr).str());
        ++checked;
    }
    CHECK(checked > 2000);
}

TEST_CASE("Decimal arithmetic rounds to 28 digits like Python's default context") {
    // {op, a, b, str(result), result rounded half-up to 0.01} computed with CPython 3.11.
    const char* cases[][5] = {
        {"/", "2", "3", "0.6666666666666666666666666667", "0.67"},
        {"/", "1", "7", "0.1428571428571428571428571429", "0.14"},
        {"/", "1e20", "3", "33333333333333333333.33333333", "33333333333333333333.33"},
        {"/", "1911.56216680572", "1098.3", "1.740473610858344714558863698", "1.74"},
        {"/", "0.3", "0.1", "3", "3.00"},
        {"+", "1", "1e-30", "1.000000000000000000000000000", "1.00"},
        {"+", "0.1", "0.2", "0.3", "0.30"},
        {"-", "1e-40", "1", "-1.000000000000000000000000000", "-1.00"},
        {"/", "1.0049999999999999999999999999999", "1", "1.005000000000000000000000000", "1.01"},
        {"+", "99999999.99999999999999999999", "1e-20", "100000000.0000000000000000000",
         "100000000.00"},
        {"-", "5", "5", "0", "0.00"},
        {"-", "0.4", "0.4", "0.0", "0.00"},
        {"/", "123456789012345678901234567890123", "7e25", "1763668.414462081127160493827",
         "1763668.41"},
        {"/", "7", "123456789012345678901234567890123", "5.670000051030000464373004226E-32",
         "0.00"},
        {"+", "-2.5", "1.25", "-1.25", "-1.25"},
        {"/", "2.01", "2", "1.005", "1.01"},
        {"/", "-1", "3", "-0.3333333333333333333333333333", "-0.33"},
        {"/", "1e-20", "3", "3.333333333333333333333333333E-21", "0.00"},
    };
    for (const auto& c : cases) {
        const Decimal a = dec(c[1]), b = dec(c[2]);
        const std::string op = c[0];
        const Decimal r = op == "/" ? a / b : (op == "+" ? a + b : a - b);
        CHECK_MESSAGE(r.str() == c[3], c[1], " ", op, " ", c[2]);
        CHECK_MESSAGE(r.fixed(2) == c[4], c[1], " ", op, " ", c[2]);
    }
}

TEST_CASE("HALF_UP rounding to two places: ties go away from zero, never -0.00") {
    CHECK(dec("1.005").fixed(2) == "1.01");
    CHECK(Decimal::from_double(2.675)->fixed(2) == "2.68"); // binary rounding prints 2.67
    CHECK(dec("0.125").fixed(2) == "0.13");
    CHECK(dec("-0.005").fixed(2) == "-0.01");
    CHECK(dec("-0.004").fixed(2) == "0.00");
    CHECK(dec("-0.0049999").fixed(2) == "0.00");
    CHECK(dec("0.0004").fixed(2) == "0.00");
    CHECK(dec("999.995").fixed(2) == "1000.00");
    CHECK(dec("7").fixed(2) == "7.00");
    CHECK(dec("1.5e3").fixed(2) == "1500.00");
    CHECK(dec("-0").fixed(2) == "0.00");
}

TEST_CASE("Decimal compares numerically, whatever the exponent") {
    CHECK(dec("2") == dec("2.000"));
    CHECK(dec("-0") == dec("0.00"));
    CHECK(dec("1.5") < dec("2"));
    CHECK(dec("-3") < dec("-2.5"));
    CHECK(dec("1e3") > dec("999.999"));
    CHECK(dec("0.1") > dec("-1e9"));
    CHECK(dec("12.30") == dec("12.3"));
    CHECK(dec("12.31") != dec("12.3"));
}

TEST_CASE("the limb division agrees with schoolbook division") {
    std::mt19937_64 rng(7);
    auto digits = [&](std::size_t n) {
        std::string s(1, static_cast<char>('1' + rng() % 9));
        for (std::size_t i = 1; i < n; ++i)
            s += static_cast<char>('0' + rng() % 10);
        return s;
    };
    for (int i = 0; i < 2000; ++i) {
        const std::string u = digits(1 + rng() % 60), v = digits(1 + rng() % 30);
        std::string expected_remainder;
        const std::string expected = slow_quotient(u, v, expected_remainder);
        odo::detail::DecimalLimbs q, r;
        odo::detail::divide_limbs(odo::detail::limbs_from_digits(u),
                                  odo::detail::limbs_from_digits(v), q, r);
        REQUIRE_MESSAGE(odo::detail::digits_from_limbs(q) == expected, u, " / ", v);
        REQUIRE_MESSAGE(odo::detail::digits_from_limbs(r) == expected_remainder, u, " % ", v);
    }
}

TEST_CASE("the limb division corrects a quotient estimate that is one too large") {
    // Found by search: the two-limb test leaves qhat one too large, so Knuth's add-back step
    // runs.
    const std::string u = "500000001000000001180820809999999998000000000";
    const std::string v = "500000001000000001500000001";
    odo::detail::DecimalLimbs q, r;
    odo::detail::divide_limbs(odo::detail::limbs_from_digits(u), odo::detail::limbs_from_digits(v),
                              q, r);
    CHECK(odo::detail::digits_from_limbs(q) == "999999999999999999");
    CHECK(odo::detail::digits_from_limbs(r) == "180820809999999999500000001");
}
