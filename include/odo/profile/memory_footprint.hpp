#pragma once
// The canonical `## Memory footprint` section (gates.md ODO-9), written from measurements rather
// than typed: the peak device memory a workload holds live, and the CUDA allocation/free calls
// made inside its timed region, before and after a change. Measurements travel between the two
// builds as JSON.
#include "odo/core/error.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/json_write.hpp"
#include "odo/profile/allocation_ledger.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace odo::profile {

struct FootprintMeasurement {
    std::string workload; // the case key (or another name both builds agree on)
    std::uint64_t peak_live_bytes = 0;
    std::uint64_t timed_allocations = 0;
    std::uint64_t timed_frees = 0;
    std::string method; // how it was measured, quoted in the evidence line

    std::uint64_t timed_calls() const noexcept { return timed_allocations + timed_frees; }
};

inline FootprintMeasurement measurement(const AllocationLedger& ledger, std::string workload,
                                        std::string method) {
    return {std::move(workload), ledger.peak_bytes(), ledger.timed_allocations(),
            ledger.timed_frees(), std::move(method)};
}

inline constexpr std::string_view footprint_schema = "odo-memory-footprint/1";

inline std::string footprints_json(const std::vector<FootprintMeasurement>& measurements) {
    boost::json::array items;
    for (const FootprintMeasurement& m : measurements)
        items.push_back(boost::json::object{{"workload", m.workload},
                                            {"peak_live_bytes", m.peak_live_bytes},
                                            {"timed_allocations", m.timed_allocations},
                                            {"timed_frees", m.timed_frees},
                                            {"method", m.method}});
    const boost::json::object doc{{"schema", footprint_schema}, {"measurements", items}};
    return odo::json::dumps(doc, {2, false, true}) + "\n";
}

namespace detail {

inline std::uint64_t count_field(const boost::json::object& o, std::string_view field,
                                 const std::string& where) {
    const auto* v = o.if_contains(field);
    if (v && v->is_uint64())
        return v->get_uint64();
    if (v && v->is_int64() && v->get_int64() >= 0)
        return static_cast<std::uint64_t>(v->get_int64());
    throw InputError(where + ": '" + std::string(field) + "' must be a non-negative integer");
}

inline std::string text_field(const boost::json::object& o, std::string_view field,
                              const std::string& where) {
    const auto* v = o.if_contains(field);
    if (!v || !v->is_string() || v->get_string().empty())
        throw InputError(where + ": '" + std::string(field) + "' must be a non-empty string");
    const std::string text(v->get_string());
    if (text.find_first_of("\r\n") != std::string::npos)
        throw InputError(where + ": '" + std::string(field) + "' must be one line");
    return text;
}

} // namespace detail

// Reads what footprints_json wrote; InputError naming `source` and the field otherwise.
inline std::vector<FootprintMeasurement> parse_footprints(std::string_view text,
                                                          std::string_view source) {
    const boost::json::value doc = odo::json::parse(text, source);
    const std::string where(source);
    const auto* root = doc.if_object();
    const auto* schema = root ? root->if_contains("schema") : nullptr;
    if (!schema || !schema->is_string() || schema->get_string() != footprint_schema)
        throw InputError(where + ": not an odo memory footprint file (expected \"schema\": \"" +
                         std::string(footprint_schema) + "\")");
    const auto* items = root->if_contains("measurements");
    if (!items || !items->is_array())
        throw InputError(where + ": 'measurements' must be an array");
    std::vector<FootprintMeasurement> out;
    for (std::size_t i = 0; i < items->get_array().size(); ++i) {
        const std::string at = where + ": measurements[" + std::to_string(i) + "]";
        const auto* o = items->get_array()[i].if_object();
        if (!o)
            throw InputError(at + " must be an object");
        out.push_back(
            {detail::text_field(*o, "workload", at), detail::count_field(*o, "peak_live_bytes", at),
             detail::count_field(*o, "timed_allocations", at),
             detail::count_field(*o, "timed_frees", at), detail::text_field(*o, "method", at)});
    }
    return out;
}

