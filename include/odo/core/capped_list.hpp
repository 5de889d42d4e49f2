#pragma once
// A list a message names, when the input chose its length: a SKU map of 100,000 stems must not
// turn one line of a report into megabytes, so the message shows the first items and counts the
// rest.
#include "odo/core/python_repr.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace odo {

// The most items a message lists before counting the rest.
inline constexpr std::size_t shown_list_items = 10;

// 99990 -> "99,990".
inline std::string grouped_count(std::size_t n) {
    std::string digits = std::to_string(n);
    for (std::size_t at = digits.size(); at > 3; at -= 3)
        digits.insert(at - 3, ",");
    return digits;
}

// python_list_repr of the first `shown` items, then " … and N more" when there are others.
inline std::string capped_list_repr(const std::vector<std::string>& items,
                                    std::size_t shown = shown_list_items) {
    if (items.size() <= shown)
        return python_list_repr(items);
    const std::vector<std::string> first(items.begin(),
                                         items.begin() + static_cast<std::ptrdiff_t>(shown));
    return python_list_repr(first) + " \xE2\x80\xA6 and " + grouped_count(items.size() - shown) +
           " more";
}

} // namespace odo
