// Parsing a large `ncu --csv --page raw` export: 5,000 kernel launches x 400 metrics (quoted
// cells, thousands separators, a units row), the size of a full-set profile of a busy benchmark
// run. Times, best of several runs in one process: reading the file and splitting it into lines
// (the floor), reading and parsing it into an NcuReport, and the figures odo derives from it.
// docs/performance.md records the figures. Usage: ncu_raw_parse_bench [kernels] [metrics] [runs]
#include <odo/core/atomic_write.hpp>
#include <odo/core/file.hpp>
#include <odo/profile/ncu_figures.hpp>
#include <odo/profile/ncu_report.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <unistd.h>

namespace {

volatile std::size_t sink; // keeps each run's result alive

std::string metric_name(int m) {
    switch (m) {
    case 0:
        return "gpu__time_duration.sum";
    case 1:
        return "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed";
    case 2:
        return "sm__throughput.avg.pct_of_peak_sustained_elapsed";
    case 3:
        return "smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio";
    default:
        return "metric_" + std::to_string(m) + "__sum.per_second";
    }
}

std::string cell_value(int k, int m) {
    const long long v = 1'000'000LL + (k * 7919LL + m * 104729LL) % 900'000'000LL;
    std::string digits = std::to_string(v);
    for (int i = int(digits.size()) - 3; i > 0; i -= 3)
        digits.insert(std::size_t(i), ",");
    return m % 3 == 0 ? digits + "." + std::to_string(k % 100) : digits;
}

std::string generate(int kernels, int metrics) {
    auto quoted = [](std::string& out, std::string_view cell, bool first) {
        out += first ? "\"" : ",\"";
        out += cell;
        out += '"';
    };
    std::string text = "==PROF== Connected to process 4242 (/bench/cvcuda_bench_resize)\n";
    const char* identity[] = {"ID",      "Process ID", "Process Name", "Host Name", "Kernel Name",
                              "Context", "Stream",     "Block Size",   "Grid Size", "Device",
                              "CC"};
    bool first = true;
    for (const char* c : identity) {
        quoted(text, c, first);
        first = false;
    }
    for (int m = 0; m < metrics; ++m)
        quoted(text, metric_name(m), false);
    text += "\n";
    for (std::size_t i = 0; i < std::size(identity); ++i)
        quoted(text, "", i == 0);
    for (int m = 0; m < metrics; ++m)
        quoted(text, m == 0 ? "nsecond" : m < 3 ? "%" : "byte/second", false);
    text += "\n";
    for (int k = 0; k < kernels; ++k) {
        quoted(text, std::to_string(k), true);
        for (const char* c : {"4242", "cvcuda_bench_resize", "127.0.0.1",
                              "void cvcuda::priv::resize_linear_kernel<uchar4, 3>(cuda::"
                              "BorderVarShapeWrap<const uchar4, 3>, cuda::Tensor4DWrap<uchar4>)",
                              "1", "7", "(32, 8, 1)", "(120, 270, 1)", "0", "9.0"})
            quoted(text, c, false);
        for (int m = 0; m < metrics; ++m)
            quoted(text, cell_value(k, m), false);
        text += "\n";
    }
    return text;
}

double best_seconds(int runs, const std::function<void()>& run) {
    double best = 1e30;
    for (int r = 0; r < runs; ++r) {
        const auto start = std::chrono::steady_clock::now();
        run();
        best = std::min(
            best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return best;
}

} // namespace

int main(int argc, char** argv) {
    const int kernels = argc > 1 ? std::atoi(argv[1]) : 5000;
    const int metrics = argc > 2 ? std::atoi(argv[2]) : 400;
    const int runs = argc > 3 ? std::atoi(argv[3]) : 5;
    const std::filesystem::path file = std::filesystem::temp_directory_path() /
                                       ("odo-ncu-raw-" + std::to_string(::getpid()) + ".csv");
    const std::string text = generate(kernels, metrics);
    const std::size_t bytes = text.size();
    odo::write_file_atomically(file, text);

    const double split = best_seconds(runs, [&] {
        const std::string read = odo::read_file(file);
        std::vector<std::string_view> lines;
        for (std::size_t start = 0; start < read.size();) {
            const std::size_t end = std::min(read.find('\n', start), read.size());
            lines.push_back(std::string_view(read).substr(start, end - start));
            start = end + 1;
        }
        sink = lines.size();
    });
    odo::profile::NcuReport report;
    const double parse = best_seconds(runs, [&] {
        report = odo::profile::parse_ncu_csv(odo::read_file(file));
        sink = report.kernels.size();
    });
    const double figures =
        best_seconds(runs, [&] { sink = odo::profile::ncu_figures(report).launches; });
    std::filesystem::remove(file);

    if (report.kernels.size() != std::size_t(kernels) ||
        report.metrics.size() != std::size_t(metrics) || !report.skipped.empty()) {
        std::fprintf(stderr, "ncu_raw_parse_bench: parsed %zu kernels x %zu metrics, %zu skipped\n",
                     report.kernels.size(), report.metrics.size(), report.skipped.size());
        return 1;
    }
    std::printf("export: %d kernels x %d metrics, %.1f MB, best of %d runs\n", kernels, metrics,
                double(bytes) / 1e6, runs);
    std::printf("read + split into lines: %8.1f ms\n", split * 1e3);
    std::printf("read + parse_ncu_csv:    %8.1f ms  (%.1fx the split)\n", parse * 1e3,
                parse / split);
    std::printf("ncu_figures:             %8.1f ms\n", figures * 1e3);
    return 0;
}
