#include <odo/surface/workload.hpp>

#include <doctest/doctest.h>

using namespace odo::surface;

TEST_CASE("workload identity: tier plus sorted axes, config key and axis order ignored") {
    const CaseKey a{"a_basic", {{"layout", "NHWC"}, {"InOutDataType", "uint8"}}};
    const CaseKey b{"b_alias", {{"InOutDataType", "uint8"}, {"layout", "NHWC"}}};
    const WorkloadIdentity ia = workload_identity("basic", a);
    CHECK(ia.tier == "basic");
    CHECK(ia.axes == AxisValues{{"InOutDataType", "uint8"}, {"layout", "NHWC"}});
    CHECK(ia == workload_identity("basic", b));
    CHECK(ia != workload_identity("advanced", b));
    CHECK(workload_identity("advanced", b) < ia); // tier first
    CHECK(ia.has("layout", "NHWC"));
    CHECK_FALSE(ia.has("layout", "NCHW"));
    CHECK(ia.without("layout").axes == AxisValues{{"InOutDataType", "uint8"}});
    CHECK(ia.without("layout").tier == "basic");
    const CaseKey c{"c", {{"InOutDataType", "uint8"}, {"layout", "NCHW"}}};
    CHECK(workload_identity("basic", c) < ia); // then the pairs, byte order
    CHECK_FALSE(ia < ia);
}
