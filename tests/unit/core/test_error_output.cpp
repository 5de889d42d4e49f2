#include <odo/core/error_output.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

TEST_CASE("one_line escapes control characters and keeps everything else") {
    CHECK(odo::one_line("In\nvert\r\t\x1b[2J\x7f") == "In\\nvert\\r\\t\\x1b[2J\\x7f");
    CHECK(odo::one_line("caf\xc3\xa9 C:\\path 100%") == "caf\xc3\xa9 C:\\path 100%");
    CHECK(odo::one_line(std::string("a\0b", 3)) == "a\\x00b");
}

TEST_CASE("print_error prints at most max_problem_lines problems, then how many more") {
    std::vector<std::string> problems;
    for (int i = 0; i < 1000; ++i)
        problems.push_back("row " + std::to_string(i) + ": bad\nvalue");
    std::ostringstream os;
    odo::print_error(os, odo::InputProblems(problems), "tool: ");
    const std::string out = os.str();
    CHECK(std::count(out.begin(), out.end(), '\n') == odo::max_problem_lines + 1);
    CHECK(out.find("tool: row 0: bad\\nvalue\n") == 0);
    CHECK(out.find("tool: row 19: bad\\nvalue\ntool: ... and 980 more\n") != std::string::npos);

    std::ostringstream single;
    odo::print_error(single, odo::InputError("x\ny"), "tool: ", " (see --help)");
    CHECK(single.str() == "tool: x\\ny (see --help)\n");
}
