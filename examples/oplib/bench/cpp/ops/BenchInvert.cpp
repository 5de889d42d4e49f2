// SPDX-License-Identifier: Apache-2.0
// Invert's benchmark: every case of bench/config/operators/invert.json on host tensors, timed
// through the C++ API or, with --language python, through the binding a Python caller uses.
#include "BenchCommon.hpp"

#include <cvcuda/OpInvert.hpp>
#include <odo/bench/runner.hpp>
#include <operators/Operators.hpp>

namespace {

void invertTensor(odo::baseline::Language language, const nvcv::Tensor& in,
                  const nvcv::Tensor& out) {
    if (language == odo::baseline::Language::Python)
        cvcudapy::module().call("invert_into", {out, in});
    else
        cvcuda::Invert{}(nullptr, in, out);
}

void invertBatch(odo::baseline::Language language, const nvcv::ImageBatchVarShape& in,
                 const nvcv::ImageBatchVarShape& out) {
    if (language == odo::baseline::Language::Python)
        cvcudapy::module().call("invert_into", {out, in});
    else
        cvcuda::Invert{}(nullptr, in, out);
}

void benchInvert(odo::bench::State& state) {
    const bench::Workload w = bench::makeWorkload(state);
    const odo::baseline::Language language = state.language();
    bench::declareTraffic(state, w);
    if (w.varShape())
        return state.exec(
            [&](odo::bench::Launch&) { invertBatch(language, w.inBatch, w.outBatch); });
    state.exec([&](odo::bench::Launch&) {
        bench::runTensorCase(w, [&](const nvcv::Tensor& in, const nvcv::Tensor& out) {
            invertTensor(language, in, out);
        });
    });
}

} // namespace

int main(int argc, char** argv) {
    odo::bench::Runner runner(argc, argv, ODO_BENCH_CONFIG);
    runner.add("invert", benchInvert);
    return runner.run();
}
