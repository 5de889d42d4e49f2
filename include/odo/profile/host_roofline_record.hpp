#pragma once
// The host roofline as a profile: the record `odo::bench::measure_host_roofline` writes for one
// case (docs/formats.md, "Host roofline"; a benchmark's `--host-roofline PATH`), read back,
// classified against the ridge and turned into the same evidence lines an ncu profile gives. On
// a machine without a GPU, a memcpy of the same bytes is the memory "speed of light", so BWUtil
// (memcpy time / operator time) plays the part of ncu's Memory SOL.
#include "odo/core/error.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/profile/bottleneck.hpp"
#include "odo/profile/detail/fixed.hpp"

#include <boost/json.hpp>

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace odo::profile {

struct HostRooflineFigures {
    std::string case_key;
    std::string op;
    std::string clock; // what timed both sides: thread-cpu, process-cpu or wall
    std::int64_t bytes_moved = 0;
    std::int64_t rounds = 0;
    std::int64_t calls_per_round = 0;
    double operator_median_us = 0;
    double memcpy_median_us = 0;
    std::int64_t largest_cache_bytes = 0; // 0: unknown

    double bwutil_pct() const { return 100 * memcpy_median_us / operator_median_us; }
    // The bytes fit the largest cache: the roofline is a cached copy, which one pass can beat.
    bool cache_resident() const {
        return largest_cache_bytes > 0 && bytes_moved <= largest_cache_bytes;
    }
};

namespace detail {

inline const boost::json::value& roofline_field(const boost::json::object& o, const char* name,
                                                std::string_view origin) {
    if (const boost::json::value* v = o.if_contains(name))
        return *v;
    throw InputError(std::string(origin) + ": the host roofline record has no '" + name + "'");
}

inline std::string roofline_text(const boost::json::object& o, const char* name,
                                 std::string_view origin) {
    const boost::json::value& v = roofline_field(o, name, origin);
    if (!v.is_string() || v.get_string().empty())
        throw InputError(std::string(origin) + ": '" + name + "' must be a non-empty string");
    return std::string(v.get_string());
}

// A finite number at least `least`.
inline double roofline_number(const boost::json::object& o, const char* name,
                              std::string_view origin, double least) {
    const std::optional<double> v = json::as_number(roofline_field(o, name, origin));
    if (!v || !std::isfinite(*v) || *v < least)
        throw InputError(std::string(origin) + ": '" + name +
                         "' must be a number >= " + fixed(least, 0));
    return *v;
}

inline std::int64_t roofline_count(const boost::json::object& o, const char* name,
                                   std::string_view origin, std::int64_t least) {
    const boost::json::value& v = roofline_field(o, name, origin);
    if (!v.is_int64() || v.get_int64() < least)
        throw InputError(std::string(origin) + ": '" + name +
                         "' must be a whole number >= " + std::to_string(least));
    return v.get_int64();
}

} // namespace detail

// Reads a host roofline record. InputError naming `origin` and the field for anything else: a
// missing or mistyped field, times that are not positive, a clock odo does not time the host by,
// or a `bwutil` that the two medians do not give (the figure must be the measured one).
inline HostRooflineFigures parse_host_roofline(std::string_view text, std::string_view origin) {
    const boost::json::value doc = json::parse(text, origin);
    if (!doc.is_object())
        throw InputError(std::string(origin) + ": a host roofline record is a JSON object");
    const boost::json::object& o = doc.get_object();
    HostRooflineFigures f;
    f.case_key = detail::roofline_text(o, "case", origin);
    f.op = detail::roofline_text(o, "operator", origin);
    f.clock = detail::roofline_text(o, "clock", origin);
    if (f.clock != "thread-cpu" && f.clock != "process-cpu" && f.clock != "wall")
        throw InputError(std::string(origin) + ": 'clock' " + python_str_repr(f.clock) +
                         " is not a host clock (thread-cpu, process-cpu, wall)");
    f.bytes_moved = detail::roofline_count(o, "bytes_moved", origin, 2);
    f.rounds = detail::roofline_count(o, "rounds", origin, 10);
    f.calls_per_round = detail::roofline_count(o, "calls_per_round", origin, 1);
    f.largest_cache_bytes = detail::roofline_count(o, "largest_cache_bytes", origin, 0);
    f.operator_median_us = detail::roofline_number(o, "operator_median_us", origin, 0);
    f.memcpy_median_us = detail::roofline_number(o, "memcpy_median_us", origin, 0);
    if (!(f.operator_median_us > 0) || !(f.memcpy_median_us > 0) || !std::isfinite(f.bwutil_pct()))
        throw InputError(std::string(origin) +
                         ": the median times must be above 0 us, their ratio a finite number");
    const double bwutil = detail::roofline_number(o, "bwutil", origin, 0);
    if (std::abs(bwutil * 100 - f.bwutil_pct()) > 1e-6 * f.bwutil_pct())
        throw InputError(std::string(origin) + ": 'bwutil' " + detail::fixed(bwutil, 4) +
                         " is not memcpy_median_us / operator_median_us (" +
                         detail::fixed(f.bwutil_pct() / 100, 4) + ")");
    return f;
}

// BWUtil decides as the busier SOL unit does for ncu: at or above the bound, memory bounds the
// case; below it, the operator's own instructions do (the host cannot tell compute from issue).
inline Classification classify_host_roofline(const HostRooflineFigures& f,
                                             const BottleneckThresholds& t = {}) {
    using detail::percent;
    Classification c;
    c.max_sol_pct = f.bwutil_pct();
    c.ceiling = sol_ceiling(*c.max_sol_pct);
    c.at_ridge = *c.max_sol_pct >= t.ridge_sol_pct;
    c.memory_dominant = *c.max_sol_pct >= t.bound_sol_pct;
    const std::string figure = "BWUtil " + percent(*c.max_sol_pct) + " of a same-bytes memcpy";
    if (c.memory_dominant) {
        c.bottleneck = Bottleneck::MemoryBound;
        c.reason = figure + "; at or above " + percent(t.bound_sol_pct);
        c.reason += c.at_ridge ? ", at ridge (>= " + percent(t.ridge_sol_pct) + ")"
                               : ", below the ridge (" + percent(t.ridge_sol_pct) + ")";
    } else {
        c.bottleneck = Bottleneck::ComputeBound;
        c.reason = figure + ", below " + percent(t.bound_sol_pct) +
                   ": the operator's instructions, not the memory system, bound it";
    }
    return c;
}

// "1.09x (100 / 92.0% BWUtil)".
inline std::string host_ceiling_derivation(const Classification& c) {
    return detail::fixed(c.ceiling.value_or(0), 2) + "x (100 / " +
           detail::percent(c.max_sol_pct.value_or(0)) + " BWUtil)";
}

// The summary's profile evidence: what was timed, against what, and the verdict.
inline std::string host_roofline_evidence(const HostRooflineFigures& f, const Classification& c) {
    std::string text = "odo's host roofline measured " +
                       detail::percent(c.max_sol_pct.value_or(0)) + " BWUtil for `" + f.case_key +
                       "` (" + detail::fixed(f.operator_median_us, 2) + " us per call against " +
                       detail::fixed(f.memcpy_median_us, 2) + " us for a memcpy of the same " +
                       std::to_string(f.bytes_moved) + " B, median of " + std::to_string(f.rounds) +
                       " alternating rounds, " + f.clock + " time";
    if (f.cache_resident())
        text += "; the bytes fit the " + std::to_string(f.largest_cache_bytes) +
                " B largest cache, so a single pass can beat the copy";
    text += "). Classification: " + std::string(to_string(c.bottleneck));
    if (c.at_ridge)
        text += ", at ridge";
    return text + " (ceiling " + detail::fixed(c.ceiling.value_or(0), 2) + "x).";
}

// "Lead exhaustion" evidence when BWUtil is at the ridge; nullopt below it.
inline std::optional<std::string> host_roofline_lead_exhaustion(const HostRooflineFigures& f,
                                                                const Classification& c) {
    if (!c.at_ridge)
        return std::nullopt;
    return "odo's host roofline measured " + detail::percent(c.max_sol_pct.value_or(0)) +
           " BWUtil at ridge for `" + f.case_key + "` (ceiling " +
           detail::fixed(c.ceiling.value_or(0), 2) + "x).";
}

} // namespace odo::profile
