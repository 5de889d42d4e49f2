// A SKU map that declares a host CPU its reference: the status line says so, on the line the v1
// contract fixes, and GPU maps print exactly the reference's status line.
#include "fixture.hpp"

#include <odo/summary/generate.hpp>
#include <odo/summary/refresh.hpp>

#include <doctest/doctest.h>

namespace {

boost::json::object entry(const std::string& stem, int cap_w, int clock_mhz) {
    return {{"gpu_name", stem},
            {"power_cap_w", cap_w},
            {"locked_sm_clock_mhz", clock_mhz},
            {"stem", stem}};
}

std::string status_of(const std::string& description) {
    return odo::summary::parse_summary(description).body.status_line;
}

std::string render_with(const boost::json::value& skus) {
    return odo::summary::generate_summary(fixture::metadata(),
                                          fixture::artifacts(fixture::example_surface(), skus),
                                          fixture::human());
}

const std::string final_status_line =
    "> Final reference-hardware evidence \xC2\xB7 base `111111111111` \xC2\xB7 candidate "
    "`222222222222`";

} // namespace

TEST_CASE("a host reference SKU is named as a host CPU on the status line") {
    const boost::json::value one_host =
        boost::json::object{{"entries", boost::json::array{entry(fixture::H100, 350, 1095),
                                                           entry(fixture::A100, 0, 0)}}};
    const std::string description = render_with(one_host);
    CHECK(status_of(description) ==
          final_status_line + " \xC2\xB7 A100 is a host CPU declared as reference in the SKU map, "
                              "not GPU hardware");

    const boost::json::value two_hosts = boost::json::object{
        {"entries", boost::json::array{entry(fixture::H100, 0, 0), entry(fixture::A100, 0, 0)}}};
    CHECK(status_of(render_with(two_hosts)) ==
          final_status_line +
              " \xC2\xB7 A100 and H100 are host CPUs declared as reference in the SKU "
              "map, not GPU hardware");
}

TEST_CASE("GPU reference SKUs keep the reference's status line") {
    const boost::json::value gpus =
        boost::json::object{{"entries", boost::json::array{entry(fixture::H100, 350, 1095),
                                                           entry(fixture::A100, 250, 0)}}};
    CHECK(status_of(render_with(gpus)) == final_status_line);
    CHECK(status_of(render_with(fixture::sku_map())) == final_status_line); // stems only
}

TEST_CASE("a host reference's status line validates and survives a refresh unchanged") {
    const boost::json::value skus = boost::json::object{
        {"entries", boost::json::array{entry(fixture::H100, 0, 0), entry(fixture::A100, 0, 0)}}};
    const fixture::Surface surface = fixture::example_surface();
    const std::string description = render_with(skus);
    auto options = fixture::with_artifacts(surface, skus);
    CHECK(odo::summary::validate_summary(description, options).ok());
    odo::summary::RefreshOptions refresh;
    CHECK(odo::summary::refresh_summary(description, fixture::artifacts(surface, skus), refresh) ==
          description);
}
