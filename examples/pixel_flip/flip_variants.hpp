#pragma once
#include <cstdint>
#include <string>
#include <vector>

// The cases every flip path is tested on: widths that leave odd tails, one to four channels, and
// pitched rows on either side.
namespace pixel_flip {

struct Variant {
    std::int64_t height, width, channels;
    std::int64_t src_padding, dst_padding; // bytes after each row, multiples of 4 for f32

    std::string name(const char* type) const {
        std::string text = std::string(type) + " " + std::to_string(height) + "x" +
                           std::to_string(width) + "x" + std::to_string(channels);
        if (src_padding)
            text += " src+" + std::to_string(src_padding) + "B";
        if (dst_padding)
            text += " dst+" + std::to_string(dst_padding) + "B";
        return text;
    }
};

inline const std::vector<Variant> variants{{1, 1, 1, 0, 0},     {4, 7, 3, 0, 0},  {5, 33, 4, 0, 0},
                                           {6, 64, 1, 0, 0},    {3, 31, 3, 4, 0}, {3, 31, 3, 0, 12},
                                           {17, 100, 3, 64, 32}};

} // namespace pixel_flip
