#pragma once
#include "odo/core/text.hpp"

#include <map>
#include <string>
#include <string_view>

namespace odo::profile {

// A kernel's name without return type, template arguments or parameter list:
// "void cvcuda::priv::resize<uchar4, 3>(Ptr<uchar4>, int)" -> "cvcuda::priv::resize". Profilers
// print demangled signatures; evidence text quotes the short form, which also keeps `<…>` — the
// summary validator's placeholder pattern — out of generated evidence.
inline std::string short_kernel_name(std::string_view name) {
    name = odo::text::strip(name);
    if (odo::text::starts_with(name, "void "))
        name.remove_prefix(5);
    std::string out;
    int depth = 0;
    for (char c : name) {
        if (c == '<') {
            ++depth;
        } else if (c == '>' && depth > 0) {
            --depth;
        } else if (depth == 0) {
            if (c == '(')
                break;
            out += c;
        }
    }
    const std::string_view stripped = odo::text::strip(out);
    return stripped.empty() ? std::string("(unnamed kernel)") : std::string(stripped);
}

// The name with the largest time, from kernel name -> total time; empty for none. Ties go to the
// first name in order, so the choice does not depend on the profiler's row order.
inline std::string dominant_kernel(const std::map<std::string, double>& time_by_kernel) {
    std::string name;
    double longest = -1;
    for (const auto& [kernel, time] : time_by_kernel)
        if (time > longest) {
            longest = time;
            name = kernel;
        }
    return name;
}

} // namespace odo::profile
