#pragma once
#include <string>
#include <string_view>

namespace odo::profile {

// The NVTX domain odo's ranges live in. A benchmark case's range is named by its case key, so a
// profiler can select one case: ncu with --nvtx-include "odo@<key>/" and nsys with
// --nvtx-capture "<key>@odo" (the two tools write domain and range in opposite orders).
inline constexpr std::string_view nvtx_domain = "odo";

namespace detail {

// Case keys hold '[', ']' and '=', and may hold '/' or '@'; in ncu's filter grammar '[', ']', '/'
// and '@' are operators (stack anchors, nesting, the domain separator), so they are escaped with a
// backslash, as is the backslash itself.
inline std::string escape_nvtx_filter(std::string_view name, std::string_view specials) {
    std::string out;
    for (char c : name) {
        if (c == '\\' || specials.find(c) != std::string_view::npos)
            out += '\\';
        out += c;
    }
    return out;
}

} // namespace detail

// The --nvtx-include argument selecting the push/pop range `range` in odo's domain.
inline std::string ncu_nvtx_include(std::string_view range) {
    return std::string(nvtx_domain) + "@" + detail::escape_nvtx_filter(range, "[]/@") + "/";
}

// The --nvtx-capture argument selecting the range `range` in odo's domain.
inline std::string nsys_nvtx_capture(std::string_view range) {
    return detail::escape_nvtx_filter(range, "@") + "@" + std::string(nvtx_domain);
}

} // namespace odo::profile
