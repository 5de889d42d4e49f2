// Fuzzes odo_baseline's command lines (tools/baseline_options.hpp). The input is NUL-separated
// arguments, the first the command. Parsing either succeeds with finite, in-range limits and
// counts or throws UsageError; it never exits or throws anything else.
#include "fuzz_arguments.hpp"

#include <baseline_options.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <variant>

namespace {

void require(bool ok) {
    if (!ok)
        std::abort();
}

bool in_limits(double value) {
    return std::isfinite(value) && value >= 0 && value <= odo::driver::max_limit_option;
}

void check_quality(const odo::driver::QualityOptions& q) {
    require(in_limits(q.quality.max_noise_pct) && in_limits(q.quality.max_perf_diff_pct) &&
            in_limits(q.quality.max_perf_diff_us));
}

struct Check {
    void operator()(const odo::driver::ImportArgs& a) const {
        check_quality(a.limits);
        require(in_limits(a.options.max_regression_pct) && in_limits(a.power_cap_w) &&
                in_limits(a.locked_sm_clock_mhz));
        require(!a.cuda_major || (*a.cuda_major >= 1 && *a.cuda_major <= 999));
        require(!a.from.empty() || !a.nvbench.empty());
    }
    void operator()(const odo::driver::ValidateArgs& a) const {
        check_quality(a.limits);
        require(in_limits(a.policy.max_regression_pct));
        require(!a.allow_regressions || !a.ref.empty());
    }
    void operator()(const odo::driver::CompareArgs& a) const {
        require(in_limits(a.options.regression) && in_limits(a.options.improvement));
    }
    void operator()(const odo::driver::DriftArgs& a) const {
        require(a.options.min_samples >= 1 &&
                a.options.min_samples <=
                    static_cast<std::size_t>(odo::driver::max_drift_min_samples));
        require(a.options.recent_fraction > 0 && a.options.recent_fraction < 1);
        require(in_limits(a.options.sigma) && a.options.sigma > 0);
        require(in_limits(a.options.min_shift_pct) && a.options.min_shift_pct > 0);
        require(!a.from.empty());
    }
};

bool help_requested(const odo::driver::BaselineCommand& command) {
    return std::visit([](const auto& a) { return a.repo.help; }, command);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const odo::driver::BaselineCommand command = odo::driver::parse_baseline_command(
            split_arguments({reinterpret_cast<const char*>(data), size}));
        if (!help_requested(command))
            std::visit(Check{}, command);
    } catch (const odo::driver::UsageError&) {
    }
    return 0;
}
