// The runner end to end on the host backend with a fake clock: what it prints, how it handles
// a failing or skipping body, and its exit codes.
#include "fake_clock.hpp"
#include "temp_dir.hpp"
#include "text_helpers.hpp"

#include <odo/bench/csv.hpp>
#include <odo/bench/detail/case_run.hpp>
#include <odo/bench/do_not_optimize.hpp>
#include <odo/bench/runner.hpp>
#include <odo/core/json_read.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

using namespace odo::bench;
using odo::bench::testing::fake_factory;
using odo::bench::testing::FakeTime;

namespace {

struct Run {
    int code;
    std::string out;
    std::string err;
};

Run run(Runner& runner) {
    std::ostringstream out, err;
    const int code = runner.run(out, err);
    return {code, out.str(), err.str()};
}

std::vector<std::string> split(const std::string& line) {
    std::vector<std::string> fields(1);
    for (char c : line)
        if (c == ',')
            fields.emplace_back();
        else
            fields.back() += c;
    return fields;
}

using odo::testing::contains;

// The example body on fake time: a launch takes one ns per element per pass.
auto example_body(FakeTime& time) {
    return [&time](State& s, auto tag) {
        using T = typename decltype(tag)::type;
        const std::int64_t elements = s.get_string("shape") == "1x256x256" ? 65536 : 524288;
        const std::int64_t passes = s.get_int64("passes");
        s.add_element_count(elements);
        s.add_global_memory_reads<T>(elements * passes);
        s.add_global_memory_writes<T>(elements * passes);
        s.exec([&time, elements, passes](Launch&) {
            time.advance_us(static_cast<double>(elements * passes) / 1000);
        });
    };
}

Runner example_runner(std::vector<std::string> args, FakeTime& time) {
    Runner runner(std::move(args), testing::example_config, fake_factory(time));
    runner.add("example", type_list<std::uint8_t, float>{}, example_body(time));
    return runner;
}

} // namespace

TEST_CASE("a run measures every selected case and prints a table and progress lines") {
    FakeTime time;
    Runner runner = example_runner({"--sku", "HOST_EXAMPLE"}, time);
    const Run r = run(runner);
    CHECK(r.code == 0);
    REQUIRE(runner.results().size() == 2);
    for (const CaseResult& c : runner.results()) {
        CHECK(c.outcome == CaseOutcome::Measured);
        CHECK(c.cold_time.mean == doctest::Approx(65.536e-6));
        CHECK(c.batch_time.mean == doctest::Approx(65.536e-6));
        CHECK(c.batch->launches_per_sample == batch_launches(65.536e-6));
        CHECK(c.warmup_iterations == 20);
        // The host backend's defaults: both stop on time, on the thread's CPU time.
        CHECK(c.cold->stop == StopReason::MinTime);
        CHECK(c.batch->stop == StopReason::MinTime);
        CHECK(c.cold->clock == ClockKind::ThreadCpu);
        CHECK(c.cold->beside_clock == ClockKind::Wall);
        CHECK(c.throughput.elements_per_second);
        CHECK_FALSE(c.throughput.bwutil); // the host has no peak bandwidth
    }
    CHECK(contains(r.out, "# host backend: "));
    CHECK(contains(r.out, "(SKU HOST_EXAMPLE; host backend: label given with --sku)"));
    CHECK(contains(r.out, "| example_basic[InOutDataType=uint8][shape=1x256x256][passes=1]   | "));
    CHECK(contains(r.out, "| 65.536    |"));
    CHECK(contains(r.out, "Time and Noise: the cold samples the artifact and the gate use, per "
                          "launch, on the thread-cpu clock; noise by mad. wall: the same samples "
                          "on the wall clock."));
    CHECK(contains(r.out, "| Time (us) | Noise | wall (us) | Batch (us) |"));
    CHECK(contains(r.err, "[1/2] example_basic[InOutDataType=uint8][shape=1x256x256][passes=1]: "
                          "65.536 us thread-cpu, noise 0.00% (mad), "));
    CHECK(contains(r.err, " cold samples (min-time), "));
    CHECK(contains(r.err, "[2/2] example_basic[InOutDataType=float32]"));
}

TEST_CASE("--quiet prints nothing; --no-batch takes cold samples only") {
    FakeTime time;
    Runner runner = example_runner({"--quiet", "--no-batch"}, time);
    const Run r = run(runner);
    CHECK(r.code == 0);
    CHECK(r.out.empty());
    CHECK(r.err.empty());
    CHECK_FALSE(runner.results().front().batch);
}

