// Fuzzes the ncu CSV reader (details and raw pages) and the figures derived from it. Any input
// either reads or throws odo::InputError; a read report is consistent: every launch's values fit
// the metric list, the figures are finite percentages where present, and a missing figure is
// reported with the count of unreadable rows.
#include <odo/core/error.hpp>
#include <odo/profile/ncu_figures.hpp>
#include <odo/profile/ncu_report.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

namespace {

void check_finite(const std::optional<double>& value) {
    if (value && std::isnan(*value))
        std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const odo::profile::NcuReport report = odo::profile::parse_ncu_csv(text);
        for (const odo::profile::NcuKernel& k : report.kernels)
            if (k.values.size() > report.metrics.size())
                std::abort();
        const odo::profile::NcuFigures f = odo::profile::ncu_figures(report);
        if (f.launches != report.kernels.size() || (f.launches > 0 && f.dominant_kernel.empty()))
            std::abort();
        check_finite(f.memory_sol_pct);
        check_finite(f.compute_sol_pct);
        check_finite(f.mean_duration_ns);
        // Whatever is missing is said, with the unreadable rows counted.
        const auto missing = odo::profile::missing_ncu_figures(report, f);
        if (missing.has_value() == (f.total_duration_ns && f.memory_sol_pct && f.compute_sol_pct))
            std::abort();
        if (missing && missing->find(" unreadable row") == std::string::npos)
            std::abort();
    } catch (const odo::InputError&) {
    }
    return 0;
}
