// SPDX-License-Identifier: Apache-2.0
// Measures the memory footprint of every basic-tier Tensor case of Invert and Flip: the peak
// bytes the library holds live and the allocations and frees made inside the operator call, as
// odo's gate (ODO-9) compares them before and after a change.
//
//   oplib_footprint --out FILE [--config-dir DIR]
#include "BenchCommon.hpp"

#include <cvcuda/OpFlip.hpp>
#include <cvcuda/OpInvert.hpp>
#include <odo/core/atomic_write.hpp>
#include <odo/profile/memory_footprint.hpp>
#include <odo/surface/bench_config.hpp>
#include <odo/surface/case_expansion.hpp>

#include <cstdint>
#include <exception>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr const char* method = "odo allocation ledger over the nvcv allocator";
constexpr int flipCode = 1; // the benchmark's

struct Options {
    std::filesystem::path out;
    std::filesystem::path configDir = OPLIB_BENCH_CONFIG_DIR;
};

int usage(const std::string& problem) {
    std::cerr << "oplib_footprint: " << problem << "\n"
              << "usage: oplib_footprint --out FILE [--config-dir DIR]\n";
    return 2;
}

// Every buffer the library allocates goes to `ledger`. On the host build the operators' "device"
// memory is host memory; it is recorded as Memory::Device, the memory the gate accounts for.
void observe(odo::profile::AllocationLedger& ledger) {
    nvcv::setAllocationObserver([&ledger](const void* data, std::size_t bytes, bool allocated) {
        const auto address = reinterpret_cast<std::uintptr_t>(data);
        if (allocated)
            ledger.allocated(address, bytes, odo::profile::AllocationLedger::Memory::Device);
        else
            ledger.freed(address);
    });
}

void runOperator(const std::string& op, const nvcv::Tensor& in, const nvcv::Tensor& out) {
    if (op == "invert")
        cvcuda::Invert{}(nullptr, in, out);
    else
        cvcuda::Flip{}(nullptr, in, out, flipCode);
}

odo::profile::FootprintMeasurement measureCase(const std::string& op,
                                               const odo::surface::CaseKey& key) {
    odo::profile::AllocationLedger ledger;
    observe(ledger);
    {
        const nvcv::TensorShape shape = bench::parseShape(*key.find("shape"));
        const nvcv::DataType dtype = bench::dataType(*key.find("InOutDataType"));
        const nvcv::TensorLayout layout = bench::tensorLayout(*key.find("layout"));
        const nvcv::Tensor in(shape, dtype, layout), out(shape, dtype, layout);
        ledger.set_timed(true);
        runOperator(op, in, out);
        ledger.set_timed(false);
    }
    nvcv::setAllocationObserver(nullptr);
    return odo::profile::measurement(ledger, key.str(), method);
}

std::vector<odo::profile::FootprintMeasurement> measureOperator(const Options& o,
                                                                const std::string& op) {
    std::vector<odo::profile::FootprintMeasurement> measurements;
    const auto config = odo::surface::load_bench_config_file(o.configDir / (op + ".json"));
    for (const odo::surface::ConfigEntry& entry : config.entries) {
        if (odo::surface::entry_tier(entry.fields) != odo::surface::Tier::Basic)
            continue;
        for (const auto& key : odo::surface::expected_case_keys(entry.key, entry.fields))
            if (const std::string* kind = key.find("inputKind"); kind && *kind == "Tensor")
                measurements.push_back(measureCase(op, key));
    }
    return measurements;
}

} // namespace

int main(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if ((arg == "--out" || arg == "--config-dir") && i + 1 < argc)
            (arg == "--out" ? o.out : o.configDir) = argv[++i];
        else
            return usage("unknown or incomplete argument " + arg);
    }
    if (o.out.empty())
        return usage("--out is required");
    try {
        std::vector<odo::profile::FootprintMeasurement> all = measureOperator(o, "invert");
        for (auto& m : measureOperator(o, "flip"))
            all.push_back(std::move(m));
        odo::write_file_atomically(o.out, odo::profile::footprints_json(all));
        std::cout << "wrote " << all.size() << " measurements to " << o.out.string() << "\n";
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "oplib_footprint: " << e.what() << "\n";
        return 1;
    }
}