TEST_CASE("the configured warm-up is capped by the environment") {
    ::setenv("CVCUDA_BENCH_WARMUP_CAP", "3", 1);
    FakeTime time;
    Runner runner = example_runner({"--quiet"}, time);
    run(runner);
    ::unsetenv("CVCUDA_BENCH_WARMUP_CAP");
    CHECK(runner.results().front().warmup_iterations == 3);
}

TEST_CASE("stopping options reach the measurement") {
    FakeTime time;
    Runner runner = example_runner({"--quiet", "--min-samples", "7", "--min-time", "0"}, time);
    run(runner);
    CHECK(runner.results().front().cold_time.count == 7);
    // With a noise target, a noise figure needs five samples (as in nvbench), so fewer never stop
    // on noise; the host's default time rule stops at the minimum.
    Runner three = example_runner(
        {"--quiet", "--min-samples", "3", "--min-time", "0", "--max-noise", "1"}, time);
    run(three);
    CHECK(three.results().front().cold_time.count == 5);
    CHECK(three.results().front().cold->stop == StopReason::NoiseTarget);
    Runner on_time = example_runner({"--quiet", "--min-samples", "3", "--min-time", "0"}, time);
    run(on_time);
    CHECK(on_time.results().front().cold_time.count == 3);
}

TEST_CASE("BWUtil uses the peak given on the command line") {
    FakeTime time;
    Runner runner = example_runner({"--quiet", "--peak-bandwidth-gbps", "4"}, time);
    run(runner);
    const CaseResult& uint8 = runner.results().front();
    // 2 × 65536 bytes in 65.536 µs = 2 GB/s, half of the 4 GB/s peak.
    CHECK(*uint8.throughput.bytes_per_second == doctest::Approx(2e9));
    CHECK(*uint8.throughput.bwutil == doctest::Approx(0.5));
}

TEST_CASE("a body that throws fails its case, the others still run, and the exit code is 1") {
    FakeTime time;
    Runner runner({"--tier", "basic,advanced", "--quiet"}, testing::example_config,
                  fake_factory(time));
    runner.add("example", [&](State& s) {
        if (s.get_int64("passes") == 2)
            throw std::runtime_error("out of memory");
        if (s.get_string("shape") == "1x512x512")
            return s.skip("too large for this machine");
        s.exec([&](Launch&) { time.advance_us(10); });
    });
    const Run r = run(runner);
    CHECK(r.code == 1);
    REQUIRE(runner.results().size() == 6);
    CHECK(runner.results()[0].outcome == CaseOutcome::Measured);
    CHECK(runner.results()[3].outcome == CaseOutcome::Failed);
    CHECK(runner.results()[3].message == "out of memory");
    CHECK(runner.results()[4].outcome == CaseOutcome::Skipped);
    CHECK(runner.results()[4].message == "too large for this machine");
    CHECK(contains(r.err, "case example_advanced[InOutDataType=float32][shape=2x256x256][passes=2] "
                          "failed: out of memory"));
}

TEST_CASE("a body that neither measures nor skips fails its case") {
    FakeTime time;
    Runner runner({"--quiet"}, testing::example_config, fake_factory(time));
    runner.add("example", [](State&) {});
    CHECK(run(runner).code == 1);
    CHECK(runner.results().front().message ==
          "the benchmark neither called exec() nor skipped the case");
}

TEST_CASE("exec runs once per case") {
    FakeTime time;
    Runner runner({"--quiet"}, testing::example_config, fake_factory(time));
    runner.add("example", [&](State& s) {
        s.exec([&](Launch&) { time.advance_us(10); });
        s.exec([&](Launch&) { time.advance_us(10); });
    });
    CHECK(run(runner).code == 1);
    CHECK(runner.results().front().message == "State::exec runs once per case");
    CHECK_FALSE(runner.results().front().cold);
}

TEST_CASE("a missing axis or a non-numeric value fails the case with its name") {
    FakeTime time;
    Runner runner({"--quiet"}, testing::example_config, fake_factory(time));
    runner.add("example", [](State& s) { s.get_int64("shape"); });
    CHECK(run(runner).code == 1);
    CHECK(contains(runner.results().front().message,
                   "axis 'shape' value '1x256x256' is not an integer"));
    Runner missing({"--quiet"}, testing::example_config, fake_factory(time));
    missing.add("example", [](State& s) { s.get_string("layout"); });
    CHECK(run(missing).code == 1);
    CHECK(contains(missing.results().front().message, "has no axis 'layout'"));
    detail::CaseRun record{const_cast<CaseResult&>(missing.results().front()), {}, {}, {}};
    CHECK(State(record).get_string_or_default("layout", "NHWC") == "NHWC");
}

