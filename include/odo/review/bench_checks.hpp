#pragma once
#include "odo/baseline/coverage.hpp"
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/core/finding.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/core/text.hpp"
#include "odo/repo/tooling.hpp"
#include "odo/review/support_info.hpp"
#include "odo/surface/bench_config.hpp"
#include "odo/surface/benched_axes.hpp"
#include "odo/surface/fake_planar.hpp"

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::review {

// The bench checks the optimization preflight reuses (review-refactor.md §1.9.3–1.9.5).

inline constexpr std::string_view bench_guideline =
    ".agents/guidance/REVIEW_OP_GUIDELINES.md#bench / bench/README.md";

// The operator's bench config as the checks receive it: loaded, or why it cannot be used.
struct BenchConfigInput {
    std::string source; // the config path, for messages
    std::optional<surface::BenchConfig> config;
    std::string problem; // set when `config` is empty
};

// The problem review has with a config that loaded: the old flat shape or no configs; "" when
// review can judge it.
ODO_API std::string bench_config_shape_problem(const surface::BenchConfig& config,
                                               const std::string& source);
// Review's input from a config already loaded, which it takes over when it can judge it.
ODO_API BenchConfigInput bench_config_input_of(std::string source, surface::BenchConfig config);
#if ODO_REVIEW_DEFINITIONS
ODO_API std::string bench_config_shape_problem(const surface::BenchConfig& config,
                                               const std::string& source) {
    if (config.old_shape)
        return source + ": old flat shape without a \"configs\" key; rewrite it as "
                        "{\"benchmark\": …, \"configs\": {…}}";
    if (config.entries.empty())
        return source + ": configs is empty";
    return {};
}

ODO_API BenchConfigInput bench_config_input_of(std::string source, surface::BenchConfig config) {
    BenchConfigInput input{std::move(source), std::nullopt, {}};
    input.problem = bench_config_shape_problem(config, input.source);
    if (input.problem.empty())
        input.config = std::move(config);
    return input;
}

// Reads a config document for review. Review accepts only the `{"benchmark", "configs"}` shape
// with at least one config; an empty file, invalid JSON, the old flat shape, empty `configs` or
// any structural error is a problem, never an exception.
inline BenchConfigInput parse_bench_config_input(std::string_view text, std::string_view source) {
    if (odo::text::strip(text).empty())
        return {std::string(source), std::nullopt, std::string(source) + ": file is empty"};
    try {
        return bench_config_input_of(std::string(source),
                                     surface::load_bench_config(json::parse(text, source), source));
    } catch (const InputError& e) {
        return {std::string(source), std::nullopt, e.what()};
    }
}

inline BenchConfigInput read_bench_config_input(const std::filesystem::path& path) {
    if (const auto text = try_read_file(path))
        return parse_bench_config_input(*text, path.string());
    return {path.string(), std::nullopt, path.string() + ": missing or unreadable"};
}
#endif // ODO_REVIEW_DEFINITIONS

namespace detail {

#if ODO_REVIEW_DEFINITIONS
inline Finding bench_finding(std::string_view id, Phase phase) {
    Finding f;
    f.id = id;
    f.phase = phase;
    f.guideline = bench_guideline;
    return f;
}

inline Finding decided(Finding f, Status status, std::string summary, std::string evidence,
                       std::string fix = {}) {
    f.status = status;
    f.summary = std::move(summary);
    f.evidence = std::move(evidence);
    f.fix = std::move(fix);
    return f;
}

inline Finding not_evaluable(Finding f, const BenchConfigInput& input) {
    return decided(std::move(f), Status::Gap, "Not evaluable \xE2\x80\x94 bench config missing",
                   input.problem, "Add or repair " + input.source + ", then re-run");
}

inline std::vector<std::string> first(const std::vector<std::string>& items, std::size_t n) {
    return {items.begin(), items.begin() + static_cast<std::ptrdiff_t>(std::min(n, items.size()))};
}

inline std::string python_bool(bool b) {
    return b ? "True" : "False";
}

// The public header's name in a message; a test may probe a header text without one.
inline std::string header_name(const SupportInfo& support) {
    return support.header.empty() ? "the public header" : support.header;
}

// What the header says that leaves the operator one layout at most, so that a layout axis could
// only hold a constant: one input layout in the Limitations table, or none and planar layouts
// declared not applicable. nullopt when it declares more, or nothing at all.
inline std::optional<std::string> single_layout_reason(const SupportInfo& support) {
    if (support.input_layouts.size() == 1)
        return header_name(support) + " declares one input layout in its Limitations table (" +
               *support.input_layouts.begin() + ")";
    if (support.input_layouts.empty() && support.planar_not_applicable)
        return header_name(support) +
               " declares no input layout and 'Planar image layouts: Not applicable' (Reason: " +
               support.planar_reason + ")";
    return std::nullopt;
}

inline bool has_layout_axis(const boost::json::object& fields) {
    const auto* axes = fields.if_contains("string_axes");
    return axes && axes->is_object() && axes->get_object().contains("layout");
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace detail

#if ODO_REVIEW_DEFINITIONS
// Config present, in the shape review reads, and every config tiered basic or advanced.
inline Finding check_bench_config(const BenchConfigInput& input, Phase phase = Phase::Preflight) {
    Finding f = detail::bench_finding("BEN-4", phase);
    if (!input.config)
        return detail::decided(std::move(f), Status::Gap, "Operator bench config missing/invalid",
                               input.problem,
                               "Add " + input.source +
                                   " as {\"benchmark\", \"configs\"} with a tier (basic or "
                                   "advanced) in every config");
    const std::string evidence = std::to_string(input.config->entries.size()) + " configs";
    const auto invalid = surface::configs_with_invalid_tier(*input.config);
    if (invalid.empty())
        return detail::decided(std::move(f), Status::Pass,
                               "Bench config present; every config has tier basic or advanced",
                               evidence);
    return detail::decided(std::move(f), Status::Gap,
                           std::to_string(invalid.size()) +
                               " config(s) with missing or invalid tier: " +
                               python_list_repr(detail::first(invalid, 5)),
                           evidence, "Set \"tier\" to \"basic\" or \"advanced\" in every config");
}

// Every config has a truthful layout axis, or none has when the benchmark has no layout or the
// operator has one layout at most (odo's N-A; the reference asks for the axis regardless).
inline Finding check_layout_axis(const BenchConfigInput& input, const SupportInfo& support,
                                 Phase phase = Phase::Preflight) {
    Finding f = detail::bench_finding("BEN-5", phase);
    if (!input.config)
        return detail::not_evaluable(std::move(f), input);
    std::vector<std::string> with_layout, without_layout;
    for (const surface::ConfigEntry& e : input.config->entries)
        (detail::has_layout_axis(e.fields) ? with_layout : without_layout).push_back(e.key);
    if (support.bench_layout_na) {
        if (with_layout.empty())
            return detail::decided(std::move(f), Status::NotApplicable,
                                   "Layout axis N-A (the benchmark has no truthful layout)",
                                   std::to_string(without_layout.size()) +
                                       " configs without a layout axis");
        return detail::decided(std::move(f), Status::Gap,
                               "layout N-A but " + std::to_string(with_layout.size()) +
                                   " config(s) carry a dummy layout axis",
                               python_list_repr(detail::first(with_layout, 6)),
                               "Remove the dummy layout axis from these configs");
    }
    if (without_layout.empty())
        return detail::decided(std::move(f), Status::Pass, "Every config declares a layout axis",
                               std::to_string(with_layout.size()) + " configs");
    if (const auto one = detail::single_layout_reason(support)) {
        if (with_layout.empty())
            return detail::decided(std::move(f), Status::NotApplicable,
                                   "Layout axis N-A (the operator has a single layout)",
                                   *one + "; " + std::to_string(without_layout.size()) +
                                       " configs without a layout axis");
        return detail::decided(std::move(f), Status::Gap,
                               std::to_string(without_layout.size()) +
                                   " config(s) lack a layout axis",
                               python_list_repr(detail::first(without_layout, 6)),
                               "Either remove string_axes.layout from every config (" + *one +
                                   "), or add it to these configs");
    }
    return detail::decided(std::move(f), Status::Gap,
                           std::to_string(without_layout.size()) + " config(s) lack a layout axis",
                           python_list_repr(detail::first(without_layout, 6)),
                           "Add a truthful string_axes.layout axis (e.g. NHWC, NCHW) to these "
                           "configs");
}
#endif // ODO_REVIEW_DEFINITIONS

namespace detail {

#if ODO_REVIEW_DEFINITIONS
// What to write in the header's doc comment, exactly: either planar layouts in the Limitations
// table's input row, or the two-line opt-out parse_planar_policy reads (docs/bench.md).
inline std::string planar_policy_fix(const SupportInfo& support) {
    return "In " + header_name(support) +
           "'s doc comment, either list the planar layouts in the Limitations table's input "
           "row (` *      Data Layout:    [kNHWC, kNCHW]` under ` * Input:`), or write "
           "` * Planar image layouts: Not applicable` and on the next line "
           "` * Reason: <why no planar layout applies>` (docs/bench.md, \"Layout coverage: "
           "BEN-5 and BEN-6\")";
}

// BEN-6's verdict for a planar operator whose FakePlanar cases pair correctly.
inline Finding planar_layout_coverage(Finding f, const SupportInfo& support, bool has_native,
                                      bool has_fake) {
    const bool fake_applicable = support.has_tensor && !support.bench_rgb_na;
    const std::string evidence =
        "native NCHW/CHW=" + python_bool(has_native) + " FakePlanar=" + python_bool(has_fake);
    if (!has_native)
        return decided(std::move(f), Status::Gap, "Image-layout bench configs incomplete", evidence,
                       "Add native NCHW bench configs (and, for a Tensor benchmark, an advanced "
                       "NCHW_FAKE case paired with one same-tier native NCHW case)");
    if (has_fake)
        return decided(std::move(f), Status::Pass, "Image-layout bench configs (NCHW + NCHW_FAKE)",
                       evidence);
    if (fake_applicable)
        return decided(std::move(f), Status::Gap, "Image-layout bench configs incomplete", evidence,
                       "Add an advanced NCHW_FAKE Tensor case paired with exactly one same-tier "
                       "native NCHW case with identical non-layout axes");
    return decided(std::move(f), Status::Pass,
                   support.has_tensor
                       ? "Image-layout bench configs (NCHW; NCHW_FAKE N-A for scalar/RGB-N-A "
                         "tensor benchmark)"
                       : "Image-layout bench configs (NCHW; NCHW_FAKE N-A for var-shape-only op)",
                   evidence);
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace detail

// Native planar and FakePlanar coverage, in the exact decision order of §1.9.4: pairing issues
// first, then the curated layout N-A, then the planar policy.
ODO_API Finding check_planar_coverage(const BenchConfigInput& input, const SupportInfo& support,
                                      Phase phase = Phase::Preflight);
// The bench checks of the optimization preflight, in report order.
ODO_API std::vector<Finding> bench_domain_findings(const BenchConfigInput& input,
                                                   const std::vector<std::string>& sku_stems,
                                                   const SupportInfo& support,
                                                   Phase phase = Phase::Preflight,
                                                   const repo::BaselineCapture& capture = {});
#if ODO_REVIEW_DEFINITIONS
ODO_API Finding check_planar_coverage(const BenchConfigInput& input, const SupportInfo& support,
                                      Phase phase) {
    Finding f = detail::bench_finding("BEN-6", phase);
    if (!input.config)
        return detail::not_evaluable(std::move(f), input);
    const auto& layouts = surface::collect_benched_axes(*input.config).all.layouts;
    const bool has_fake = layouts.count("NCHW_FAKE") > 0 || layouts.count("CHW_FAKE") > 0;
    const bool has_native = layouts.count("NCHW") > 0 || layouts.count("CHW") > 0;
    const auto issues =
        has_fake ? surface::fake_planar_pairing_issues(*input.config) : std::vector<std::string>{};
    if (!issues.empty())
        return detail::decided(
            std::move(f), Status::Gap,
            std::to_string(issues.size()) +
                " unmatched/invalid FakePlanar case signature(s); each requires exactly one "
                "same-tier native NCHW/CHW Tensor case",
            odo::text::join(issues, " | "),
            "Give each FakePlanar case exactly one advanced Tensor native NCHW/CHW case with "
            "identical non-layout axes in the same tier");
    if (support.bench_layout_na)
        return detail::decided(std::move(f), Status::NotApplicable,
                               "Planar bench configs N-A (the benchmark has no truthful layout)",
                               "curated layout N-A");
    if (support.planar)
        return detail::planar_layout_coverage(std::move(f), support, has_native, has_fake);
    if (support.planar_not_applicable)
        return detail::decided(std::move(f), Status::NotApplicable,
                               "Planar image layouts not applicable; no planar bench configs "
                               "required",
                               support.planar_reason);
    return detail::decided(std::move(f), Status::Gap,
                           "Layout policy is incomplete; required bench configs cannot be "
                           "determined",
                           support.planar_policy_error, detail::planar_policy_fix(support));
}

// Committed baselines cover every expected case key × every SKU stem of sku_map.json. `capture`
// words the fix for the library's tooling; the default keeps CV-CUDA's sentence.
inline Finding check_baseline_completeness(const BenchConfigInput& input,
                                           const std::vector<std::string>& sku_stems,
                                           Phase phase = Phase::Preflight,
                                           const repo::BaselineCapture& capture = {}) {
    Finding f = detail::bench_finding("BEN-7", phase);
    if (!input.config)
        return detail::not_evaluable(std::move(f), input);
    // The reference's MANUAL let PRE-2 pass against zero SKUs: completeness against nothing is
    // no evidence.
    if (sku_stems.empty())
        return detail::decided(
            std::move(f), Status::Gap, "No SKUs in sku_map.json to check against",
            "sku_map.json lists no stem", "Add the reference SKUs to the SKU map, then re-run");
    const auto coverage = baseline::baseline_coverage(*input.config, sku_stems);
    if (coverage.complete())
        return detail::decided(std::move(f), Status::Pass,
                               "Baselines complete for all " +
                                   std::to_string(coverage.total_cases) + " case-keys \xC3\x97 " +
                                   std::to_string(sku_stems.size()) + " SKUs",
                               "SKUs=" + python_list_repr(sku_stems));
    if (!coverage.invalid.empty())
        return detail::decided(std::move(f), Status::Gap,
                               "Baseline completeness could not expand " +
                                   std::to_string(coverage.invalid.size()) + " config(s)",
                               odo::text::join(detail::first(coverage.invalid, 4), "; "),
                               "Repair the config axes and baselines objects before "
                               "regenerating baselines");
    std::vector<std::string> examples;
    for (std::size_t i = 0; i < coverage.missing.size() && i < 4; ++i)
        examples.push_back(coverage.missing[i].case_key + "\xE2\x86\x92" + coverage.missing[i].sku);
    return detail::decided(std::move(f), Status::Gap,
                           "Baselines incomplete: " + std::to_string(coverage.missing.size()) +
                               " missing case/SKU entries",
                           "e.g. " + odo::text::join(examples, "; "),
                           capture.cvcuda()
                               ? "Remove unsupported declared cases from the axes; otherwise "
                                 "regenerate via the MR baseline-regen CI and "
                                 "bench/_internal/update_baseline.py (never fabricate baselines)"
                               : "Remove unsupported declared cases from the axes; otherwise "
                                 "measure the missing rows on each SKU with " +
                                     capture.measure_or_import() + " (never fabricate baselines)");
}

ODO_API std::vector<Finding> bench_domain_findings(const BenchConfigInput& input,
                                                   const std::vector<std::string>& sku_stems,
                                                   const SupportInfo& support, Phase phase,
                                                   const repo::BaselineCapture& capture) {
    return {check_bench_config(input, phase), check_layout_axis(input, support, phase),
            check_planar_coverage(input, support, phase),
            check_baseline_completeness(input, sku_stems, phase, capture)};
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace odo::review
