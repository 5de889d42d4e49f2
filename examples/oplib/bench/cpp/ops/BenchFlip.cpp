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

void flipTensor(odo::baseline::Language language, const nvcv::Tensor& in, const nvcv::Tensor& out) {
    if (language == odo::baseline::Language::Python)
        cvcudapy::module().call("flip_into", {out, in, flipCode});
    else
        cvcuda::Flip{}(nullptr, in, out, flipCode);
}

void flipBatch(odo::baseline::Language language, const nvcv::ImageBatchVarShape& in,
               const nvcv::ImageBatchVarShape& out) {
    if (language == odo::baseline::Language::Python)
        cvcudapy::module().call("flip_into", {out, in, flipCode});
    else
        cvcuda::Flip{}(nullptr, in, out, flipCode);
}

void benchFlip(odo::bench::State& state) {
    const bench::Workload w = bench::makeWorkload(state);
    const odo::baseline::Language language = state.language();
    bench::declareTraffic(state, w);
    if (w.varShape())
        return state.exec([&](odo::bench::Launch&) { flipBatch(language, w.inBatch, w.outBatch); });
    state.exec([&](odo::bench::Launch&) {
        bench::runTensorCase(w, [&](const nvcv::Tensor& in, const nvcv::Tensor& out) {
            flipTensor(language, in, out);
        });
    });
}

} // namespace

int main(int argc, char** argv) {
    odo::bench::Runner runner(argc, argv, ODO_BENCH_CONFIG);
    runner.add("flip", benchFlip);
    return runner.run();
}
