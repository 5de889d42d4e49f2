#include "fixture.hpp"

#include <odo/summary/generate.hpp>

#include <doctest/doctest.h>

using namespace odo::summary;

namespace {

std::string error_of(const Metadata& m, const fixture::Surface& s, const HumanContent& h,
                     const Placement& p = {}) {
    const auto skus = fixture::sku_map();
    try {
        generate_summary(m, fixture::artifacts(s, skus), h, p);
    } catch (const SummaryError& e) {
        return e.what();
    }
    return "";
}

HumanContent provisional_human() {
    HumanContent h;
    h.profile_evidence = fixture::memory_profile;
    return h;
}

} // namespace

TEST_CASE("human content that would not parse is rejected up front") {
    const auto m = fixture::metadata(State::Provisional);
    const auto s = fixture::example_surface();
    HumanContent h = provisional_human();
    h.profile_evidence = " \n ";
    CHECK(error_of(m, s, h) == "profile evidence must not be empty");
    h = provisional_human();
    std::swap(h.checklist[0], h.checklist[1]);
    CHECK(error_of(m, s, h) == "checklist labels are incomplete or out of order");
    h = provisional_human();
    h.checklist[2].evidence = "line one\nline two";
    CHECK(error_of(m, s, h) ==
          "checklist evidence for 'Baselines updated' must be one non-empty line");
    h = provisional_human();
    h.learnings = {"One.", "Two.", "Three.", "Four.", "Five.", "Six."};
    CHECK(error_of(m, s, h) == "Top learnings may hold at most five items");
    h = provisional_human();
    h.learnings = {"Fine.", "  "};
    CHECK(error_of(m, s, h) == "each top learning must be one non-empty line");
    // Anything else that would not parse is caught by parsing the result.
    h = provisional_human();
    h.profile_evidence = "ncu: 90% SOL\n### Details";
    CHECK(error_of(m, s, h) ==
          "generated summary does not parse: visible headings must appear exactly once in "
          "canonical order: Example optimization summary -> Scope -> Impact -> Layout comparison "
          "-> Evidence checklist -> Top learnings");
    h = provisional_human();
    h.profile_evidence = "ncu: 90% SOL\n> quoted line is fine";
    CHECK(error_of(m, s, h).empty());
    CHECK(error_of(m, s, provisional_human(), {"bad \xFF", "", "\n", {}}) ==
          "generated summary does not parse: MR description must be text");
}

TEST_CASE("metadata and operator identity come first") {
    auto m = fixture::metadata(State::Provisional);
    m.baseline_commit = "HEAD";
    CHECK(error_of(m, fixture::example_surface(), provisional_human()) ==
          "metadata baseline_commit must be a full lowercase 40-character commit SHA");
    m = fixture::metadata(State::Provisional);
    m.operator_name = "Flip";
    CHECK(error_of(m, fixture::example_surface(), provisional_human()) ==
          "candidate benchmark 'example' does not match operator 'Flip'");
    fixture::Surface renamed = fixture::example_surface();
    renamed.before.as_object()["benchmark"] = "sample";
    CHECK(error_of(fixture::metadata(State::Provisional), renamed, provisional_human()) ==
          "baseline and candidate benchmark identities differ");
}

