// SPDX-License-Identifier: Apache-2.0
// Where one Tensor case of an operator stands against this machine's memory roofline: the same
// bytes moved by memcpy, the fastest a streaming operator can go. The two are timed in
// alternating rounds of ~2 ms each, so both see the same state of a shared machine (its
// neighbours' cache and bandwidth pressure comes and goes over hundreds of milliseconds), and
// compared by their median round: BWUtil = memcpy time / operator time. Both are timed by the
// thread's CPU time, as odo's host benchmarks are, so a busy neighbour that takes the core away
// does not count as the operator's time.
//
//   oplib_roofline --operator invert|flip --case KEY --out FILE [--rounds N]
#include "BenchCommon.hpp"

#include <cvcuda/OpFlip.hpp>
#include <cvcuda/OpInvert.hpp>
#include <odo/bench/clock.hpp>
#include <odo/bench/do_not_optimize.hpp>
#include <odo/core/atomic_write.hpp>
#include <odo/core/json_write.hpp>
#include <odo/surface/case_key.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <iostream>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

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

// Per-call microseconds of thread CPU time of `calls` back-to-back calls of `work`.
double roundUs(const std::function<void()>& work, int calls) {
    const odo::bench::ThreadCpuClock clock;
    const std::int64_t start = clock.now_ns();
    for (int i = 0; i < calls; ++i)
        work();
    return static_cast<double>(clock.now_ns() - start) * 1e-3 / calls;
}

// The size of this host's largest cache in bytes (0 when the C library cannot tell): a workload
// that fits it is timed against a cached copy, not against DRAM.
long largestCacheBytes() {
    long largest = 0;
    for (int level : {_SC_LEVEL1_DCACHE_SIZE, _SC_LEVEL2_CACHE_SIZE, _SC_LEVEL3_CACHE_SIZE,
                      _SC_LEVEL4_CACHE_SIZE})
        largest = std::max(largest, sysconf(level));
    return largest;
}

double median(std::vector<double> values) {
    std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
    return values[values.size() / 2];
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
    std::vector<unsigned char> from(in.bytes(), 1), to(in.bytes());
    const std::function<void()> op = [&] {
        if (o.op == "invert")
            cvcuda::Invert{}(nullptr, in, out);
        else
            cvcuda::Flip{}(nullptr, in, out, 1);
    };
    const std::function<void()> copy = [&] {
        std::memcpy(to.data(), from.data(), from.size());
        odo::bench::do_not_optimize(to.data());
    };
    // Calls per round: about 2 ms of the operator, from one warm call.
    op();
    const int calls = std::max(1, int(2000 / std::max(roundUs(op, 1), 0.01)));
    std::vector<double> opUs, copyUs;
    for (int r = 0; r < o.rounds; ++r) {
        opUs.push_back(roundUs(op, calls));
        copyUs.push_back(roundUs(copy, calls));
    }
    const double opMedian = median(opUs), copyMedian = median(copyUs);
    const boost::json::object doc{{"case", o.caseKey},
                                  {"operator", o.op},
                                  {"bytes_moved", 2 * in.bytes()},
                                  {"rounds", o.rounds},
                                  {"calls_per_round", calls},
                                  {"operator_median_us", opMedian},
                                  {"memcpy_median_us", copyMedian},
                                  {"bwutil", copyMedian / opMedian},
                                  {"clock", "thread-cpu"},
                                  {"largest_cache_bytes", largestCacheBytes()}};
    odo::write_file_atomically(o.out, odo::json::dumps(doc, {4, false, true}) + "\n");
    std::cout << o.op << ": " << opMedian << " us per call, memcpy of the same bytes " << copyMedian
              << " us: BWUtil " << copyMedian / opMedian << "\n";
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
