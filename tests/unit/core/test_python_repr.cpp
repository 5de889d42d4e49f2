#include <odo/core/python_repr.hpp>

#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <string>

TEST_CASE("python_float_repr matches CPython on documented examples") {
    CHECK(odo::python_float_repr(1.0) == "1.0");
    CHECK(odo::python_float_repr(1.2) == "1.2");
    CHECK(odo::python_float_repr(1e-5) == "1e-05");
    CHECK(odo::python_float_repr(1e16) == "1e+16");
    CHECK(odo::python_float_repr(1e15) == "1000000000000000.0");
    CHECK(odo::python_float_repr(0.0001) == "0.0001");
    CHECK(odo::python_float_repr(-0.0) == "-0.0");
    CHECK(odo::python_float_repr(0.5) == "0.5");
    CHECK(odo::python_float_repr(1.5e300) == "1.5e+300");
}

TEST_CASE("python_float_repr matches CPython on thousands of values") {
    std::ifstream in(ODO_TEST_DATA_DIR "/python_float_repr.tsv");
    REQUIRE(in);
    std::string line;
    int checked = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        const auto tab = line.find('\t');
        const double value = std::strtod(line.substr(0, tab).c_str(), nullptr); // hex float
        INFO(line);
        CHECK(odo::python_float_repr(value) == line.substr(tab + 1));
        ++checked;
    }
    CHECK(checked > 2000);
}

TEST_CASE("python reprs of strings and lists") {
    CHECK(odo::python_list_repr({"TST-1", "TST-2"}) == "['TST-1', 'TST-2']");
    CHECK(odo::python_list_repr({}) == "[]");
    CHECK(odo::python_str_repr("it's") == "\"it's\"");
    CHECK(odo::python_str_repr("a'b\"c") == "'a\\'b\"c'");
}
