// The anchor: the same benchmark written against Google Benchmark, with its main.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

static void invert(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    std::vector<std::uint8_t> image(n, 1), out(n);
    for (auto _ : state) {
        for (std::size_t i = 0; i < image.size(); ++i)
            out[i] = static_cast<std::uint8_t>(255 - image[i]);
        benchmark::DoNotOptimize(out.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * n * 2));
}
BENCHMARK(invert)->Arg(1 << 20);
BENCHMARK_MAIN();
