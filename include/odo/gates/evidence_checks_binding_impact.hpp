#pragma once
// ODO-12 (gates.md §4): a binding-only optimization must show that the Python-over-C++ gap
// shrank by more than the paired-gap combined standard error, on every reference SKU, for every
// optimized case — and that the remaining gap is within the C++/Python parity limit.
#include "odo/baseline/quality.hpp"
#include "odo/core/fixed_point.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/linkage.hpp"
#include "odo/gates/evidence_checks_common.hpp"
#include "odo/gates/evidence_checks_regression.hpp"
#include "odo/repo/language.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace odo::gates {

// What ODO-12 reads: the summary's metadata, the configs at the summary's baseline commit and
// in the working tree, and the reference SKUs in SKU-map file order.
struct BindingImpactFacts {
    std::string summary_error; // non-empty when the summary does not parse
    std::string baseline_commit;
    std::vector<std::string> optimized_cases;
    std::shared_ptr<const boost::json::value> baseline_config; // shared with ODO-3's facts
    std::shared_ptr<const boost::json::value> candidate_config;
    std::vector<std::string> reference_skus;
    std::string sku_map_path; // for the message when it lists no SKU
    repo::LanguageSet languages;
};

namespace detail {

struct PairedGap {
    double cpp = 0, python = 0, gap_stddev = 0, runs = 0;
    double gap() const { return python - cpp; }
};

#if ODO_GATES_DEFINITIONS
inline const boost::json::object* child_object(const boost::json::object* o, std::string_view key) {
    if (!o)
        return nullptr;
    const boost::json::value* v = o->if_contains(key);
    return v ? v->if_object() : nullptr;
}

// The case's paired-gap metrics for one SKU, or nullopt when any is missing or invalid
// (finite times > 0, a dispersion >= 0, at least two whole runs).
inline std::optional<PairedGap> paired_gap(const boost::json::value& config,
                                           const std::string& case_key, const std::string& sku) {
    const std::string config_key = case_key.substr(0, case_key.find('['));
    const boost::json::object* row = child_object(
        child_object(
            child_object(child_object(child_object(config.if_object(), "configs"), config_key),
                         "baselines"),
            case_key),
        sku);
    auto number = [&](const char* field) -> std::optional<double> {
        const boost::json::value* v = row ? row->if_contains(field) : nullptr;
        const auto n = v && !v->is_bool() ? json::as_number(*v) : std::nullopt;
        return n && std::isfinite(*n) ? n : std::nullopt;
    };
    const auto cpp = number("gpu_time_us_cpp"), py = number("gpu_time_us_python"),
               sd = number("gpu_gap_stddev_us"), runs = number("n_runs");
    if (!cpp || !py || !sd || !runs || *cpp <= 0 || *py <= 0 || *sd < 0 || *runs < 2 ||
        std::floor(*runs) != *runs)
        return std::nullopt;
    return PairedGap{*cpp, *py, *sd, *runs};
}
#endif // ODO_GATES_DEFINITIONS

} // namespace detail

#if ODO_GATES_DEFINITIONS
inline Finding check_odo12_binding_impact(const ChangeRange& range, const repo::OperatorPaths& op,
                                          const BindingImpactFacts& f, const std::string& guide) {
    // Without a binding there is no Python overhead to reduce, whatever the change.
    if (!f.languages.has_python())
        return detail::evidence_finding(
            "ODO-12", Status::NotApplicable,
            "Python-overhead significance gate applies only to a library with a Python binding",
            "layout languages=" + text::join(repo::language_names(f.languages), ", "), guide);
    if (auto unknown = detail::unknown_change("ODO-12", range, guide))
        return *unknown;
    std::vector<std::string> impl = range.implementation_changed;
    std::sort(impl.begin(), impl.end());
    impl.erase(std::unique(impl.begin(), impl.end()), impl.end());
    if (impl != std::vector<std::string>{op.pybind})
        return detail::evidence_finding(
            "ODO-12", Status::NotApplicable,
            "Python-overhead significance gate applies to binding-only optimizations",
            "changed implementation files=" + (impl.empty() ? "none" : text::join(impl, ", ")),
            guide);
    if (!f.summary_error.empty())
        return detail::evidence_finding(
            "ODO-12", Status::Gap,
            "Binding-only impact cannot be validated from the optimization summary",
            f.summary_error, guide, "Generate a valid optimization summary.");
    if (!f.baseline_config || !f.baseline_config->is_object() || !f.candidate_config ||
        !f.candidate_config->is_object())
        return detail::evidence_finding(
            "ODO-12", Status::Gap, "Binding-only impact benchmark data is unavailable",
            "baseline=" + f.baseline_commit + "; candidate=" + op.bench_cfg, guide,
            "Restore the baseline and candidate benchmark configs, then rerun.");
    if (f.reference_skus.empty())
        return detail::evidence_finding("ODO-12", Status::Gap,
                                        "Binding-only impact has no configured reference SKUs",
                                        f.sku_map_path + " contains no valid stems", guide,
                                        "List the reference SKUs in the SKU map.");
    std::vector<std::string> lines, failures;
    const double parity_us = baseline::default_benchmark_quality.max_perf_diff_us;
    for (const std::string& key : f.optimized_cases) {
        const std::string config_key = key.substr(0, key.find('['));
        for (const std::string& sku : f.reference_skus) {
            const auto before = detail::paired_gap(*f.baseline_config, key, sku);
            const auto after = detail::paired_gap(*f.candidate_config, key, sku);
            if (!before || !after) {
                failures.push_back(sku + " " + config_key +
                                   ": missing timing/paired-gap-dispersion/run metrics");
                continue;
            }
            const double reduction = before->gap() - after->gap();
            const double se = std::sqrt(before->gap_stddev * before->gap_stddev / before->runs +
                                        after->gap_stddev * after->gap_stddev / after->runs);
            const std::string line =
                sku + " " + config_key + ": gap " + fixed_point(before->gap(), 2) + "->" +
                fixed_point(after->gap(), 2) + " us; reduction " + fixed_point(reduction, 2) +
                " us; paired-gap combined SE " + fixed_point(se, 2) + " us";
            lines.push_back(line);
            std::vector<std::string> reasons;
            if (reduction <= se)
                reasons.emplace_back("reduction does not clear combined standard error");
            if (baseline::exceeds_limit(std::abs(after->gap()), parity_us))
                reasons.emplace_back("candidate gap exceeds 100 us");
            if (!reasons.empty())
                failures.push_back(line + " (" + text::join(reasons, "; ") + ")");
        }
    }
    if (!failures.empty())
        return detail::evidence_finding("ODO-12", Status::Gap,
                                        "Binding-only Python-overhead improvement is not proven",
                                        detail::clipped(text::join(failures, "; ")), guide,
                                        "Collect repeated paired artifacts (n_runs >= 2 with "
                                        "gpu_gap_stddev_us) or improve the binding further.");
    return detail::evidence_finding(
        "ODO-12", Status::Pass,
        "Binding-only Python-overhead improvement clears paired-gap combined standard error",
        detail::clipped(text::join(lines, "; ")), guide);
}
#endif // ODO_GATES_DEFINITIONS

} // namespace odo::gates
