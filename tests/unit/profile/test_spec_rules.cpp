// The spec's own cases, run through the rule transcriptions in spec_rules.hpp: each rule is shown
// to reject what the spec rejects before it is trusted to accept odo's generated text.
#include "spec_rules.hpp"

#include <doctest/doctest.h>

#include <string>

namespace {

std::string
memory_results(const std::string& increase = "0", const std::string& allocations = "no",
               const std::string& evidence =
                   "Measured aggregate peak-live added bytes across changed memory paths.") {
    return "## Memory footprint\nPeak attributable increase: " + increase +
           " B\nNew runtime CUDA allocations/frees: " + allocations + "\nEvidence: " + evidence +
           "\n";
}

const std::string fields = "Peak attributable increase: 0 B\nNew runtime CUDA allocations/frees: "
                           "no\nEvidence: Measured aggregate peak-live added bytes.\n";

} // namespace

TEST_CASE("summary profile evidence needs a percentage and a SOL term (summary.md examples)") {
    CHECK(spec::profile_evidence_ok("ncu measured 93% Memory SOL and 21% Compute SOL."));
    CHECK(
        spec::profile_evidence_ok("nsys measured 88% memory throughput in the TensorBatch path."));
    CHECK_FALSE(spec::profile_evidence_ok("ncu measured Memory SOL at ridge."));
    CHECK_FALSE(spec::profile_evidence_ok("It is 93% faster."));
    CHECK_FALSE(spec::profile_evidence_ok("93% MemorySOL"));
}

TEST_CASE("hard evidence (summary.md)") {
    CHECK(spec::hard_evidence("ncu measured 93% Memory SOL at-ridge; PASS."));
    CHECK_FALSE(spec::hard_evidence("PASS"));
    CHECK_FALSE(spec::hard_evidence("ncu measured <number>% SOL at ridge"));
    CHECK_FALSE(spec::hard_evidence("profiling says the implementation is at ridge"));
    CHECK_FALSE(spec::hard_evidence("ncu measured it; TODO write result at ridge"));
}

TEST_CASE("ODO-4 (gates.md tests 44-45)") {
    CHECK_FALSE(spec::lead_exhaustion_passes("profiling says the implementation is at ridge."));
    CHECK(spec::lead_exhaustion_passes("ncu showed 93% Memory SOL at ridge; PASS."));
    CHECK(spec::lead_exhaustion_passes(
        "three failed leads measured at -2.1%, -0.8%, and 0.1%; PASS."));
    CHECK_FALSE(spec::lead_exhaustion_passes("two failed leads measured at -2.1% and -0.8%."));
}

TEST_CASE("ODO-9 accepts 0, 9,999,999 and 10,000,000 B (test 49)") {
    for (const char* n : {"0", "9999999", "10000000"})
        CHECK(spec::memory_footprint_gate(memory_results(n)).status == "PASS");
}

TEST_CASE("ODO-9 needs review above 10 MB or with a new allocation path (tests 50-51)") {
    const spec::Verdict over = spec::memory_footprint_gate(memory_results("10000001"));
    CHECK(over.status == "MANUAL");
    CHECK(over.evidence.find("10000001 B exceeds") != std::string::npos);
    for (const char* n : {"0", "10000000"}) {
        const spec::Verdict v = spec::memory_footprint_gate(memory_results(n, "yes"));
        CHECK(v.status == "MANUAL");
        CHECK(v.evidence.find("allocation/free path") != std::string::npos);
    }
}

TEST_CASE("ODO-9 rejects missing, duplicated and malformed fields (tests 52-55)") {
    const std::string valid = memory_results();
    for (const char* label :
         {"Peak attributable increase", "New runtime CUDA allocations/frees", "Evidence"}) {
        std::string text;
        for (std::string_view line : odo::text::lines(valid))
            if (line.rfind(label, 0) != 0)
                text += std::string(line) + "\n";
        const spec::Verdict v = spec::memory_footprint_gate(text);
        CHECK(v.status == "GAP");
        CHECK(v.summary.find("missing, duplicated, or malformed") != std::string::npos);
    }
    for (const char* extra :
         {"Peak attributable increase: 0 B", "New runtime CUDA allocations/frees: no",
          "Evidence: Independently inspected the changed source."}) {
        const spec::Verdict v = spec::memory_footprint_gate(valid + extra + "\n");
        CHECK(v.status == "GAP");
        CHECK(v.evidence.find("found 2 occurrences") != std::string::npos);
    }
    for (const std::string& bad : {std::string("-1 B"), std::string("1.5 B"), std::string("1 KiB"),
                                   std::string("1"), std::string(5000, '9') + " B"}) {
        const std::string text = "## Memory footprint\nPeak attributable increase: " + bad +
                                 "\nNew runtime CUDA allocations/frees: no\nEvidence: Measured.\n";
        const spec::Verdict v = spec::memory_footprint_gate(text);
        CHECK(v.status == "GAP");
        CHECK(v.evidence.find("malformed declaration") != std::string::npos);
    }
    for (const char* flag : {"No", "maybe", "false"})
        CHECK(spec::memory_footprint_gate(memory_results("0", flag)).status == "GAP");
}

TEST_CASE("ODO-9 rejects placeholder evidence before MANUAL (tests 56-57)") {
    for (const char* evidence :
         {"", "TBD", "pending", "measurement pending", "n/a", "<measurement evidence>",
          "\nSupporting prose must not fill a blank declaration."})
        CHECK_MESSAGE(
            spec::memory_footprint_gate(memory_results("10000001", "yes", evidence)).status ==
                "GAP",
            evidence);
    CHECK(spec::memory_footprint_gate(
              memory_results("0", "no",
                             "Code inspection found no pending CUDA allocation/free paths."))
              .status == "PASS");
}

TEST_CASE("ODO-9 ignores hidden fields and headings (tests 58-60)") {
    for (const std::string& hidden :
         {"<!--\n" + fields + "-->\n", "<!--\n" + fields, "```text\n" + fields + "```\n",
          "~~~~text\n" + fields + "~~~~\n"}) {
        const spec::Verdict v = spec::memory_footprint_gate("## Memory footprint\n" + hidden);
        CHECK(v.status == "GAP");
        CHECK(v.evidence.find("found 0 occurrences") != std::string::npos);
    }
    CHECK(spec::memory_footprint_gate(memory_results() + "<!--\n" + fields + "-->\n").status ==
          "PASS");
    const std::string section = memory_results();
    for (const std::string& hidden :
         {"<!--" + section + "-->", "<!--" + section, "```markdown\n" + section + "```\n",
          "````markdown\n```\n" + section + "````\n"}) {
        const spec::Verdict v = spec::memory_footprint_gate(hidden);
        CHECK(v.status == "GAP");
        CHECK(v.summary.find("missing or duplicated") != std::string::npos);
    }
}

TEST_CASE("ODO-9 needs the canonical heading, exactly once (tests 61-63)") {
    for (const char* heading :
         {"# Memory footprint", "### Memory footprint", "## 9. Memory footprint"})
        CHECK(spec::memory_footprint_gate(std::string(heading) + "\n" + fields).status == "GAP");
    const spec::Verdict twice =
        spec::memory_footprint_gate(memory_results() + "\n" + memory_results());
    CHECK(twice.status == "GAP");
    CHECK(twice.evidence.find("found 2") != std::string::npos);
    CHECK(spec::memory_footprint_gate("").summary.find("missing or duplicated") !=
          std::string::npos);
}