TEST_CASE("wiring mistakes are usage errors found before anything runs") {
    FakeTime time;
    Runner none({}, testing::example_config, fake_factory(time));
    Run r = run(none);
    CHECK(r.code == 2);
    CHECK(contains(r.err, "register exactly one benchmark"));

    Runner wrong({}, testing::example_config, fake_factory(time));
    wrong.add("flip", [](State&) {});
    r = run(wrong);
    CHECK(r.code == 2);
    CHECK(contains(r.err, "benchmark 'flip' does not match the config's benchmark 'example'"));

    Runner narrow({}, testing::example_config, fake_factory(time));
    narrow.add("example", type_list<std::uint8_t>{}, [](State&, auto) {});
    r = run(narrow);
    CHECK(r.code == 2);
    CHECK(contains(r.err, "dtype 'float32' is not in the benchmark's type list ['uint8']"));
    CHECK(narrow.results().empty());
}

TEST_CASE("a typed body runs with the C++ type the case's dtype names") {
    FakeTime time;
    Runner runner({"--quiet"}, testing::example_config, fake_factory(time));
    std::vector<std::size_t> sizes;
    runner.add("example", type_list<std::uint8_t, float, double>{}, [&](State& s, auto tag) {
        sizes.push_back(sizeof(typename decltype(tag)::type));
        s.skip("only recording the type");
    });
    CHECK(run(runner).code == 0);
    CHECK(sizes == std::vector<std::size_t>{1, 4});
}

TEST_CASE("usage errors and help") {
    FakeTime time;
    Runner bad({"--tier", "gold"}, testing::example_config, fake_factory(time));
    const Run r = run(bad);
    CHECK(r.code == 2);
    CHECK(r.err == "benchmark: error: --tier: unknown tier 'gold' (expected basic, advanced)\n");

    const char* argv[] = {"bench_example", "--help"};
    Runner help(2, argv, testing::example_config, fake_factory(time));
    const Run h = run(help);
    CHECK(h.code == 0);
    CHECK(h.out.find("usage: bench_example [options]") == 0);
}

TEST_CASE("the CSV has one row per case with every figure") {
    testing::TempDir dir;
    FakeTime time;
    const auto csv = dir.path() / "out.csv";
    Runner runner =
        example_runner({"--quiet", "--sku", "HOST_EXAMPLE", "--csv", csv.string()}, time);
    CHECK(run(runner).code == 0);
    const std::string text = odo::read_file(csv);
    const auto lines = odo::text::lines(text);
    REQUIRE(lines.size() == 3);
    CHECK(odo::text::starts_with(lines[0], "Benchmark,tier,config_key,case_key,Language,SKU,"));
    CHECK(odo::text::starts_with(
        lines[1], "example,basic,example_basic,example_basic[InOutDataType=uint8][shape=1x256x256]"
                  "[passes=1],cpp,HOST_EXAMPLE,"));
    const auto fields = split(std::string(lines[1]));
    const auto& columns = csv_columns();
    REQUIRE(fields.size() == columns.size());
    auto field = [&](const std::string& column) {
        return fields[std::find(columns.begin(), columns.end(), column) - columns.begin()];
    };
    CHECK(field("Status") == "measured");
    CHECK(field("Message").empty());
    CHECK(field("Stop") == "min-time");
    CHECK(field("Clock") == "thread-cpu");
    CHECK(field("Beside Clock") == "wall");
    CHECK(field("Noise Statistic") == "mad");
    CHECK(std::stod(field("GPU Time (\xC2\xB5s)")) == doctest::Approx(65.536));
    CHECK(std::stod(field("GPU Min (\xC2\xB5s)")) == doctest::Approx(65.536));
    CHECK(std::stod(field("CPU Time (\xC2\xB5s)")) == doctest::Approx(65.536));
    CHECK(std::stod(field("GPU Noise (%)")) < 1e-6);
    CHECK(std::stoll(field("Samples")) > 7000);
    CHECK(std::stoll(field("Batch Launches")) == batch_launches(65.536e-6));
    CHECK(std::stod(field("GlobalMem BW (bytes/sec)")) == doctest::Approx(2e9));
    CHECK(field("BWUtil").empty());
    CHECK(field("Warmup") == "20");
}

