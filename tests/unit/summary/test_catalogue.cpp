// The reference's test catalogue (summary.md §7.1), one TEST_CASE per reference test.
#include "fixture.hpp"
#include "text_helpers.hpp"

#include <odo/core/file.hpp>
#include <odo/core/json_read.hpp>
#include <odo/summary/generate.hpp>
#include <odo/summary/refresh.hpp>
#include <odo/summary/validate.hpp>

#include <doctest/doctest.h>

#include <filesystem>

using namespace odo::summary;
using namespace fixture;

namespace {

std::size_t count_code(const std::vector<Issue>& issues, const std::string& code) {
    return static_cast<std::size_t>(std::count_if(issues.begin(), issues.end(),
                                                  [&](const Issue& i) { return i.code == code; }));
}

std::string all_messages(const ValidationResult& r) {
    std::string out;
    for (const Issue& i : r.errors)
        out += i.code + ": " + i.message + "\n";
    return out;
}

using odo::testing::replaced;

std::string first_line(const std::string& text) {
    return text.substr(0, text.find('\n'));
}

// The message generate_summary throws, or "" when it succeeds.
std::string generation_error(const Metadata& m, const Surface& s, const HumanContent& h,
                             const boost::json::value& skus = sku_map()) {
    try {
        generate_summary(m, artifacts(s, skus), h);
    } catch (const SummaryError& e) {
        return e.what();
    }
    return "";
}

std::string parse_error(const std::string& text) {
    try {
        parse_summary(text);
    } catch (const SummaryError& e) {
        return e.what();
    }
    return "";
}

HumanContent python_human() {
    return human("nsys measured 93% memory throughput and Python launch gaps.",
                 "Caching metadata reduced measured Python overhead by 80.00 \xC2\xB5s.");
}

std::string python_render(const Surface& s, const boost::json::value& skus, State state) {
    Metadata m = metadata(state);
    m.impact_metric = ImpactMetric::PythonOverhead;
    return generate_summary(m, artifacts(s, skus), python_human());
}

} // namespace

TEST_CASE("1 sku label distinguishes the CUDA major") {
    CHECK(sku_label(A100) == "A100");
    CHECK(sku_label(A100 + "_CUDA12") == "A100 CUDA 12");
    CHECK(sku_label("L40S_CUDA12") == "L40S CUDA 12");
    CHECK(sku_label("RTX_6000_Ada") == "RTX 6000 Ada");
    CHECK(sku_label(H100) == "H100");
}

TEST_CASE("2 generate, parse and validate the full basic+advanced surface") {
    const std::string text = render();
    const ParsedSummary parsed = parse_summary(text);
    CHECK(parsed.body.optimized_count == 2);
    CHECK(parsed.body.total_count == 6);
    CHECK(parsed.body.categories ==
          std::vector<std::string>{"Tensor Interleaved RGB8", "Tensor Planar RGBF32"});
    REQUIRE(parsed.body.impact_rows.size() >= 4);
    CHECK(parsed.body.impact_rows[0].sku == "A100");
    CHECK(parsed.body.impact_rows[1].sku == "A100");
    CHECK(parsed.body.impact_rows[2].sku == "H100");
    CHECK(parsed.body.impact_rows[3].sku == "H100");
    CHECK(text.find("| A100 | Full operator | 6 | 1.50x | 2.00x | 2.00x |") != std::string::npos);
    CHECK(text.find("| A100 | Interleaved / Planar | 2.00x / 2.00x / 2.00x") != std::string::npos);
    CHECK(text.find("| A100 | FakePlanar / Planar | 3.00x / 3.00x / 3.00x | 4.00x") !=
          std::string::npos);
    const Surface s = example_surface();
    const auto skus = sku_map();
    ValidationOptions o = with_artifacts(s, skus);
    o.expected_operator = "Example";
    o.expected_candidate_commit = CANDIDATE;
    o.evidence_results = all_pass();
    const ValidationResult r = validate_summary(parsed, o);
    CHECK_MESSAGE(r.ok(), all_messages(r));
    CHECK(r.warnings.empty());
}

