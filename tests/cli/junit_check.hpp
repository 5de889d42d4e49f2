#pragma once
// Reads a JUnit report with a real XML parser (Python's xml.etree) and the fields GitLab's test
// report takes: testsuites > testsuite > testcase with name and classname, and per testcase a
// failure (its text), a skipped element (its text) or neither. A report that does not parse, or
// lacks one of those fields, fails the reading.
#include "temp_repo.hpp"

#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

namespace odo::testing {

struct JunitCase {
    std::string classname;
    std::string name;
    std::string outcome; // "passed", "failure" or "skipped"
    std::string text;    // the failure's or skipped element's text
};

// Prints each testcase as classname, name, outcome and text, tab-separated, with backslash,
// newline and tab in the text written as \\, \n and \t.
inline constexpr const char* junit_reader = R"PY(
import sys, xml.etree.ElementTree as ET
def flat(s):
    return (s or "").replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
sys.stdout.reconfigure(encoding="utf-8")
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "testsuites", root.tag
cases = 0
for suite in root:
    assert suite.tag == "testsuite", suite.tag
    assert int(suite.get("tests")) == len(suite.findall("testcase"))
    assert int(suite.get("failures")) == len(suite.findall("testcase/failure"))
    assert int(suite.get("skipped")) == len(suite.findall("testcase/skipped"))
    for case in suite.findall("testcase"):
        cases += 1
        name, classname = case.get("name"), case.get("classname")
        assert name and classname, "a testcase without name or classname"
        failure, skipped = case.find("failure"), case.find("skipped")
        assert failure is None or skipped is None
        assert failure is None or failure.get("message"), "a failure without a message"
        outcome = "failure" if failure is not None else "skipped" if skipped is not None else "passed"
        body = failure if failure is not None else skipped if skipped is not None else case.find("system-out")
        print("\t".join((flat(classname), flat(name), outcome, flat(body.text if body is not None else ""))))
assert int(root.get("tests")) == cases
)PY";

// The testcases of the JUnit report at `path`, in document order; fails the test when the
// report does not parse or does not have GitLab's fields.
inline std::vector<JunitCase> read_junit(const std::filesystem::path& path) {
    const ProcessResult r =
        run_in(path.parent_path(), "python3", {"-c", junit_reader, path.string()});
    INFO(r.err);
    REQUIRE(r.ok());
    std::vector<JunitCase> cases;
    for (const std::string_view line : text::lines(r.out)) {
        if (line.empty())
            continue;
        std::vector<std::string> fields;
        std::size_t start = 0;
        for (std::size_t tab; (tab = line.find('\t', start)) != std::string_view::npos;
             start = tab + 1)
            fields.emplace_back(line.substr(start, tab - start));
        fields.emplace_back(line.substr(start));
        REQUIRE(fields.size() == 4);
        cases.push_back({fields[0], fields[1], fields[2], fields[3]});
    }
    return cases;
}

} // namespace odo::testing
