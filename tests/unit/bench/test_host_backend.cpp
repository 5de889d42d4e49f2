// The host backend: exact on a fake clock, plausible on real work.
#include "fake_clock.hpp"

#include <odo/bench/host_backend.hpp>

#include <doctest/doctest.h>

#include <chrono>
#include <thread>

using namespace odo::bench;
using odo::bench::testing::fake_backend;
using odo::bench::testing::FakeTime;

namespace {

// Real work on a shared machine: a loose noise target and a short timeout keep the test fast.
StoppingCriteria quick() {
    StoppingCriteria c;
    c.min_time_s = 0.02;
    c.max_noise_pct = 5;
    c.timeout_s = 1;
    return c;
}

// Spins until `us` microseconds of wall time have passed: work whose duration is known.
void spin_us(double us) {
    const auto until =
        std::chrono::steady_clock::now() + std::chrono::duration<double, std::micro>(us);
    while (std::chrono::steady_clock::now() < until) {
    }
}

} // namespace

TEST_CASE("a cold sample is one launch on the clock") {
    FakeTime time;
    auto backend = fake_backend(time);
    int launches = 0;
    bool on_a_stream = false;
    auto work = [&](Launch& launch) {
        on_a_stream = on_a_stream || launch.get_stream() != nullptr;
        ++launches;
        time.advance_us(250);
    };
    const Measurement m = backend->measure_cold(work, StoppingCriteria{}, ExecTag::Default);
    CHECK(m.launches_per_sample == 1);
    CHECK_FALSE(on_a_stream);
    CHECK(launches == static_cast<int>(m.times_s.size()));
    CHECK(m.time().mean == doctest::Approx(250e-6));
    CHECK(m.cpu_time().mean == doctest::Approx(250e-6));
    CHECK(m.stop == StopReason::NoiseTarget);
}

TEST_CASE("a batch sample times many launches and stores the time per launch") {
    FakeTime time;
    auto backend = fake_backend(time);
    auto work = [&](Launch&) { time.advance_us(2); };
    const Measurement m = backend->measure_batch(work, StoppingCriteria{}, 2e-6);
    CHECK(m.launches_per_sample == batch_launches(2e-6));
    CHECK(m.launches_per_sample == 5001); // 10 ms worth of 2 µs launches
    CHECK(m.time().mean == doctest::Approx(2e-6));
    CHECK(m.stop == StopReason::MinTime);
    CHECK(m.times_s.size() == 50); // each sample adds its 10.002 ms to the accumulated time
}

TEST_CASE("batches hold at least four launches and at most a billion") {
    CHECK(batch_launches(1.0) == 4);
    CHECK(batch_launches(0) == 4);
    CHECK(batch_launches(-1) == 4);
    CHECK(batch_launches(1e-20) == 1'000'000'000);
    CHECK(batch_launches(1e-3) == 11);
}

TEST_CASE("warm-up runs the launcher the given number of times") {
    FakeTime time;
    auto backend = fake_backend(time);
    int launches = 0;
    backend->warmup([&](Launch&) { ++launches; }, 7);
    CHECK(launches == 7);
}

TEST_CASE("the host backend describes itself as the host, without a peak bandwidth") {
    const HostBackend backend;
    CHECK(backend.device().backend == "host");
    CHECK_FALSE(backend.device().name.empty());
    CHECK_FALSE(backend.device().is_gpu());
    CHECK_FALSE(backend.device().peak_bandwidth_bytes_per_s);
}

TEST_CASE("the host timer measures real work at least as long as the work") {
    HostBackend backend;
    const Measurement m =
        backend.measure_cold([](Launch&) { spin_us(200); }, quick(), ExecTag::Default);
    const Summary s = m.time();
    CHECK(s.min >= 200e-6);
    CHECK(s.median < 2e-3); // generous: the machine may be busy
    // Spinning burns CPU: the thread's CPU time follows the wall time.
    CHECK(m.cpu_time().median > 0.5 * s.median);
}

TEST_CASE("the CPU time of sleeping work is far below its wall time") {
    HostBackend backend;
    const Measurement m = backend.measure_cold(
        [](Launch&) { std::this_thread::sleep_for(std::chrono::microseconds(500)); }, quick(),
        ExecTag::Default);
    CHECK(m.time().min >= 500e-6);
    CHECK(m.cpu_time().median < 0.5 * m.time().median);
}

TEST_CASE("batch and cold agree on real work") {
    HostBackend backend;
    auto work = [](Launch&) { spin_us(50); };
    const double cold = backend.measure_cold(work, quick(), ExecTag::Default).time().median;
    const double batch = backend.measure_batch(work, quick(), cold).time().median;
    CHECK(batch >= 50e-6);
    CHECK(batch == doctest::Approx(cold).epsilon(0.5));
}
