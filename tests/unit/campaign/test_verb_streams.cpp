// The campaign's verbs called in-process, as an op repository's own tool would: they report to
// the streams VerbOptions names, not to the process's standard output.
#include "temp_repo.hpp"

#include <odo/campaign/record_verbs.hpp>

#include <doctest/doctest.h>

#include <sstream>
#include <string>

TEST_CASE("campaign verbs: a lead recorded in-process reports to the caller's stream") {
    const odo::testing::TempRepo repo(ODO_SOURCE_DIR "/examples/oplib");
    odo::campaign::VerbOptions o;
    o.op = "Invert";
    o.verb = "lead";
    o.id = "L1";
    o.hypothesis = "the loads are not coalesced";
    o.category = "memory";
    o.targets = {"invert_uchar3_basic[InOutDataType=uchar3][shape=2x160x240][layout=NHWC]"
                 "[inputKind=Tensor]"};
    std::ostringstream out, err;
    o.out = &out;
    o.err = &err;
    const odo::campaign::Campaign c(repo.root(), o);
    CHECK(odo::campaign::record_lead(o, c) == 0);
    CHECK(out.str() == "recorded lead in bench/campaigns/OpInvert.ledger.jsonl\n");
    CHECK(err.str().empty());
    CHECK(repo.read("bench/campaigns/OpInvert.ledger.jsonl").find("\"L1\"") != std::string::npos);
}
