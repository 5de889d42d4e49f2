// The near-duplicate search: the same pairs, in the same order, as comparing every pair; N copies
// of a body counted, not enumerated into memory; a search past its budget says so.
#include <odo/refactor/near_duplicates.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

using namespace odo::refactor;

namespace {

// Bodies of 6 to 9 lines over a 2-line alphabet: many share windows, some are identical, the
// ratios spread over (0, 1].
std::vector<Block> alphabet_bodies(std::size_t n) {
    std::string source;
    std::uint32_t state = 12345;
    auto next = [&] { return (state = state * 1103515245u + 12345u) >> 16; };
    for (std::size_t i = 0; i < n; ++i) {
        source += "void f" + std::to_string(i) + "()\n{\n";
        for (std::uint32_t line = 0, lines = 6 + next() % 4; line < lines; ++line)
            source += "x" + std::to_string(next() % 2) + "();\n";
        source += "}\n";
    }
    return extract_blocks(source, "a.cu", 1);
}

// Every pair i < j at or above the threshold, sorted as the report sorts them.
std::vector<BlockPair> every_pair(const std::vector<const Block*>& blocks, double threshold) {
    std::vector<BlockPair> out;
    for (std::size_t i = 0; i < blocks.size(); ++i)
        for (std::size_t j = i + 1; j < blocks.size(); ++j)
            if (const double r = jaccard(blocks[i]->shingles, blocks[j]->shingles); r >= threshold)
                out.push_back({blocks[i], blocks[j], r, i, j});
    std::sort(out.begin(), out.end(), detail::better_pair);
    return out;
}

std::vector<const Block*> pointers(const std::vector<Block>& blocks) {
    std::vector<const Block*> out;
    for (const Block& b : blocks)
        out.push_back(&b);
    return out;
}

} // namespace

TEST_CASE("near_duplicate_pairs finds what comparing every pair finds, best first") {
    const auto blocks = alphabet_bodies(300);
    const auto ptrs = pointers(blocks);
    for (const double threshold : {0.3, 0.8, 1.0}) {
        CAPTURE(threshold);
        const auto all = every_pair(ptrs, threshold);
        REQUIRE(all.size() > 100);
        const NearDuplicates found = near_duplicate_pairs(ptrs, threshold, all.size());
        CHECK(found.complete);
        CHECK(found.count == all.size());
        REQUIRE(found.listed.size() == all.size());
        for (std::size_t k = 0; k < all.size(); ++k) {
            CHECK(found.listed[k].i == all[k].i);
            CHECK(found.listed[k].j == all[k].j);
            CHECK(found.listed[k].ratio == all[k].ratio);
        }
        const NearDuplicates top = near_duplicate_pairs(ptrs, threshold, 7);
        CHECK(top.count == all.size());
        REQUIRE(top.listed.size() == 7);
        for (std::size_t k = 0; k < 7; ++k)
            CHECK(top.listed[k].j == all[k].j);
    }
}

TEST_CASE("near_duplicate_pairs: copies of a body are one class; past the budget it says so") {
    std::string source;
    for (int i = 0; i < 3000; ++i) // 4.5 million pairs: counted, 50 kept
        source += "void g" + std::to_string(i) + "(int a)\n{\n  a += 1;\n  a += 2;\n  a += 3;\n}\n";
    const auto blocks = extract_blocks(source, "g.cu", 1);
    const NearDuplicates found = near_duplicate_pairs(pointers(blocks), 0.8);
    CHECK(found.complete);
    CHECK(found.count == 3000u * 2999u / 2);
    REQUIRE(found.listed.size() == listed_pairs);
    CHECK(found.listed.front().a->name == "g0");
    CHECK(found.listed.front().b->name == "g1");
    CHECK(found.listed.back().b->name == "g50");

    const NearDuplicates cut = near_duplicate_pairs(pointers(blocks), 0.8, listed_pairs, 1000);
    CHECK_FALSE(cut.complete);
    CHECK(cut.count <= 1000);
}