TEST_CASE("3 the default cpp_time metric stays out of the metadata and may be explicit") {
    const std::string text = render();
    CHECK(first_line(text).find("\"impact_metric\"") == std::string::npos);
    CHECK(parse_summary(text).metadata.impact_metric == ImpactMetric::CppTime);
    const std::string explicit_metric =
        replaced(text, "\"state\":\"final\"", "\"state\":\"final\",\"impact_metric\":\"cpp_time\"");
    CHECK(parse_summary(explicit_metric).metadata.impact_metric == ImpactMetric::CppTime);
}

TEST_CASE("4 secondary operators round-trip and survive a refresh") {
    const std::string text = render(State::Final, "", "", {"BndBox"});
    CHECK(first_line(text).find("\"secondary_operators\":[\"BndBox\"]") != std::string::npos);
    CHECK(parse_summary(text).metadata.secondary_operators == std::vector<std::string>{"BndBox"});
    const Surface s = example_surface();
    const auto skus = sku_map();
    RefreshOptions o;
    o.state = State::Provisional;
    const std::string refreshed = refresh_summary(text, artifacts(s, skus), o);
    CHECK(parse_summary(refreshed).metadata.secondary_operators ==
          std::vector<std::string>{"BndBox"});
}

TEST_CASE("5 secondary operators support bounded shared surfaces") {
    std::vector<std::string> names;
    for (int i = 0; i < 34; ++i)
        names.push_back("Shared" + std::to_string(i));
    CHECK(parse_summary(render(State::Final, "", "", names)).metadata.secondary_operators == names);
    for (int i = 34; i < 65; ++i)
        names.push_back("Shared" + std::to_string(i));
    CHECK_THROWS_WITH_AS(render(State::Final, "", "", names),
                         "metadata secondary_operators may contain at most 64 names", SummaryError);
}

TEST_CASE("6 invalid secondary operator declarations are rejected") {
    const std::string text = render();
    const auto with_secondaries = [&](const std::string& payload) {
        return replaced(text, "\"operator\":\"Example\"",
                        "\"operator\":\"Example\",\"secondary_operators\":" + payload);
    };
    CHECK(parse_error(with_secondaries("\"BndBox\"")) ==
          "metadata secondary_operators must be an array");
    CHECK(parse_error(with_secondaries("[\"BndBox\",\"bndbox\"]")) ==
          "metadata secondary_operators contains duplicate operators");
    CHECK(parse_error(with_secondaries("[\"Example\"]")) ==
          "metadata secondary_operators must not repeat the primary operator");
}

TEST_CASE("7 python_overhead impact is derived and validated") {
    const Surface s = python_overhead_surface();
    const auto skus = sku_map();
    const std::string text = python_render(s, skus, State::Final);
    const ParsedSummary parsed = parse_summary(text);
    CHECK(parsed.metadata.impact_metric == ImpactMetric::PythonOverhead);
    CHECK(first_line(text).find("\"impact_metric\":\"python_overhead\"") != std::string::npos);
    CHECK(text.find("Python overhead is `gpu_time_us_python - gpu_time_us_cpp`; reduction is "
                    "`before - after`") != std::string::npos);
    const std::string us = " \xC2\xB5s";
    const std::string a100_optimized = "| A100 | Optimized | 2 | 10.00" + us + " / 55.00" + us +
                                       " / 100.00" + us + " | 15.00" + us + " / 17.50" + us +
                                       " / 20.00" + us + " | -5.00" + us + " / 37.50" + us +
                                       " / 80.00" + us + " |";
    const std::string h100_full = "| H100 | Full operator | 6 | 20.00" + us + " / 100.00" + us +
                                  " / 200.00" + us + " | 20.00" + us + " / 50.00" + us +
                                  " / 80.00" + us + " | -10.00" + us + " / 30.00" + us +
                                  " / 160.00" + us + " |";
    CHECK(text.find(a100_optimized) != std::string::npos);
    CHECK(text.find(h100_full) != std::string::npos);
    const std::string a100_full = "| A100 | Full operator | 6 | 10.00" + us + " / 50.00" + us +
                                  " / 100.00" + us + " | 10.00" + us + " / 25.00" + us +
                                  " / 40.00" + us + " | -5.00" + us + " / 15.00" + us + " / 80.00" +
                                  us + " |";
    CHECK(text.find(a100_full) != std::string::npos);
    ValidationOptions o = with_artifacts(s, skus);
    o.evidence_results = all_pass();
    const ValidationResult r = validate_summary(parsed, o);
    CHECK_MESSAGE(r.ok(), all_messages(r));
    RefreshOptions refresh;
    refresh.state = State::Provisional;
    CHECK(
        parse_summary(refresh_summary(text, artifacts(s, skus), refresh)).metadata.impact_metric ==
        ImpactMetric::PythonOverhead);
    const std::string edited = replaced(text, " / 80.00" + us + " |\n| A100 | Full",
                                        " / 81.00" + us + " |\n| A100 | Full");
    CHECK(count_code(validate_summary(edited, o).errors, "impact-statistics") == 1);
}

