#include "BoxBlur.hpp"

#include <odo/pixel/gtest.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

using namespace odo::pixel;

namespace {

// The blur of a horizontal ramp, computed by hand: away from the left and right borders a box
// average of a linear ramp is the ramp itself.
TEST(TestBoxBlur, keeps_a_ramp_away_from_the_borders) {
    const int height = 6, width = 8, channels = 3, radius = 1;
    std::vector<std::uint8_t> input(height * width * channels), output(input.size());
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            for (int c = 0; c < channels; ++c)
                input[(y * width + x) * channels + c] = static_cast<std::uint8_t>(10 * x + c);
    box_blur(input.data(), output.data(), height, width, channels, radius);

    std::vector<std::uint8_t> reference = input;
    for (int y = 0; y < height; ++y)
        for (int c = 0; c < channels; ++c) {
            // replicated border: (x0 + x0 + x1) / 3 on the left, (x6 + x7 + x7) / 3 on the right
            reference[(y * width + 0) * channels + c] =
                static_cast<std::uint8_t>((0 + 0 + 10 + 3 * c + 1) / 3);
            reference[(y * width + 7) * channels + c] =
                static_cast<std::uint8_t>((60 + 70 + 70 + 3 * c + 1) / 3);
        }
    EvidenceLog evidence("TestBoxBlur.keeps_a_ramp_away_from_the_borders");
    ODO_EXPECT_PIXELS(evidence.record(
        "u8 HWC 6x8 r=1",
        compare(host_tensor(output, Layout::HWC, {1, height, width, channels}),
                host_tensor(reference, Layout::HWC, {1, height, width, channels}))));
    ODO_PIXEL_EVIDENCE(evidence);
}

} // namespace
