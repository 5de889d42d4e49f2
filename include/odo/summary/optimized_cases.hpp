#pragma once
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"
#include "odo/summary/python_text.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace odo::summary {

// The optimized-cases file the summary phase initializes a summary from (gates.md §5): the exact
// case keys, one per line (Python's splitlines), stripped, blank lines dropped. Its text comes
// from the change author; InputError naming `source` when it is not UTF-8.
ODO_API std::vector<std::string> parse_optimized_cases(std::string_view text,
                                                       const std::string& source);
#if ODO_SUMMARY_DEFINITIONS
ODO_API std::vector<std::string> parse_optimized_cases(std::string_view text,
                                                       const std::string& source) {
    if (!pytext::is_valid_utf8(text))
        throw InputError("cannot read optimized cases file " + source + ": not UTF-8 text");
    std::vector<std::string> keys;
    for (const auto& line : pytext::split_lines(text))
        if (const auto key = pytext::strip(line.text); !key.empty())
            keys.emplace_back(key);
    return keys;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
