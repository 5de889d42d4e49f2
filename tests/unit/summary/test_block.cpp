#include "fixture.hpp"
#include "text_helpers.hpp"

#include <odo/summary/block.hpp>
#include <odo/summary/parse.hpp>

#include <doctest/doctest.h>

using namespace odo::summary;

namespace {

const std::string& live() {
    static const std::string text = fixture::render();
    return text;
}

std::string extraction_error(const std::string& description, const Markers& m = Markers()) {
    try {
        extract_block(description, m);
    } catch (const SummaryError& e) {
        return e.what();
    }
    return "";
}

using odo::testing::replaced;

const std::string start_line = live().substr(0, live().find('\n'));
const std::string end_line = "<!-- /cvcuda-optimize-summary:v1 -->";

} // namespace

TEST_CASE("prefix + block + suffix reproduce the description exactly") {
    for (const std::string& description :
         {live(), "intro\n" + live() + "\noutro", "a\r\nb\r\n" + live() + "\r\n\r\nend\r\n",
          "x\xC2\x85" + live() + "\n\xE2\x80\xA8tail"}) {
        const Block b = extract_block(description, Markers());
        CHECK(std::string(b.prefix) + std::string(b.block) + std::string(b.suffix) == description);
        CHECK(b.block.substr(0, 5) == "<!-- ");
        CHECK(b.block.substr(b.block.size() - end_line.size()) == end_line);
    }
    const std::string crlf_text = "a\r\n" + live() + "\r\nz";
    const Block crlf = extract_block(crlf_text, Markers());
    CHECK(crlf.prefix == "a\r\n");
    CHECK(crlf.suffix == "\r\nz");
}

TEST_CASE("body lines split at every str.splitlines() break") {
    const std::string description = replaced(live(), "\n## Example", "\n\x1c\v\f\r\n## Example");
    const Block b = extract_block(description, Markers());
    CHECK(b.body_lines[0].empty());
    CHECK(b.body_lines[1].empty());
    CHECK(b.body_lines[2].empty());
    CHECK(b.body_lines[3].empty());
    CHECK(b.body_lines[4] == "## Example optimization summary");
    CHECK(b.newline == "\n");
    const std::string crlf = replaced(live(), "\n", "\r\n");
    CHECK(extract_block(crlf, Markers()).newline == "\r\n");
}

TEST_CASE("markers inside fenced code are inert; fences nest and close on longer runs") {
    const std::string fenced = "```markdown\n" + live() + "\n```\n";
    CHECK(extraction_error(fenced) ==
          "expected exactly one live start marker and one matching end marker");
    CHECK(extraction_error(fenced + live()).empty());
    CHECK(
        extraction_error("~~~\n" + live() + "\n~~~~ closes with a longer run\n" + live()).empty());
    CHECK(extraction_error("````\n```\n" + live() + "\n```\n````\n" + live()).empty());
    // A shorter or different run does not close the fence; an unclosed fence hides the rest.
    CHECK_FALSE(extraction_error("````\n" + live() + "\n```\n" + live()).empty());
    CHECK_FALSE(extraction_error("```\n" + live() + "\n~~~\n" + live()).empty());
    CHECK(extraction_error(live() + "\n```\n" + live()).empty());
    // Indented fences count (indentation is stripped); fence lines are never markers.
    CHECK(extraction_error("   ```\n" + live() + "\n   ```\n" + live()).empty());
}

