// A message's length does not grow with the input: lists are capped, figures bounded in width.
#include <odo/core/capped_list.hpp>
#include <odo/core/fixed_point.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

TEST_CASE("a list a message names shows its first ten items and counts the rest") {
    std::vector<std::string> stems;
    for (int i = 0; i < 100000; ++i)
        stems.push_back("X" + std::to_string(i));
    CHECK(odo::capped_list_repr(stems) == "['X0', 'X1', 'X2', 'X3', 'X4', 'X5', 'X6', 'X7', 'X8', "
                                          "'X9'] \xE2\x80\xA6 and 99,990 more");
    CHECK(odo::capped_list_repr({"a", "b", "c"}, 2) == "['a', 'b'] \xE2\x80\xA6 and 1 more");
    const std::vector<std::string> ten(stems.begin(), stems.begin() + 10);
    CHECK(odo::capped_list_repr(ten) == odo::python_list_repr(ten)); // nothing left out
    CHECK(odo::capped_list_repr({}) == "[]");
    CHECK(odo::grouped_count(999) == "999");
    CHECK(odo::grouped_count(1000) == "1,000");
    CHECK(odo::grouped_count(1234567) == "1,234,567");
}

TEST_CASE("fixed_point prints a measurement's figures in full and a huge one in three digits") {
    CHECK(odo::fixed_point(12.345, 2) == "12.35");
    CHECK(odo::fixed_point(-0.5, 1) == "-0.5");
    CHECK(odo::fixed_point(999999999999999.0, 1) == "999999999999999.0");
    CHECK(odo::fixed_point(0.549 / 1e-300 * 100, 2) == "5.49e+301");
    CHECK(odo::fixed_point(-1e15, 2) == "-1.00e+15");
    CHECK(odo::fixed_point(1e308 * 10, 2) == "inf");
}
