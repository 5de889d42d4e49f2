// Running the example benchmark in-process on fake time, for the artifact and gate tests.
#pragma once
#include "fake_clock.hpp"
#include "temp_dir.hpp"

#include <odo/bench/detail/case_run.hpp>
#include <odo/bench/runner.hpp>
#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>

#include <boost/json.hpp>

#include <cstdint>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace odo::bench::testing {

inline const std::string uint8_case =
    "example_basic[InOutDataType=uint8][shape=1x256x256][passes=1]";
inline const std::string float_case =
    "example_basic[InOutDataType=float32][shape=1x256x256][passes=1]";

struct RunOutput {
    int code;
    std::string out;
    std::string err;
    std::vector<CaseResult> results;
};

// -a, 0 and +a µs in turn: a spread whose median absolute deviation is `a` at any sample count
// (a two-value alternation's is 0 or `a`, depending on which value has one sample more).
inline double jitter_us(std::int64_t launch, double a) {
    return a * static_cast<double>(launch % 3 - 1);
}

// Launch time in µs of a case on fake time; the default is one ns per element.
using LaunchTime = std::function<double(const State&, std::int64_t launch)>;

inline double nominal_us(const State& s, std::int64_t) {
    return s.get_string("shape") == "1x256x256" ? 65.536 : 524.288;
}

// Makes the backend on the run's fake time.
using BackendFactory = std::function<std::unique_ptr<Backend>(FakeTime&)>;

inline RunOutput run_example(const std::filesystem::path& config, std::vector<std::string> args,
                             const LaunchTime& launch_us = nominal_us,
                             const BackendFactory& make_backend = fake_backend) {
    FakeTime time;
    Runner runner(std::move(args), config, [&] { return make_backend(time); });
    runner.add("example", [&](State& s) {
        s.add_global_memory_reads(65536);
        s.add_global_memory_writes(65536);
        std::int64_t launch = 0;
        s.exec([&](Launch&) { time.advance_us(launch_us(s, launch++)); });
    });
    std::ostringstream out, err;
    const int code = runner.run(out, err);
    return {code, out.str(), err.str(), runner.results()};
}

// A copy of the example config (and its SKU map) whose configs carry `baselines`
// ({config key: {case key: {sku: metrics}}}).
inline std::filesystem::path example_with_baselines(const TempDir& dir,
                                                    const boost::json::object& baselines) {
    boost::json::value doc = json::parse(read_file(example_config), example_config.string());
    for (const auto& kv : baselines)
        doc.at("configs").at(kv.key()).as_object()["baselines"] = kv.value();
    dir.write("config/sku_map.json", read_file(example_sku_map));
    return dir.write("config/operators/example.json", json::dumps(doc, {4, false, true}) + "\n");
}

inline boost::json::object metrics(double time_us, double noise_us, std::int64_t n_runs) {
    return {{"n_runs", n_runs},
            {"gpu_time_us_cpp", time_us},
            {"gpu_noise_us_cpp", noise_us},
            {"gpu_bwutil_cpp", 0.0}};
}

// Both basic cases committed on HOST_EXAMPLE with the same metrics.
inline boost::json::object basic_baselines(const boost::json::object& row) {
    return {{"example_basic",
             {{uint8_case, {{"HOST_EXAMPLE", row}}}, {float_case, {{"HOST_EXAMPLE", row}}}}}};
}

} // namespace odo::bench::testing
