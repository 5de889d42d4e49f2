// The Layout comparison of an operator that declares planar image layouts not applicable: one
// "Not applicable: …" line instead of a table whose every cell is n/a (issue 36). A summary
// without the reason, or whose surface pairs a case with a planar one, keeps the v1 table.
#include "fixture.hpp"
#include "text_helpers.hpp"

#include <odo/summary/generate.hpp>
#include <odo/summary/parse.hpp>
#include <odo/summary/refresh.hpp>
#include <odo/summary/validate.hpp>

#include <doctest/doctest.h>

using namespace odo::summary;
using namespace fixture;

namespace {

const std::string reason = "works on host scanlines, one interleaved buffer per image";

// Interleaved cases only: no case has a planar counterpart.
Surface interleaved_surface() {
    Surface s;
    s.add("example_rgb_interleaved_basic", "basic", "uchar3", "NHWC", 20, 10);
    s.add("example_float_interleaved_advanced", "advanced", "float3", "NHWC", 40, 20);
    return s;
}

Metadata interleaved_metadata() {
    Metadata m = metadata();
    m.optimized_cases = {interleaved_basic_key};
    return m;
}

SummaryArtifacts planar_na(const Surface& s, const boost::json::value& skus) {
    SummaryArtifacts a{s.before, s.after, skus};
    a.planar_not_applicable = reason;
    return a;
}

const std::string na_section =
    "### Layout comparison\n\nNot applicable: the operator declares planar image layouts not "
    "applicable (Reason: works on host scanlines, one interleaved buffer per image), so no case "
    "has a planar counterpart to compare.\n\n### Evidence checklist";

} // namespace

TEST_CASE("planar layouts not applicable: the Layout comparison is one line, and it validates") {
    const Surface s = interleaved_surface();
    const auto skus = sku_map();
    const std::string text = generate_summary(interleaved_metadata(), planar_na(s, skus), human());
    CHECK(odo::testing::contains(text, na_section));
    CHECK_FALSE(odo::testing::contains(text, "| SKU | Comparison |"));

    const ParsedSummary parsed = parse_summary(text);
    CHECK(parsed.body.layout_rows.empty());
    CHECK(parsed.body.layout_not_applicable ==
          "the operator declares planar image layouts not applicable (Reason: " + reason +
              "), so no case has a planar counterpart to compare.");
    const ValidationResult r = validate_summary(text, with_artifacts(s, skus));
    CHECK(r.ok());
    // Refreshing keeps the line, byte for byte.
    RefreshOptions keep;
    keep.secondary_operators = std::vector<std::string>{};
    CHECK(refresh_summary(text, planar_na(s, skus), keep) == text);
}

TEST_CASE("without the reason, the table of n/a stays: CV-CUDA's v1 output is unchanged") {
    const Surface s = interleaved_surface();
    const auto skus = sku_map();
    const std::string text = generate_summary(interleaved_metadata(), artifacts(s, skus), human());
    CHECK(odo::testing::contains(text, "| SKU | Comparison | Before min / median / max | After "
                                       "min / median / max |"));
    CHECK(odo::testing::contains(text,
                                 "| A100 | Interleaved / Planar | n/a \xE2\x80\x94 no matched "
                                 "equivalent configurations | n/a"));
    CHECK_FALSE(odo::testing::contains(text, "Not applicable: "));
    CHECK(validate_summary(text, with_artifacts(s, skus)).ok());
}

TEST_CASE("where a case pairs with a planar one, the table stays even with the reason") {
    const Surface s = example_surface();
    const auto skus = sku_map();
    const std::string with_reason = generate_summary(metadata(), planar_na(s, skus), human());
    CHECK(with_reason == render());

    // A hand-written line over a surface with pairs hides figures: validation refuses it.
    std::string edited = with_reason;
    const auto from = edited.find("### Layout comparison");
    const auto to = edited.find("### Evidence checklist");
    REQUIRE(from != std::string::npos);
    REQUIRE(to != std::string::npos);
    edited.replace(from, to + 22 - from, na_section);
    const ValidationResult r = validate_summary(edited, with_artifacts(s, skus));
    CHECK_FALSE(r.ok());
    bool named = false;
    for (const auto& issue : r.errors)
        named |=
            odo::testing::contains(issue.message, "Layout comparison says not applicable, but the "
                                                  "benchmark configs pair cases with planar ones");
    CHECK(named);
}

TEST_CASE("the one-line form: only 'Not applicable: ' and a text, alone in its section") {
    const std::vector<std::string_view> one = {"Not applicable: why"};
    CHECK(layout_not_applicable_line(one) == std::optional<std::string>("why"));
    CHECK_FALSE(layout_not_applicable_line({"Not applicable: "}));
    CHECK_FALSE(layout_not_applicable_line({"not applicable: why"}));
    CHECK_FALSE(layout_not_applicable_line({"Not applicable: why", "| SKU |"}));
    CHECK_FALSE(layout_not_applicable_line({}));
    CHECK(all_not_available({}));
    CHECK(all_not_available({{"A100", LayoutComparison::InterleavedPlanar, {}, {}}}));
}