TEST_CASE("marker errors come in the reference's order") {
    CHECK(extraction_error(live() + "\n" + live()) ==
          "expected exactly one live start marker and one matching end marker");
    CHECK(extraction_error(replaced(live(), end_line, "")) ==
          "expected exactly one live start marker and one matching end marker");
    CHECK(extraction_error(end_line + "\n" + replaced(live(), "\n" + end_line, "")) ==
          "optimization summary end marker precedes its start");
    CHECK(extraction_error(
              replaced(live(), "### Scope", "<!-- cvcuda-optimize-summary:v1 -->\n### Scope")) ==
          "nested or duplicate optimization summary marker");
    CHECK(extraction_error(live() + "\n<!-- cvcuda-optimize-summary:v1 note -->") ==
          "nested or duplicate optimization summary marker");
    // An end marker with trailing spaces is not an end marker; a start marker may have them.
    CHECK(extraction_error(live() + "  ") ==
          "expected exactly one live start marker and one matching end marker");
    CHECK(extraction_error(replaced(live(), " -->\n## Example", " -->  \t\n## Example")).empty());
    // The reference strips only CR/LF: an end marker ended by U+2028 does not count.
    CHECK(extraction_error(live() + "\xE2\x80\xA8") ==
          "expected exactly one live start marker and one matching end marker");
    // An indented start marker is a marker line but not a start.
    CHECK(extraction_error(" " + live()) ==
          "expected exactly one live start marker and one matching end marker");
}

TEST_CASE("prose that only mentions the token is not a marker") {
    const std::string token = "cvcuda-optimize-summary:v1";
    CHECK(extraction_error("The `" + token + "` block below is generated.\n" + live() + "\nSee " +
                           token + " docs.")
              .empty());
    const std::string inside = replaced(live(), "ncu measured 93% Memory SOL and 21% Compute SOL.",
                                        "ncu measured 93% Memory SOL; see the " + token + " spec.");
    CHECK(extraction_error(inside).empty());
    CHECK(parse_summary(inside).body.profile_evidence ==
          "ncu measured 93% Memory SOL; see the " + token + " spec.");
}

TEST_CASE("size limits and text checks") {
    CHECK(extraction_error(std::string(max_description_bytes + 1, 'x')) ==
          "MR description exceeds the parser size limit");
    CHECK(extraction_error(std::string(max_description_bytes - live().size() - 1, 'x') + "\n" +
                           live())
              .empty());
    const std::string big_evidence(max_block_bytes, 'e');
    CHECK(extraction_error(replaced(live(), "\n### Scope", "\n" + big_evidence + "\n### Scope")) ==
          "optimization summary block exceeds the parser size limit");
    CHECK(extraction_error("bad \xFF byte\n" + live()) == "MR description must be text");
    CHECK(extraction_error("surrogate \xED\xA0\x80\n" + live()) == "MR description must be text");
}

TEST_CASE("the marker token comes from the layout profile") {
    odo::repo::Layout layout;
    layout.grammar.summary_marker = "mylib-summary:v1";
    const Markers markers = Markers::from_layout(layout);
    CHECK(markers.end_line() == "<!-- /mylib-summary:v1 -->");
    std::string text = live();
    for (std::size_t at; (at = text.find("cvcuda-optimize-summary:v1")) != std::string::npos;)
        text.replace(at, 26, "mylib-summary:v1");
    CHECK(extraction_error(text, markers).empty());
    CHECK(parse_summary(text, markers).metadata.operator_name == "Example");
    CHECK_FALSE(extraction_error(text).empty());
    CHECK_THROWS_AS(Markers(""), SummaryError);
    CHECK_THROWS_AS(Markers("a\nb"), SummaryError);
    CHECK_THROWS_AS(Markers(" a"), SummaryError);
}

TEST_CASE("the start marker's JSON runs to the last '}' before the closing -->") {
    const Markers m;
    CHECK(m.start_metadata("<!-- cvcuda-optimize-summary:v1 {\"a\":\"} -->\"} -->") ==
          std::optional<std::string_view>("{\"a\":\"} -->\"}"));
    CHECK_FALSE(m.start_metadata("<!-- cvcuda-optimize-summary:v1 {} -->  -->"));
    CHECK_FALSE(m.start_metadata("<!-- cvcuda-optimize-summary:v1 [] -->"));
    CHECK_FALSE(m.start_metadata("<!-- cvcuda-optimize-summary:v1  {} -->"));
    CHECK_FALSE(m.start_metadata("<!--cvcuda-optimize-summary:v1 {} -->"));
    CHECK(m.start_metadata("<!-- cvcuda-optimize-summary:v1 {} --> \t") ==
          std::optional<std::string_view>("{}"));
}