TEST_CASE("8 python_overhead needs Python and C++ timings") {
    Surface s = python_overhead_surface();
    s.payload(true, "example_rgb_interleaved_basic")[A100].as_object().erase("gpu_time_us_python");
    Metadata m = metadata(State::Provisional);
    m.impact_metric = ImpactMetric::PythonOverhead;
    CHECK(generation_error(m, s, python_human()) ==
          "SKU '" + A100 +
              "' lacks full before/after gpu_time_us_cpp and gpu_time_us_python coverage for 1 "
              "expanded case(s), e.g. " +
              interleaved_basic_key);
}

TEST_CASE("9 an unknown impact metric is rejected") {
    const std::string text = replaced(render(), "\"state\":\"final\"",
                                      "\"state\":\"final\",\"impact_metric\":\"wall_clock\"");
    CHECK(parse_error(text) == "metadata impact_metric must be cpp_time or python_overhead");
}

TEST_CASE("10 a TensorBatch category generates and validates") {
    Surface s;
    const std::string key = s.add("example_tensor_batch_advanced", "advanced", "uchar3", "NCHW", 10,
                                  5, {{"inputKind", "TensorBatch"}});
    Metadata m = metadata();
    m.optimized_cases = {key};
    const auto skus = sku_map();
    const std::string text = generate_summary(
        m, artifacts(s, skus),
        human("nsys measured 88% memory throughput in the TensorBatch path.",
              "Caching TensorBatch metadata improved the measured path by 2.00x."));
    const ParsedSummary parsed = parse_summary(text);
    CHECK(parsed.body.categories == std::vector<std::string>{"TensorBatch Planar RGB8"});
    for (const LayoutRow& row : parsed.body.layout_rows)
        CHECK((!row.before && !row.after));
    ValidationOptions o = with_artifacts(s, skus);
    o.expected_operator = "Example";
    o.expected_candidate_commit = CANDIDATE;
    o.evidence_results = all_pass();
    const ValidationResult r = validate_summary(parsed, o);
    CHECK_MESSAGE(r.ok(), all_messages(r));
}

TEST_CASE("11 the generator refuses to label incomplete evidence final") {
    HumanContent h;
    h.profile_evidence = memory_profile;
    const std::string message = generation_error(metadata(), example_surface(), h);
    const std::string pixel(checklist_labels[0]), memory(checklist_labels[1]),
        baselines(checklist_labels[2]);
    CHECK(message == "cannot render an invalid final summary: checklist-unchecked: " + pixel +
                         " is unchecked; checklist-placeholder: " + pixel +
                         " still contains a placeholder; checklist-unchecked: " + memory +
                         " is unchecked; checklist-placeholder: " + memory +
                         " still contains a placeholder; checklist-unchecked: " + baselines +
                         " is unchecked; checklist-placeholder: " + baselines +
                         " still contains a placeholder");
}

TEST_CASE("12 the full surface rejects an omitted advanced case") {
    const std::string text = render();
    Surface s = example_surface();
    s.configs(true).erase("example_float_planar_advanced");
    const auto skus = sku_map();
    const ValidationResult r = validate_summary(text, with_artifacts(s, skus));
    CHECK_FALSE(r.ok());
    CHECK(all_messages(r).find("candidate omits") != std::string::npos);
}

