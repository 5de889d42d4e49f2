#include "../pixel/one_wrong_element.hpp"

#include <odo/pixel/gtest.hpp>

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace odo::pixel;
using namespace pixel_test;

TEST(PixelMacros, AcceptViewsToleranceBatchesOrResult) {
    std::vector<std::uint8_t> output = reference;
    const auto out = host_tensor(output, Layout::HWC, shape);
    const auto ref = host_tensor(reference, Layout::HWC, shape);
    ODO_EXPECT_PIXELS(out, ref);
    output[5] = 10;
    ODO_EXPECT_PIXELS(out, ref, Tolerance::absolute(1));
    ODO_ASSERT_PIXELS(compare(out, ref, Tolerance::absolute(1)));
    ODO_EXPECT_PIXELS(VarShapeView{{ref, ref}}, VarShapeView{{ref, ref}});
    ODO_ASSERT_PIXELS(VarShapeView{{out}}, VarShapeView{{ref}}, Tolerance::absolute(1));
}

TEST(PixelMacros, FailingExpectNamesTheCheckThenPrintsTheReport) {
    const OneWrongElement pair;
    EXPECT_NONFATAL_FAILURE(ODO_EXPECT_PIXELS(pair.out, pair.ref),
                            "ODO_EXPECT_PIXELS(pair.out, pair.ref)\n" + pair.report);
    EXPECT_NONFATAL_FAILURE(ODO_EXPECT_PIXELS(pair.out, pair.ref) << "variant u8 HWC",
                            pair.report + "\nvariant u8 HWC");
}

namespace {
// EXPECT_FATAL_FAILURE's statement cannot see local variables.
const OneWrongElement fatal_pair;
} // namespace

TEST(PixelMacros, FailingAssertNamesTheCheckAndStopsTheTest) {
    EXPECT_FATAL_FAILURE(ODO_ASSERT_PIXELS(compare(fatal_pair.out, fatal_pair.ref, Tolerance{})),
                         "ODO_ASSERT_PIXELS(compare(fatal_pair.out, fatal_pair.ref, "
                         "Tolerance{}))\nPixels are not equal");
}

TEST(PixelMacros, EvidencePrintsTheChecklistLineAloneOnStdout) {
    EvidenceLog log("test_gtest_macros.evidence");
    const auto ref = host_tensor(reference, Layout::HWC, shape);
    ODO_EXPECT_PIXELS(log.record("u8 HWC 3x4", compare(ref, ref)));
    std::ostringstream captured;
    std::streambuf* const original = std::cout.rdbuf(captured.rdbuf());
    ODO_PIXEL_EVIDENCE(log);
    std::cout.rdbuf(original);
    EXPECT_EQ(captured.str(), log.checklist_line() + "\n");
    EXPECT_TRUE(log.complete());
}
