// ODO-9, the memory-footprint gate: gates.md §7 tests 49–63, and the recorded approval that
// resolves a MANUAL (gates.md §8.13).

#include "text_helpers.hpp"

#include <odo/gates/evidence_checks_memory.hpp>

#include <doctest/doctest.h>

#include <string>

using odo::Finding;
using odo::Status;
using odo::gates::check_odo9_memory_footprint;

namespace {

using odo::testing::guide;
const std::string default_evidence =
    "Measured aggregate peak-live added bytes across changed memory paths.";

std::string memory_results(const std::string& increase = "0", const std::string& allocations = "no",
                           const std::string& evidence = default_evidence) {
    return "## Memory footprint\nPeak attributable increase: " + increase +
           " B\nNew runtime CUDA allocations/frees: " + allocations + "\nEvidence: " + evidence +
           "\n";
}

const std::string fields = "Peak attributable increase: 0 B\n"
                           "New runtime CUDA allocations/frees: no\n"
                           "Evidence: " +
                           default_evidence + "\n";

Finding gate(const std::string& results) {
    return check_odo9_memory_footprint(results, guide);
}

using odo::testing::contains;

} // namespace

TEST_CASE("49: zero, just under and exactly 10 MB pass") {
    for (const char* increase : {"0", "9999999", "10000000"}) {
        const Finding f = gate(memory_results(increase));
        CAPTURE(increase);
        CHECK(f.id == "ODO-9");
        CHECK(f.phase == odo::Phase::Evidence);
        CHECK(f.status == Status::Pass);
        CHECK(f.summary == "Memory footprint change is within the 10 MB limit");
        CHECK(f.evidence == std::string(increase) +
                                " B increase; no new runtime CUDA allocations/frees; Evidence: " +
                                default_evidence);
        CHECK(f.guideline == guide);
    }
}

TEST_CASE("leading zeros are read as the number they write") {
    CHECK(gate(memory_results("007")).evidence.rfind("7 B increase", 0) == 0);
    CHECK(gate(memory_results("00000000000010000001")).status == Status::Manual);
}

TEST_CASE("50: above 10 MB needs a human, who is told what to decide") {
    const Finding f = gate(memory_results("10000001"));
    CHECK(f.status == Status::Manual);
    CHECK(f.summary == "Memory footprint change requires explicit human review");
    CHECK(contains(f.evidence, "10000001 B exceeds"));
    CHECK(
        contains(f.evidence, "10000001 B exceeds the 10 MB limit; Evidence: " + default_evidence));
    CHECK(contains(f.evidence, "a human must decide whether this memory growth is acceptable"));
    CHECK(contains(f.evidence, "Approved-by: <name> (<reason>)"));
    CHECK(contains(f.fix, "Approved-by"));
}

TEST_CASE("51: a new runtime CUDA allocation path needs a human at any size") {
    for (const char* increase : {"0", "10000000"}) {
        const Finding f = gate(memory_results(increase, "yes"));
        CHECK(f.status == Status::Manual);
        CHECK(contains(f.evidence, "allocation/free path"));
    }
    const Finding both = gate(memory_results("20000000", "yes"));
    CHECK(contains(both.evidence, "20000000 B exceeds the 10 MB limit; a new runtime CUDA "
                                  "allocation/free path is declared; Evidence: "));
}

TEST_CASE("52: each missing field line is a GAP") {
    const std::string full = memory_results();
    for (const char* label :
         {"Peak attributable increase:", "New runtime CUDA allocations/frees:", "Evidence:"}) {
        std::string text = full;
        const auto at = text.find(label);
        text.erase(at, text.find('\n', at) + 1 - at);
        const Finding f = gate(text);
        CAPTURE(label);
        CHECK(f.status == Status::Gap);
        CHECK(contains(f.summary, "missing, duplicated, or malformed"));
        CHECK(contains(f.evidence, "found 0 occurrences"));
    }
}