TEST_CASE("final and SKU coverage rules") {
    const auto s = fixture::example_surface();
    boost::json::value more = fixture::sku_map();
    more.as_object()["entries"].as_array().push_back(boost::json::object{{"stem", "L40S_PCIE"}});
    const auto final_error = [&](ImpactMetric metric) {
        auto m = fixture::metadata();
        m.impact_metric = metric;
        try {
            generate_summary(m, fixture::artifacts(s, more), fixture::human());
        } catch (const SummaryError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    CHECK(final_error(ImpactMetric::CppTime) ==
          "final summary lacks full before/after C++ timing coverage for reference SKU(s): "
          "L40S_PCIE");
    fixture::Surface none;
    none.add("example_x_basic", "basic", "uchar3", "NHWC", 2, 1);
    for (bool side : {false, true})
        none.payload(side, "example_x_basic") = boost::json::object{};
    auto m = fixture::metadata(State::Provisional);
    m.optimized_cases = {
        fixture::case_key("example_x_basic", "uchar3", fixture::entry_axes("NHWC"))};
    CHECK(error_of(m, none, provisional_human()) ==
          "no SKU has full before/after C++ timing coverage");
    // A provisional summary may lack references; it then lists what it has.
    const auto skus = fixture::sku_map();
    fixture::Surface a100_only = fixture::example_surface();
    for (bool side : {false, true})
        for (auto& config : a100_only.configs(side))
            for (auto& c : config.value().as_object()["baselines"].as_object())
                c.value().as_object().erase(fixture::H100);
    const auto text = generate_summary(fixture::metadata(State::Provisional),
                                       fixture::artifacts(a100_only, skus), provisional_human());
    CHECK(parse_summary(text).body.impact_rows.size() == 2);
}

TEST_CASE("statistics use exact decimals: a tie rounds half-up as the reference prints it") {
    fixture::Surface s;
    // 2.01 / 2 is exactly 1.005: 1.01x. In binary floating point it is 1.00499… and prints 1.00x.
    const std::string key = s.add("example_tie_basic", "basic", "uchar3", "NHWC", 2.01, 2);
    auto m = fixture::metadata(State::Provisional);
    m.optimized_cases = {key};
    const auto skus = fixture::sku_map();
    const std::string text = generate_summary(m, fixture::artifacts(s, skus), provisional_human());
    CHECK(text.find("| A100 | Optimized | 1 | 1.01x | 1.01x | 1.01x |") != std::string::npos);
    CHECK(text.find("| H100 | Optimized | 1 | 1.01x | 1.01x | 1.01x |") != std::string::npos);
    // The median of an even count is the exact mean of the middle two: (1.00 + 1.01) / 2.
    s.add("example_even_basic", "basic", "float3", "NHWC", 2, 2);
    const std::string even = generate_summary(m, fixture::artifacts(s, skus), provisional_human());
    CHECK(even.find("| A100 | Full operator | 2 | 1.00x | 1.00x | 1.01x |") != std::string::npos);
}

TEST_CASE("a statistic too large for a table cell is an error, not an unparseable summary") {
    fixture::Surface s;
    const std::string key = s.add("example_huge_basic", "basic", "uchar3", "NHWC", 1e10, 1);
    auto m = fixture::metadata(State::Provisional);
    m.optimized_cases = {key};
    CHECK(error_of(m, s, provisional_human()) ==
          "summary statistic 10000000000 does not fit a summary cell (at most 9 integer digits)");
}

TEST_CASE("case keys with line separators stay on the marker line") {
    fixture::Surface s;
    const std::string key = s.add("example_sep_basic", "basic", "uchar3", "NHWC", 2, 1,
                                  {{"note", "a\xE2\x80\xA8"
                                            "b"}});
    auto m = fixture::metadata(State::Provisional);
    m.optimized_cases = {key};
    const auto skus = fixture::sku_map();
    const std::string text = generate_summary(m, fixture::artifacts(s, skus), provisional_human());
    CHECK(text.find("a\\u2028b") != std::string::npos);
    CHECK(parse_summary(text).metadata.optimized_cases == std::vector<std::string>{key});
}

TEST_CASE("joining the block with the text around it") {
    CHECK(join_description("", "B", "") == "B");
    CHECK(join_description("intro", "B", "outro") == "intro\nB\noutro");
    CHECK(join_description("intro\n", "B", "\noutro") == "intro\nB\noutro");
    CHECK(join_description("intro\r\n", "B", "\r\noutro", "\r\n") == "intro\r\nB\r\noutro");
    CHECK(join_description("intro", "B", "outro", "\r\n") == "intro\r\nB\r\noutro");
    CHECK(join_description("intro\xE2\x80\xA8", "B", "") == "intro\xE2\x80\xA8"
                                                            "B");
}
