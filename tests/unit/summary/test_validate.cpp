// Drives validate_summary to every error and warning code of gates.md §4 (ODO-3).
#include "fixture.hpp"
#include "text_helpers.hpp"

#include <odo/summary/validate.hpp>

#include <doctest/doctest.h>

using namespace odo::summary;

namespace {

const std::string& validate_text() {
    static const std::string t = fixture::render();
    return t;
}

using odo::testing::replaced;

std::vector<std::string> codes(const std::vector<Issue>& issues) {
    std::vector<std::string> out;
    for (const Issue& i : issues)
        out.push_back(i.code);
    return out;
}

std::vector<std::string> codes_of(const std::string& description, const ValidationOptions& o = {}) {
    return codes(validate_summary(description, o).errors);
}

const Issue* find(const std::vector<Issue>& issues, const std::string& code) {
    for (const Issue& i : issues)
        if (i.code == code)
            return &i;
    return nullptr;
}

using Codes = std::vector<std::string>;

const std::string provisional_status_line = "> Provisional local evidence";

std::string as_provisional(const std::string& s) {
    return replaced(replaced(s, "\"state\":\"final\"", "\"state\":\"provisional\""),
                    "> Final reference-hardware evidence", provisional_status_line);
}

} // namespace

TEST_CASE("the golden summary validates with and without artifacts") {
    CHECK(codes_of(validate_text()).empty());
    const fixture::Surface s = fixture::example_surface();
    const auto skus = fixture::sku_map();
    CHECK(codes_of(validate_text(), fixture::with_artifacts(s, skus)).empty());
}

TEST_CASE("parse: an unparseable description is one error") {
    const ValidationResult r = validate_summary("no block here", {});
    CHECK(codes(r.errors) == Codes{"parse"});
    CHECK(r.errors[0].message ==
          "expected exactly one live start marker and one matching end marker");
}

TEST_CASE("identity, state and status checks") {
    ValidationOptions o;
    o.expected_operator = "flip";
    o.expected_candidate_commit = std::string(40, '3');
    const auto r = validate_summary(validate_text(), o);
    CHECK(codes(r.errors) == Codes{"operator-mismatch", "candidate-commit"});
    CHECK(r.errors[0].message == "metadata operator 'Example' does not match 'flip'");
    o.expected_operator = "EXAMPLE";
    o.expected_candidate_commit = fixture::CANDIDATE;
    CHECK(codes_of(validate_text(), o).empty());
    CHECK(codes_of(replaced(validate_text(), "> Final reference-hardware evidence",
                            provisional_status_line)) == Codes{"state-status"});
    const auto commits = validate_summary(
        replaced(validate_text(), "base `111111111111` \xC2\xB7 candidate `222222222222`",
                 "base · candidate"),
        {});
    CHECK(codes(commits.errors) == Codes{"status-commit", "status-commit"});
    CHECK(commits.errors[0].message == "status line does not show the base commit");
    CHECK(commits.errors[1].message == "status line does not show the candidate commit");
}

TEST_CASE("profile evidence: an error when final, a warning when provisional") {
    const std::string vague = replaced(
        validate_text(), "ncu measured 93% Memory SOL and 21% Compute SOL.", "It is memory bound.");
    CHECK(codes_of(vague) == Codes{"profile-evidence"});
    const auto provisional = validate_summary(as_provisional(vague), {});
    CHECK(codes(provisional.errors).empty());
    CHECK(codes(provisional.warnings) == Codes{"profile-evidence"});
}

