#pragma once
#include "odo/baseline/metrics.hpp"
#include "odo/core/linkage.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace odo::baseline::detail {

// Σ n_i · x_i and Σ n_i of one language's figures over several runs.
struct WeightedSums {
    std::int64_t runs = 0;
    LanguageMetrics sum;

    void add(const LanguageMetrics& m, std::int64_t n) {
        runs += n;
        sum.time_us += double(n) * m.time_us;
        sum.noise_us += double(n) * m.noise_us;
        sum.bwutil += double(n) * m.bwutil;
    }
    LanguageMetrics mean() const {
        const double n = double(runs);
        return {sum.time_us / n, sum.noise_us / n, sum.bwutil / n};
    }
};

#if ODO_BASELINE_DEFINITIONS
// The run-weighted means of one case × SKU. Both languages, where present, must come from the
// same number of runs; otherwise nullopt with the problem appended, naming `row`.
inline std::optional<Metrics> run_means(const WeightedSums& cpp, const WeightedSums& python,
                                        const std::string& row,
                                        std::vector<std::string>& problems) {
    if (cpp.runs && python.runs && cpp.runs != python.runs) {
        problems.push_back(row + ": C++ was measured in " + std::to_string(cpp.runs) +
                           " run(s) but Python in " + std::to_string(python.runs));
        return std::nullopt;
    }
    Metrics m;
    m.n_runs = cpp.runs ? cpp.runs : python.runs;
    if (cpp.runs)
        m.cpp = cpp.mean();
    if (python.runs)
        m.python = python.mean();
    return m;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline::detail
