#pragma once
// The operator: a (2r+1)x(2r+1) box blur of an interleaved 8-bit image, borders replicated.
#include <algorithm>
#include <cstdint>
#include <vector>

inline void box_blur(const std::uint8_t* in, std::uint8_t* out, int height, int width, int channels,
                     int radius) {
    const int window = (2 * radius + 1) * (2 * radius + 1);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            for (int c = 0; c < channels; ++c) {
                int sum = 0;
                for (int dy = -radius; dy <= radius; ++dy)
                    for (int dx = -radius; dx <= radius; ++dx) {
                        const int yy = std::clamp(y + dy, 0, height - 1);
                        const int xx = std::clamp(x + dx, 0, width - 1);
                        sum += in[(yy * width + xx) * channels + c];
                    }
                out[(y * width + x) * channels + c] =
                    static_cast<std::uint8_t>((sum + window / 2) / window);
            }
}
