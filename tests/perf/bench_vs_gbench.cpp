// odo's host measurement side by side with Google Benchmark on the same CPU workloads, in one
// process, interleaved round by round so machine load hits both alike. For each workload it
// prints the per-launch time each reports (odo: batch and cold means; Google Benchmark: real
// time per iteration) and the wall time each spends, then the per-sample cost of odo's loop.
//
//   build/perf/tests/perf/bench_vs_gbench [rounds]
#include <odo/bench/do_not_optimize.hpp>
#include <odo/bench/host_backend.hpp>
#include <odo/bench/measurement.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace {

using odo::bench::Launch;
using Clock = std::chrono::steady_clock;

struct Workload {
    std::string name;
    std::function<void()> run;
};

std::vector<Workload> workloads() {
    static std::vector<int> small(64, 3);
    static std::vector<char> src(64 << 10, 1), dst(64 << 10);
    static std::vector<char> big_src(8 << 20, 1), big_dst(8 << 20);
    static std::vector<int> unsorted = [] {
        std::vector<int> v(10000);
        std::mt19937 random(42);
        for (int& x : v)
            x = static_cast<int>(random());
        return v;
    }();
    static std::vector<int> scratch;
    return {
        {"sum 64 ints",
         [] { odo::bench::do_not_optimize(std::accumulate(small.begin(), small.end(), 0)); }},
        {"memcpy 64 KiB",
         [] {
             std::memcpy(dst.data(), src.data(), src.size());
             odo::bench::do_not_optimize(dst.data());
         }},
        {"sort 10k ints",
         [] {
             scratch = unsorted;
             std::sort(scratch.begin(), scratch.end());
             odo::bench::do_not_optimize(scratch.data());
         }},
        {"memcpy 8 MiB",
         [] {
             std::memcpy(big_dst.data(), big_src.data(), big_src.size());
             odo::bench::do_not_optimize(big_dst.data());
         }},
    };
}

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// Keeps the last run Google Benchmark reports.
class LastRun : public benchmark::BenchmarkReporter {
public:
    bool ReportContext(const Context&) override { return true; }
    void ReportRuns(const std::vector<Run>& runs) override {
        if (!runs.empty())
            ns_per_iteration = runs.back().GetAdjustedRealTime();
    }
    double ns_per_iteration = 0;
};

struct Side {
    double ns = 0;     // reported time per launch
    double wall_s = 0; // wall time spent measuring
};

Side google_benchmark(int index) {
    LastRun reporter;
    const auto start = Clock::now();
    benchmark::RunSpecifiedBenchmarks(&reporter, "^w" + std::to_string(index) + "$");
    return {reporter.ns_per_iteration, seconds_since(start)};
}

struct OdoSides {
    Side batch;
    Side cold;
    std::string cold_stop;
};

// What State::exec does with the default criteria: one warm-up launch, cold samples, then
// batch samples sized from the cold median.
OdoSides odo_bench(const Workload& w) {
    odo::bench::HostBackend backend;
    auto launch = [&](Launch&) { w.run(); };
    const odo::bench::StoppingCriteria criteria = backend.default_criteria();
    backend.warmup(launch, 1);
    const auto cold_start = Clock::now();
    const auto cold = backend.measure_cold(launch, criteria, odo::bench::ExecTag::Default);
    const double cold_wall = seconds_since(cold_start);
    const auto batch_start = Clock::now();
    const auto batch = backend.measure_batch(launch, criteria, cold.time().median);
    const double batch_wall = seconds_since(batch_start);
    return {{batch.time().mean * 1e9, batch_wall},
            {cold.time().mean * 1e9, cold_wall},
            std::string(to_string(cold.stop))};
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Per-sample cost of odo's loop: the bookkeeping alone (a sample that reads no clock), with the
// two wall-clock reads of a host sample, and a whole host cold sample of an empty launcher
// (which adds the two thread-CPU-clock reads, system calls).
void loop_overhead() {
    odo::bench::StoppingCriteria criteria;
    criteria.min_time_s = 1e9; // never met: run to the sample cap
    criteria.max_samples = 2'000'000;
    odo::bench::SteadyClock clock;
    auto per_sample_ns = [&](auto take_sample) {
        const auto start = Clock::now();
        const auto m = odo::bench::measure(criteria, take_sample, clock);
        return seconds_since(start) * 1e9 / static_cast<double>(m.times_s.size());
    };
    const double bookkeeping = per_sample_ns([] { return odo::bench::Sample{1e-9, 1e-9}; });
    const double clocked = per_sample_ns([&] {
        const auto a = clock.now_ns();
        const auto b = clock.now_ns();
        return odo::bench::Sample{odo::bench::seconds_between(a, b), 0};
    });
    odo::bench::HostBackend backend;
    const auto empty = backend.measure_cold([](Launch&) {}, criteria, odo::bench::ExecTag::Default);
    std::printf("\nodo loop, per sample: bookkeeping %.1f ns; with two wall-clock reads %.1f ns; "
                "host cold sample of an empty launcher %.1f ns, reported as %.1f ns (the timer "
                "floor)\n",
                bookkeeping, clocked,
                empty.walltime_s * 1e9 / static_cast<double>(empty.times_s.size()),
                empty.time().median * 1e9);
}

} // namespace

int main(int argc, char** argv) {
    const int rounds = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
    int gbench_argc = 1;
    benchmark::Initialize(&gbench_argc, argv);
    const auto list = workloads();
    for (std::size_t i = 0; i < list.size(); ++i)
        benchmark::RegisterBenchmark(("w" + std::to_string(i)).c_str(),
                                     [&list, i](benchmark::State& state) {
                                         for (auto _ : state)
                                             list[i].run();
                                     });
    std::printf("| workload | gbench (ns) | odo batch (ns) | batch / gbench | odo cold (ns) | "
                "cold / gbench | wall gbench (s) | wall odo batch (s) | batch / gbench wall | "
                "wall odo cold (s) | cold stop |\n"
                "|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (std::size_t i = 0; i < list.size(); ++i) {
        std::vector<double> g, b, c, gw, bw, cw, ratio, cold_ratio, wall_ratio;
        std::string stop;
        for (int r = 0; r < rounds; ++r) {
            const Side gb = google_benchmark(static_cast<int>(i));
            const OdoSides odo = odo_bench(list[i]);
            g.push_back(gb.ns);
            b.push_back(odo.batch.ns);
            c.push_back(odo.cold.ns);
            gw.push_back(gb.wall_s);
            bw.push_back(odo.batch.wall_s);
            cw.push_back(odo.cold.wall_s);
            ratio.push_back(odo.batch.ns / gb.ns);
            cold_ratio.push_back(odo.cold.ns / gb.ns);
            wall_ratio.push_back(odo.batch.wall_s / gb.wall_s);
            stop = odo.cold_stop;
        }
        std::printf("| %s | %.1f | %.1f | %.3f | %.1f | %.3f | %.2f | %.2f | %.2f | %.2f | %s |\n",
                    list[i].name.c_str(), median(g), median(b), median(ratio), median(c),
                    median(cold_ratio), median(gw), median(bw), median(wall_ratio), median(cw),
                    stop.c_str());
        std::fflush(stdout);
    }
    loop_overhead();
    return 0;
}
