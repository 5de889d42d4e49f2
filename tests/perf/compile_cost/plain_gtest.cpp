// The anchor: the same test with a plain GoogleTest EXPECT_EQ.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

TEST(OpInvert, MatchesReference) {
    const std::int64_t h = 16, w = 16, c = 3;
    std::vector<std::uint8_t> out(std::size_t(h * w * c)), ref(out.size());
    for (std::size_t i = 0; i < ref.size(); ++i)
        out[i] = ref[i] = static_cast<std::uint8_t>(255 - i % 256);
    EXPECT_EQ(out, ref);
}
