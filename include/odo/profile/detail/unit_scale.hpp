#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace odo::profile::detail {

// How to bring a value printed in `unit` to the unit odo stores. ncu scales units per value in
// its details page ("usecond" for one kernel, "msecond" for the next; "Gbyte/second"), so values
// are normalized on reading: durations to nsecond, SI-prefixed quantities to their base, rates to
// per second. `exponent` is the power of ten to multiply by (exact, unlike a product of 1e-9s).
struct UnitScale {
    std::string unit;
    int exponent = 0;

    double apply(double value) const noexcept {
        double scale = 1;
        for (int i = 0; i < (exponent < 0 ? -exponent : exponent); ++i)
            scale *= 10;
        return exponent < 0 ? value / scale : value * scale;
    }
};

// The power of ten of a time unit relative to a second.
inline std::optional<int> time_exponent(std::string_view unit) noexcept {
    if (unit == "second" || unit == "s")
        return 0;
    if (unit == "msecond" || unit == "ms")
        return -3;
    if (unit == "usecond" || unit == "us")
        return -6;
    if (unit == "nsecond" || unit == "ns")
        return -9;
    return std::nullopt;
}

inline std::optional<int> si_prefix_exponent(char c) noexcept {
    switch (c) {
    case 'K':
        return 3;
    case 'M':
        return 6;
    case 'G':
        return 9;
    case 'T':
        return 12;
    }
    return std::nullopt;
}

// "Kbyte" -> (byte, 3); "Mhz" -> (cycle/second, 6); "byte" -> (byte, 0).
inline UnitScale quantity_scale(std::string_view unit) {
    int exponent = 0;
    if (unit.size() > 1 && unit[1] >= 'a' && unit[1] <= 'z' && si_prefix_exponent(unit[0]) &&
        !time_exponent(unit)) {
        exponent = *si_prefix_exponent(unit[0]);
        unit.remove_prefix(1);
    }
    if (unit == "hz" || unit == "Hz")
        return {"cycle/second", exponent};
    return {std::string(unit), exponent};
}

inline UnitScale scale_unit(std::string_view unit) {
    if (const auto t = time_exponent(unit))
        return {"nsecond", *t + 9};
    const std::size_t slash = unit.find('/');
    if (slash == std::string_view::npos)
        return quantity_scale(unit);
    const auto per = time_exponent(unit.substr(slash + 1));
    if (!per)
        return {std::string(unit), 0}; // a ratio such as inst/cycle: leave it alone
    UnitScale numerator = quantity_scale(unit.substr(0, slash));
    return {numerator.unit + "/second", numerator.exponent - *per};
}

} // namespace odo::profile::detail
