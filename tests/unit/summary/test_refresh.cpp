#include "fixture.hpp"
#include "text_helpers.hpp"

#include <odo/summary/refresh.hpp>

#include <doctest/doctest.h>

using namespace odo::summary;

namespace {

using odo::testing::replaced;

using odo::testing::to_crlf;

std::string refreshed(const std::string& text, const fixture::Surface& s,
                      const RefreshOptions& o = {}) {
    const auto skus = fixture::sku_map();
    return refresh_summary(text, fixture::artifacts(s, skus), o);
}

const std::string memory_section =
    "## Memory footprint\nPeak attributable increase: 0 B\nNew runtime CUDA allocations/frees: "
    "no\nEvidence: Source inspection found no new runtime allocations.\n";

} // namespace

TEST_CASE("refreshing against the same data changes nothing") {
    const fixture::Surface s = fixture::example_surface();
    const std::string text = fixture::render(State::Final, "Intro\n\n", "\n\n" + memory_section);
    CHECK(refreshed(text, s) == text);
    CHECK(refreshed(refreshed(text, s), s) == text);
}

TEST_CASE("refresh regenerates derived fields from new data and keeps the human ones") {
    fixture::Surface s = fixture::example_surface();
    const std::string text = fixture::render(State::Final, "Intro\n", "\n" + memory_section);
    // The optimization got better on A100 for the interleaved case.
    s.payload(true, "example_rgb_interleaved_basic")[fixture::A100].as_object()["gpu_time_us_cpp"] =
        5.0;
    RefreshOptions o;
    o.candidate_commit = std::string(40, 'c');
    const std::string updated = refreshed(text, s, o);
    CHECK(updated.find("| A100 | Optimized | 2 | 2.00x | 3.00x | 4.00x |") != std::string::npos);
    CHECK(updated.find("candidate `cccccccccccc`") != std::string::npos);
    const ParsedSummary before = parse_summary(text);
    const ParsedSummary after = parse_summary(updated);
    CHECK(after.body.checklist == before.body.checklist);
    CHECK(after.body.learnings == before.body.learnings);
    CHECK(after.body.profile_evidence == before.body.profile_evidence);
    CHECK(after.prefix == "Intro\n");
    CHECK(after.suffix == "\n" + memory_section);
}

TEST_CASE("refresh keeps notes the reference dropped and normalizes the layout") {
    const fixture::Surface s = fixture::example_surface();
    std::string text = fixture::render(State::Final);
    text = replaced(text, "\n## Example", "\nWork in progress, see thread.\n\n\n## Example");
    text = replaced(text, "\n**Primary bottleneck",
                    "\nMeasured on 2026-01-05.\n\n**Primary bottleneck");
    text =
        replaced(text, "\"state\":\"final\"", "\"state\":\"final\",\"impact_metric\":\"cpp_time\"");
    text = replaced(text, "### Scope\n", "### Scope   \n\n\n");
    const std::string updated = refreshed(text, s);
    CHECK(updated.find("\"impact_metric\"") == std::string::npos);
    CHECK(updated.find(" -->\nWork in progress, see thread.\n\n## Example optimization summary") !=
          std::string::npos);
    CHECK(updated.find("222222222222`\n\nMeasured on 2026-01-05.\n\n**Primary bottleneck") !=
          std::string::npos);
    CHECK(updated.find("### Scope\n\n**Configurations") != std::string::npos);
    CHECK(refreshed(updated, s) == updated);
}

TEST_CASE("refresh options: state, metric, commit and secondary operators") {
    const fixture::Surface s = fixture::python_overhead_surface();
    const std::string text = fixture::render(State::Final, "", "", {"BndBox"});
    RefreshOptions o;
    o.state = State::Provisional;
    o.candidate_commit = "";
    o.secondary_operators = std::vector<std::string>{};
    const ParsedSummary cleared = parse_summary(refreshed(text, s, o));
    CHECK(cleared.metadata.state == State::Provisional);
    CHECK(cleared.metadata.candidate_commit == fixture::CANDIDATE);
    CHECK(cleared.metadata.secondary_operators.empty());
    CHECK(cleared.body.status_line.find("Provisional local evidence") != std::string::npos);
    RefreshOptions metric;
    metric.impact_metric = ImpactMetric::PythonOverhead;
    metric.secondary_operators = std::vector<std::string>{"Osd"};
    const ParsedSummary migrated = parse_summary(refreshed(text, s, metric));
    CHECK(migrated.metadata.impact_metric == ImpactMetric::PythonOverhead);
    CHECK(migrated.metadata.secondary_operators == std::vector<std::string>{"Osd"});
    CHECK(migrated.body.impact_rows[0].values.size() == 3);
}

TEST_CASE("a CRLF description refreshes in CRLF and keeps its surroundings byte for byte") {
    const fixture::Surface s = fixture::example_surface();
    const std::string prefix = "Intro\r\n\r\n";
    const std::string suffix = "\r\n\r\n" + to_crlf(memory_section) + "  trailing  \r\n";
    const std::string text = prefix + to_crlf(fixture::render()) + suffix;
    RefreshOptions o;
    o.candidate_commit = std::string(40, 'd');
    const std::string updated = refreshed(text, s, o);
    CHECK(updated.rfind(prefix, 0) == 0);
    CHECK(updated.substr(updated.size() - suffix.size()) == suffix);
    std::string expected = replaced(fixture::render(), fixture::CANDIDATE, std::string(40, 'd'));
    expected = replaced(expected, "candidate `222222222222`", "candidate `dddddddddddd`");
    CHECK(updated.substr(prefix.size(), updated.size() - prefix.size() - suffix.size()) ==
          to_crlf(expected));
}

TEST_CASE("a description starting with a byte order mark refreshes and keeps the mark") {
    const fixture::Surface s = fixture::example_surface();
    const std::string bom = "\xEF\xBB\xBF";
    for (const std::string& prefix : {std::string(), std::string("Intro\n\n")}) {
        CAPTURE(prefix);
        const std::string text = bom + prefix + fixture::render() + "\n";
        CHECK(refreshed(text, s) == text);
        RefreshOptions o;
        o.candidate_commit = std::string(40, 'd');
        const std::string updated = refreshed(text, s, o);
        CHECK(updated.rfind(bom + prefix + "<!-- ", 0) == 0);
        CHECK(odo::testing::contains(updated, "candidate `dddddddddddd`"));
    }
}

TEST_CASE("a refresh that cannot produce a valid summary throws") {
    fixture::Surface s = fixture::example_surface();
    const std::string text = fixture::render();
    s.payload(true, "example_rgb_planar_basic").erase(fixture::H100);
    CHECK_THROWS_AS(refreshed(text, s), SummaryError);
    CHECK_THROWS_WITH_AS(refreshed("no summary", fixture::example_surface()),
                         "expected exactly one live start marker and one matching end marker",
                         SummaryError);
}