TEST_CASE("Scope and Impact counts, order and row structure") {
    CHECK(codes_of(replaced(validate_text(), "2 / 6 total", "3 / 6 total")) ==
          Codes{"optimized-count", "impact-count", "impact-count"});
    const auto count = validate_summary(
        replaced(validate_text(), "| H100 | Full operator | 6 |", "| H100 | Full operator | 5 |"),
        {});
    CHECK(codes(count.errors) == Codes{"impact-count"});
    CHECK(count.errors[0].message == "H100 Full operator count does not match Scope");
    const auto order = validate_summary(
        replaced(validate_text(), "| A100 | Full operator | 6 | 1.50x | 2.00x | 2.00x |",
                 "| A100 | Full operator | 6 | 2.50x | 2.00x | 2.00x |"),
        {});
    CHECK(codes(order.errors) == Codes{"impact-order"});
    CHECK(order.errors[0].message ==
          "A100 Full operator speedup min / median / max is not ordered");
    CHECK(codes_of(replaced(validate_text(),
                            "| H100 | Full operator | 6 | 1.50x | 2.00x | 2.00x |\n", "")) ==
          Codes{"impact-rows"});
    // Rows grouped per SKU: interleaving SKUs still passes the visible checks.
    const std::string interleaved = replaced(
        replaced(validate_text(), "| A100 | Full operator | 6 | 1.50x | 2.00x | 2.00x |\n", ""),
        "| H100 | Full operator |",
        "| A100 | Full operator | 6 | 1.50x | 2.00x | 2.00x |\n| H100 | Full operator |");
    CHECK(codes_of(interleaved).empty());
    const fixture::Surface s = fixture::example_surface();
    const auto skus = fixture::sku_map();
    CHECK(codes_of(interleaved, fixture::with_artifacts(s, skus)) == Codes{"impact-statistics"});
}

TEST_CASE("Layout comparison order, rows and SKUs") {
    const auto order = validate_summary(
        replaced(validate_text(), "| A100 | FakePlanar / Planar | 3.00x / 3.00x / 3.00x |",
                 "| A100 | FakePlanar / Planar | 3.00x / 3.00x / 2.00x |"),
        {});
    CHECK(codes(order.errors) == Codes{"layout-order"});
    CHECK(order.errors[0].message ==
          "A100 FakePlanar / Planar before min / median / max is not ordered");
    CHECK(codes_of(replaced(validate_text(),
                            "| H100 | Interleaved / Planar | 2.00x / 2.00x / 2.00x | 2.00x / 2.00x "
                            "/ 2.00x |\n",
                            "")) == Codes{"layout-rows"});
    CHECK(codes_of(replaced(replaced(validate_text(), "| H100 | Interleaved / Planar |",
                                     "| L40S | Interleaved / Planar |"),
                            "| H100 | FakePlanar / Planar |", "| L40S | FakePlanar / Planar |")) ==
          Codes{"sku-rows"});
}

TEST_CASE("checklist codes") {
    const std::string unchecked =
        replaced(validate_text(), "- [x] **Baselines updated**", "- [ ] **Baselines updated**");
    CHECK(codes_of(unchecked) == Codes{"checklist-unchecked"});
    CHECK(codes_of(as_provisional(unchecked)).empty());
    const std::string placeholder = replaced(
        unchecked,
        "bench/_internal/update_baseline.py imported A100/H100 artifacts and committed generated "
        "files.",
        "<add hard evidence before checking>");
    CHECK(codes_of(placeholder) == Codes{"checklist-unchecked", "checklist-placeholder"});
    const auto provisional = validate_summary(as_provisional(placeholder), {});
    CHECK(codes(provisional.errors).empty());
    CHECK(codes(provisional.warnings) == Codes{"checklist-placeholder"});
    CHECK(provisional.warnings[0].message == "Baselines updated still contains a placeholder");
    const auto weak = validate_summary(
        replaced(validate_text(), "ncu measured 93% Memory SOL at-ridge; PASS.", "done"), {});
    CHECK(codes(weak.errors) == Codes{"checklist-evidence"});
    CHECK(weak.errors[0].message == "Lead exhaustion is checked without concrete hard evidence: "
                                    "it is shorter than 20 characters "
                                    "(docs/summary.md#hard-checklist-evidence)");
    ValidationOptions gates;
    gates.evidence_results = fixture::all_pass();
    gates.evidence_results->erase("Lead exhaustion");
    (*gates.evidence_results)["Review/refactor gate"] = "N-A";
    const auto gate = validate_summary(validate_text(), gates);
    CHECK(codes(gate.errors) == Codes{"checklist-gate", "checklist-gate"});
    CHECK(gate.errors[0].message == "Lead exhaustion is checked but its hard gate is missing");
    CHECK(gate.errors[1].message == "Review/refactor gate is checked but its hard gate is N-A");
}

