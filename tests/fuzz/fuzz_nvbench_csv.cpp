// Fuzzes the nvbench CSV reader and the run built from its rows (routing, case keys,
// averaging). Any input either reads or throws odo::InputError; accepted rows must be declared
// cases of the config with finite, non-negative figures.
#include "fuzz_baseline_fixture.hpp"

#include <odo/baseline/nvbench_csv.hpp>
#include <odo/baseline/nvbench_run.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace odo::baseline;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto states = read_nvbench_csv(text, "fuzz.csv");
        const NvbenchContext context{"invert_basic", Language::Python, 350, 1095, 13};
        const Artifact artifact = artifact_from_nvbench(
            {{"fuzz.csv", context, states}}, fuzz::config_set(), fuzz::sku_map(), "fuzz");
        for (const ArtifactRow& row : artifact.rows) {
            const auto& m = row.metrics.python;
            if (!m || row.sku != "H100" ||
                !fuzz::config_set().find("invert_basic")->expected_cases.count(row.case_key) ||
                !(m->time_us > 0) || !std::isfinite(m->time_us + m->noise_us + m->bwutil))
                std::abort();
        }
    } catch (const odo::InputError&) {
    }
    return 0;
}
