#pragma once
#include "odo/baseline/artifact_shard.hpp"
#include "odo/baseline/detail/number_text.hpp"
#include "odo/baseline/metrics.hpp"
#include "odo/bench/device.hpp"
#include "odo/bench/result.hpp"
#include "odo/core/json_write.hpp"
#include "odo/surface/sku_map.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <ctime>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace odo::bench {

// The provenance block of a run artifact (bench-harness.md §3.4), in the reference's field order.
struct RunMetadata {
    std::optional<std::string> git_sha;
    std::optional<std::string> git_ref;
    std::string run_context = "local";
    std::string timestamp_utc;
    std::optional<std::int64_t> cuda_major;
    std::string tier;
    std::optional<std::string> gpu_name;
    std::optional<double> power_cap_w;
    std::optional<double> locked_sm_clock_mhz;
    bool sm_clock_locked = false;
    std::optional<std::string> vbios_version;
    std::optional<std::string> driver_version;
    std::optional<std::string> k8s_node_name;
    Timing timing = Timing::Cold; // recorded only when it is not the reference's (cold)
    // odo's additions, recorded when known: the clock of the times and the statistic of the noise,
    // and the shard of a sharded run (--shard), so the import can tell an absent shard by number.
    std::optional<ClockKind> clock;
    std::optional<NoiseStatistic> noise_statistic;
    std::optional<baseline::ArtifactShard> shard;
};

// One row of the artifact: a case on a SKU with the figures of this run's language.
struct ArtifactRow {
    std::string config_key;
    std::string case_key;
    std::string sku;
    baseline::Language language = baseline::Language::Cpp;
    baseline::LanguageMetrics metrics;
};

namespace detail {

inline std::optional<std::string> first_env(std::initializer_list<const char*> names) {
    for (const char* name : names)
        if (const char* value = std::getenv(name); value && *value)
            return std::string(value);
    return std::nullopt;
}

template <class T>
boost::json::value optional_json(const std::optional<T>& v) {
    return v ? boost::json::value(*v) : boost::json::value(nullptr);
}

inline boost::json::value rounded_json(const std::optional<double>& v) {
    const auto r = v ? surface::python_round(*v) : std::nullopt;
    return r ? boost::json::value(*r) : boost::json::value(nullptr);
}

} // namespace detail

// "2026-08-01T03:00:00Z" for now.
inline std::string utc_timestamp() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

// The metadata of a run on `device`. git facts come from the CI variables the reference reads
// (a benchmark binary runs no git); `git_ref` given on the command line wins.
inline RunMetadata run_metadata(const DeviceInfo& device, std::string tier, std::string run_context,
                                std::optional<std::string> git_ref, bool sm_clock_locked) {
    RunMetadata m;
    m.git_sha = detail::first_env({"COMMIT_SHA", "GIT_COMMIT", "CI_COMMIT_SHA"});
    m.git_ref =
        git_ref ? git_ref : detail::first_env({"GIT_BRANCH", "CI_COMMIT_REF_NAME", "BRANCH_NAME"});
    m.run_context = std::move(run_context);
    m.timestamp_utc = utc_timestamp();
    m.cuda_major = device.cuda_major;
    m.tier = std::move(tier);
    if (device.is_gpu())
        m.gpu_name = device.name;
    m.power_cap_w = device.power_cap_w;
    m.locked_sm_clock_mhz = device.sm_clock_mhz;
    m.sm_clock_locked = sm_clock_locked;
    m.vbios_version = device.vbios_version;
    m.driver_version = device.driver_version;
    m.k8s_node_name = detail::first_env({"K8S_NODE_NAME"});
    return m;
}

inline boost::json::object to_json(const RunMetadata& m) {
    boost::json::object o{{"git_sha", detail::optional_json(m.git_sha)},
                          {"git_ref", detail::optional_json(m.git_ref)},
                          {"run_context", m.run_context},
                          {"is_nightly", m.run_context == "nightly"},
                          {"timestamp_utc", m.timestamp_utc},
                          {"cuda_major", detail::optional_json(m.cuda_major)},
                          {"tier", m.tier},
                          {"gpu_name", detail::optional_json(m.gpu_name)},
                          {"power_cap_w", detail::rounded_json(m.power_cap_w)},
                          {"locked_sm_clock_mhz", detail::rounded_json(m.locked_sm_clock_mhz)},
                          {"sm_clock_locked", m.sm_clock_locked},
                          {"vbios_version", detail::optional_json(m.vbios_version)},
                          {"driver_version", detail::optional_json(m.driver_version)},
                          {"k8s_node_name", detail::optional_json(m.k8s_node_name)}};
    if (m.timing != Timing::Cold)
        o["timing"] = to_string(m.timing);
    if (m.clock)
        o["clock"] = to_string(*m.clock);
    if (m.noise_statistic)
        o["noise_statistic"] = to_string(*m.noise_statistic);
    if (m.shard)
        o["shard"] = baseline::to_json(*m.shard);
    return o;
}

// The artifact row of a measured case, or nullopt when it has no time or noise figure. The
// noise is rounded to 0.01 µs, as run_bench rounds `GPU Noise (µs)` before export.
inline std::optional<ArtifactRow> artifact_row(const CaseResult& r, const std::string& sku) {
    auto metrics = language_metrics(r);
    if (!metrics)
        return std::nullopt;
    metrics->noise_us = baseline::detail::round2(metrics->noise_us);
    return ArtifactRow{r.key.config_key, r.key.str(), sku, r.language, *metrics};
}

// The envelope `{schema_version: 1, run_metadata, baselines: {case: {sku: metrics}}}`, rows
// sorted by (config key, case key, SKU), metrics in the baseline layer's canonical field order.
inline boost::json::value artifact_document(std::vector<ArtifactRow> rows,
                                            const RunMetadata& meta) {
    std::sort(rows.begin(), rows.end(), [](const ArtifactRow& a, const ArtifactRow& b) {
        return std::tie(a.config_key, a.case_key, a.sku) <
               std::tie(b.config_key, b.case_key, b.sku);
    });
    boost::json::object baselines;
    for (const ArtifactRow& row : rows) {
        baseline::Metrics metrics;
        metrics.n_runs = baseline::artifact_row_runs;
        (row.language == baseline::Language::Cpp ? metrics.cpp : metrics.python) = row.metrics;
        auto& skus = baselines[row.case_key];
        if (!skus.is_object())
            skus = boost::json::object{};
        skus.get_object()[row.sku] = baseline::updated_metrics_object(nullptr, metrics);
    }
    return boost::json::object{{"schema_version", 1},
                               {"run_metadata", to_json(meta)},
                               {"baselines", std::move(baselines)}};
}

// The file's bytes: json.dumps(indent=4) and a newline, as the reference writes it.
inline std::string render_artifact(const boost::json::value& document) {
    return json::dumps(document, {4, false, true}) + "\n";
}

} // namespace odo::bench