TEST_CASE("a checklist-evidence refusal names the part of the evidence that is absent") {
    const auto refusal = [](const std::string& evidence) {
        const auto v = validate_summary(
            replaced(validate_text(), "ncu measured 93% Memory SOL at-ridge; PASS.", evidence), {});
        REQUIRE(codes(v.errors) == Codes{"checklist-evidence"});
        const std::string prefix = "Lead exhaustion is checked without concrete hard evidence: ";
        const std::string suffix = " (docs/summary.md#hard-checklist-evidence)";
        const std::string& m = v.errors[0].message;
        REQUIRE(m.rfind(prefix, 0) == 0);
        REQUIRE(m.size() > prefix.size() + suffix.size());
        REQUIRE(m.compare(m.size() - suffix.size(), suffix.size(), suffix) == 0);
        return m.substr(prefix.size(), m.size() - prefix.size() - suffix.size());
    };
    CHECK(refusal("the roofline said it was fine overall") ==
          "it names no artifact and states no result");
    CHECK(refusal("the roofline measurement passed with margin") ==
          "it names no artifact (a *.py file, a *_test name, a gate ID, `code`, or a word such as "
          "ncu, benchmark, baseline, commit)");
    CHECK(refusal("ncu measured 93% Memory SOL on the roofline") ==
          "it states no result (pass/passed, n/m, zero or no regressions, at ridge, strikes, "
          "updated, imported, committed)");
    CHECK(refusal("ncu at ridge, TBD for the second SKU") == "it still holds a placeholder");
}

TEST_CASE("learning codes") {
    const std::string learning =
        "Vectorized RGB loads made Tensor Interleaved RGB8 cases 2.00x faster.";
    const std::string with_default =
        replaced(validate_text(), learning, std::string(default_learning));
    CHECK(codes_of(with_default) == Codes{"learning-placeholder"});
    const auto provisional = validate_summary(as_provisional(with_default), {});
    CHECK(codes(provisional.warnings) == Codes{"learning-placeholder"});
    CHECK(provisional.warnings[0].message ==
          "Top learnings still contains the provisional default");
    const auto oversized = validate_summary(
        as_provisional(replaced(validate_text(), learning, std::string(498, 'a') + " b.")), {});
    CHECK(codes(oversized.errors) == Codes{"learning-placeholder"});
    CHECK(oversized.errors[0].message == "Top learnings contains a placeholder or oversized item");
    CHECK(codes_of(replaced(validate_text(), learning, "TODO write this.")) ==
          Codes{"learning-placeholder"});
    CHECK(codes_of(replaced(validate_text(), learning, "Loads helped")) ==
          Codes{"learning-sentence"});
    CHECK(codes_of(replaced(validate_text(), learning, "Loads helped. Stores did not")) ==
          Codes{"learning-sentence", "learning-sentence"});
}

