// A clock the tests advance by hand, so measurements are exact and repeatable: the "work" of a
// fake launch is advancing the clock by the time it should take.
#pragma once
#include <odo/bench/host_backend.hpp>

#include <cstdint>
#include <memory>

namespace odo::bench::testing {

struct FakeTime {
    std::int64_t ns = 0;
    void advance_us(double us) { ns += static_cast<std::int64_t>(us * 1000); }
};

struct FakeClock {
    FakeTime* time;
    std::int64_t now_ns() const noexcept { return time->ns; }
};

// Wall, thread CPU and process CPU time all advance together: fake work never waits.
using FakeHostBackend = BasicHostBackend<FakeClock, FakeClock, FakeClock>;

inline std::unique_ptr<FakeHostBackend> fake_backend(FakeTime& time) {
    return std::make_unique<FakeHostBackend>(FakeClock{&time}, FakeClock{&time}, FakeClock{&time});
}

// The runner's backend factory on `time`.
inline auto fake_factory(FakeTime& time) {
    return [&time]() -> std::unique_ptr<Backend> { return fake_backend(time); };
}

} // namespace odo::bench::testing
