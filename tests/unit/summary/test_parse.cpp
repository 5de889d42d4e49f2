// Each malformed body produces the reference's message; tolerated variations parse.
#include "fixture.hpp"
#include "text_helpers.hpp"

#include <odo/summary/parse.hpp>

#include <doctest/doctest.h>

using namespace odo::summary;

namespace {

const std::string& text() {
    static const std::string t = fixture::render();
    return t;
}

using odo::testing::replaced;

std::string summary_parse_error(const std::string& description) {
    try {
        parse_summary(description);
    } catch (const SummaryError& e) {
        return e.what();
    }
    return "";
}

std::string edit_error(const std::string& from, const std::string& to) {
    return summary_parse_error(replaced(text(), from, to));
}

const std::string headings_error =
    "visible headings must appear exactly once in canonical order: Example optimization summary "
    "-> Scope -> Impact -> Layout comparison -> Evidence checklist -> Top learnings";

const std::string a100_row = "| A100 | Optimized | 2 | 2.00x | 2.00x | 2.00x |";
const std::string layout_row =
    "| A100 | Interleaved / Planar | 2.00x / 2.00x / 2.00x | 2.00x / 2.00x / 2.00x |";

} // namespace

TEST_CASE("headings must be the six canonical ones, in order, at the right levels") {
    CHECK(edit_error("### Scope", "### Scope\n### Scope") == headings_error);
    CHECK(edit_error("### Impact", "### Effect") == headings_error);
    CHECK(edit_error("## Example optimization", "## example optimization") == headings_error);
    CHECK(edit_error("### Top learnings", "###Top learnings") == headings_error);
    CHECK(edit_error("### Scope\n", "") == headings_error);
    CHECK(edit_error("## Example optimization", "### Example optimization") ==
          "summary title must be ## and section headings must be ###");
    CHECK(edit_error("### Impact", "## Impact") ==
          "summary title must be ## and section headings must be ###");
    // '#' and '####' lines are not headings; trailing whitespace on a heading is fine.
    CHECK(edit_error("### Scope", "### Scope  \t") == "");
    CHECK(edit_error("- Vectorized", "#### Not a heading\n- Vectorized") ==
          "Top learnings may contain only bullet lines");
}

TEST_CASE("the preamble needs one status line, one bottleneck line and profiler evidence") {
    const std::string status = "> Final reference-hardware evidence";
    CHECK(edit_error(status, "Final reference-hardware evidence") ==
          "summary preamble must contain exactly one status line");
    CHECK(edit_error(status, "> Another status\n" + status) ==
          "summary preamble must contain exactly one status line");
    CHECK(edit_error("**Primary bottleneck: Memory-bound**", "**Primary bottleneck: IO-bound**") ==
          "summary requires one exact Primary bottleneck line");
    CHECK(edit_error("**Primary bottleneck: Memory-bound**",
                     "**Primary bottleneck: Memory-bound**\n**Primary bottleneck: "
                     "Compute-bound**") == "summary requires one exact Primary bottleneck line");
    CHECK(edit_error("**Primary bottleneck: Memory-bound**",
                     " **Primary bottleneck: Memory-bound**") ==
          "summary requires one exact Primary bottleneck line");
    CHECK(edit_error("ncu measured 93% Memory SOL and 21% Compute SOL.\n", "\n  \n") ==
          "Primary bottleneck must be followed by profiler evidence");
}

TEST_CASE("profiler evidence may quote, and notes before the bottleneck are kept") {
    const ParsedSummary quoted =
        parse_summary(replaced(text(), "ncu measured 93% Memory SOL and 21% Compute SOL.",
                               "ncu measured:\n> 93% Memory SOL\n> 21% Compute SOL"));
    CHECK(quoted.body.profile_evidence == "ncu measured:\n> 93% Memory SOL\n> 21% Compute SOL");
    const ParsedSummary notes = parse_summary(
        replaced(text(), "\n**Primary bottleneck", "\nReviewed by A.\n\n**Primary bottleneck"));
    CHECK(notes.body.preamble_notes == "Reviewed by A.");
    const ParsedSummary lead =
        parse_summary(replaced(text(), "\n## Example", "\nDraft for review.\n\n## Example"));
    CHECK(lead.body.lead_text == "Draft for review.");
}

TEST_CASE("Scope holds only the count and the category list") {
    CHECK(edit_error("**Configurations optimized:** 2 / 6 total",
                     "**Configurations optimized:** 2 of 6 total") ==
          "Scope has no canonical Configurations optimized count");
    CHECK(edit_error("**Configurations optimized:** 2 / 6 total",
                     "**Configurations optimized:** 1234567890 / 6 total") ==
          "Scope has no canonical Configurations optimized count");
    CHECK(edit_error("- `Tensor Interleaved RGB8`\n- `Tensor Planar RGBF32`\n", "") ==
          "Scope requires unique Container Layout Type categories");
    CHECK(edit_error("- `Tensor Planar RGBF32`", "- `Tensor Interleaved RGB8`") ==
          "Scope requires unique Container Layout Type categories");
    CHECK(edit_error("**Optimized categories:**", "**Categories:**") ==
          "Scope may contain only the canonical count and category list");
    CHECK(edit_error("- `Tensor Planar RGBF32`", "- `Tensor Planar RGBF32`\n- plain bullet") ==
          "Scope may contain only the canonical count and category list");
    const ParsedSummary unsorted =
        parse_summary(replaced(text(), "- `Tensor Interleaved RGB8`\n- `Tensor Planar RGBF32`",
                               "- `Tensor Planar RGBF32`  \n\n- `Tensor Interleaved RGB8`"));
    CHECK(unsorted.body.categories ==
          std::vector<std::string>{"Tensor Planar RGBF32", "Tensor Interleaved RGB8"});
}

