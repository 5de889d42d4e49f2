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

// The version an install path names after the product's folder ("/opt/nvidia/nsight-systems/
// 2024.6.2/…", "…/nsight-systems-cli/2024.6.2/…", "/usr/local/cuda-12.4/nsight-systems-2023.4.4/…",
// "C:\\Program Files\\NVIDIA Corporation\\Nsight Systems 2024.6.2\\…").
// nsys prints such paths when it runs its report scripts. Empty when `text` names none.
inline std::string version_in_install_path(std::string_view text) {
    for (std::string_view product : {"nsight-systems", "Nsight Systems"}) {
        for (std::size_t at = text.find(product); at != std::string_view::npos;
             at = text.find(product, at + 1)) {
            std::string_view rest = text.substr(at + product.size());
            if (odo::text::starts_with(rest, "-cli"))
                rest.remove_prefix(4);
            if (rest.empty() ||
                std::string_view("/\\- ").find(rest.front()) == std::string_view::npos)
                continue;
            rest.remove_prefix(1);
            const std::string_view version = rest.substr(0, rest.find_first_not_of("0123456789."));
            if (!version.empty() && version.front() != '.' &&
                version.find('.') != std::string_view::npos)
                return std::string(version);
        }
    }
    return {};
}

} // namespace odo::profile
