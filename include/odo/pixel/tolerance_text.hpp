#pragma once
#include "odo/core/python_repr.hpp"
#include "odo/pixel/element.hpp"
#include "odo/pixel/tolerance.hpp"

#include <cmath>
#include <cstdint>
#include <string>

// A tolerance in words: why it cannot apply to an element type, and the rule a report states.
// Apart from tolerance.hpp, which a unit test includes, so that only the comparison and the report
// pay for number formatting.
namespace odo::pixel {

// Why `tolerance` cannot apply to `type`; empty when it can.
inline std::string tolerance_problem(const Tolerance& tolerance, ElementType type) {
    if (!(tolerance.atol >= 0.0) || !(tolerance.rtol >= 0.0))
        return "tolerance bounds must be non-negative numbers (atol " +
               python_float_repr(tolerance.atol) + ", rtol " + python_float_repr(tolerance.rtol) +
               ")";
    if (!type.is_float() && (tolerance.rtol != 0.0 || tolerance.ulp != 0))
        return "rtol and ulp apply to floating point only; " + std::string(type.name()) +
               " takes an absolute tolerance";
    return {};
}

// The rule in force, as a report states it.
inline std::string describe(const Tolerance& tolerance, ElementType type) {
    if (!type.is_float()) {
        const double whole = std::floor(tolerance.atol);
        if (whole == 0.0)
            return "bit-exact";
        return "|output - reference| <= " +
               (whole < 1e18 ? std::to_string(std::int64_t(whole)) : python_float_repr(whole));
    }
    std::string rule;
    if (tolerance.atol != 0.0 || tolerance.rtol != 0.0)
        rule = "|output - reference| <= " + python_float_repr(tolerance.atol) + " + " +
               python_float_repr(tolerance.rtol) + " * |reference|";
    if (tolerance.ulp != 0)
        rule += (rule.empty() ? "within " : " or within ") + std::to_string(tolerance.ulp) + " ulp";
    if (rule.empty())
        rule = "exact (output == reference)";
    const char* nan =
        tolerance.nan == NanPolicy::MatchNan ? "NaN matches NaN" : "NaN never matches";
    return rule + "; " + nan + "; an infinity matches only itself";
}

} // namespace odo::pixel
