#pragma once
#include "odo/core/linkage.hpp"
#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

namespace odo::summary {

// Config keys that name the same workload while their configs are migrated (summary.md §4.7,
// the reference's newest inventory). The list is closed and meant to shrink; any other
// duplicate workload is an error.
struct LegacyAlias {
    std::string_view benchmark;
    std::string_view first; // the pair, sorted
    std::string_view second;
};

inline constexpr std::array<LegacyAlias, 20> legacy_aliases{{
    {"brightnesscontrast", "brightnesscontrast_fakeplanar_nchw_float3_advanced",
     "brightnesscontrast_fakeplanar_rgb_f32_nchw_1080p_advanced"},
    {"brightnesscontrast", "brightnesscontrast_fakeplanar_nchw_uchar3_advanced",
     "brightnesscontrast_fakeplanar_rgb_u8_nchw_1080p_advanced"},
    {"brightnesscontrast", "brightnesscontrast_float3_varshape_advanced",
     "brightnesscontrast_rgb_f32_1080p_advanced"},
    {"brightnesscontrast", "brightnesscontrast_planar_nchw_float3_varshape_advanced",
     "brightnesscontrast_planar_rgb_f32_nchw_1080p_advanced"},
    {"centercrop", "centercrop_fakeplanar_nchw_float3_advanced",
     "centercrop_fakeplanar_nchw_rgb_f32_1080p_advanced"},
    {"clahe", "clahe_clip20_advanced", "clahe_tiles8_varshape_1080p_advanced"},
    {"colortwist", "colortwist_fakeplanar_nchw_advanced",
     "colortwist_fakeplanar_nchw_rgb_u8_1080p_advanced"},
    {"colortwist", "colortwist_fakeplanar_nchw_advanced",
     "colortwist_fakeplanar_nchw_rgba_u8_1080p_advanced"},
    {"copymakeborder", "copymakeborder_fake_planar_rgb_u8_reflect101_1080p_advanced",
     "copymakeborder_fake_planar_uchar3_advanced"},
    {"customcrop", "customcrop_fakeplanar_nchw_float3_advanced",
     "customcrop_fakeplanar_nchw_rgb_f32_full_1080p_advanced"},
    {"customcrop", "customcrop_fakeplanar_nchw_rgb_u8_full_1080p_advanced",
     "customcrop_fakeplanar_nchw_uchar3_advanced"},
    {"normalize", "normalize_fakeplanar_nchw_1080p_float3_advanced",
     "normalize_fakeplanar_rgb_f32_nchw_1080p_advanced"},
    {"normalize", "normalize_float3_advanced", "normalize_rgb_f32_1080p_advanced"},
    {"normalize", "normalize_planar_nchw_1080p_float3_advanced",
     "normalize_planar_rgb_f32_nchw_1080p_advanced"},
    {"pillowresize", "pillowresize_fakeplanar_nchw_contract_cubic_1080p_float3_advanced",
     "pillowresize_fakeplanar_nchw_contract_cubic_1080p_varshape_float3_advanced"},
    {"pillowresize", "pillowresize_fakeplanar_nchw_contract_cubic_1080p_float4_advanced",
     "pillowresize_fakeplanar_nchw_contract_cubic_1080p_varshape_float4_advanced"},
    {"pillowresize", "pillowresize_fakeplanar_nchw_contract_cubic_1080p_uchar3_advanced",
     "pillowresize_fakeplanar_nchw_contract_cubic_1080p_varshape_uchar3_advanced"},
    {"pillowresize", "pillowresize_fakeplanar_nchw_contract_cubic_1080p_uchar4_advanced",
     "pillowresize_fakeplanar_nchw_contract_cubic_1080p_varshape_uchar4_advanced"},
    {"pillowresize", "pillowresize_planar_nchw_contract_cubic_1080p_float4_advanced",
     "pillowresize_planar_nchw_contract_cubic_1080p_varshape_float4_advanced"},
    {"pillowresize", "pillowresize_planar_nchw_contract_cubic_1080p_uchar4_advanced",
     "pillowresize_planar_nchw_contract_cubic_1080p_varshape_uchar4_advanced"},
}};

// Whether two config keys of `benchmark` (exact, case-sensitive) are a listed alias pair.
ODO_API bool is_legacy_alias(std::string_view benchmark, std::string_view a, std::string_view b);
#if ODO_SUMMARY_DEFINITIONS
ODO_API bool is_legacy_alias(std::string_view benchmark, std::string_view a, std::string_view b) {
    const std::pair<std::string_view, std::string_view> pair = std::minmax(a, b);
    return std::any_of(legacy_aliases.begin(), legacy_aliases.end(), [&](const LegacyAlias& x) {
        return x.benchmark == benchmark && x.first == pair.first && x.second == pair.second;
    });
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