TEST_CASE("13 refresh can migrate a cpp_time summary to python_overhead") {
    const Surface s = python_overhead_surface();
    const auto skus = sku_map();
    const std::string text = generate_summary(metadata(), artifacts(s, skus), python_human());
    RefreshOptions o;
    o.impact_metric = ImpactMetric::PythonOverhead;
    const std::string refreshed = refresh_summary(text, artifacts(s, skus), o);
    const ParsedSummary parsed = parse_summary(refreshed);
    CHECK(parsed.metadata.impact_metric == ImpactMetric::PythonOverhead);
    CHECK(parsed.metadata.state == State::Final);
    CHECK(refreshed.find("Before min / median / max") != std::string::npos);
}

TEST_CASE("14 a FakePlanar case whose native match is in another tier is rejected") {
    Surface s = example_surface();
    s.remove("example_rgb_planar_pair_advanced");
    const std::string message = generation_error(metadata(), s, human());
    CHECK(message.find("unmatched FakePlanar") != std::string::npos);
    CHECK(message.find("same-tier", message.find("unmatched FakePlanar")) != std::string::npos);
}

TEST_CASE("15 a partial FakePlanar pairing is rejected") {
    Surface s = example_surface();
    s.add("example_rgba_fake_advanced", "advanced", "uchar4", "NCHW_FAKE", 50, 40);
    CHECK(generation_error(metadata(), s, human()).find("1 unmatched FakePlanar") !=
          std::string::npos);
}

TEST_CASE("16 the validator rejects unmatched FakePlanar cases in supplied artifacts") {
    const std::string text = render();
    Surface s = example_surface();
    s.remove("example_rgb_planar_pair_advanced");
    const auto skus = sku_map();
    const ValidationResult r = validate_summary(text, with_artifacts(s, skus));
    CHECK_FALSE(r.ok());
    CHECK(all_messages(r).find("unmatched FakePlanar") != std::string::npos);
}

TEST_CASE("17 an operator that declares only the basic tier is valid") {
    Surface s = example_surface();
    for (const char* advanced :
         {"example_rgb_fake_advanced", "example_rgb_planar_pair_advanced",
          "example_float_interleaved_advanced", "example_float_planar_advanced"})
        s.remove(advanced);
    Metadata m = metadata(State::Provisional);
    m.optimized_cases = {interleaved_basic_key};
    HumanContent h;
    h.profile_evidence = memory_profile;
    const auto skus = sku_map();
    CHECK(parse_summary(generate_summary(m, artifacts(s, skus), h)).body.total_count == 2);
}

TEST_CASE("18 an operator without layouts gets verified n/a rows") {
    Surface s;
    s.add_config("example_basic", "basic", {"uint8"}, {{"shape", {"4x16x16"}}}, {10, 5}, {8, 4});
    Metadata m = metadata(State::Provisional);
    m.optimized_cases = {"example_basic[InOutDataType=uint8][shape=4x16x16]"};
    HumanContent h;
    h.bottleneck = Bottleneck::ComputeBound;
    h.profile_evidence = compute_profile;
    const auto skus = sku_map();
    const std::string text = generate_summary(m, artifacts(s, skus), h);
    const ParsedSummary parsed = parse_summary(text);
    CHECK(parsed.body.categories == std::vector<std::string>{"Tensor NoLayout U8"});
    CHECK(parsed.body.layout_rows.size() == 4);
    for (const LayoutRow& row : parsed.body.layout_rows)
        CHECK((!row.before && !row.after));
    CHECK(validate_summary(parsed, with_artifacts(s, skus)).ok());
}

TEST_CASE("19 point layouts NW and NWC are categorized as NoLayout") {
    Surface s;
    s.add_config("example_points_basic", "basic", {"float32"},
                 {{"shape", {"512x1024"}}, {"layout", {"NW", "NWC"}}}, {10, 5}, {8, 4});
    Metadata m = metadata(State::Provisional);
    m.optimized_cases = {"example_points_basic[InOutDataType=float32][shape=512x1024][layout=NW]",
                         "example_points_basic[InOutDataType=float32][shape=512x1024][layout=NWC]"};
    HumanContent h;
    h.profile_evidence = compute_profile;
    const auto skus = sku_map();
    const ParsedSummary parsed = parse_summary(generate_summary(m, artifacts(s, skus), h));
    CHECK(parsed.body.categories == std::vector<std::string>{"Tensor NoLayout F32"});
    for (const LayoutRow& row : parsed.body.layout_rows)
        CHECK((!row.before && !row.after));
}