TEST_CASE("CSV fields with commas or quotes are quoted") {
    CHECK(detail::csv_field("plain") == "plain");
    CHECK(detail::csv_field("a,b") == "\"a,b\"");
    CHECK(detail::csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
}

TEST_CASE("the backend is made only to measure, and a missing device fails the run cleanly") {
    int made = 0;
    auto no_device = [&]() -> std::unique_ptr<Backend> {
        ++made;
        throw std::runtime_error("CUDA backend: no CUDA device");
    };
    Runner list({"--list"}, testing::example_config, no_device);
    CHECK(run(list).code == 0);
    CHECK(made == 0);
    Runner measure({}, testing::example_config, no_device);
    measure.add("example", [](State&) {});
    const Run r = run(measure);
    CHECK(r.code == 1);
    CHECK(made == 1);
    CHECK(r.err == "benchmark: error: cannot measure: CUDA backend: no CUDA device\n");
}

TEST_CASE("the state exposes the case: keys, tier, dtype and typed axis values") {
    testing::TempDir dir;
    const auto config = dir.write("operators/blur.json", R"({"benchmark": "blur", "configs": {
        "blur_advanced": {"tier": "advanced", "dtypes": ["U8"], "string_axes": {"shape": ["1x8x8"]},
                          "int64_axes": {"ksize": [3]}, "float64_axes": {"sigma": [1e-5]}}}})");
    FakeTime time;
    Runner runner({"--quiet", "--tier", "advanced"}, config, fake_factory(time));
    runner.add("blur", [&](State& s) {
        CHECK(s.case_key().str() ==
              "blur_advanced[InOutDataType=uint8][shape=1x8x8][ksize=3][sigma=1e-05]");
        CHECK(s.config_key() == "blur_advanced");
        CHECK(s.tier() == "advanced");
        CHECK(s.dtype() == "uint8");
        CHECK(s.get_int64("ksize") == 3);
        CHECK(s.get_float64("sigma") == 1e-5);
        s.skip("inspected only");
    });
    CHECK(run(runner).code == 0);
    CHECK(runner.results().size() == 1);
}

namespace {

// A real host workload (the roofline times by the thread's CPU time, not the fake clock): invert
// the case's image, declaring what it reads and writes.
Runner roofline_runner(std::vector<std::string> args, bool declare_bytes = true) {
    Runner runner(std::move(args), testing::example_config);
    runner.add("example", type_list<std::uint8_t, float>{}, [declare_bytes](State& s, auto tag) {
        using T = typename decltype(tag)::type;
        std::vector<T> image(65536, T(1)), out(image.size());
        if (declare_bytes) {
            s.add_global_memory_reads<T>(65536);
            s.add_global_memory_writes<T>(65536);
        }
        s.exec([&](Launch&) {
            for (std::size_t i = 0; i < image.size(); ++i)
                out[i] = T(255) - image[i];
            do_not_optimize(out.data());
        });
    });
    return runner;
}

const std::string roofline_key = "example_basic[InOutDataType=uint8][shape=1x256x256][passes=1]";

} // namespace

TEST_CASE("--host-roofline times the one selected case against a memcpy and writes its record") {
    const TempDir dir;
    const auto path = dir.path() / "roofline.json";
    Runner runner = roofline_runner(
        {"--case", roofline_key, "--host-roofline", path.string(), "--host-roofline-rounds", "10"});
    const Run r = run(runner);
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(odo::testing::contains(r.out, roofline_key + ": "));
    CHECK(odo::testing::contains(r.out, " us per call, a memcpy of the same bytes "));
    const auto record = odo::json::parse(odo::read_file(path), path.string()).as_object();
    CHECK(record.at("case") == roofline_key.c_str());
    CHECK(record.at("operator") == "example");
    CHECK(record.at("bytes_moved") == 131072);
    CHECK(record.at("rounds") == 10);
    CHECK(record.at("clock") == "thread-cpu");
    CHECK(record.at("bwutil").as_double() > 0);
    CHECK_FALSE(runner.results().front().cold); // not a benchmark measurement
}

TEST_CASE("--host-roofline: one case, no artifact, declared bytes; otherwise no record") {
    const TempDir dir;
    const std::string path = (dir.path() / "roofline.json").string();
    Runner two = roofline_runner({"--host-roofline", path});
    const Run both = run(two);
    CHECK(both.code == 2);
    CHECK(odo::testing::contains(both.err, "--host-roofline times one case; 2 are selected"));

    Runner with_json = roofline_runner({"--case", roofline_key, "--host-roofline", path, "--json",
                                        (dir.path() / "a.json").string()});
    CHECK(run(with_json).code == 2);

    Runner few = roofline_runner(
        {"--case", roofline_key, "--host-roofline", path, "--host-roofline-rounds", "9"});
    CHECK(odo::testing::contains(run(few).err, "--host-roofline-rounds: must be at least 10"));

    Runner no_bytes = roofline_runner(
        {"--case", roofline_key, "--host-roofline", path, "--host-roofline-rounds", "10"}, false);
    const Run refused = run(no_bytes);
    CHECK(refused.code == 1);
    CHECK(odo::testing::contains(refused.err, "a host roofline needs the bytes"));
    CHECK_FALSE(std::filesystem::exists(path));
}
