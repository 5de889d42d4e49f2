// SPDX-License-Identifier: Apache-2.0
// Invert's benchmark: every case of bench/config/operators/invert.json on host tensors, timed
// through the C++ API or, with --language python, through the binding a Python caller uses.
#include "BenchCommon.hpp"

#include <cvcuda/OpInvert.hpp>
#include <odo/bench/runner.hpp>
#include <operators/Operators.hpp>

namespace {

// One call of Invert on a tensor pair or an image batch pair, through the entry point timed.
template <class Images>
void invert(odo::baseline::Language language, const Images& in, const Images& out) {
    if (language == odo::baseline::Language::Python)
        cvcudapy::module().call("invert_into", {out, in});
    else
        cvcuda::Invert{}(nullptr, in, out);
}

} // namespace

int main(int argc, char** argv) {
    odo::bench::Runner runner(argc, argv, ODO_BENCH_CONFIG);
    runner.add("invert", [](odo::bench::State& state) {
        bench::measureCase(state, [](auto language, const auto& in, const auto& out) {
            invert(language, in, out);
        });
    });
    return runner.run();
}
