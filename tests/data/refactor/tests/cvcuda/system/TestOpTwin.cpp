#include "Definitions.hpp"

TEST(OpTwin, correct_output)
{
    EvidenceLog evidence("TestOpTwin.correct_output", "the host reference");
    EXPECT_EQ(runTwin(), goldTwin());
}

TEST(OpTwin, varshape_correct_output)
{
    EXPECT_EQ(runTwinVarShape(), goldTwinVarShape());
}
