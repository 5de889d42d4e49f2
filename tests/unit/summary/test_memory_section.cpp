// The `## Memory footprint` section reader: what a reader sees, and what it declares.
#include <odo/summary/memory_section.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace odo::summary;

namespace {
const std::string fields = "Peak attributable increase: 0 B\n"
                           "New runtime CUDA allocations/frees: no\n"
                           "Evidence: measured with cudaMemGetInfo around the call\n";
}

TEST_CASE("visible lines drop comments, even unterminated ones, and empty fenced lines") {
    CHECK(detail::visible_lines("a<!-- x\ny -->b\nc") == std::vector<std::string>{"ab", "c"});
    CHECK(detail::visible_lines("a\n<!-- never closed\nb\n") == std::vector<std::string>{"a"});
    CHECK(detail::visible_lines("x\n```c++\ncode\n```\ny") ==
          std::vector<std::string>{"x", "", "", "", "y"});
    CHECK(detail::visible_lines("crlf\r\nline") == std::vector<std::string>{"crlf", "line"});
}

TEST_CASE("a fence closes only on a bare run of its own character at least as long") {
    // A shorter inner fence, the other fence character and a closer with an info string all
    // stay inside the fence.
    CHECK(detail::visible_lines("````\n```\n~~~~\n```` x\nin\n  `````  \nout") ==
          std::vector<std::string>{"", "", "", "", "", "", "out"});
    // An unclosed fence hides the rest.
    CHECK(detail::visible_lines("~~~\n## Memory footprint\n") == std::vector<std::string>{"", ""});
    // Two characters are not a fence.
    CHECK(detail::visible_lines("``\nx") == std::vector<std::string>{"``", "x"});
}

TEST_CASE("comments are removed before fences, so a comment cannot open a fence") {
    const MemorySectionReading r =
        read_memory_section("<!--\n```\n-->\n## Memory footprint\n" + fields);
    CHECK(r.section_count == 1);
    REQUIRE(r.declaration);
    CHECK(r.declaration->evidence == "measured with cudaMemGetInfo around the call");
}

TEST_CASE("a section ends at the next # or ## heading, not at ###") {
    const MemorySectionReading ended =
        read_memory_section("## Memory footprint\n## Other\n" + fields);
    CHECK(ended.section_count == 1);
    CHECK(ended.errors.size() == 3);
    const MemorySectionReading nested = read_memory_section("## Memory footprint\n### Details\n" +
                                                            fields + "# Next\nEvidence: x\n");
    REQUIRE(nested.declaration);
    CHECK(nested.declaration->increase_bytes == "0");
    CHECK_FALSE(nested.declaration->new_allocations);
}

TEST_CASE("a well-formed section gives its declaration") {
    const MemorySectionReading r = read_memory_section(
        "Intro\n\n## Memory footprint\nPeak attributable increase:\t0012 B \n"
        "New runtime CUDA allocations/frees: yes\nEvidence:\t nsys trace, 2 allocations\t\n"
        "Approved-by: Jane Doe (reviewed the pool sizing)\n");
    CHECK(r.errors.empty());
    REQUIRE(r.declaration);
    CHECK(r.declaration->increase_bytes == "12");
    CHECK(r.declaration->new_allocations);
    CHECK(r.declaration->evidence == "nsys trace, 2 allocations");
    REQUIRE(r.declaration->approval);
    CHECK(r.declaration->approval->approver == "Jane Doe");
    CHECK(r.declaration->approval->reason == "reviewed the pool sizing");
}

TEST_CASE("field errors are listed in label order, counts before parsing") {
    const MemorySectionReading counts = read_memory_section(
        "## Memory footprint\nEvidence: a\nEvidence: b\nNew runtime CUDA allocations/frees: x\n");
    CHECK(counts.errors ==
          std::vector<std::string>{"Peak attributable increase: found 0 occurrences",
                                   "Evidence: found 2 occurrences"});
    const MemorySectionReading parsed =
        read_memory_section("## Memory footprint\nPeak attributable increase: 1 MB\n"
                            "New runtime CUDA allocations/frees: NO\nEvidence: x\n");
    CHECK(parsed.errors ==
          std::vector<std::string>{"Peak attributable increase: malformed declaration",
                                   "New runtime CUDA allocations/frees: malformed declaration"});
    CHECK_FALSE(parsed.declaration);
}

TEST_CASE("placeholder evidence") {
    for (const char* text : {"",
                             "  ",
                             "-",
                             "...",
                             "-.-",
                             "none",
                             "None.",
                             "N/A",
                             "na",
                             "TBD",
                             "todo",
                             "Pending",
                             "placeholder",
                             "unknown",
                             "unmeasured",
                             "not measured",
                             "not  available",
                             "not provided",
                             "<fill in>",
                             "Measurement pending",
                             "evidence is unknown",
                             "review unavailable",
                             "measurement is not available.",
                             "evidence not provided",
                             "review pending"})
        CHECK_MESSAGE(is_placeholder_evidence(text), text);
    for (const char* text :
         {"tbd..", "pending review of nsys trace", "std::vector<uint8_t> scratch",
          "nothing measured yet but 0 allocations by inspection", "measurement", "not",
          "pending.."})
        CHECK_FALSE_MESSAGE(is_placeholder_evidence(text), text);
}

TEST_CASE("byte limits compare exactly, beyond 64-bit integers") {
    CHECK_FALSE(exceeds_bytes("10000000", 10'000'000));
    CHECK(exceeds_bytes("10000001", 10'000'000));
    CHECK_FALSE(exceeds_bytes("9999999", 10'000'000));
    CHECK(exceeds_bytes("99999999999999999999", 10'000'000));
    CHECK_FALSE(exceeds_bytes("0", 10'000'000));
}
