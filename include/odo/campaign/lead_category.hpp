#pragma once
// The kinds of change a lead may be, named once so that `lead` refuses a category a reader could
// not group by, and `status` can offer them as the choices of the lead step's CATEGORY. Each is
// where the profile points: the bottleneck classes (memory, compute, latency) and the changes
// that move neither roofline (launch configuration, the algorithm, host-side overhead).
#include <array>
#include <string_view>

namespace odo::campaign {

inline constexpr std::array<std::string_view, 6> lead_categories{"memory", "compute",   "latency",
                                                                 "launch", "algorithm", "host"};

inline bool is_lead_category(std::string_view name) noexcept {
    for (std::string_view c : lead_categories)
        if (c == name)
            return true;
    return false;
}

} // namespace odo::campaign
