// odo's example benchmark, written the way an op repository writes one: the operator's config
// declares the cases, the body declares its traffic and hands a launcher to exec(). It inverts
// an image on the host. ODO_EXAMPLE_SLOWDOWN_US adds a busy wait to every launch, so tests can
// plant a regression; ODO_EXAMPLE_SCRATCH_BYTES a buffer allocated and freed in every launch, so
// they can plant a memory-footprint increase.
#include <odo/bench/do_not_optimize.hpp>
#include <odo/bench/runner.hpp>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

// Elements of an "NxHxW" shape.
std::int64_t elements_of(const std::string& shape) {
    std::int64_t elements = 1;
    for (std::size_t start = 0; start <= shape.size();) {
        const std::size_t x = std::min(shape.find('x', start), shape.size());
        elements *= std::stoll(shape.substr(start, x - start));
        start = x + 1;
    }
    return elements;
}

template <class T>
void invert(const std::vector<T>& image, std::vector<T>& out) {
    const T top = std::is_floating_point_v<T> ? T(1) : T(255);
    for (std::size_t i = 0; i < image.size(); ++i)
        out[i] = top - image[i];
    odo::bench::do_not_optimize(out.data());
}

void spin_us(double us) {
    const auto until =
        std::chrono::steady_clock::now() + std::chrono::duration<double, std::micro>(us);
    while (std::chrono::steady_clock::now() < until) {
    }
}

double planted_slowdown_us() {
    const char* value = std::getenv("ODO_EXAMPLE_SLOWDOWN_US");
    return value ? std::atof(value) : 0.0;
}

std::size_t planted_scratch_bytes() {
    const char* value = std::getenv("ODO_EXAMPLE_SCRATCH_BYTES");
    return value ? static_cast<std::size_t>(std::strtoull(value, nullptr, 10)) : 0;
}

void use_scratch(std::size_t bytes) {
    if (bytes == 0)
        return;
    std::vector<unsigned char> scratch(bytes);
    odo::bench::do_not_optimize(scratch.data());
}

} // namespace

int main(int argc, char** argv) {
    odo::bench::Runner runner(argc, argv, ODO_BENCH_CONFIG);
    const double slowdown_us = planted_slowdown_us();
    const std::size_t scratch_bytes = planted_scratch_bytes();
    runner.add("example", odo::bench::type_list<std::uint8_t, float>{},
               [&](odo::bench::State& state, auto tag) {
                   using T = typename decltype(tag)::type;
                   const std::int64_t elements = elements_of(state.get_string("shape"));
                   const std::int64_t passes = state.get_int64("passes");
                   std::vector<T> image(static_cast<std::size_t>(elements), T(1));
                   std::vector<T> inverted(image.size());
                   state.add_element_count(elements);
                   state.add_global_memory_reads<T>(elements * passes);
                   state.add_global_memory_writes<T>(elements * passes);
                   state.exec([&](odo::bench::Launch&) {
                       for (std::int64_t pass = 0; pass < passes; ++pass)
                           invert(image, inverted);
                       spin_us(slowdown_us);
                       use_scratch(scratch_bytes);
                   });
               });
    return runner.run();
}
