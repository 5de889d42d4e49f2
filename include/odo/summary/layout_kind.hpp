#pragma once
#include "odo/core/linkage.hpp"
#include "odo/surface/fake_planar.hpp"

#include <optional>
#include <string_view>

namespace odo::summary {

// How a case lays out its pixels, from its `layout` axis. CHW_FAKE is FakePlanar like
// NCHW_FAKE: the FakePlanar pairing rules already say so, and the reference's summary forgot it
// (summary.md §8.9).
enum class LayoutKind { Interleaved, Planar, FakePlanar, NoLayout };

constexpr std::string_view to_string(LayoutKind k) noexcept {
    switch (k) {
    case LayoutKind::Interleaved:
        return "Interleaved";
    case LayoutKind::Planar:
        return "Planar";
    case LayoutKind::FakePlanar:
        return "FakePlanar";
    case LayoutKind::NoLayout:
        return "NoLayout";
    }
    return "?";
}

#if ODO_SUMMARY_DEFINITIONS
// nullptr (no layout axis), NW and NWC are NoLayout; nullopt for a layout the summary does not
// know.
inline std::optional<LayoutKind> layout_kind(const std::string* layout) {
    if (!layout || *layout == "NW" || *layout == "NWC")
        return LayoutKind::NoLayout;
    if (*layout == "NHWC" || *layout == "HWC")
        return LayoutKind::Interleaved;
    if (surface::is_native_planar_layout(*layout))
        return LayoutKind::Planar;
    if (surface::is_fake_planar_layout(*layout))
        return LayoutKind::FakePlanar;
    return std::nullopt;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
