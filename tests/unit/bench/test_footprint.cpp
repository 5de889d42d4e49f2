// The allocation hook (odo/bench/allocation_hook.hpp) and the runner's `--footprint`: exact byte
// and call counts from the replaced operator new/delete this executable compiles with its runner
// (runner_implementation.cpp), and the file read back by the profile layer and ODO-9.
#include "temp_dir.hpp"
#include "text_helpers.hpp"

#include <odo/bench/allocation_hook.hpp>
#include <odo/bench/backend.hpp>
#include <odo/bench/runner.hpp>
#include <odo/core/file.hpp>
#include <odo/gates/evidence_checks_memory.hpp>
#include <odo/profile/allocation_ledger.hpp>
#include <odo/profile/memory_footprint.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <new>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace odo::bench;
using odo::profile::AllocationLedger;
using odo::profile::FootprintMeasurement;

namespace {

struct FootprintRun {
    int code;
    std::string out;
    std::string err;
};

// The example config's benchmark with `body`, on the host backend (the real one: the hook does
// not care about the clock, and no figure here is a time).
FootprintRun run_footprint(std::vector<std::string> args,
                           std::function<void(State&, std::size_t element_bytes)> body) {
    Runner runner(std::move(args), testing::example_config);
    runner.add("example", type_list<std::uint8_t, float>{},
               [&body](State& s, auto tag) { body(s, sizeof(typename decltype(tag)::type)); });
    std::ostringstream out, err;
    const int code = runner.run(out, err);
    return {code, out.str(), err.str()};
}

std::vector<FootprintMeasurement> read_footprints(const std::filesystem::path& path) {
    return odo::profile::parse_footprints(odo::read_file(path), path.string());
}

const std::string uint8_key = "example_basic[InOutDataType=uint8][shape=1x256x256][passes=1]";
const std::string float_key = "example_basic[InOutDataType=float32][shape=1x256x256][passes=1]";

// A backend that says it measures a GPU; --footprint must refuse it before anything runs.
class GpuLookingBackend : public Backend {
public:
    GpuLookingBackend() { device_.backend = "cuda"; }
    const DeviceInfo& device() const override { return device_; }
    ClockKind clock() const override { return ClockKind::CudaEvents; }
    void warmup(LaunchRef, std::int64_t) override { throw std::logic_error("not reached"); }
    Measurement measure_cold(LaunchRef, const StoppingCriteria&, ExecTag) override {
        throw std::logic_error("not reached");
    }
    Measurement measure_batch(LaunchRef, const StoppingCriteria&, double) override {
        throw std::logic_error("not reached");
    }

private:
    DeviceInfo device_;
};

std::size_t line_count(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

} // namespace

TEST_CASE("allocation hook: every form of operator new and delete on the armed thread") {
    AllocationLedger ledger;
    std::uintptr_t misaligned = 0;
    {
        const ArmedAllocations armed(ledger);
        void* plain = ::operator new(1000);
        void* array = ::operator new[](3000);
        ::operator delete(plain, std::size_t(1000)); // live 3000 after a peak of 4000
        void* aligned = ::operator new(500, std::align_val_t(64));
        void* nothrow = ::operator new(24, std::nothrow);
        void* aligned_array = ::operator new[](8, std::align_val_t(128), std::nothrow);
        misaligned = reinterpret_cast<std::uintptr_t>(aligned) % 64 +
                     reinterpret_cast<std::uintptr_t>(aligned_array) % 128;
        ::operator delete(nothrow, std::nothrow);
        ::operator delete[](array);
        ::operator delete(aligned, std::align_val_t(64));
        ::operator delete[](aligned_array, std::align_val_t(128), std::nothrow);
    }
    CHECK(misaligned == 0);
    CHECK(ledger.peak_bytes() == 4000);
    CHECK(ledger.live_bytes() == 0);
    CHECK(ledger.timed_allocations() == 5);
    CHECK(ledger.timed_frees() == 5);
}

TEST_CASE("allocation hook: nothing outside the armed scope, and no other thread") {
    AllocationLedger ledger;
    auto before = std::make_unique<char[]>(1 << 20); // allocated before arming
    std::atomic<int> stage{0};
    std::thread other([&stage] {
        while (stage.load() != 1)
            std::this_thread::yield();
        auto elsewhere = std::make_unique<char[]>(1 << 20);
        elsewhere.reset();
        stage.store(2);
    });
    {
        const ArmedAllocations armed(ledger);
        stage.store(1);
        while (stage.load() != 2) // the other thread allocates and frees while this one is armed
            std::this_thread::yield();
        before.reset(); // a free call, but of no bytes the scope allocated
    }
    other.join();
    auto after = std::make_unique<char[]>(1 << 20);
    CHECK(ledger.peak_bytes() == 0);
    CHECK(ledger.timed_allocations() == 0);
    CHECK(ledger.timed_frees() == 1);
}

TEST_CASE("--footprint: the bytes and calls of one call per case, read back unchanged") {
    const TempDir dir;
    const auto path = dir.path() / "footprint.json";
    std::int64_t calls = 0;
    const FootprintRun r = run_footprint(
        {"--footprint", path.string()}, [&calls](State& s, std::size_t element_bytes) {
            const std::vector<char> image(65536 * element_bytes); // set up outside the call
            s.exec([&calls, element_bytes](Launch&) {
                ++calls;
                void* scratch = ::operator new(4096 * element_bytes);
                void* row = ::operator new(1024);
                ::operator delete(row);
                ::operator delete(scratch);
            });
        });
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(calls == 2 * (20 + 1 + 1)); // per case: the configured warm-up, nvbench's one, counted
    const std::vector<FootprintMeasurement> read = read_footprints(path);
    REQUIRE(read.size() == 2);
    CHECK(read[0].workload == uint8_key);
    CHECK(read[0].peak_live_bytes == 4096 + 1024);
    CHECK(read[1].workload == float_key);
    CHECK(read[1].peak_live_bytes == 4 * 4096 + 1024);
    for (const FootprintMeasurement& m : read) {
        CHECK(m.timed_allocations == 2);
        CHECK(m.timed_frees == 2);
        CHECK(m.method == std::string(allocation_hook_method));
    }
    CHECK(odo::read_file(path) == odo::profile::footprints_json(read)); // the profile layer's bytes
    CHECK(odo::testing::contains(r.out, uint8_key + ": peak 5120 B live, 2 allocations and 2 frees "
                                                    "in the call\n"));
    CHECK_FALSE(odo::testing::contains(r.out, "GPU Time")); // no table
}

TEST_CASE("--footprint: setup, warm-up and caches outside the measured call are not counted") {
    const TempDir dir;
    const auto before_path = dir.path() / "before.json";
    const auto after_path = dir.path() / "after.json";
    const FootprintRun before =
        run_footprint({"--footprint", before_path.string(), "--quiet"}, [](State& s, std::size_t) {
            std::vector<float> image(1 << 16, 1.0f);
            std::unique_ptr<std::vector<float>> table; // built by the first call, in the warm-up
            s.exec([&](Launch&) {
                if (!table)
                    table = std::make_unique<std::vector<float>>(256, 0.5f);
                for (float& v : image)
                    v = (*table)[static_cast<std::size_t>(v) % 256];
            });
        });
    INFO(before.err);
    REQUIRE(before.code == 0);
    CHECK(before.out.empty());
    for (const FootprintMeasurement& m : read_footprints(before_path)) {
        CHECK(m.peak_live_bytes == 0);
        CHECK(m.timed_calls() == 0);
    }

    // A change that allocates a 1 MiB buffer in every call: the section ODO-9 reads says so.
    const FootprintRun after =
        run_footprint({"--footprint", after_path.string(), "--quiet"}, [](State& s, std::size_t) {
            s.exec([](Launch&) { std::vector<char> buffer(1 << 20); });
        });
    REQUIRE(after.code == 0);
    const auto change =
        odo::profile::compare_footprints(read_footprints(before_path), read_footprints(after_path));
    CHECK(change.increase_bytes == 1 << 20);
    CHECK(change.new_allocations);
    const std::string section = odo::profile::memory_footprint_section(change);
    const auto reading = odo::summary::read_memory_section(section);
    REQUIRE(reading.declaration);
    CHECK(reading.declaration->increase_bytes == "1048576");
    CHECK(
        odo::testing::contains(reading.declaration->evidence, std::string(allocation_hook_method)));
    const odo::Finding odo9 = odo::gates::check_odo9_memory_footprint(section, "guide");
    CHECK(odo9.status == odo::Status::Manual); // a new allocation path needs a person's review
}

TEST_CASE("--footprint: skipped cases are left out, failed ones fail the run") {
    const TempDir dir;
    const auto path = dir.path() / "footprint.json";
    const FootprintRun some =
        run_footprint({"--footprint", path.string()}, [](State& s, std::size_t element_bytes) {
            if (element_bytes == 1)
                return s.skip("uint8 is not wired up");
            s.exec([](Launch&) {});
        });
    CHECK(some.code == 0);
    CHECK(odo::testing::contains(some.err, uint8_key + ": skipped: uint8 is not wired up"));
    REQUIRE(read_footprints(path).size() == 1);
    CHECK(read_footprints(path).front().workload == float_key);

    const auto none_path = dir.path() / "none.json";
    const FootprintRun none = run_footprint({"--footprint", none_path.string()},
                                            [](State& s, std::size_t) { s.skip("not wired up"); });
    CHECK(none.code == 1);
    CHECK(odo::testing::contains(none.err, "no case was counted"));
    CHECK_FALSE(std::filesystem::exists(none_path));

    const FootprintRun failed =
        run_footprint({"--footprint", path.string()}, [](State& s, std::size_t element_bytes) {
            if (element_bytes == 1)
                throw std::runtime_error("no image");
            s.exec([](Launch&) {});
        });
    CHECK(failed.code == 1);
    CHECK(odo::testing::contains(failed.err, uint8_key + " failed: no image"));
    CHECK(read_footprints(path).size() == 1); // the counted case is still written
}

TEST_CASE("--footprint: usage errors are one line and exit 2; an unwritable file exits 1") {
    const TempDir dir;
    const std::string path = (dir.path() / "footprint.json").string();
    const auto body = [](State& s, std::size_t) { s.exec([](Launch&) {}); };
    const auto body_untyped = [](State& s) { s.exec([](Launch&) {}); };
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"--footprint"},
             {"--footprint="},
             {"--footprint", path, "--footprint", path},
             {"--footprint", path, "--json", (dir.path() / "a.json").string()},
             {"--footprint", path, "--csv", (dir.path() / "a.csv").string()},
             {"--footprint", path, "--odo-gate"},
             {"--footprint", path, "--case", uint8_key, "--host-roofline", path},
             {"--footprint", path, "--case", "example_basic[nope=1]"}}) {
        std::string command_line;
        for (const std::string& arg : args)
            command_line += " " + arg;
        CAPTURE(command_line);
        const FootprintRun r = run_footprint(args, body);
        CHECK(r.code == 2);
        CHECK(line_count(r.err) == 1);
        CHECK(odo::testing::contains(r.err, "benchmark: error: "));
        CHECK(r.out.empty());
    }
    CHECK_FALSE(std::filesystem::exists(path));

    Runner on_gpu({"--footprint", path}, testing::example_config,
                  [] { return std::make_unique<GpuLookingBackend>(); });
    on_gpu.add("example", body_untyped);
    std::ostringstream gpu_out, gpu_err;
    CHECK(on_gpu.run(gpu_out, gpu_err) == 2);
    CHECK(line_count(gpu_err.str()) == 1);
    CHECK(odo::testing::contains(gpu_err.str(), "the cuda backend's operator holds device memory, "
                                                "which CUPTI counts"));
    CHECK_FALSE(std::filesystem::exists(path));

    const std::string unwritable = (dir.path() / "missing" / "footprint.json").string();
    const FootprintRun r = run_footprint({"--footprint", unwritable}, body);
    CHECK(r.code == 1);
    CHECK(odo::testing::contains(r.err, "benchmark: error: "));
    CHECK_FALSE(std::filesystem::exists(unwritable));
}
