// odo's NVTX ranges as a profiler sees them: pushed and popped in the "odo" domain, named by a
// registered string (nsys triggers capture on registered strings only). A static NVTX injection
// (nvtx_recorder.cpp) records the calls, so this runs without a device.
#include "nvtx_recorder.hpp"

#include <odo/profile/nvtx_range.hpp>

#include <doctest/doctest.h>

#include <string>
#include <thread>
#include <vector>

static_assert(ODO_HAVE_NVTX, "built against odo::cuda, the NVTX headers are found");

using odo::profile::ScopedRange;
using Events = std::vector<std::string>;

TEST_CASE("a case's range is pushed and popped in the odo domain with a registered name") {
    nvtx_recorder::take_events();
    {
        const ScopedRange range("resize[shape=1920x1080][layout=NHWC]");
        CHECK(nvtx_recorder::take_events() ==
              Events{"push odo resize[shape=1920x1080][layout=NHWC] (registered)"});
    }
    CHECK(nvtx_recorder::take_events() == Events{"pop odo"});
}

TEST_CASE("nested ranges close in reverse order, and a name is registered once") {
    nvtx_recorder::take_events();
    for (int i = 0; i < 3; ++i) {
        const ScopedRange outer("flip[a=1]");
        const ScopedRange inner(std::string("flip[a=1]/inner"));
    }
    const Events events = nvtx_recorder::take_events();
    REQUIRE(events.size() == 12);
    CHECK(events[0] == "push odo flip[a=1] (registered)");
    CHECK(events[1] == "push odo flip[a=1]/inner (registered)");
    CHECK(events[2] == "pop odo");
    CHECK(events[3] == "pop odo");
    CHECK(nvtx_recorder::registrations("flip[a=1]") == 1);
    CHECK(nvtx_recorder::registrations("flip[a=1]/inner") == 1);
}

TEST_CASE("ranges opened on several threads all reach the tool") {
    nvtx_recorder::take_events();
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([t] {
            for (int i = 0; i < 50; ++i)
                const ScopedRange range("case[thread=" + std::to_string(t) + "]");
        });
    for (std::thread& t : threads)
        t.join();
    const Events events = nvtx_recorder::take_events();
    CHECK(events.size() == 4 * 50 * 2);
    for (int t = 0; t < 4; ++t)
        CHECK(nvtx_recorder::registrations("case[thread=" + std::to_string(t) + "]") == 1);
}
