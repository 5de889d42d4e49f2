// SPDX-License-Identifier: Apache-2.0
// Where one Tensor case of an operator stands against this machine's memory roofline, measured
// by odo's host roofline (odo/bench/host_roofline.hpp: the operator against a memcpy of the same
// bytes, alternating rounds of ~2 ms, thread CPU time, BWUtil = memcpy time / operator time).
//
//   oplib_roofline --operator invert|flip --case KEY --out FILE [--rounds N]
#include "BenchCommon.hpp"

#include <cvcuda/OpFlip.hpp>
#include <cvcuda/OpInvert.hpp>
#include <odo/bench/host_roofline.hpp>
#include <odo/core/atomic_write.hpp>
#include <odo/core/json_write.hpp>
#include <odo/surface/case_key.hpp>

#include <cstdint>
#include <cstdlib>
#include <exception>
#include <functional>
#include <iostream>
#include <stdexcept>
#include <string>

namespace {

struct Options {
    std::string op, caseKey, out;
    int rounds = 300;
};

int usage(const std::string& problem) {
    std::cerr
        << "oplib_roofline: " << problem << "\n"
        << "usage: oplib_roofline --operator invert|flip --case KEY --out FILE [--rounds N]\n";
    return 2;
}

int run(const Options& o) {
    const odo::surface::CaseKey key = odo::surface::parse_case_key(o.caseKey);
    const std::string* kind = key.find("inputKind");
    if (!kind || *kind != "Tensor" || bench::fakePlanar(*key.find("layout")))
        throw std::invalid_argument("--case: a Tensor case of a native layout is needed");
    const nvcv::Tensor in(bench::parseShape(*key.find("shape")),
                          bench::dataType(*key.find("InOutDataType")),
                          bench::tensorLayout(*key.find("layout")));
    const nvcv::Tensor out(in.shape(), in.dtype(), in.layout());
    const std::function<void()> op = [&] {
        if (o.op == "invert")
            cvcuda::Invert{}(nullptr, in, out);
        else
            cvcuda::Flip{}(nullptr, in, out, 1);
    };
    const odo::bench::HostRoofline r = odo::bench::measure_host_roofline(
        op, 2 * static_cast<std::int64_t>(in.bytes()), {o.rounds, 2000});
    odo::write_file_atomically(
        o.out,
        odo::json::dumps(odo::bench::host_roofline_json(r, o.caseKey, o.op), {4, false, true}) +
            "\n");
    std::cout << o.op << ": " << r.operator_median_us << " us per call, memcpy of the same bytes "
              << r.memcpy_median_us << " us: BWUtil " << r.bwutil() << "\n";
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (i + 1 >= argc)
            return usage("incomplete argument " + arg);
        const std::string value = argv[++i];
        if (arg == "--operator" && (value == "invert" || value == "flip"))
            o.op = value;
        else if (arg == "--case")
            o.caseKey = value;
        else if (arg == "--out")
            o.out = value;
        else if (arg == "--rounds" && std::atoi(value.c_str()) >= 10)
            o.rounds = std::atoi(value.c_str());
        else
            return usage("bad argument " + arg + " " + value);
    }
    if (o.op.empty() || o.caseKey.empty() || o.out.empty())
        return usage("--operator, --case and --out are required");
    try {
        return run(o);
    } catch (const std::exception& e) {
        std::cerr << "oplib_roofline: " << e.what() << "\n";
        return 2;
    }
}