TEST_CASE("Impact holds only its explanation and a well-formed table") {
    CHECK(edit_error("Speedup is `before / after`", "Speedup is before / after") ==
          "table section may contain only its canonical explanation and table");
    CHECK(edit_error(a100_row, a100_row + "\nA note under the table.") ==
          "table section may contain only its canonical explanation and table");
    CHECK(edit_error("|---|---|---:|---:|---:|---:|", "|---|---|--:|---:|---:|---:|") ==
          "Markdown table separator is malformed");
    CHECK(edit_error("| Min | Median | Max |", "| Minimum | Median | Max |") ==
          "Impact table header does not match the v1 schema");
    // Header and separator without rows read as an empty table: a header error.
    std::string rows;
    for (const char* sku : {"A100", "H100"})
        for (const char* scope : {"Optimized", "Full operator"})
            rows += std::string("| ") + sku + " | " + scope + " | " +
                    (std::string(scope) == "Optimized" ? "2" : "6") + " | " +
                    (std::string(scope) == "Optimized" ? "2.00x" : "1.50x") +
                    " | 2.00x | 2.00x |\n";
    CHECK(edit_error(rows, "") == "Impact table header does not match the v1 schema");
    CHECK(edit_error(a100_row, "| A100 | Optimized | 2 | 2.00x | 2.00x |") ==
          "Impact table contains a malformed row");
    CHECK(edit_error(a100_row, "| A100 | Optimised | 2 | 2.00x | 2.00x | 2.00x |") ==
          "Impact table contains a malformed row");
    CHECK(edit_error(a100_row, "| A100 | Optimized | two | 2.00x | 2.00x | 2.00x |") ==
          "Impact table contains a malformed row");
    CHECK(edit_error(a100_row, "| A100 | Optimized | 2 | 2.0x | 2.00x | 2.00x |") ==
          "Impact table contains a malformed value: expected a factor such as 1.23x, got '2.0x'");
    CHECK(edit_error(a100_row, "| A100 | Optimized | 2 | -2.00x | 2.00x | 2.00x |") ==
          "Impact table contains a malformed value: expected a factor such as 1.23x, got "
          "'-2.00x'");
    CHECK(edit_error(a100_row, "| A100 | Optimized | 2 | 1234567890.00x | 2.00x | 2.00x |") ==
          "Impact table contains a malformed value: expected a factor such as 1.23x, got "
          "'1234567890.00x'");
    // Alignment and blank lines are free.
    CHECK(edit_error("|---|---|---:|---:|---:|---:|",
                     "| :--- | --- | ---: | :---: | --- | --- |") == "");
    CHECK(edit_error(a100_row, "\n" + a100_row + "\n") == "");
}

TEST_CASE("python_overhead cells are microsecond triples") {
    const std::string overhead = replaced(
        replaced(replaced(text(), "\"state\":\"final\"",
                          "\"state\":\"final\",\"impact_metric\":\"python_overhead\""),
                 "Speedup is `before / after`; `2.00x` means twice as fast.",
                 std::string(python_overhead_explanation)),
        "| Min | Median | Max |",
        "| Before min / median / max | After min / median / max | Reduction min / median / max |");
    const std::string us = " \xC2\xB5s";
    const std::string triple = "1.00" + us + " / -2.50" + us + " / 3.00" + us;
    std::string good = overhead;
    for (std::size_t at; (at = good.find(" | 2.00x | 2.00x | 2.00x |")) != std::string::npos;)
        good.replace(at, 26, " | " + triple + " | " + triple + " | " + triple + " |");
    for (std::size_t at; (at = good.find(" | 1.50x | 2.00x | 2.00x |")) != std::string::npos;)
        good.replace(at, 26, " | " + triple + " | " + triple + " | " + triple + " |");
    const ParsedSummary parsed = parse_summary(good);
    REQUIRE(parsed.body.impact_rows.size() == 4);
    CHECK(parsed.body.impact_rows[0].values.size() == 3);
    CHECK(parsed.body.impact_rows[0].values[0].median.fixed(2) == "-2.50");
    const std::string bad = replaced(good, triple + " |\n| A100 | Full",
                                     "1.00 us / 2.00 us / 3.00 us |\n| A100 | Full");
    CHECK(summary_parse_error(bad) ==
          "Impact table contains a malformed value: expected microsecond min / "
          "median / max values, got '1.00 us / 2.00 us / 3.00 us'");
}

