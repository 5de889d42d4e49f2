#pragma once
#include "odo/core/python_repr.hpp"
#include "odo/pixel/result.hpp"
#include "odo/pixel/value_text.hpp"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

// The pieces of a report's lines (format_report in report.hpp).
namespace odo::pixel::detail {

inline std::string percent(std::uint64_t part, std::uint64_t whole) {
    const double value = whole == 0 ? 0.0 : 100.0 * double(part) / double(whole);
    char buf[32];
    std::snprintf(buf, sizeof buf, value >= 0.001 || value == 0.0 ? "%.3f" : "%.2e", value);
    std::string text = buf;
    if (text.find('e') == std::string::npos) { // 2.500 -> 2.5, 100.000 -> 100
        text.erase(text.find_last_not_of('0') + 1);
        if (text.back() == '.')
            text.pop_back();
    }
    return text + "%";
}

inline std::string error_text(const CompareResult& r, double error, std::uint64_t distance) {
    if (!r.type.is_float())
        return std::to_string(distance); // exact, where a double would round u64 differences
    std::string text = python_float_repr(error);
    if (distance != 0)
        text += " (" + std::to_string(distance) + " ulp)";
    return text;
}

inline std::string channel_text(const CompareResult& r, std::size_t c) {
    const ChannelTally& t = r.channels[c];
    std::string text = "c" + std::to_string(c) + " " + std::to_string(t.mismatched);
    if (t.mismatched == 0)
        return text;
    return text + " (max |diff| " +
           (r.type.is_float() ? python_float_repr(t.max_abs_error)
                              : std::to_string(t.max_distance)) +
           ")";
}

// Every channel up to pixel_tuple_limit of them; beyond that only those with mismatches.
inline std::string channels_text(const CompareResult& r) {
    const bool all = std::int64_t(r.channels.size()) <= pixel_tuple_limit;
    std::string text;
    std::size_t shown = 0, hidden = 0;
    for (std::size_t c = 0; c < r.channels.size(); ++c) {
        if (!all && r.channels[c].mismatched == 0)
            continue;
        if (shown == std::size_t(pixel_tuple_limit)) {
            ++hidden;
            continue;
        }
        text += (shown++ ? ", " : "") + channel_text(r, c);
    }
    if (hidden > 0)
        text += ", and " + std::to_string(hidden) + " more channels with mismatches";
    return text;
}

inline std::string values_text(const Mismatch& m) {
    return "output " + to_string(m.output) + ", reference " + to_string(m.reference);
}

inline std::string pixel_text(const std::vector<ElementValue>& pixel) {
    std::string text = "(";
    for (std::size_t c = 0; c < pixel.size(); ++c)
        text += (c ? ", " : "") + to_string(pixel[c]);
    return text + ")";
}

inline std::string range_text(const char* axis, std::int64_t first, std::int64_t last) {
    return std::string(axis) + " " + std::to_string(first) +
           (first == last ? "" : ".." + std::to_string(last));
}

inline std::vector<std::size_t> channels_with_mismatches(const CompareResult& r) {
    std::vector<std::size_t> channels;
    for (std::size_t c = 0; c < r.channels.size(); ++c)
        if (r.channels[c].mismatched > 0)
            channels.push_back(c);
    return channels;
}

inline std::string line_hint(const char* what, const char* axis, std::int64_t at,
                             std::int64_t extent, bool edges_known) {
    std::string text = std::string("a single ") + what + " (" + axis + "=" + std::to_string(at);
    return text + (edges_known && at == extent - 1 ? ", the last)" : ")");
}

inline std::string tail_hint(const char* what, const char* axis, std::int64_t first,
                             std::int64_t extent) {
    return "only the last " + std::to_string(extent - first) + " " + what + " (" + axis +
           " >= " + std::to_string(first) + ")";
}

} // namespace odo::pixel::detail
