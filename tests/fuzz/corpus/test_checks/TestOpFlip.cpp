// SPDX-License-Identifier: Apache-2.0
#include <cvcuda/OpFuzz.hpp>
#include <gtest/gtest.h>

static std::vector<uint8_t> FuzzGold(const std::vector<uint8_t> &in)
{
    std::vector<uint8_t> out(in.size());
    for (size_t i = 0; i < in.size(); ++i) out[i] = 255 - in[i];
    return out;
}

TEST(OpFuzz, correct_output)
{
    std::vector<uint8_t> input(64, 7);
    std::vector<uint8_t> output = RunFuzz(input);
    EXPECT_EQ(output, FuzzGold(input));
}

TEST(OpFuzz, invalid_layout_Negative)
{
    EXPECT_EQ(NVCV_ERROR_INVALID_ARGUMENT, SubmitFuzz(BadLayout()));
}
