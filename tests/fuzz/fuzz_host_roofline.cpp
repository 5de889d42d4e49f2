// Fuzzes the host roofline record reader. Any input either reads or throws odo::InputError; what
// reads has positive medians, a BWUtil the medians give, and classifies without throwing, its
// ceiling the inverse of its BWUtil.
#include <odo/core/error.hpp>
#include <odo/profile/host_roofline_record.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto f = odo::profile::parse_host_roofline(text, "fuzz");
        if (!(f.operator_median_us > 0) || !(f.memcpy_median_us > 0) || f.rounds < 10)
            std::abort();
        const auto c = odo::profile::classify_host_roofline(f);
        if (!c.max_sol_pct || !c.ceiling ||
            std::abs(*c.ceiling * *c.max_sol_pct - 100) > 1e-6 * 100)
            std::abort();
        (void)odo::profile::host_roofline_evidence(f, c);
    } catch (const odo::InputError&) {
    }
    return 0;
}
