// What an op author writes for one operator's benchmark with odo (the runner itself is compiled
// in odo_add_benchmark's generated translation unit, not here).
#include <odo/bench/do_not_optimize.hpp>
#include <odo/bench/runner.hpp>

#include <cstdint>
#include <vector>

int main(int argc, char** argv) {
    odo::bench::Runner runner(argc, argv, "bench/config/operators/invert.json");
    runner.add("invert", [](odo::bench::State& state) {
        const std::int64_t n = state.get_int64("size");
        std::vector<std::uint8_t> image(static_cast<std::size_t>(n), 1), out(image.size());
        state.add_global_memory_reads<std::uint8_t>(n);
        state.add_global_memory_writes<std::uint8_t>(n);
        state.exec([&](odo::bench::Launch&) {
            for (std::size_t i = 0; i < image.size(); ++i)
                out[i] = static_cast<std::uint8_t>(255 - image[i]);
            odo::bench::do_not_optimize(out.data());
        });
    });
    return runner.run();
}
