#include "BoxBlur.hpp"

#include <odo/bench/do_not_optimize.hpp>
#include <odo/bench/runner.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

int main(int argc, char** argv) {
    odo::bench::Runner runner(argc, argv, ODO_BENCH_CONFIG);
    runner.add("box_blur", [](odo::bench::State& state) {
        const int height = static_cast<int>(state.get_int64("height"));
        const int width = static_cast<int>(state.get_int64("width"));
        const int radius = static_cast<int>(state.get_int64("radius"));
        const std::size_t elements = std::size_t(height) * std::size_t(width) * 3;
        std::vector<std::uint8_t> in(elements, 100), out(elements);
        state.add_global_memory_reads<std::uint8_t>(elements);
        state.add_global_memory_writes<std::uint8_t>(elements);
        state.exec([&](odo::bench::Launch&) {
            box_blur(in.data(), out.data(), height, width, 3, radius);
            odo::bench::do_not_optimize(out.front());
        });
    });
    return runner.run();
}
