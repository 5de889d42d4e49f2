#pragma once
#include <cstddef>
#include <string_view>

namespace odo::summary {

// The block's Top learnings: one to five one-sentence bullets.
inline constexpr std::size_t max_learnings = 5;
inline constexpr std::size_t max_learning_code_points = 500;
inline constexpr std::string_view default_learning =
    "No optimization attempt has been accepted or rejected yet.";

} // namespace odo::summary
