#pragma once
// A profile as a campaign record reads it: odo_profile's JSON report (ncu, nsys or its host
// roofline), a host roofline record, or an ncu CSV export, each reduced to its source, the case
// profiled, the bottleneck, the SOL (or BWUtil) figures and the ceiling figure the ridge judges.
#include "odo/core/error.hpp"
#include "odo/core/json_read.hpp"
#include "odo/profile/bottleneck.hpp"
#include "odo/profile/ncu_figures.hpp"
#include "odo/profile/ncu_report.hpp"

#include <boost/json.hpp>

#include <cmath>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>

namespace odo::campaign {

namespace fs = std::filesystem;

struct ProfileRead {
    std::string source, case_key, bottleneck;
    boost::json::object figures;
    double ceiling_pct = 0;
};

namespace detail {

inline double number_at(const boost::json::object& o, const char* key, const std::string& file) {
    const auto* v = o.if_contains(key);
    const auto n = v ? odo::json::as_number(*v) : std::nullopt;
    if (!n || !std::isfinite(*n))
        throw InputError(file + ": `" + key + "` must be a number");
    return *n;
}

inline std::string text_at(const boost::json::object& o, const char* key, const std::string& file) {
    const auto* v = o.if_contains(key);
    if (!v || !v->is_string() || v->get_string().empty())
        throw InputError(file + ": `" + key + "` must be a non-empty string");
    return std::string(v->get_string());
}

inline odo::profile::Classification classify_ncu(const odo::profile::NcuFigures& n,
                                                 double ridge_pct) {
    odo::profile::BottleneckThresholds t;
    t.ridge_sol_pct = ridge_pct;
    return odo::profile::classify({n, std::nullopt}, t);
}

} // namespace detail

// The host roofline: the operator against a memcpy of the same bytes, the memcpy being the
// memory speed of light of a machine without a GPU.
inline ProfileRead host_roofline(const boost::json::object& o, const std::string& file,
                                 double ridge) {
    const double bwutil_pct = 100 * detail::number_at(o, "bwutil", file);
    odo::profile::NcuFigures n;
    n.memory_sol_pct = bwutil_pct;
    const auto c = detail::classify_ncu(n, ridge);
    boost::json::object figures{{"bwutil_pct", bwutil_pct}};
    for (const char* key : {"operator_median_us", "memcpy_median_us", "bytes_moved"})
        figures[key] = detail::number_at(o, key, file);
    return {"host-roofline", detail::text_at(o, "case", file), std::string(to_string(c.bottleneck)),
            std::move(figures), bwutil_pct};
}

// odo_profile's JSON report (`odo_profile import ... --format json`, or its host roofline mode,
// whose report carries the `host_roofline` figures instead of ncu's).
inline ProfileRead profile_report(const boost::json::object& o, const std::string& file) {
    const auto* cls = o.if_contains("classification");
    if (!cls || !cls->is_object())
        throw InputError(file + ": `classification` must be an object");
    const auto* max_sol = cls->get_object().if_contains("max_sol_pct");
    if (!max_sol || !odo::json::as_number(*max_sol))
        throw InputError(file + ": no SOL figure (classification.max_sol_pct) to judge against "
                                "the ridge");
    const auto* ncu = o.if_contains("ncu");
    const auto* host = o.if_contains("host_roofline");
    const char* source = ncu && ncu->is_object()     ? "ncu"
                         : host && host->is_object() ? "host-roofline"
                                                     : "nsys";
    boost::json::object figures;
    const auto copy = [&](const boost::json::value* from, std::initializer_list<const char*> keys) {
        if (from && from->is_object())
            for (const char* key : keys)
                if (const auto* v = from->get_object().if_contains(key))
                    if (const auto n = odo::json::as_number(*v))
                        figures[key] = *n;
    };
    copy(ncu,
         {"memory_sol_pct", "compute_sol_pct", "dram_throughput_pct", "achieved_occupancy_pct"});
    copy(host, {"bwutil_pct", "operator_median_us", "memcpy_median_us", "bytes_moved"});
    return {source, detail::text_at(o, "case", file),
            detail::text_at(cls->get_object(), "bottleneck", file), std::move(figures),
            *odo::json::as_number(*max_sol)};
}

inline ProfileRead ncu_export(const std::string& bytes, const std::string& file, double ridge) {
    odo::profile::NcuReport report;
    try {
        report = odo::profile::parse_ncu_csv(bytes);
    } catch (const InputError& e) {
        throw InputError(file + ": " + e.what());
    }
    if (report.kernels.empty())
        throw InputError(file + ": the ncu export holds no kernel launch");
    const odo::profile::NcuFigures n = odo::profile::ncu_figures(report);
    if (auto missing = odo::profile::missing_ncu_figures(report, n))
        throw InputError(file + ": " + *missing);
    const auto c = detail::classify_ncu(n, ridge);
    if (!c.max_sol_pct)
        throw InputError(file + ": no SOL figure to judge against the ridge");
    boost::json::object figures;
    const std::pair<const char*, std::optional<double>> known[] = {
        {"memory_sol_pct", n.memory_sol_pct},
        {"compute_sol_pct", n.compute_sol_pct},
        {"dram_throughput_pct", n.dram_throughput_pct},
        {"achieved_occupancy_pct", n.achieved_occupancy_pct}};
    for (const auto& [key, value] : known)
        if (value)
            figures[key] = *value;
    return {"ncu", "", std::string(to_string(c.bottleneck)), std::move(figures), *c.max_sol_pct};
}

} // namespace odo::campaign
