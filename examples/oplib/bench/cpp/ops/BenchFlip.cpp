// SPDX-License-Identifier: Apache-2.0
// Flip's benchmark: every case of bench/config/operators/flip.json on host tensors, timed
// through the C++ API or, with --language python, through the binding a Python caller uses.
// Every case flips horizontally (flipCode 1), the per-pixel reversal of each row.
#include "BenchCommon.hpp"

#include <cvcuda/OpFlip.hpp>
#include <odo/bench/runner.hpp>
#include <operators/Operators.hpp>

namespace {

constexpr int flipCode = 1;

// One call of Flip on a tensor pair or an image batch pair, through the entry point timed.
template <class Images>
void flip(odo::baseline::Language language, const Images& in, const Images& out) {
    if (language == odo::baseline::Language::Python)
        cvcudapy::module().call("flip_into", {out, in, flipCode});
    else
        cvcuda::Flip{}(nullptr, in, out, flipCode);
}

} // namespace

int main(int argc, char** argv) {
    odo::bench::Runner runner(argc, argv, ODO_BENCH_CONFIG);
    runner.add("flip", [](odo::bench::State& state) {
        bench::measureCase(
            state, [](auto language, const auto& in, const auto& out) { flip(language, in, out); });
    });
    return runner.run();
}
