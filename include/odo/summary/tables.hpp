#pragma once
// The rows of the Impact and Layout comparison tables, as derived from benchmark data and as
// parsed from a block; validation compares the two.
#include "odo/summary/statistics.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::summary {

enum class ImpactScope { Optimized, FullOperator };

constexpr std::string_view to_string(ImpactScope s) noexcept {
    return s == ImpactScope::Optimized ? "Optimized" : "Full operator";
}

// cpp_time rows hold one Stats (the speedup before / after); python_overhead rows hold three
// (overhead before, overhead after, reduction), in microseconds.
struct ImpactRow {
    std::string sku; // label
    ImpactScope scope = ImpactScope::Optimized;
    long long count = 0;
    std::vector<Stats> values;

    friend bool operator==(const ImpactRow& a, const ImpactRow& b) {
        return a.sku == b.sku && a.scope == b.scope && a.count == b.count && a.values == b.values;
    }
};

enum class LayoutComparison { InterleavedPlanar, FakePlanarPlanar };

constexpr std::string_view to_string(LayoutComparison c) noexcept {
    return c == LayoutComparison::InterleavedPlanar ? "Interleaved / Planar"
                                                    : "FakePlanar / Planar";
}

// Timing ratios numerator / Planar; nullopt (shown as n/a) when no pair exists.
struct LayoutRow {
    std::string sku; // label
    LayoutComparison comparison = LayoutComparison::InterleavedPlanar;
    std::optional<Stats> before, after;

    friend bool operator==(const LayoutRow& a, const LayoutRow& b) {
        return a.sku == b.sku && a.comparison == b.comparison && a.before == b.before &&
               a.after == b.after;
    }
};

} // namespace odo::summary