TEST_CASE("artifact codes") {
    const fixture::Surface s = fixture::example_surface();
    const auto skus = fixture::sku_map();
    ValidationOptions partial;
    partial.baseline_config = &s.before;
    CHECK(codes_of(validate_text(), partial) == Codes{"artifact-inputs"});
    const boost::json::value bad_map = boost::json::object{{"entries", 1}};
    const auto surface = validate_summary(validate_text(), fixture::with_artifacts(s, bad_map));
    CHECK(codes(surface.errors) == Codes{"benchmark-surface"});
    CHECK(surface.errors[0].message == "SKU map must contain an entries array");
    const auto o = fixture::with_artifacts(s, skus);
    std::string total = replaced(validate_text(), "2 / 6 total", "2 / 7 total");
    for (const char* sku : {"A100", "H100"})
        total = replaced(total, std::string("| ") + sku + " | Full operator | 6 |",
                         std::string("| ") + sku + " | Full operator | 7 |");
    CHECK(codes_of(total, o) == Codes{"full-count", "impact-statistics"});
    const auto categories = validate_summary(
        replaced(validate_text(), "- `Tensor Planar RGBF32`", "- `Tensor Planar RGB8`"), o);
    CHECK(codes(categories.errors) == Codes{"categories"});
    CHECK(categories.errors[0].message ==
          "Scope categories do not match the optimized cases: expected ['Tensor Interleaved "
          "RGB8', 'Tensor Planar RGBF32']");
    boost::json::value more_references = skus;
    more_references.as_object()["entries"].as_array().push_back(
        boost::json::object{{"stem", "L40S_PCIE"}});
    const auto coverage =
        validate_summary(validate_text(), fixture::with_artifacts(s, more_references));
    CHECK(codes(coverage.errors) == Codes{"reference-coverage"});
    CHECK(coverage.errors[0].message ==
          "final summary lacks full basic+advanced timing coverage for reference SKU(s): "
          "L40S_PCIE");
    const std::string stray_warning =
        replaced(validate_text(), "222222222222`\n",
                 "222222222222`\n\n> \xE2\x9A\xA0\xEF\xB8\x8F **Non-reference local GPU:** Results "
                 "from L40S are provisional.\n");
    CHECK(codes_of(stray_warning, o) == Codes{"local-sku-warning"});
    // A surface error ends the artifact checks; earlier issues stay.
    fixture::Surface broken = fixture::example_surface();
    broken.configs(true).erase("example_rgb_planar_basic");
    const auto both = validate_summary(replaced(validate_text(), "2 / 6 total", "3 / 6 total"),
                                       fixture::with_artifacts(broken, skus));
    CHECK(codes(both.errors) ==
          Codes{"optimized-count", "impact-count", "impact-count", "benchmark-surface"});
    REQUIRE(find(both.errors, "benchmark-surface"));
}

TEST_CASE("a provisional summary generated from the data validates with warnings only") {
    const fixture::Surface s = fixture::example_surface();
    const auto skus = fixture::sku_map();
    HumanContent h;
    h.profile_evidence = "Not profiled yet.";
    const std::string text =
        generate_summary(fixture::metadata(State::Provisional), fixture::artifacts(s, skus), h);
    const auto r = validate_summary(text, fixture::with_artifacts(s, skus));
    CHECK(r.ok());
    const auto warnings = codes(r.warnings);
    CHECK(std::count(warnings.begin(), warnings.end(), "checklist-placeholder") == 6);
    CHECK(find(r.warnings, "profile-evidence"));
    CHECK(find(r.warnings, "learning-placeholder"));
}

TEST_CASE("ODO-3: a Lead exhaustion item whose evidence says the opposite is refused") {
    const auto contradicted = [](const std::string& evidence) {
        return validate_summary(
            replaced(validate_text(), "ncu measured 93% Memory SOL at-ridge; PASS.", evidence), {});
    };
    // The sentence a new user wrote: hard evidence by the reference's words (a benchmark, 3/3).
    const auto v = contradicted("benchmark at 62% BWUtil, below the ridge, leads remain; 3/3 runs");
    REQUIRE(codes(v.errors) == Codes{"checklist-evidence"});
    CHECK(v.errors[0].message ==
          "Lead exhaustion is checked, but its evidence says otherwise (leads remain)");
    CHECK(contradicted("ncu measured 71% Memory SOL, below the ridge; 2 strikes so far, 3/3 runs")
              .errors[0]
              .message ==
          "Lead exhaustion is checked, but its evidence says otherwise (below the ridge)");
    // Below the ridge, then three measured strikes: exhausted, so nothing to refuse.
    CHECK(codes(contradicted("ncu measured 71% Memory SOL, below the ridge; three failed leads (3 "
                             "strikes) after the last win, measured at -2.1%, -0.8% and 0.1%")
                    .errors)
              .empty());
}