TEST_CASE("20 the full surface rejects a missing expanded baseline key") {
    const std::string text = render();
    Surface s = example_surface();
    s.configs(true)["example_float_planar_advanced"].as_object()["baselines"] =
        boost::json::object{};
    const auto skus = sku_map();
    const ValidationResult r = validate_summary(text, with_artifacts(s, skus));
    CHECK(count_code(r.errors, "benchmark-surface") == 1);
    CHECK(all_messages(r).find("missing 1 expanded case") != std::string::npos);
}

TEST_CASE("21 the full surface rejects a missing reference SKU timing") {
    const std::string text = render();
    Surface s = example_surface();
    s.payload(true, "example_float_planar_advanced").erase(H100);
    const auto skus = sku_map();
    const ValidationResult r = validate_summary(text, with_artifacts(s, skus));
    CHECK_FALSE(r.ok());
    CHECK(all_messages(r).find("lacks full before/after") != std::string::npos);
}

TEST_CASE("22 refresh preserves the human fields and the surrounding description") {
    const std::string suffix =
        "\n\n## Memory footprint\nPeak attributable increase: 0 B\nNew runtime CUDA "
        "allocations/frees: no\nEvidence: Source inspection found no new runtime allocations.\n";
    const std::string text = render(State::Final, "Intro\n\n", suffix);
    const Surface s = example_surface();
    const auto skus = sku_map();
    RefreshOptions o;
    o.state = State::Provisional;
    o.candidate_commit = std::string(40, '3');
    const std::string refreshed = refresh_summary(text, artifacts(s, skus), o);
    CHECK(refreshed.rfind("Intro\n\n", 0) == 0);
    CHECK(refreshed.size() > suffix.size());
    CHECK(refreshed.substr(refreshed.size() - suffix.size()) == suffix);
    const ParsedSummary parsed = parse_summary(refreshed);
    CHECK(parsed.body.bottleneck == Bottleneck::MemoryBound);
    CHECK(parsed.body.profile_evidence == memory_profile);
    CHECK(odo::text::ends_with(parsed.body.checklist[0].evidence, "12/12 passed."));
    CHECK(parsed.body.learnings[0].rfind("Vectorized RGB loads", 0) == 0);
    CHECK(parsed.metadata.state == State::Provisional);
    CHECK(parsed.metadata.candidate_commit == std::string(40, '3'));
}

TEST_CASE("23 fenced examples are inert but two live blocks are rejected") {
    const std::string live = render();
    CHECK(parse_summary("```markdown\n" + live + "\n```\n" + live).metadata.operator_name ==
          "Example");
    CHECK(parse_summary("````markdown\n```\n" + live + "\n```\n````\n" + live)
              .metadata.operator_name == "Example");
    CHECK(parse_error(live + "\n" + live) ==
          "expected exactly one live start marker and one matching end marker");
}

TEST_CASE("24 the visible schema rejects extra detail content") {
    const std::string text = render();
    CHECK(parse_error(replaced(text, "\n### Impact",
                               "\nExtra per-case detail must stay in artifacts.\n### Impact")) ==
          "Scope may contain only the canonical count and category list");
    CHECK(parse_error(replaced(text, "\n### Layout comparison",
                               "\n| Extra | Per-case | Detail |\n### Layout comparison")) ==
          "Impact table contains a malformed row");
}

TEST_CASE("25 untrusted metadata types fail with bounded messages") {
    const std::string text = render();
    for (const char* state : {"{}", "[]", "7", "null"})
        CHECK(
            parse_error(replaced(text, "\"state\":\"final\"", std::string("\"state\":") + state)) ==
            "metadata state must be provisional or final");
}

TEST_CASE("26 a checked item needs hard evidence and a passing gate") {
    const Surface s = example_surface();
    const auto skus = sku_map();
    ValidationOptions o = with_artifacts(s, skus);
    o.evidence_results = all_pass();
    const std::string weak =
        replaced(render(),
                 "cvcuda_test_system used EXPECT_EQ against the CPU reference; 12/12 "
                 "passed.",
                 "PASS");
    CHECK(count_code(validate_summary(weak, o).errors, "checklist-evidence") >= 1);
    ValidationOptions manual;
    manual.evidence_results.emplace();
    for (auto label : checklist_labels)
        (*manual.evidence_results)[std::string(label)] = "MANUAL";
    CHECK(count_code(validate_summary(render(), manual).errors, "checklist-gate") == 6);
}

