// A benchmark built against an installed odo with odo_add_benchmark.
#include <odo/bench/runner.hpp>

int main(int argc, char** argv) {
    odo::bench::Runner runner(argc, argv, ODO_BENCH_CONFIG);
    runner.add("installed", [](odo::bench::State& state) {
        const auto n = state.get_int64("n");
        state.exec([n](odo::bench::Launch&) {
            volatile std::int64_t sum = 0;
            for (std::int64_t i = 0; i < n; ++i)
                sum = sum + i;
        });
    });
    return runner.run();
}
