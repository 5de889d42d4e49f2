// ODO-3: each decision of gates.md §4 in order (catalogue tests 41-43 and the rest).

#include "text_helpers.hpp"

#include <odo/gates/evidence_checks_summary.hpp>
#include <odo/summary/parse.hpp>

#include <doctest/doctest.h>

using namespace odo::gates;
using odo::Status;

namespace {
using odo::testing::guide;

odo::repo::OperatorPaths summary_resize() {
    odo::repo::OperatorPaths p;
    p.operator_name = "Resize";
    p.op = "resize";
    p.bench_cfg = "bench/config/operators/resize.json";
    return p;
}

odo::summary::ParsedSummary parsed(const std::string& baseline, const std::string& candidate) {
    odo::summary::ParsedSummary s;
    s.metadata.operator_name = "Resize";
    s.metadata.baseline_commit = baseline;
    s.metadata.candidate_commit = candidate;
    return s;
}

odo::Finding odo3(const SummaryFormatFacts& f) {
    return check_odo3_results_format(f, summary_resize(), odo::summary::Markers(), {}, guide);
}
} // namespace

TEST_CASE("ODO-3 GAP when the results are absent or empty (catalogue 42)") {
    SummaryFormatFacts f;
    CHECK(odo3(f).status == Status::Gap);
    CHECK(odo3(f).summary ==
          "Results summary not provided (pass --results <file> or the MR description)");
    CHECK(odo3(f).evidence == "expected one bounded cvcuda-optimize-summary:v1 block");
    f.results = "  \n";
    CHECK(odo3(f).status == Status::Gap);
}

TEST_CASE("ODO-3 GAP when the summary does not parse (catalogue 41)") {
    SummaryFormatFacts f;
    f.results = "## Overall table\nspeedup\n";
    f.parse_error = "no live cvcuda-optimize-summary:v1 block";
    const auto finding = odo3(f);
    CHECK(finding.summary == "Results summary is missing or malformed");
    CHECK(finding.evidence == f.parse_error);
}

TEST_CASE("ODO-3 GAP for identical revisions, a non-ancestor baseline, an unloadable config (43)") {
    SummaryFormatFacts f;
    f.results = "v1 summary";
    f.parsed = parsed(std::string(40, '1'), std::string(40, '1'));
    CHECK(odo3(f).summary == "Summary baseline and candidate revisions are identical");

    f.parsed = parsed(std::string(40, '1'), std::string(40, '2'));
    f.head_sha = std::string(40, '2');
    f.baseline_is_ancestor_rc = 1;
    CHECK(odo3(f).summary == "Summary baseline is not an ancestor of the candidate");
    CHECK(odo3(f).evidence ==
          "baseline=" + std::string(40, '1') + "; candidate=" + std::string(40, '2'));

    f.baseline_is_ancestor_rc = 0;
    f.baseline_config_spec = std::string(40, '1') + ":bench/config/operators/resize.json";
    const auto finding = odo3(f);
    CHECK(finding.status == Status::Gap);
    CHECK(finding.summary == "Declared baseline benchmark config cannot be loaded");
    CHECK(finding.evidence.find(std::string(40, '1')) != std::string::npos);
    CHECK(finding.evidence.find("bench/config/operators/resize.json") != std::string::npos);
}

TEST_CASE("ODO-3 GAP when validation fails; the first eight errors are shown") {
    SummaryFormatFacts f;
    f.results = "v1 summary";
    f.parsed = parsed(std::string(40, '1'), std::string(40, '2'));
    f.head_sha = std::string(40, '3'); // the summary is stale
    f.baseline_is_ancestor_rc = 0;
    f.baseline_config = std::make_shared<const boost::json::value>(boost::json::object{});
    const auto finding = odo3(f);
    CHECK(finding.status == Status::Gap);
    CHECK(finding.summary == "Versioned optimization summary failed deterministic validation");
    CHECK(finding.evidence.find("artifact-inputs") != std::string::npos);
}
