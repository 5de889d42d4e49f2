#pragma once
#include "odo/core/text.hpp"

#include <string>
#include <string_view>

namespace odo::profile {

// The version a profiler's --version prints: "Version 2023.2.0.0 (build 32895467)" (ncu,
// compute-sanitizer) and "NVIDIA Nsight Systems version 2023.2.3.1001-32894139v0" (nsys) give
// "2023.2.0.0" and "2023.2.3.1001-32894139v0". Empty when no line has a version, so provenance
// says "unknown version" instead of guessing.
inline std::string tool_version(std::string_view version_output) {
    for (std::string_view line : odo::text::lines(version_output)) {
        for (std::string_view word : {"Version ", "version "}) {
            const std::size_t at = line.find(word);
            if (at == std::string_view::npos)
                continue;
            std::string_view rest = line.substr(at + word.size());
            rest = rest.substr(0, rest.find_first_of(" \t\r"));
            if (!rest.empty() && rest.front() >= '0' && rest.front() <= '9')
                return std::string(rest);
        }
    }
    return {};
}

} // namespace odo::profile