TEST_CASE("27 hand-edited impact and layout statistics are rejected") {
    const std::string text = render();
    const Surface s = example_surface();
    const auto skus = sku_map();
    const auto o = with_artifacts(s, skus);
    const std::string impact = replaced(text, "| A100 | Optimized | 2 | 2.00x | 2.00x | 2.00x |",
                                        "| A100 | Optimized | 2 | 1.00x | 1.00x | 1.00x |");
    CHECK(count_code(validate_summary(impact, o).errors, "impact-statistics") == 1);
    const std::string layout = replaced(
        text, "| A100 | Interleaved / Planar | 2.00x / 2.00x / 2.00x | 2.00x / 2.00x / 2.00x |",
        "| A100 | Interleaved / Planar | 1.00x / 1.00x / 1.00x | 1.00x / 1.00x / 1.00x |");
    CHECK(count_code(validate_summary(layout, o).errors, "layout-statistics") == 1);
}

TEST_CASE("28 a non-reference SKU requires a prominent warning") {
    Surface s = example_surface();
    for (bool side : {false, true})
        for (auto& config : s.configs(side))
            for (auto& c : config.value().as_object()["baselines"].as_object())
                c.value().as_object()["RTX_6000_Ada"] =
                    boost::json::object{{"gpu_time_us_cpp", 100}};
    const auto skus = sku_map();
    const std::string text = generate_summary(metadata(), artifacts(s, skus), human());
    const std::string appendix_b =
        "> \xE2\x9A\xA0\xEF\xB8\x8F **Non-reference local GPU:** Results from RTX 6000 Ada are "
        "provisional and cannot satisfy final readiness; final A100 and H100 statistics are "
        "still required.";
    CHECK(text.find("222222222222`\n\n" + appendix_b + "\n\n**Primary bottleneck") !=
          std::string::npos);
    CHECK(text.find("| RTX 6000 Ada | Full operator | 6 | 1.00x | 1.00x | 1.00x |") !=
          std::string::npos);
    // Without the warning the block does not validate.
    const auto o = with_artifacts(s, skus);
    CHECK(count_code(validate_summary(replaced(text, appendix_b + "\n\n", ""), o).errors,
                     "local-sku-warning") == 1);
}

TEST_CASE("29 a partially measured non-reference SKU is not silently omitted") {
    Surface s = example_surface();
    for (bool side : {false, true})
        s.payload(side, "example_rgb_interleaved_basic")["RTX_6000_Ada"] =
            boost::json::object{{"gpu_time_us_cpp", side ? 5 : 10}};
    HumanContent h;
    h.profile_evidence = memory_profile;
    CHECK(generation_error(metadata(State::Provisional), s, h).find("lacks full before/after") !=
          std::string::npos);
}

TEST_CASE("30 conversion categories use the logical input and output types") {
    Surface s = example_surface();
    const std::string key = s.add("example_convert_advanced", "advanced", "uchar4", "NHWC", 10, 5,
                                  {{"code", "YUV2RGB_NV12"}});
    Metadata m = metadata();
    m.optimized_cases = {key};
    HumanContent h =
        human(compute_profile, "Conversion fusion improved the measured path by 2.00x.");
    h.bottleneck = Bottleneck::ComputeBound;
    const auto skus = sku_map();
    const std::string text = generate_summary(m, artifacts(s, skus), h);
    CHECK(text.find("`Tensor Interleaved NV12\xE2\x86\x92RGBA8`") != std::string::npos);
}

TEST_CASE("31 the logical type uses channel and output axes") {
    auto type_of = [](odo::surface::AxisValues axes) {
        const odo::surface::CaseKey key{"k", std::move(axes)};
        return logical_type(key, key.str());
    };
    const std::string arrow = "\xE2\x86\x92";
    CHECK(type_of({{"InOutDataType", "uint8"}, {"numChannels", "3"}}) == "RGB8");
    CHECK(type_of({{"InOutDataType", "uchar3"}, {"outDataType", "float32"}}) ==
          "RGB8" + arrow + "RGBF32");
    CHECK(type_of({{"InOutDataType", "uchar3"}, {"outChannels", "4"}}) == "RGB8" + arrow + "RGBA8");
    CHECK(type_of({{"InOutDataType", "short2"}, {"outDataType", "float32"}}) ==
          "2S16" + arrow + "2F32");
}

