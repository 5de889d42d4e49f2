#pragma once
// The report's definitions, compiled in the one translation unit that defines
// ODO_PIXEL_IMPLEMENT (see odo/pixel/compare.hpp). The entry points are deliberately not inline:
// a second implementing translation unit is a link error, not a silent duplicate.
#include "odo/core/python_repr.hpp"
#include "odo/pixel/detail/report_text.hpp"
#include "odo/pixel/report.hpp"
#include "odo/pixel/tolerance_text.hpp"

#include <ostream>
#include <string>
#include <vector>

namespace odo::pixel {

std::vector<std::string> pattern_hints(const CompareResult& r) {
    std::vector<std::string> hints;
    if (r.mismatched == 0)
        return hints;
    if (r.mismatched == r.compared && r.compared > 1)
        return {"every element differs: wrong buffer, layout or element type?"};
    const Coord& first = r.region.first;
    const Coord& last = r.region.last;
    const bool edges_known = !r.var_shape; // VarShape images differ in width and height
    const bool one_pixel = first.n == last.n && first.y == last.y && first.x == last.x;
    if (one_pixel) // its coordinates are in the report already
        return {first.c == last.c ? "a single element" : "a single pixel"};
    if (first.x == last.x && r.shape.w > 1) {
        hints.push_back(detail::line_hint("column", "x", first.x, r.shape.w, edges_known));
    } else if (first.y == last.y && first.n == last.n && r.shape.h > 1) {
        hints.push_back(detail::line_hint("row", "y", first.y, r.shape.h, edges_known));
    } else if (edges_known) {
        if (first.x > 0 && last.x == r.shape.w - 1)
            hints.push_back(detail::tail_hint("columns", "x", first.x, r.shape.w) +
                            ": a row tail, e.g. the remainder of a vectorized loop");
        if (first.y > 0 && last.y == r.shape.h - 1)
            hints.push_back(detail::tail_hint("rows", "y", first.y, r.shape.h));
    }
    const auto channels = detail::channels_with_mismatches(r);
    if (channels.size() == 1 && r.channels.size() > 1)
        hints.push_back("only channel " + std::to_string(channels.front()));
    if (first.n == last.n && r.shape.n > 1)
        hints.push_back("only image " + std::to_string(first.n));
    return hints;
}

std::string format_report(const CompareResult& r) {
    const bool exact = r.tolerance.is_exact();
    if (!r.problem.empty())
        return "Pixels could not be compared: " + r.problem +
               "\n  output:    " + r.output_description +
               "\n  reference: " + r.reference_description;
    std::string text = r.passed() ? "Pixels are equal"
                       : exact    ? "Pixels are not equal"
                                  : "Pixels are not close";
    text += "\n  output:    " + r.output_description;
    text += "\n  reference: " + r.reference_description;
    text += "\n  rule: " + describe(r.tolerance, r.type);
    if (r.default_tolerance)
        text += " (default for " + std::string(r.type.name()) + ")";
    text += "\n  mismatched: " + std::to_string(r.mismatched) + " / " + std::to_string(r.compared) +
            " elements (" + detail::percent(r.mismatched, r.compared) + ")";
    if (r.type.is_float())
        text += "; involving NaN: " + std::to_string(r.nan_mismatches) +
                ", infinity: " + std::to_string(r.inf_mismatches);
    if (r.mismatched == 0)
        return text;

    if (r.worst_abs) {
        const Mismatch& m = *r.worst_abs;
        text += "\n  worst absolute error: " + detail::error_text(r, m.abs_error, m.distance) +
                " at " + to_string(m.at) + ": " + detail::values_text(m) + " (relative " +
                python_float_repr(m.rel_error) + ")";
        if (!r.worst_output_pixel.empty())
            text += "\n    whole pixel: output " + detail::pixel_text(r.worst_output_pixel) +
                    ", reference " + detail::pixel_text(r.worst_reference_pixel);
    }
    if (r.worst_rel)
        text += "\n  worst relative error: " + python_float_repr(r.worst_rel->rel_error) + " at " +
                to_string(r.worst_rel->at) + ": " + detail::values_text(*r.worst_rel);
    if (!r.worst_abs)
        text += "\n  every mismatch involves NaN";

    text += r.first.size() == 1
                ? std::string("\n  first mismatch in scan order:")
                : "\n  first " + std::to_string(r.first.size()) + " mismatches in scan order:";
    for (const Mismatch& m : r.first)
        text += "\n    " + to_string(m.at) + ": " + detail::values_text(m) + ", |diff| " +
                detail::error_text(r, m.abs_error, m.distance);

    const Region& g = r.region;
    text += "\n  mismatch region: " + detail::range_text("n", g.first.n, g.last.n) + ", " +
            detail::range_text("y", g.first.y, g.last.y) + ", " +
            detail::range_text("x", g.first.x, g.last.x) + ", " +
            detail::range_text("c", g.first.c, g.last.c);
    text += "\n  per channel: " + detail::channels_text(r);
    const auto& h = r.distance_histogram;
    text += std::string("\n  |diff| in ") + (r.type.is_float() ? "ulp" : "units") +
            ": 1: " + std::to_string(h[0]) + ", 2-3: " + std::to_string(h[1]) +
            ", 4-15: " + std::to_string(h[2]) + ", 16+: " + std::to_string(h[3]);
    const auto hints = pattern_hints(r);
    for (std::size_t i = 0; i < hints.size(); ++i)
        text += (i ? "; " : "\n  pattern: ") + hints[i];
    return text;
}

std::ostream& operator<<(std::ostream& out, const CompareResult& r) {
    return out << format_report(r);
}

} // namespace odo::pixel