// The change between two builds, reduced to what the section declares.
struct FootprintChange {
    std::uint64_t increase_bytes = 0; // the largest per-workload peak increase; decreases count 0
    bool new_allocations = false;     // some workload makes more timed alloc/free calls than before
    std::string evidence;             // one line, from the measurements
};

namespace detail {

inline const FootprintMeasurement* find_workload(const std::vector<FootprintMeasurement>& set,
                                                 const std::string& workload) {
    const FootprintMeasurement* found = nullptr;
    for (const FootprintMeasurement& m : set)
        if (m.workload == workload) {
            if (found)
                throw InputError("memory footprint: workload '" + workload + "' measured twice");
            found = &m;
        }
    return found;
}

inline std::string bytes(std::uint64_t n) {
    return std::to_string(n) + " B";
}

} // namespace detail

// Pairs the measurements by workload. A decrease in one workload does not offset an increase in
// another (the section must not net unrelated decreases), and since workloads run one at a time,
// the declared increase is the largest single one. InputError when the two sets name different
// workloads or either is empty.
inline FootprintChange compare_footprints(const std::vector<FootprintMeasurement>& before,
                                          const std::vector<FootprintMeasurement>& after) {
    if (before.empty() || after.empty())
        throw InputError("memory footprint: need measurements from both builds");
    for (const auto* set : {&before, &after})
        for (const FootprintMeasurement& m : *set)
            if (m.workload.empty() || m.method.empty() ||
                (m.workload + m.method).find_first_of("\r\n`") != std::string::npos)
                throw InputError("memory footprint: a measurement needs a one-line workload and "
                                 "method without backticks");
    for (const FootprintMeasurement& b : before)
        if (!detail::find_workload(after, b.workload))
            throw InputError("memory footprint: workload '" + b.workload +
                             "' measured before the change but not after");
    FootprintChange change;
    const FootprintMeasurement* worst_after = nullptr;
    const FootprintMeasurement* worst_before = nullptr;
    std::uint64_t calls_before = 0, calls_after = 0;
    for (const FootprintMeasurement& a : after) {
        const FootprintMeasurement* b = detail::find_workload(before, a.workload);
        if (!b)
            throw InputError("memory footprint: workload '" + a.workload +
                             "' measured after the change but not before");
        const std::uint64_t increase =
            a.peak_live_bytes > b->peak_live_bytes ? a.peak_live_bytes - b->peak_live_bytes : 0;
        if (!worst_after || increase > change.increase_bytes) {
            change.increase_bytes = increase;
            worst_after = &a;
            worst_before = b;
        }
        change.new_allocations = change.new_allocations || a.timed_calls() > b->timed_calls();
        calls_before += b->timed_calls();
        calls_after += a.timed_calls();
    }
    const std::string scope = after.size() == 1 ? "of `" + worst_after->workload + "`"
                                                : "of " + std::to_string(after.size()) +
                                                      " workloads, largest increase on `" +
                                                      worst_after->workload + "`";
    change.evidence = worst_after->method + " " + scope + ": peak live memory " +
                      detail::bytes(worst_before->peak_live_bytes) + " before the change, " +
                      detail::bytes(worst_after->peak_live_bytes) +
                      " after; allocation/free calls inside the timed region " +
                      std::to_string(calls_before) + " before, " + std::to_string(calls_after) +
                      " after.";
    return change;
}

// The section, exactly as ODO-9 reads it.
inline std::string memory_footprint_section(const FootprintChange& change) {
    return "## Memory footprint\nPeak attributable increase: " +
           detail::bytes(change.increase_bytes) +
           "\nNew runtime CUDA allocations/frees: " + (change.new_allocations ? "yes" : "no") +
           "\nEvidence: " + change.evidence + "\n";
}

} // namespace odo::profile
