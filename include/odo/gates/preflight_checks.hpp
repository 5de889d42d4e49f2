#pragma once
// The preflight checks PRE-1 … PRE-6 (gates.md §3) as pure functions of the facts they judge.
// Gathering the facts (review checks, files, PATH, git) is gates/preflight.hpp's job, so every
// outcome of every check can be driven from a unit test.
#include "odo/core/finding.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/core/text.hpp"
#include "odo/gates/guideline_anchors.hpp"
#include "odo/gates/review_findings.hpp"
#include "odo/repo/tooling.hpp"

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace odo::gates {

// Guideline citations; the layout profile supplies the guide's path.
struct PreflightGuides {
    std::string coverage;  // …#establish-coverage-and-baseline (PRE-1, 2, 3, 6)
    std::string profiling; // …#profiling (PRE-4)
    std::string survey;    // …#survey-and-scope (PRE-5)

    static PreflightGuides from_guide(const std::string& guide) {
        return {guide + std::string(coverage_anchor), guide + std::string(profiling_anchor),
                guide + std::string(survey_anchor)};
    }
};

namespace detail {

#if ODO_GATES_DEFINITIONS
// The first `n` items joined by `separator`, then "(+k more)" for the rest.
inline std::string first_joined(const std::vector<std::string>& items, std::size_t n,
                                const std::string& separator) {
    const std::vector<std::string> shown(items.begin(),
                                         items.begin() + std::min<std::size_t>(n, items.size()));
    std::string out = text::join(shown, separator);
    if (items.size() > n)
        out += " (+" + std::to_string(items.size() - n) + " more)";
    return out;
}

// The gate's own sentence, then each blocking review finding's fix.
inline std::string with_key_fixes(std::string sentence, const std::vector<std::string>& fixes) {
    for (const std::string& fix : fixes)
        sentence += " " + fix;
    return sentence;
}

// PRE-1 and PRE-2: a review domain's key findings; any GAP blocks. A MANUAL key finding makes
// the check MANUAL (the reference passed it): a question a human must answer is never a pass.
// The checks run natively, so "review tool absent" (the reference's MANUAL) cannot happen.
inline Finding coverage_from_review(std::string id, const std::string& label,
                                    const std::string& domain,
                                    const std::vector<std::string>& key_ids,
                                    const std::vector<Finding>& review, const std::string& guide) {
    if (const auto gaps = key_findings(review, key_ids, Status::Gap); !gaps.empty())
        return {std::move(id),
                Phase::Preflight,
                Status::Gap,
                label + " incomplete",
                text::join(gaps, "; "),
                guide,
                with_key_fixes("Add the missing " + domain +
                                   " coverage before optimizing, as a separate non-perf commit "
                                   "pushed before the optimization.",
                               key_fixes(review, key_ids, Status::Gap))};
    if (const auto manual = key_findings(review, key_ids, Status::Manual); !manual.empty())
        return {std::move(id),
                Phase::Preflight,
                Status::Manual,
                label + " needs a human decision (review_op " + domain + ")",
                text::join(manual, "; "),
                guide,
                with_key_fixes("Resolve what the review finding(s) ask before optimizing, and "
                               "record the decision in the MR.",
                               key_fixes(review, key_ids, Status::Manual))};
    return {std::move(id),
            Phase::Preflight,
            Status::Pass,
            label + " present (review_op " + domain + ")",
            "review_op " + domain + " domain: no blocking GAP in " + python_list_repr(key_ids),
            guide,
            ""};
}
#endif // ODO_GATES_DEFINITIONS

} // namespace detail

#if ODO_GATES_DEFINITIONS
inline Finding check_pre1_correctness_coverage(const std::vector<Finding>& test_domain,
                                               const PreflightGuides& g) {
    return detail::coverage_from_review("PRE-1", "Correctness/regression coverage", "test",
                                        test_key_ids(), test_domain, g.coverage);
}

inline Finding check_pre2_benchmark_coverage(const std::vector<Finding>& bench_domain,
                                             const PreflightGuides& g) {
    return detail::coverage_from_review("PRE-2", "Benchmark coverage + baselines", "bench",
                                        {"BEN-4", "BEN-5", "BEN-6", "BEN-7"}, bench_domain,
                                        g.coverage);
}
#endif // ODO_GATES_DEFINITIONS

// PRE-3 judges the committed rows as odo_baseline validate does; the caller validates them.
struct CapturedBaselines {
    std::string config_path; // repo-relative
    bool config_present = false;
    std::string parse_error;          // why the file is not a config (names the file); or empty
    std::size_t metric_rows = 0;      // case x SKU payloads validated
    std::vector<std::string> invalid; // "<case key> <SKU>: <field and rule>", validator order
};

#if ODO_GATES_DEFINITIONS
// `capture` words the fix for the library's tooling; the default keeps CV-CUDA's sentence.
inline Finding check_pre3_baseline_captured(const CapturedBaselines& c, const PreflightGuides& g,
                                            const repo::BaselineCapture& capture = {}) {
    if (c.metric_rows > 0 && c.invalid.empty())
        return {"PRE-3",
                Phase::Preflight,
                Status::Pass,
                "Baseline captured for the surface",
                c.config_path,
                g.coverage,
                ""};
    std::string evidence;
    if (!c.config_present)
        evidence = c.config_path + ": missing";
    else if (!c.parse_error.empty())
        evidence = c.parse_error;
    else if (!c.invalid.empty())
        evidence = c.config_path + ": " + std::to_string(c.invalid.size()) +
                   " baseline problem(s) odo_baseline validate rejects: " +
                   detail::first_joined(c.invalid, 3, "; ");
    else
        evidence = c.config_path + ": no case x SKU baseline row with a measured GPU time";
    return {"PRE-3",
            Phase::Preflight,
            Status::Gap,
            "No baselines in the op config",
            std::move(evidence),
            g.coverage,
            capture.cvcuda()
                ? "Capture and commit a baseline (CI on the bench-only SHA) before optimizing."
                : "Capture a baseline with " + capture.measure_or_import() +
                      ", and commit it on its own before the first optimization."};
}

inline Finding check_pre4_profiler_availability(bool has_ncu, bool has_nsys,
                                                const PreflightGuides& g) {
    std::vector<std::string> found;
    if (has_ncu)
        found.emplace_back("ncu");
    if (has_nsys)
        found.emplace_back("nsys");
    if (!found.empty())
        return {"PRE-4",
                Phase::Preflight,
                Status::Pass,
                "Profiler(s) available: " + text::join(found, ", "),
                "PATH probe",
                g.profiling,
                ""};
    return {"PRE-4",
            Phase::Preflight,
            Status::Manual,
            "ncu/nsys not on PATH",
            "PATH probe",
            g.profiling,
            "Install or enable ncu or nsys, or record the profiler's unavailability in the MR."};
}
#endif // ODO_GATES_DEFINITIONS

// PRE-5 points at the surface ODO-5 will snapshot. It passes when that surface exists; a
// missing public header or binding means ODO-5 would fail closed, which a human must resolve.
struct ApiSurface {
    std::vector<std::string> header_paths; // public C / C++ headers (repo-relative)
    std::string binding_path;              // empty when the layout has no binding
    std::vector<std::string> missing;      // which of them do not exist
};

#if ODO_GATES_DEFINITIONS
inline Finding check_pre5_api_abi_pointer(const ApiSurface& s, const PreflightGuides& g) {
    std::string evidence = "public headers: " + text::join(s.header_paths, ", ");
    if (!s.binding_path.empty())
        evidence += "; binding: " + s.binding_path;
    const std::string summary = "API/ABI must stay unchanged; verified at --phase evidence (ODO-5)";
    if (s.missing.empty())
        return {"PRE-5", Phase::Preflight, Status::Pass, summary, std::move(evidence), g.survey,
                ""};
    return {"PRE-5",
            Phase::Preflight,
            Status::Manual,
            summary,
            evidence + "; missing: " + text::join(s.missing, ", "),
            g.survey,
            "Name the operator's public surface (layout profile) so ODO-5 can snapshot it."};
}
#endif // ODO_GATES_DEFINITIONS

// Everything PRE-6 needs from git, gathered by the caller.
struct FreshnessFacts {
    std::string op;                 // lower-case stem, for the regen recipe
    std::string config_path;        // repo-relative
    std::string base;               // as given
    std::string last_refresh;       // full SHA, "" when not found in the window
    std::string base_sha;           // full SHA, "" when base does not resolve
    std::optional<int> ancestry_rc; // merge-base --is-ancestor <refresh> <base>; nullopt: no git
    bool refresh_commit_present = true;
    std::optional<std::vector<std::string>> changed; // <refresh>...<base>; nullopt: git failed
};

#if ODO_GATES_DEFINITIONS
inline std::string baseline_regen_block(const std::string& op) {
    return "```ci\n{\"config\": \"baseline-regen\", \"benchmark_operators\": \"" + op + "\"}\n```";
}

// `capture` words the fixes for the library's tooling; the default keeps CV-CUDA's sentences.
inline Finding
check_pre6_baseline_freshness(const FreshnessFacts& f,
                              const std::function<bool(const std::string&)>& moves_this_operator,
                              const PreflightGuides& g, const repo::BaselineCapture& capture = {}) {
    const std::string regen = baseline_regen_block(f.op);
    const std::string recapture =
        "To re-measure the baselines instead, run " + capture.measure_or_import() + ".";
    const std::string fetch_fix =
        capture.cvcuda()
            ? "Fetch full history, then re-run. Capture a fresh burn-in with:\n" + regen
            : "Fetch full history, then re-run. " + recapture;
    auto finding = [&](Status s, std::string summary, std::string evidence, std::string fix) {
        return Finding{"PRE-6",    Phase::Preflight, s, std::move(summary), std::move(evidence),
                       g.coverage, std::move(fix)};
    };
    const std::string config = "config=" + f.config_path;
    if (f.last_refresh.empty() || f.base_sha.empty())
        return finding(
            Status::Manual, "Baseline freshness could not be determined from git history",
            config + "; base=" + (f.base.empty() ? "unset" : f.base) +
                "; last refresh=" + (f.last_refresh.empty() ? "unknown" : f.last_refresh),
            capture.cvcuda() ? "Fetch full history (a shallow clone hides the refresh commit), "
                               "then re-run. Capture a fresh reference-SKU burn-in with:\n" +
                                   regen
                             : "Fetch full history (a shallow clone hides the refresh commit), "
                               "then re-run. " +
                                   recapture);
    const std::string refresh12 = f.last_refresh.substr(0, 12);
    if (f.ancestry_rc != 0 && f.ancestry_rc != 1)
        return finding(
            Status::Manual,
            "Baseline freshness could not be determined: git could not compare the commits",
            config + "; merge-base --is-ancestor exited " +
                (f.ancestry_rc ? std::to_string(*f.ancestry_rc) : "None") + " (shallow clone?)",
            fetch_fix);
    if (f.ancestry_rc == 1)
        return finding(
            Status::Pass, "Baselines were refreshed at or after the campaign base",
            config + "; last refresh=" + refresh12 + "; base=" + f.base_sha.substr(0, 12), "");
    if (!f.refresh_commit_present)
        return finding(
            Status::Manual,
            "Baseline freshness could not be determined: the refresh commit is not available",
            config + "; " + refresh12 + " is missing locally (shallow clone?)", fetch_fix);
    if (!f.changed)
        return finding(Status::Manual,
                       "Baseline freshness could not be determined: git could not list the changes",
                       config + "; git diff " + refresh12 + "..." + f.base_sha.substr(0, 12) +
                           " failed",
                       fetch_fix);
    std::vector<std::string> stale;
    for (const std::string& path : *f.changed)
        if (moves_this_operator(path))
            stale.push_back(path);
    std::sort(stale.begin(), stale.end());
    if (stale.empty())
        return finding(Status::Pass,
                       "Committed baselines still describe the code at the campaign base",
                       config + "; unchanged since " + refresh12, "");
    std::string evidence =
        config + " last refreshed at " + refresh12 + "; " + std::to_string(stale.size()) +
        " attributed path(s) changed since: " + detail::first_joined(stale, 5, ", ");
    return finding(
        Status::Gap, "Committed baselines predate code changes to this operator",
        std::move(evidence),
        capture.cvcuda()
            ? "Do not reuse these rows as the before wave. Capture a fresh reference-SKU "
              "burn-in at the campaign base (it runs basic,advanced on both reference "
              "SKUs) and import it with bench/_internal/update_baseline.py:\n" +
                  regen
            : "Do not reuse these rows as the before wave. Re-measure them at the "
              "campaign base on the SKU map's reference SKUs with " +
                  capture.measure_or_import() + ", and commit them before the first optimization.");
}
#endif // ODO_GATES_DEFINITIONS

} // namespace odo::gates
