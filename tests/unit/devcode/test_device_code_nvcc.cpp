// The device-code readers on what nvcc writes now (CUDA in CI; skipped with a reason where nvcc is
// absent): one source compiled under two file names differs in its anonymous-namespace
// discriminators, and nothing else, at both stages.
#include <odo/core/file.hpp>
#include <odo/core/process.hpp>
#include <odo/devcode/cubin_module.hpp>
#include <odo/devcode/device_code_diff.hpp>
#include <odo/devcode/ptx_module.hpp>

#include "temp_dir.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

// The tests live in a namespace of their own: the layer's files are one unit (a unity build)
// and odo::devcode::detail must not make another file's `detail` ambiguous.
namespace device_nvcc_tests {

using namespace odo::devcode;

std::string nvcc_program() {
    const char* chosen = std::getenv("ODO_NVCC");
    const std::string nvcc = chosen && *chosen ? chosen : "/usr/local/cuda/bin/nvcc";
    return std::filesystem::exists(nvcc) ? nvcc : std::string();
}

const std::string two_kernels = R"(namespace {
template <class T>
__global__ void fillKernel(T* out, T value, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = value * T(3);
}
} // namespace

void fill(float* f, int* i, int n) {
    fillKernel<float><<<(n + 127) / 128, 128>>>(f, 1.5f, n);
    fillKernel<int><<<(n + 127) / 128, 128>>>(i, 7, n);
}
)";

std::string compiled(const std::string& nvcc, const TempDir& dir, const std::string& source,
                     const std::string& mode, const std::string& output) {
    const odo::ProcessResult r =
        odo::run_process(nvcc, {mode, "-arch=sm_90", (dir.path() / source).string(), "-o",
                                (dir.path() / output).string()});
    REQUIRE_MESSAGE(r.ok(), r.error << r.err);
    return odo::read_file(dir.path() / output);
}

TEST_CASE("nvcc: one source under two file names is identical at PTX and SASS") {
    const std::string nvcc = nvcc_program();
    if (nvcc.empty()) {
        MESSAGE("skipped: no nvcc at $ODO_NVCC or /usr/local/cuda/bin/nvcc");
        return;
    }
    TempDir dir;
    dir.write("first.cu", two_kernels);
    dir.write("second.cu", two_kernels);
    const std::string first_ptx = compiled(nvcc, dir, "first.cu", "-ptx", "first.ptx");
    const std::string second_ptx = compiled(nvcc, dir, "second.cu", "-ptx", "second.ptx");
    REQUIRE(first_ptx.find("first_cu") != std::string::npos);
    REQUIRE(second_ptx.find("second_cu") != std::string::npos);
    const std::vector<SymbolDelta> ptx =
        compare(parse_ptx(first_ptx, "first.ptx"), parse_ptx(second_ptx, "second.ptx"));
    const Module first_sass =
        parse_cubin(compiled(nvcc, dir, "first.cu", "-cubin", "first.cubin"), "first.cubin");
    const std::vector<SymbolDelta> sass =
        compare(first_sass, parse_cubin(compiled(nvcc, dir, "second.cu", "-cubin", "second.cubin"),
                                        "second.cubin"));
    CHECK(first_sass.arch == "sm_90");
    for (const auto* deltas : {&ptx, &sass}) {
        REQUIRE(deltas->size() == 2);
        CHECK(deltas->at(0).base_name == "(anonymous namespace)::fillKernel<float>");
        CHECK(deltas->at(1).base_name == "(anonymous namespace)::fillKernel<int>");
        for (const SymbolDelta& d : *deltas)
            CHECK_MESSAGE(d.delta == Delta::identical, d.name << " " << to_string(d.delta));
    }
}

} // namespace device_nvcc_tests
