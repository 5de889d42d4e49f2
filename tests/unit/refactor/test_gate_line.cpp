// The Review/refactor gate line refactor_op prints and ODO-8 reads back, and the readers of
// author-written text the refactor layer holds (guideline tunables, the Limitations table): each
// reads a hostile input in bounded stack and without throwing.
#include <odo/refactor/feature_matrix.hpp>
#include <odo/refactor/gate_line.hpp>
#include <odo/refactor/tunables.hpp>

#include <doctest/doctest.h>

#include <string>

using namespace odo::refactor;

namespace {

const std::string gate_dash = "\xE2\x80\x94";

Report gate_report(Phase phase) {
    Report r;
    r.operator_name = "Invert";
    r.op = "invert";
    r.phase = phase;
    r.findings = {{"VER-1", "verify", Status::Pass, "ok", "", "", ""}};
    return r;
}

} // namespace

TEST_CASE("the gate line: a verify names its base commit, and the line reads back whole") {
    Report verify = gate_report(Phase::Verify);
    verify.base_commit = std::string(40, 'a');
    const std::string line = checklist_evidence(verify, "0123456789abcdef");
    CHECK(line == "`refactor_op Invert --phase verify --base " + std::string(40, 'a') +
                      "` on sources 0123456789abcdef: PARITY-OK " + gate_dash +
                      " PASS=1; open: none");
    const auto cited = find_cited_reports("Verified: " + line + ".");
    REQUIRE(cited.size() == 1);
    CHECK(cited[0].phase == "verify");
    CHECK(cited[0].base == std::string(40, 'a'));
    CHECK(cited[0].sources == "0123456789abcdef");
    CHECK(cited[0].verdict == "PARITY-OK");
    CHECK(cited[0].counts == "PASS=1");
    CHECK(cited[0].open == "none");

    // An assess names no base; a verify whose --base is not a full commit records none.
    const std::string assess = checklist_evidence(gate_report(Phase::Assess), "0123456789abcdef");
    CHECK(find_cited_reports(assess).at(0).base.empty());
    CHECK(find_cited_reports("`refactor_op Invert --phase verify --base main` on sources "
                             "0123456789abcdef: PARITY-OK " +
                             gate_dash + " PASS=1; open: none")
              .at(0)
              .base.empty());
    CHECK(find_cited_reports("`refactor_op Invert --phase verify --base " + std::string(41, 'a') +
                             "` on sources 0123456789abcdef: PARITY-OK " + gate_dash +
                             " PASS=1; open: none")
              .at(0)
              .base.empty());

    // Two citations in one item, and the open list as refactor_op writes it.
    const auto both = find_cited_reports(assess +
                                         "; `refactor_op Invert --phase assess` on sources "
                                         "fedcba9876543210: ADVISORY " +
                                         gate_dash +
                                         " PASS=7, RECOMMENDATION=2; open: RED-2, "
                                         "RED-11");
    REQUIRE(both.size() == 2);
    CHECK(both[1].open == "RED-2, RED-11");
    CHECK(both[1].counts == "PASS=7, RECOMMENDATION=2");
    // A broken citation is no citation: an uppercase fingerprint, an unknown verdict.
    CHECK(find_cited_reports("`refactor_op Invert --phase assess` on sources 0123456789ABCDEF: "
                             "ADVISORY " +
                             gate_dash + " PASS=1; open: none")
              .empty());
    CHECK(find_cited_reports("`refactor_op Invert --phase assess` on sources 0123456789abcdef: "
                             "FINE " +
                             gate_dash + " PASS=1; open: none")
              .empty());
}

TEST_CASE("the gate line reader takes a million-character run of the author's text in stride") {
    const std::string head = "`refactor_op Invert --phase assess` on sources 0123456789abcdef: "
                             "ADVISORY " +
                             gate_dash + " PASS=1; open: RED-1, ";
    // std::regex recursed once per capital here and overflowed the stack.
    const auto cited = find_cited_reports(head + std::string(1000000, 'A'));
    REQUIRE(cited.size() == 1);
    CHECK(cited[0].open == "RED-1");
    CHECK(find_cited_reports("`refactor_op " + std::string(1000000, 'x')).empty());
    CHECK(find_cited_reports(std::string(100000, '`') + "refactor_op ").empty());
}

TEST_CASE("the tunables reader keeps the default for a number it cannot hold") {
    // std::stod threw std::out_of_range on these, and refactor_op died on the guideline.
    CHECK(parse_tunables("similarity-threshold: 1" + std::string(400, '0')).threshold == 0.80);
    CHECK(parse_tunables("similarity-threshold: 0." + std::string(400, '0') + "1").threshold ==
          0.80);
    CHECK(parse_tunables("similarity-threshold: .85").threshold == 0.85);
    CHECK(parse_tunables("similarity-threshold: 0.850000").threshold == 0.85);
    CHECK(parse_tunables("similarity-threshold: 001.000").threshold == 1.0);
    CHECK(parse_tunables("similarity-threshold: 0").threshold == 0.80);
    CHECK(parse_tunables("similarity-threshold: 1.01").threshold == 0.80);
}

TEST_CASE("the Limitations rows are read by hand, a long run of blanks included") {
    const std::string header = " * Limitations:\n * Input:\n *   8bit" + std::string(1000000, ' ') +
                               "Unsigned | Yes\n *   16bit Float\t|\tYes\n"
                               " *   64bit Unsigned | Yes\n *   32bit Signed | Yesterday\n"
                               " *   32bitFloat | Yes\n *   8bit Signed |\n */\n";
    // std::regex recursed once per blank and overflowed the stack.
    CHECK(parse_feature_matrix(header).input.dtypes == std::set<std::string>{"f16", "u8"});
    CHECK(parse_feature_matrix("x128bit Float | Yes 16bit Signed | Yes_x 8bit Signed|Yes")
              .input.dtypes == std::set<std::string>{"s8"});
}
