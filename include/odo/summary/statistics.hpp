#pragma once
#include "odo/core/decimal.hpp"
#include "odo/core/linkage.hpp"
#include "odo/summary/error.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace odo::summary {

// The numbers a summary cell shows: min / median / max, each rounded half-up to 0.01.
struct Stats {
    Decimal min, median, max;

    friend bool operator==(const Stats& a, const Stats& b) {
        return a.min == b.min && a.median == b.median && a.max == b.max;
    }
    friend bool operator!=(const Stats& a, const Stats& b) { return !(a == b); }
    bool ordered() const { return min <= median && median <= max; }
};

namespace detail {

#if ODO_SUMMARY_DEFINITIONS
// A cell holds at most nine integer digits (the parser's `\d{1,9}\.\d{2}`); the reference would
// print a larger value into a summary its parser then rejects.
inline Decimal cell_value(const Decimal& exact) {
    const bool fits =
        exact.adjusted_exponent() < 9 && exact.rounded_half_up(2).adjusted_exponent() < 9;
    if (!fits)
        throw SummaryError("summary statistic " + exact.str() +
                           " does not fit a summary cell (at most 9 integer digits)");
    return exact.rounded_half_up(2);
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace detail

#if ODO_SUMMARY_DEFINITIONS
// min, median (the mean of the middle two for an even count, in 28-digit decimal arithmetic)
// and max of `values`, each rounded only after the median is taken. Selection, not a full sort:
// the same values as the reference's sorted() in linear time.
inline Stats summarize(const std::vector<Decimal>& values) {
    if (values.empty())
        throw SummaryError("cannot calculate statistics for an empty case set");
    std::vector<const Decimal*> order;
    order.reserve(values.size());
    for (const Decimal& v : values)
        order.push_back(&v);
    const auto less = [](const Decimal* a, const Decimal* b) { return *a < *b; };
    const std::size_t n = order.size();
    const auto upper = order.begin() + static_cast<std::ptrdiff_t>(n / 2);
    std::nth_element(order.begin(), upper, order.end(), less);
    const Decimal median = n % 2 ? **upper
                                 : (**std::max_element(order.begin(), upper, less) + **upper) /
                                       Decimal::from_integer(2);
    const auto [min, max] = std::minmax_element(order.begin(), order.end(), less);
    return {detail::cell_value(**min), detail::cell_value(median), detail::cell_value(**max)};
}

// "1.74": two decimals, never "-0.00".
inline std::string cell_number(const Decimal& value) {
    return value.fixed(2);
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
