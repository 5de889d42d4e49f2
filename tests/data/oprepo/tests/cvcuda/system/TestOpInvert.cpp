// SPDX-License-Identifier: Apache-2.0
#include <cvcuda/OpInvert.hpp>
#include <gtest/gtest.h>

static std::vector<uint8_t> InvertGold(const std::vector<uint8_t> &in)
{
    std::vector<uint8_t> out(in.size());
    for (size_t i = 0; i < in.size(); ++i) out[i] = 255 - in[i];
    return out;
}

TEST(OpInvert, correct_output)
{
    std::vector<uint8_t> input(64, 7);
    std::vector<uint8_t> output = RunInvert(input);
    EXPECT_EQ(output, InvertGold(input));
}

TEST(OpInvert, invalid_layout_Negative)
{
    EXPECT_EQ(NVCV_ERROR_INVALID_ARGUMENT, SubmitInvert(BadLayout()));
}