TEST_CASE("Layout comparison rows") {
    CHECK(edit_error("| SKU | Comparison |", "| SKU | Ratio |") ==
          "Layout comparison table header does not match the v1 schema");
    CHECK(edit_error(layout_row, "| A100 | Interleaved / Planar | 2.00x / 2.00x / 2.00x |") ==
          "Layout comparison table contains a malformed row");
    CHECK(edit_error(layout_row,
                     "| A100 | NHWC / NCHW | 2.00x / 2.00x / 2.00x | 2.00x / 2.00x / 2.00x |") ==
          "Layout comparison table contains a malformed row");
    CHECK(edit_error(layout_row,
                     "| A100 | Interleaved / Planar | 2.00x / 2.00x | 2.00x / 2.00x / 2.00x |") ==
          "invalid min / median / max cell '2.00x / 2.00x'");
    CHECK(edit_error(layout_row, "| A100 | Interleaved / Planar | n/a | n/a |") ==
          "invalid min / median / max cell 'n/a'");
    const std::string na(na_stats);
    CHECK(edit_error(layout_row,
                     "| A100 | Interleaved / Planar | " + na + " | 2.00x / 2.00x / 2.00x |") ==
          "layout n/a must appear in both before and after cells");
    const ParsedSummary both_na = parse_summary(
        replaced(text(), layout_row, "| A100 | Interleaved / Planar | " + na + " | " + na + " |"));
    CHECK_FALSE(both_na.body.layout_rows[0].before);
    CHECK_FALSE(both_na.body.layout_rows[0].after);
}

TEST_CASE("the Evidence checklist holds exactly the six items") {
    CHECK(edit_error("**Baselines updated**", "**Baseline updated**") ==
          "Evidence checklist labels must appear exactly once in canonical order");
    CHECK(edit_error("- [x] **Lead exhaustion** \xE2\x80\x94", "- [x] **Lead exhaustion** -") ==
          "Evidence checklist labels must appear exactly once in canonical order");
    CHECK(edit_error("- [x] **Review/refactor gate**",
                     "Some prose.\n- [x] **Review/refactor gate**") ==
          "Evidence checklist may contain only the six canonical item lines");
    const ParsedSummary upper = parse_summary(
        replaced(replaced(text(), "- [x] **Lead exhaustion**", "- [X] **Lead exhaustion**"),
                 "- [x] **Baselines updated**", "- [ ] **Baselines updated**"));
    CHECK(upper.body.checklist[4].checked);
    CHECK_FALSE(upper.body.checklist[2].checked);
}

TEST_CASE("Top learnings are one to five bullets") {
    const std::string learning =
        "- Vectorized RGB loads made Tensor Interleaved RGB8 cases 2.00x faster.";
    CHECK(edit_error(learning + "\n", "") == "Top learnings must contain one to five bullets");
    std::string six;
    for (int i = 0; i < 6; ++i)
        six += "- Learning " + std::to_string(i) + ".\n";
    CHECK(edit_error(learning + "\n", six) == "Top learnings must contain one to five bullets");
    CHECK(edit_error(learning, learning + "\ncontinued") ==
          "Top learnings may contain only bullet lines");
    CHECK(parse_summary(replaced(text(), learning, learning + "   ")).body.learnings[0] ==
          learning.substr(2));
}

TEST_CASE("a CRLF description parses like an LF one") {
    std::string crlf = text();
    for (std::size_t at = 0; (at = crlf.find('\n', at)) != std::string::npos; at += 2)
        crlf.replace(at, 1, "\r\n");
    const ParsedSummary parsed = parse_summary("Intro\r\n\r\n" + crlf + "\r\n");
    CHECK(parsed.newline == "\r\n");
    CHECK(parsed.body.bottleneck == Bottleneck::MemoryBound);
    CHECK(parsed.body.total_count == 6);
    CHECK(parsed.body.checklist == fixture::checklist());
    CHECK(parsed.prefix == "Intro\r\n\r\n");
    CHECK(parsed.suffix == "\r\n");
}

TEST_CASE("indented text keeps its indentation, so printing it again cannot change its role") {
    const std::string text =
        replaced(replaced(fixture::render(), "ncu measured 93% Memory SOL and 21% Compute SOL.",
                          "   **Primary bottleneck: Compute-bound**\nncu measured 93% Memory SOL."),
                 "\n**Primary bottleneck", "\n  > not a status line\n\n**Primary bottleneck");
    const ParsedSummary parsed = parse_summary(text);
    CHECK(parsed.body.profile_evidence ==
          "   **Primary bottleneck: Compute-bound**\nncu measured 93% Memory SOL.");
    CHECK(parsed.body.preamble_notes == "  > not a status line");
    const std::string again = render_block(parsed.metadata, parsed.body, Markers());
    const ParsedSummary reparsed = parse_summary(again);
    CHECK(reparsed.body.profile_evidence == parsed.body.profile_evidence);
    CHECK(reparsed.body.preamble_notes == parsed.body.preamble_notes);
    CHECK(reparsed.body.bottleneck == Bottleneck::MemoryBound);
}
