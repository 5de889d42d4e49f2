// The embedded gate's report formats: the JUnit one names each testcase by check, benchmark and
// case, so that a CI system keeps every case's result.
#include <odo/bench/gate_render.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace odo::bench;

TEST_CASE("gate report as JUnit: one testcase per check and case, failures where the gate fails") {
    std::vector<CaseResult> results(2);
    results[0].key = odo::surface::parse_case_key("example_basic[passes=1]");
    results[1].key = odo::surface::parse_case_key("example_basic[passes=2]");
    odo::Report gate{"example", "example", odo::Phase::Evidence, {}};
    for (const char* id : {"BENCH-TIME", "BENCH-NOISE", "BENCH-TIME", "BENCH-NOISE"})
        gate.findings.push_back({id, odo::Phase::Evidence, odo::Status::Pass, "ok", "", "", ""});
    gate.findings[2].status = odo::Status::Gap;
    gate.findings[2].fix = "Find the slowdown";
    gate.findings[3].status = odo::Status::Manual;

    const std::string xml = render_gate(gate, results, GateFormat::Junit);
    CHECK(xml.find("<testsuite name=\"odo.bench.example\" tests=\"4\" failures=\"2\" errors=\"0\" "
                   "skipped=\"0\">") != std::string::npos);
    CHECK(xml.find("name=\"BENCH-NOISE example example_basic[passes=1]\">\n      <system-out>") !=
          std::string::npos);
    CHECK(xml.find("name=\"BENCH-TIME example example_basic[passes=2]\">\n      <failure "
                   "message=\"GAP: ok\" type=\"GAP\">GAP: ok\nfix: Find the slowdown</failure>") !=
          std::string::npos);
    CHECK(xml.find("name=\"BENCH-NOISE example example_basic[passes=2]\">\n      <failure "
                   "message=\"MANUAL: ok\"") != std::string::npos);
    CHECK(render_gate(gate, results, GateFormat::Markdown) == odo::render_markdown(gate));
    CHECK(render_gate(gate, results, GateFormat::Json) == odo::render_json(gate));
}
