// The host backend: exact on a fake clock, plausible on real work.
#include "fake_clock.hpp"

#include <odo/bench/host_backend.hpp>

#include <doctest/doctest.h>

#include <chrono>
#include <thread>

using namespace odo::bench;
using odo::bench::testing::fake_backend;
using odo::bench::testing::FakeClock;
using odo::bench::testing::FakeHostBackend;
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
    CHECK(m.beside_time().mean == doctest::Approx(250e-6));
    CHECK(m.stop == StopReason::NoiseTarget);
}

TEST_CASE("the host backend times by the thread's CPU time, with the wall time beside it") {
    // The work takes 300 µs of wall time, of which the thread ran 200 µs: preempted for 100.
    FakeTime wall, thread, process;
    FakeHostBackend backend(FakeClock{&wall}, FakeClock{&thread}, FakeClock{&process});
    auto work = [&](Launch&) {
        wall.advance_us(300);
        thread.advance_us(200);
        process.advance_us(400); // another thread of the process worked too
    };
    CHECK(backend.clock() == ClockKind::ThreadCpu);
    const Measurement m = backend.measure_cold(work, StoppingCriteria{}, ExecTag::Default);
    CHECK(m.clock == ClockKind::ThreadCpu);
    CHECK(m.beside_clock == ClockKind::Wall);
    CHECK(m.noise_statistic == NoiseStatistic::RelativeMad);
    CHECK(m.time().mean == doctest::Approx(200e-6));
    CHECK(m.beside_time().mean == doctest::Approx(300e-6));

    REQUIRE(backend.select_clock(ClockKind::ProcessCpu));
    const Measurement p = backend.measure_batch(work, StoppingCriteria{}, 400e-6);
    CHECK(p.clock == ClockKind::ProcessCpu);
    CHECK(p.time().mean == doctest::Approx(400e-6));
    CHECK(p.beside_time().mean == doctest::Approx(300e-6));

    REQUIRE(backend.select_clock(ClockKind::Wall));
    const Measurement w = backend.measure_cold(work, StoppingCriteria{}, ExecTag::Default);
    CHECK(w.clock == ClockKind::Wall);
    CHECK(w.beside_clock == ClockKind::ThreadCpu);
    CHECK(w.time().mean == doctest::Approx(300e-6));
    CHECK(w.beside_time().mean == doctest::Approx(200e-6));

    CHECK_FALSE(backend.select_clock(ClockKind::CudaEvents));
    CHECK(backend.clock() == ClockKind::Wall);
}

TEST_CASE("the timeout runs on the wall clock whatever times the samples") {
    // Work that waits a second and burns no CPU: the thread's clock stands still.
    FakeTime wall, cpu;
    FakeHostBackend backend(FakeClock{&wall}, FakeClock{&cpu}, FakeClock{&cpu});
    StoppingCriteria c = backend.default_criteria();
    c.timeout_s = 5;
    const Measurement m =
        backend.measure_cold([&](Launch&) { wall.advance_us(1e6); }, c, ExecTag::Default);
    CHECK(m.stop == StopReason::Timeout);
    CHECK(m.times_s.size() == 64); // the wall clock is read every 64 samples
    CHECK(m.walltime_s == doctest::Approx(64.0));
}

TEST_CASE("the host backend's defaults stop cold samples on time, not on a noise target") {
    FakeTime time;
    auto backend = fake_backend(time);
    CHECK_FALSE(backend->default_criteria().max_noise_pct);
    std::int64_t launch = 0;
    // 100 and 140 µs in turn: 17 % noise, far above nvbench's 0.5 % target.
    const Measurement m =
        backend->measure_cold([&](Launch&) { time.advance_us(launch++ % 2 ? 140 : 100); },
                              backend->default_criteria(), ExecTag::Default);
    CHECK(m.stop == StopReason::MinTime);
    CHECK(m.times_s.size() == 4167); // the first count whose sum exceeds 0.5 s
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

TEST_CASE("on the wall clock, real work measures at least as long as the work") {
    HostBackend backend;
    REQUIRE(backend.select_clock(ClockKind::Wall));
    const Measurement m =
        backend.measure_cold([](Launch&) { spin_us(200); }, quick(), ExecTag::Default);
    CHECK(m.time().min >= 200e-6);
    CHECK(m.clock == ClockKind::Wall);
    CHECK(m.beside_clock == ClockKind::ThreadCpu);
}

TEST_CASE("the thread's CPU time of sleeping work is far below its wall time") {
    HostBackend backend;
    const Measurement m = backend.measure_cold(
        [](Launch&) { std::this_thread::sleep_for(std::chrono::microseconds(500)); }, quick(),
        ExecTag::Default);
    CHECK(m.clock == ClockKind::ThreadCpu);
    CHECK(m.beside_time().min >= 500e-6);
    CHECK(m.time().median < 0.5 * m.beside_time().median);
}

TEST_CASE("the process's CPU time counts work handed to another thread; the thread's does not") {
    // The helper thread burns 300 µs of its own CPU time; the timed thread waits for it.
    auto handed_off = [](Launch&) {
        std::thread helper([] {
            const ThreadCpuClock own;
            const std::int64_t start = own.now_ns();
            while (own.now_ns() - start < 300'000) {
            }
        });
        helper.join();
    };
    HostBackend thread_backend, process_backend;
    REQUIRE(process_backend.select_clock(ClockKind::ProcessCpu));
    const Measurement thread = thread_backend.measure_cold(handed_off, quick(), ExecTag::Default);
    const Measurement process = process_backend.measure_cold(handed_off, quick(), ExecTag::Default);
    CHECK(process.clock == ClockKind::ProcessCpu);
    CHECK(process.time().min >= 300e-6);
    CHECK(thread.time().median < 0.5 * process.time().median);
}

TEST_CASE("batch and cold agree on real work") {
    HostBackend backend;
    REQUIRE(backend.select_clock(ClockKind::Wall));
    auto work = [](Launch&) { spin_us(50); };
    const double cold = backend.measure_cold(work, quick(), ExecTag::Default).time().median;
    const double batch = backend.measure_batch(work, quick(), cold).time().median;
    CHECK(batch >= 50e-6);
    CHECK(batch == doctest::Approx(cold).epsilon(0.5));
}
