// docs/evidence.md#guideline-anchors lists every heading anchor the tools cite, as the code
// spells it, and each resolves: the bundled example's guides and odo's own docs have the heading.
#include <odo/bench/gate.hpp>
#include <odo/core/file.hpp>
#include <odo/core/text.hpp>
#include <odo/gates/guideline_anchors.hpp>
#include <odo/repo/layout.hpp>
#include <odo/summary/evidence_text.hpp>

#include <doctest/doctest.h>

#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace {

// The anchor a Markdown renderer gives a heading's text: lower case, spaces to '-', other
// punctuation dropped.
std::string heading_anchor(std::string_view heading) {
    std::string out = "#";
    for (const char c : heading) {
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        else if (c == ' ')
            out += '-';
    }
    return out;
}

// The anchors of a Markdown file's headings.
std::vector<std::string> heading_anchors(const std::string& path) {
    std::vector<std::string> anchors;
    const std::string text = odo::read_file(path); // the lines below are views into it
    for (std::string_view line : odo::text::lines(text)) {
        const auto title = line.find_first_not_of('#');
        if (title != std::string_view::npos && title > 0 && line[title] == ' ')
            anchors.push_back(heading_anchor(line.substr(title + 1)));
    }
    return anchors;
}

bool has(const std::vector<std::string>& items, std::string_view item) {
    for (const std::string& i : items)
        if (i == item)
            return true;
    return false;
}

// The anchor part of a citation, "…/FILE.md#test / …" -> "#test".
std::string anchor_of(std::string_view citation) {
    const auto hash = citation.find('#');
    REQUIRE(hash != std::string_view::npos);
    const auto end = citation.find(' ', hash);
    return std::string(citation.substr(hash, end == std::string_view::npos ? end : end - hash));
}

const std::string evidence_doc = odo::read_file(ODO_SOURCE_DIR "/docs/evidence.md");

bool listed(std::string_view anchor) {
    return evidence_doc.find("\n| `" + std::string(anchor) + "` |") != std::string::npos;
}

} // namespace

TEST_CASE("the optimization guideline's anchors are listed and the example's guide has each") {
    REQUIRE(has(heading_anchors(ODO_SOURCE_DIR "/docs/evidence.md"), "#guideline-anchors"));
    const auto example = heading_anchors(
        ODO_SOURCE_DIR "/examples/oplib/.agents/guidance/OPTIMIZATION_GUIDELINES.md");
    for (const std::string_view anchor : odo::gates::optimization_guideline_anchors) {
        CAPTURE(anchor);
        CHECK(listed(anchor));
        CHECK(has(example, anchor));
    }
}

TEST_CASE("the review guides' anchors and odo's own rule links are listed and resolve") {
    const odo::repo::Layout layout = odo::repo::Layout::cvcuda();
    CHECK(listed(anchor_of(layout.guidelines.review_test)));
    CHECK(listed(anchor_of(layout.guidelines.review_bench)));
    for (const std::string_view link : {std::string_view(odo::bench::gate_guideline),
                                        std::string_view(odo::summary::hard_evidence_rule)}) {
        CAPTURE(link);
        const std::string anchor = anchor_of(link);
        CHECK(listed(anchor));
        const std::string file(link.substr(0, link.find('#')));
        CHECK(has(heading_anchors(ODO_SOURCE_DIR "/" + file), anchor));
    }
}