TEST_CASE("53: a duplicated field line is a GAP") {
    for (const char* extra :
         {"Peak attributable increase: 0 B", "New runtime CUDA allocations/frees: no",
          "Evidence: Independently inspected the changed source."}) {
        const Finding f = gate(memory_results() + extra + "\n");
        CAPTURE(extra);
        CHECK(f.status == Status::Gap);
        CHECK(contains(f.evidence, "found 2 occurrences"));
    }
    const Finding two = gate(memory_results() + "Evidence: again\nEvidence: and again\n");
    CHECK(two.evidence == "Evidence: found 3 occurrences");
}

TEST_CASE("54: a malformed increase is a GAP") {
    for (const std::string& value :
         {std::string("-1 B"), std::string("1.5 B"), std::string("1 KiB"), std::string("1"),
          std::string(5000, '9') + " B", std::string(21, '1') + " B"}) {
        std::string text = memory_results();
        text.replace(text.find("0 B"), 3, value);
        const Finding f = gate(text);
        CAPTURE(value);
        CHECK(f.status == Status::Gap);
        CHECK(contains(f.evidence, "Peak attributable increase: malformed declaration"));
    }
    CHECK(gate(memory_results(std::string(20, '0'))).status == Status::Pass);
}

TEST_CASE("54: the colon must follow the label for the value to parse") {
    std::string text = memory_results();
    text.replace(text.find("increase:"), 9, "increase :");
    const Finding f = gate(text);
    CHECK(f.status == Status::Gap);
    CHECK(f.evidence == "Peak attributable increase: malformed declaration");
}

TEST_CASE("55: a malformed allocation flag is a GAP") {
    for (const char* flag : {"No", "maybe", "false"}) {
        const Finding f = gate(memory_results("0", flag));
        CAPTURE(flag);
        CHECK(f.status == Status::Gap);
        CHECK(f.evidence == "New runtime CUDA allocations/frees: malformed declaration");
    }
}

TEST_CASE("an evidence line with nothing after the colon is malformed") {
    std::string text = memory_results();
    text.replace(text.find("Evidence: "), 10 + default_evidence.size(), "Evidence:");
    const Finding f = gate(text);
    CHECK(f.status == Status::Gap);
    CHECK(f.evidence == "Evidence: malformed declaration");
}

TEST_CASE("56: placeholder evidence is a GAP before any MANUAL") {
    for (const char* evidence :
         {"", "TBD", "pending", "measurement pending", "n/a", "<measurement evidence>",
          "\nSupporting prose must not fill a blank declaration.", "---", "Not measured.",
          "review is not provided", "evidence   unavailable"}) {
        const Finding f = gate(memory_results("10000001", "yes", evidence));
        CAPTURE(evidence);
        CHECK(f.status == Status::Gap);
        CHECK(f.summary == "Memory footprint evidence is a placeholder");
        CHECK(contains(f.fix, "measurement or source-inspection evidence"));
    }
    CHECK(gate(memory_results("0", "no", "TBD")).evidence == "Evidence: TBD");
}

TEST_CASE("57: substantive evidence that uses placeholder words passes") {
    const Finding f = gate(
        memory_results("0", "no", "Code inspection found no pending CUDA allocation/free paths."));
    CHECK(f.status == Status::Pass);
    CHECK(gate(memory_results("0", "no", "tbd..")).status == Status::Pass);
}

TEST_CASE("58: fields hidden in comments or fences do not satisfy the declarations") {
    for (const std::string& hidden :
         {"<!--\n" + fields + "-->\n", "<!--\n" + fields, "```text\n" + fields + "```\n",
          "~~~~text\n" + fields + "~~~~\n"}) {
        const Finding f = gate("## Memory footprint\n" + hidden);
        CAPTURE(hidden);
        CHECK(f.status == Status::Gap);
        CHECK(contains(f.evidence, "found 0 occurrences"));
    }
}

TEST_CASE("59: hidden duplicate fields are ignored") {
    const Finding f = gate(memory_results() + "<!--\n" + fields + "-->\n");
    CHECK(f.status == Status::Pass);
}