TEST_CASE("32 a duplicate workload identity is rejected before layout pairing") {
    Surface s = example_surface();
    s.add("example_rgb_interleaved_duplicate_basic", "basic", "uchar3", "NHWC", 20, 10);
    HumanContent h;
    h.profile_evidence = memory_profile;
    CHECK(generation_error(metadata(), s, h) ==
          "baseline duplicate expanded workload identity (tier, complete raw axes): '" +
              interleaved_basic_key + "' and '" +
              case_key("example_rgb_interleaved_duplicate_basic", "uchar3", entry_axes("NHWC")) +
              "'");
}

TEST_CASE("33 a duplicate workload without a layout counterpart is rejected") {
    Surface s = example_surface();
    s.remove("example_rgb_planar_basic");
    s.add("example_rgb_interleaved_duplicate_basic", "basic", "uchar3", "NHWC", 20, 10);
    HumanContent h;
    h.profile_evidence = memory_profile;
    CHECK(generation_error(metadata(), s, h).find("duplicate expanded workload identity") !=
          std::string::npos);
}

TEST_CASE("34 duplicate workload identity ignores the axis declaration order") {
    Surface s = example_surface();
    s.add_config("example_float_interleaved_reordered_advanced", "advanced", {"float3"},
                 {{"inputKind", {"Tensor"}}, {"layout", {"NHWC"}}, {"shape", {"4x1080x1920"}}},
                 {40, 20}, {80, 40});
    HumanContent h;
    h.profile_evidence = memory_profile;
    CHECK(generation_error(metadata(), s, h).find("complete raw axes") != std::string::npos);
}

TEST_CASE("35 legacy alias canonicalization does not depend on config order") {
    const std::string canonical = "brightnesscontrast_float3_varshape_advanced";
    const std::string alias = "brightnesscontrast_rgb_f32_1080p_advanced";
    auto config = [&](const std::vector<std::string>& order) {
        Surface s;
        for (const std::string& name : order)
            s.add(name, "advanced", "float3", "NHWC", 10, 5);
        s.before.as_object()["benchmark"] = "brightnesscontrast";
        return s.before;
    };
    const boost::json::value baseline = config({canonical, alias});
    const boost::json::value candidate = config({alias, canonical});
    const std::string canonical_key = case_key(canonical, "float3", entry_axes("NHWC"));
    for (const auto* doc : {&baseline, &candidate}) {
        const BenchmarkSurface surface = build_surface(*doc, "baseline");
        REQUIRE(surface.cases.size() == 1);
        CHECK(surface.cases[0].key == canonical_key);
        CHECK(surface.find(canonical_key));
        CHECK_FALSE(surface.find(case_key(alias, "float3", entry_axes("NHWC"))));
    }
}

TEST_CASE("36 identical raw axes in different tiers are distinct workloads") {
    Surface s = example_surface();
    s.add("example_float_interleaved_basic_copy", "basic", "float3", "NHWC", 40, 20);
    const auto skus = sku_map();
    const std::string text = generate_summary(metadata(), artifacts(s, skus), human());
    const ParsedSummary parsed = parse_summary(text);
    CHECK(parsed.metadata.operator_name == "Example");
    CHECK(parsed.body.total_count == 7);
}

TEST_CASE("37 the checked-in operator configs have supported workload identities") {
    const std::filesystem::path dir =
        std::filesystem::path(ODO_TEST_DATA_DIR) / "cvcuda/bench/config/operators";
    std::vector<std::string> duplicates;
    std::size_t checked = 0;
    for (const auto& file : std::filesystem::directory_iterator(dir)) {
        const auto doc = odo::json::parse(odo::read_file(file.path()), file.path().string());
        ++checked;
        try {
            build_surface(doc, file.path().filename().string());
        } catch (const SummaryError& e) {
            if (std::string(e.what()).find("duplicate expanded workload identity") !=
                std::string::npos)
                duplicates.push_back(e.what());
        }
    }
    CHECK(checked == 7);
    CHECK(duplicates.empty());
}
