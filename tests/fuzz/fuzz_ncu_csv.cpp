// Fuzzes the ncu CSV reader (details and raw pages) and the figures derived from it. Any input
// either reads or throws odo::InputError; a read report is consistent: every launch's values fit
// the metric list, and the figures are finite percentages where present.
#include <odo/core/error.hpp>
#include <odo/profile/ncu_figures.hpp>
#include <odo/profile/ncu_report.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
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
    } catch (const odo::InputError&) {
    }
    return 0;
}