TEST_CASE("60: hidden or fenced headings do not count") {
    const std::string section = memory_results();
    for (const std::string& text :
         {"<!--" + section + "-->", "<!--\n" + section, "```markdown\n" + section + "```\n",
          "````markdown\n```\n" + section + "````\n"}) {
        const Finding f = gate(text);
        CAPTURE(text);
        CHECK(f.status == Status::Gap);
        CHECK(contains(f.summary, "missing or duplicated"));
        CHECK(f.evidence == "expected exactly one visible `## Memory footprint` section; found 0");
    }
}

TEST_CASE("61: only the canonical heading counts") {
    for (const char* heading : {"# Memory footprint", "### Memory footprint",
                                "## 9. Memory footprint", " ## Memory footprint"}) {
        std::string text = memory_results();
        text.replace(0, text.find('\n'), heading);
        CAPTURE(heading);
        CHECK(gate(text).status == odo::Status::Gap);
    }
    CHECK(gate("## Memory footprint  \t\r\n" + fields).status == Status::Pass);
}

TEST_CASE("62: two visible sections are a GAP") {
    const Finding f = gate(memory_results() + "\n" + memory_results());
    CHECK(f.status == Status::Gap);
    CHECK(contains(f.evidence, "found 2"));
}

TEST_CASE("63: the gate applies without any description or implementation change") {
    const Finding f = gate("");
    CHECK(f.status == Status::Gap);
    CHECK(contains(f.summary, "missing or duplicated"));
    CHECK(contains(f.fix, "outside comments and code fences"));
}

TEST_CASE("a recorded approval turns the human review into a PASS that quotes it") {
    const std::string approval = "Approved-by: Jane Doe (workspace cache sized for batch 64)\n";
    const Finding f = gate(memory_results("12000000", "yes") + approval);
    CHECK(f.status == Status::Pass);
    CHECK(f.summary == "Memory footprint change approved by a named human reviewer");
    CHECK(f.evidence == "12000000 B exceeds the 10 MB limit; a new runtime CUDA allocation/free "
                        "path is declared; approved by Jane Doe (workspace cache sized for batch "
                        "64); Evidence: " +
                            default_evidence);
}

TEST_CASE("an approval that was not needed is still shown") {
    const Finding f = gate(memory_results() + "Approved-by: Jane Doe (checked)\n");
    CHECK(f.status == Status::Pass);
    CHECK(contains(f.evidence, "approved by Jane Doe (checked) (not required)"));
}

TEST_CASE("an approval never excuses a malformed section or placeholder evidence") {
    const std::string approval = "Approved-by: Jane Doe (reviewed)\n";
    CHECK(gate(memory_results("12000000", "yes", "TBD") + approval).status == Status::Gap);
    CHECK(gate(memory_results("12000000", "maybe") + approval).status == Status::Gap);
}

TEST_CASE("a malformed, placeholder or duplicated approval is a GAP") {
    for (const char* line :
         {"Approved-by: Jane Doe", "Approved-by: (reason only)", "Approved-by: Jane Doe ()",
          "Approved-by:Jane(x)", "Approved-by : Jane Doe (ok)"}) {
        const Finding f = gate(memory_results("12000000") + line + "\n");
        CAPTURE(line);
        CHECK(f.status == Status::Gap);
        CHECK(f.evidence == "Approved-by: malformed declaration");
    }
    const Finding placeholder = gate(memory_results("12000000") + "Approved-by: TBD (pending)\n");
    CHECK(placeholder.status == Status::Gap);
    CHECK(placeholder.evidence == "Approved-by: placeholder approver or reason");
    const Finding twice =
        gate(memory_results("12000000") + "Approved-by: A (x)\nApproved-by: B (y)\n");
    CHECK(twice.status == Status::Gap);
    CHECK(twice.evidence == "Approved-by: found 2 occurrences");
}

TEST_CASE("an approval hidden in a comment does not count") {
    const Finding f =
        gate(memory_results("12000000") + "<!-- Approved-by: Jane Doe (reviewed) -->\n");
    CHECK(f.status == Status::Manual);
}
