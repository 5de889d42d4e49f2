// SPDX-License-Identifier: Apache-2.0
#include <cvcuda/OpFlip.hpp>
#include <gtest/gtest.h>

static std::vector<uint8_t> FlipGold(const std::vector<uint8_t> &in)
{
    std::vector<uint8_t> out(in.size());
    for (size_t i = 0; i < in.size(); ++i) out[i] = 255 - in[i];
    return out;
}

TEST(OpFlip, correct_output)
{
    std::vector<uint8_t> input(64, 7);
    std::vector<uint8_t> output = RunFlip(input);
    EXPECT_EQ(output, FlipGold(input));
}

TEST(OpFlip, invalid_layout_Negative)
{
    EXPECT_EQ(NVCV_ERROR_INVALID_ARGUMENT, SubmitFlip(BadLayout()));
}
