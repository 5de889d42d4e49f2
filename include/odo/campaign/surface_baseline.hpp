#pragma once
// HOST-ONLY: runs the operator's benchmark executable. Never include from a .cu file.
//
// The campaign's full-surface baseline: every basic and advanced case through every entry point
// the layout declares, `baseline_runs` times, case by case (so the entry points of a case are
// timed seconds apart, as parity compares them), into one folder of run artifacts; then the
// import plan the baselines would be written from. A plan refused for named cases measures those
// cases again for twice as long each time (more samples settle a noisy mean and its parity), the
// accepted cases' runs kept: on a busy machine one noisy case of sixteen is common, the same case
// noisy five times running is not.
#include "odo/baseline/artifact.hpp"
#include "odo/baseline/config_set.hpp"
#include "odo/baseline/import.hpp"
#include "odo/baseline/merge.hpp"
#include "odo/campaign/bench_measurement.hpp"
#include "odo/campaign/campaign_session.hpp"
#include "odo/repo/language.hpp"
#include "odo/surface/sku_map.hpp"

#include <filesystem>
#include <functional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

namespace odo::campaign {

inline constexpr int baseline_attempts = 5;

// The run artifact of one case, entry point and run: case<N>-<language>-<run>.json, N counted
// from 1 in the listing's order.
inline std::filesystem::path run_file(const std::filesystem::path& dir, std::size_t index,
                                      const std::string& language, int run) {
    return dir / ("case" + std::to_string(index + 1) + "-" + language + "-" + std::to_string(run) +
                  ".json");
}

// Measures `keys` (all when `only` is empty, else those in it) into `dir`.
inline void measure_surface(const CampaignSession& s, const std::vector<std::string>& keys,
                            repo::LanguageSet languages, const std::set<std::string>& only,
                            double min_time_s, const std::filesystem::path& dir,
                            std::ostream& progress) {
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (!only.empty() && !only.count(keys[i]))
            continue;
        for (int run = 1; run <= s.baseline_runs; ++run)
            for (const repo::Language language : languages) {
                const std::string name(repo::to_string(language));
                measure_case(s.bench, keys[i], name, s, min_time_s, run_file(dir, i, name, run));
            }
        progress << "  [" << i + 1 << "/" << keys.size() << "] " << keys[i] << "\n" << std::flush;
    }
}

// The import plan of the run artifacts in `dir` for `op`'s config; InputError when an artifact
// does not read.
inline baseline::ImportPlan plan_surface_import(const baseline::ConfigSet& set,
                                                const surface::SkuMap& map,
                                                repo::LanguageSet languages,
                                                baseline::ImportOptions options,
                                                const std::filesystem::path& dir) {
    std::vector<baseline::Artifact> artifacts;
    for (const std::filesystem::path& path : baseline::artifact_paths({dir}))
        artifacts.push_back(baseline::load_artifact(path, set, map.stems(), languages));
    std::vector<std::string> problems;
    const auto updates = baseline::merge_artifacts(artifacts, problems);
    if (!problems.empty())
        throw InputError(dir.string() + ": " + problems.front());
    options.quality = baseline::quality_policy(map, baseline::default_benchmark_quality, languages);
    return baseline::plan_import(set, updates, map.stems(), options);
}

// Measures and plans until the plan is accepted or `baseline_attempts` ran out; the last plan.
// `plan` reads `dir` afresh each time.
inline baseline::ImportPlan
measure_until_accepted(const CampaignSession& s, const std::vector<std::string>& keys,
                       repo::LanguageSet languages, const std::filesystem::path& dir,
                       const std::function<baseline::ImportPlan()>& plan, std::ostream& progress) {
    std::set<std::string> only;
    double min_time_s = s.min_time_s;
    baseline::ImportPlan last;
    for (int attempt = 1; attempt <= baseline_attempts; ++attempt) {
        measure_surface(s, keys, languages, only, min_time_s, dir, progress);
        last = plan();
        if (last.ok())
            return last;
        const std::set<std::string> listed(keys.begin(), keys.end());
        const bool named = !last.refused_cases.empty() &&
                           std::includes(listed.begin(), listed.end(), last.refused_cases.begin(),
                                         last.refused_cases.end());
        only = named ? last.refused_cases : std::set<std::string>();
        min_time_s = named ? s.min_time_s * (1 << attempt) : s.min_time_s;
        if (attempt < baseline_attempts)
            progress << "the import refused " << last.failures.size()
                     << " row(s) (first: " << last.failures.front() << "); measuring "
                     << (named ? std::to_string(only.size()) + " case(s) again for " +
                                     std::to_string(min_time_s) + " s each"
                               : std::string("every case again"))
                     << "\n";
    }
    return last;
}

} // namespace odo::campaign
